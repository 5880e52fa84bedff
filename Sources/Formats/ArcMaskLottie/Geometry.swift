import ArcMaskValues
import Foundation

/// A point or a vector in a layer's space.
public struct Vec2: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, k: Double) -> Vec2 { Vec2(a.x * k, a.y * k) }

    public var length: Double { (x * x + y * y).squareRoot() }

    public func lerp(_ b: Vec2, _ t: Double) -> Vec2 { Vec2(x + (b.x - x) * t, y + (b.y - y) * t) }

    public func distance(to b: Vec2) -> Double { (self - b).length }
}

extension Affine {
    /// Where the point lands.
    public func apply(_ p: Vec2) -> Vec2 {
        let q = apply(p.x, p.y)
        return Vec2(q.x, q.y)
    }
}
