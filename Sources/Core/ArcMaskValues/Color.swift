/// A colour with straight (not premultiplied) components in 0…1.
public struct Color: Sendable, Equatable, Hashable {
    public var r, g, b, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.init(r: r, g: g, b: b, a: a)
    }

    public func withAlpha(_ a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }

    public static let white = Color(1, 1, 1), black = Color(0, 0, 0), clear = Color(0, 0, 0, 0)

    /// "#RRGGBB" or "#RRGGBBAA" (the # optional); nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let v = UInt32(digits, radix: 16)
        else { return nil }
        let rgba = digits.count == 6 ? v << 8 | 0xFF : v
        self.init(
            Double(rgba >> 24 & 0xFF) / 255, Double(rgba >> 16 & 0xFF) / 255, Double(rgba >> 8 & 0xFF) / 255,
            Double(rgba & 0xFF) / 255)
    }

    /// "#RRGGBB": the opaque colour in hex, as options take it.
    public var hexRGB: String {
        "#"
            + [r, g, b].map { v -> String in
                let s = String(Int((min(1, max(0, v)) * 255).rounded()), radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }.joined()
    }
}
