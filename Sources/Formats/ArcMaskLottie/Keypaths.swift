import ArcMaskValues

public enum LottieKeypaths {
    /// Every keypath a value can be set at: each layer's `Transform.Opacity`, each fill's and
    /// stroke's `Color` and `Opacity`, in document order (precompositions' layers under the
    /// precomposition layer's name) — the first `limit` of them: precompositions used many
    /// times inside one another name more paths than can be listed.
    public static func list(_ a: LottieAnimation, limit: Int = 10_000) -> [String] {
        var out: [String] = []
        var budget = limit
        walk(a, a.layers, prefix: [], depth: 0, budget: &budget) { names, kind in
            if out.count < limit { out.append((names + [kind]).joined(separator: ".")) }
        }
        return out
    }

    /// Layers an override may visit (precompositions reached once per use).
    static let maxVisits = 100_000

    /// The animation with the overrides applied; an override that matches nothing is an error
    /// naming its keypath.
    public static func apply(
        _ overrides: KeypathOverrides, to a: LottieAnimation
    ) throws(LottieError) -> LottieAnimation {
        var result = a
        for entry in overrides.entries {
            let pattern = entry.keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var hits = 0
            var visits = 0
            result.layers = rewrite(
                result.layers, in: &result, prefix: [], pattern: pattern, value: entry.value, hits: &hits,
                visits: &visits, depth: 0)
            if visits > maxVisits {
                throw LottieError(
                    "keypath \"\(entry.keypath)\" reaches more than \(maxVisits) layers (precompositions used inside one another)",
                    at: .root)
            }
            if hits == 0 {
                throw LottieError(
                    "keypath \"\(entry.keypath)\" matches nothing that takes \(kind(entry.value)) (inspect lists the keypaths)",
                    at: .root)
            }
        }
        return result
    }

    private static func kind(_ v: KeypathOverrides.Value) -> String {
        if case .color = v { "a colour" } else { "an opacity" }
    }

    /// Whether names match a pattern of names, `*` and `**`.
    static func matches(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return names.isEmpty }
        if first == "**" {
            for k in names.startIndex...names.endIndex where matches(pattern.dropFirst(), names[k...]) { return true }
            return false
        }
        guard let name = names.first else { return false }
        return (first == "*" || first == name) && matches(pattern.dropFirst(), names.dropFirst())
    }

    private static func walk(
        _ a: LottieAnimation, _ layers: [Layer], prefix: [String], depth: Int, budget: inout Int,
        _ visit: ([String], String) -> Void
    ) {
        guard depth < 16 else { return }
        for layer in layers {
            guard budget > 0 else { return }
            budget -= 1
            let names = prefix + [layer.name]
            visit(names, "Transform.Opacity")
            switch layer.kind {
            case .shape(let items): walkShapes(items, names, visit)
            case .precomp(let id, _, _, _):
                if let inner = a.compositions[id] {
                    walk(a, inner, prefix: names, depth: depth + 1, budget: &budget, visit)
                }
            default: break
            }
        }
    }

    private static func walkShapes(_ items: [ShapeItem], _ names: [String], _ visit: ([String], String) -> Void) {
        for item in items {
            switch item {
            case .group(let name, let children, _): walkShapes(children, names + [name], visit)
            case .fill, .stroke:
                let n = names + [itemName(item)]
                visit(n, "Color")
                visit(n, "Opacity")
            default: break
            }
        }
    }

    static func itemName(_ item: ShapeItem) -> String {
        switch item {
        case .fill(_, _, _, _, _, let name), .stroke(_, _, _, _, _, let name): name
        default: ""
        }
    }

    private static func rewrite(
        _ layers: [Layer], in a: inout LottieAnimation, prefix: [String], pattern: [String],
        value: KeypathOverrides.Value,
        hits: inout Int, visits: inout Int, depth: Int
    ) -> [Layer] {
        guard depth < 16 else { return layers }
        var out = layers
        for k in out.indices {
            visits += 1
            guard visits <= maxVisits else { return out }
            let names = prefix + [out[k].name]
            if case .opacity(let o) = value, matches(pattern[...], (names + ["Transform", "Opacity"])[...]) {
                out[k].transform.opacity = .fixed([o])
                hits += 1
            }
            switch out[k].kind {
            case .shape(let items):
                out[k].kind = .shape(rewriteShapes(items, names, pattern, value, &hits))
            case .precomp(let id, _, _, _):
                if let inner = a.compositions[id] {
                    a.compositions[id] = rewrite(
                        inner, in: &a, prefix: names, pattern: pattern, value: value, hits: &hits, visits: &visits,
                        depth: depth + 1)
                }
            default: break
            }
        }
        return out
    }

    /// A fill's or stroke's colour and opacity with the override applied where the pattern
    /// names them (a colour with alpha sets the opacity too).
    private static func paintValues(
        _ color: Animatable<[Double]>, _ opacity: Animatable<[Double]>, _ names: [String], _ pattern: [String],
        _ value: KeypathOverrides.Value, _ hits: inout Int
    ) -> (Animatable<[Double]>, Animatable<[Double]>) {
        switch value {
        case .color(let c) where matches(pattern[...], (names + ["Color"])[...]):
            hits += 1
            return (.fixed(c), c.count > 3 ? .fixed([c[3] * 100]) : opacity)
        case .opacity(let o) where matches(pattern[...], (names + ["Opacity"])[...]):
            hits += 1
            return (color, .fixed([o]))
        default:
            return (color, opacity)
        }
    }

    private static func rewriteShapes(
        _ items: [ShapeItem], _ names: [String], _ pattern: [String], _ value: KeypathOverrides.Value, _ hits: inout Int
    ) -> [ShapeItem] {
        items.map { item in
            switch item {
            case .group(let name, let children, let hidden):
                return .group(
                    name: name, items: rewriteShapes(children, names + [name], pattern, value, &hits), hidden: hidden)
            case .fill(let color, let opacity, let evenOdd, let blend, let hidden, let name):
                let (c, o) = paintValues(color, opacity, names + [name], pattern, value, &hits)
                return .fill(color: c, opacity: o, evenOdd: evenOdd, blend: blend, hidden: hidden, name: name)
            case .stroke(let color, let opacity, let style, let blend, let hidden, let name):
                let (c, o) = paintValues(color, opacity, names + [name], pattern, value, &hits)
                return .stroke(color: c, opacity: o, style: style, blend: blend, hidden: hidden, name: name)
            default: return item
            }
        }
    }
}
