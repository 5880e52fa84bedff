/// Telegram's requirements for animated stickers (core.telegram.org/animated_stickers),
/// checked on a file: each rule, whether it holds, and what was found. Information: a sticker
/// that breaks one still plays here.
public enum TelegramRules {
    public struct Rule: Sendable, Equatable {
        public var name: String
        public var passes: Bool
        public var found: String
    }

    public static func check(_ a: LottieAnimation, gzippedBytes: Int?) -> [Rule] {
        var rules: [Rule] = []
        func rule(_ name: String, _ passes: Bool, _ found: String) {
            rules.append(Rule(name: name, passes: passes, found: found))
        }
        rule("canvas 512×512", a.width == 512 && a.height == 512, "\(a.width)×\(a.height)")
        let seconds = Double(a.frameCount) / a.frameRate
        rule("at most 3 s", seconds <= 3 + 1e-9, "\(fmtNumber((seconds * 100).rounded() / 100)) s")
        rule("30 or 60 fps", a.frameRate == 30 || a.frameRate == 60, "\(fmtNumber(a.frameRate)) fps")
        if let gzippedBytes {
            rule("at most 64 KB gzipped", gzippedBytes <= 64 * 1024, "\(gzippedBytes) bytes")
        }
        let layers = a.layers + a.compositions.values.flatMap { $0 }
        func count(_ what: String, _ n: Int) { rule("no \(what)", n == 0, n == 0 ? "none" : "\(n)") }
        count("expressions", a.expressionPaths.count)
        count("masks", layers.filter { !$0.masks.isEmpty }.count)
        count("layer effects", layers.filter { !$0.effects.isEmpty || $0.hasStyles }.count)
        count("images", layers.filter { if case .image = $0.kind { true } else { false } }.count)
        count("solids", layers.filter { if case .solid = $0.kind { true } else { false } }.count)
        count("texts", layers.filter { if case .text = $0.kind { true } else { false } }.count)
        count("3-D layers", layers.filter(\.is3D).count)
        var merge = 0, star = 0, gradientStroke = 0, repeater = 0
        func scan(_ items: [ShapeItem]) {
            for item in items {
                switch item {
                case .group(_, let children, _): scan(children)
                case .merge: merge += 1
                case .star(let s) where s.isStar: star += 1
                case .gradientStroke: gradientStroke += 1
                case .repeater: repeater += 1
                default: break
                }
            }
        }
        for layer in layers { if case .shape(let items) = layer.kind { scan(items) } }
        count("merge paths", merge)
        count("star shapes", star)
        count("gradient strokes", gradientStroke)
        count("repeaters", repeater)
        count("time stretching", layers.filter { $0.timeStretch != 1 }.count)
        count(
            "time remapping",
            layers.filter { if case .precomp(_, _, _, let tm) = $0.kind { tm != nil } else { false } }.count)
        count("auto-oriented layers", layers.filter(\.autoOrient).count)
        return rules
    }
}
