/// Colours and opacities changed by keypath, as lottie-ios's value providers change them (ArcMaskLottie applies them): a
/// keypath is names joined by dots (layer, groups, item, then `Color` or `Opacity`), where `*`
/// stands for one name and `**` for any number of them (`**.Fill 1.Color`, `Title.Transform.Opacity`).
public struct KeypathOverrides: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// Straight RGB(A), 0…1.
        case color([Double])
        /// 0…100.
        case opacity(Double)
    }

    public var entries: [(keypath: String, value: Value)] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    public static func == (a: KeypathOverrides, b: KeypathOverrides) -> Bool {
        a.entries.map(\.keypath) == b.entries.map(\.keypath) && a.entries.map(\.value) == b.entries.map(\.value)
    }

    /// A stable text of the overrides, for cache keys.
    public var digest: String {
        entries.map { e in
            switch e.value {
            case .color(let c): "\(e.keypath)=c\(c.map { String($0) }.joined(separator: ","))"
            case .opacity(let o): "\(e.keypath)=o\(o)"
            }
        }.joined(separator: ";")
    }

    /// "#RRGGBB" or "#RRGGBBAA" as 0…1 components (alpha only when given).
    public static func parseColor(_ text: String) -> [Double]? {
        guard let c = Color(hex: text) else { return nil }
        let digits = text.hasPrefix("#") ? text.count - 1 : text.count
        return digits == 8 ? [c.r, c.g, c.b, c.a] : [c.r, c.g, c.b]
    }
}
