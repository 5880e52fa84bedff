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
}
