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

/// A 2-D affine transform, column-vector convention as canvas and cairo use it:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Matrix: Sendable, Equatable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Matrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> Matrix { Matrix(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public static func scaling(_ x: Double, _ y: Double) -> Matrix { Matrix(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    /// Rotation by `radians`, clockwise on screen (y down).
    public static func rotation(_ radians: Double) -> Matrix {
        let c = cos(radians), s = sin(radians)
        return Matrix(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied first, then `m`.
    public func then(_ m: Matrix) -> Matrix {
        Matrix(
            a: m.a * a + m.c * b, b: m.b * a + m.d * b,
            c: m.a * c + m.c * d, d: m.b * c + m.d * d,
            tx: m.a * tx + m.c * ty + m.tx, ty: m.b * tx + m.d * ty + m.ty)
    }

    public func apply(_ p: Vec2) -> Vec2 { Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    public var determinant: Double { a * d - b * c }

    public var isInvertible: Bool { determinant.isFinite && abs(determinant) > 1e-12 }
}

extension Matrix {
    /// The inverse (nil when the matrix collapses the plane).
    public var inverted: Matrix? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return Matrix(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
