import Foundation

/// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty (cairo's and Core Graphics' order).
public struct Affine: Sendable, Equatable, Hashable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func scale(_ sx: Double, _ sy: Double) -> Affine { Affine(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public static func translate(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// Rotation by `radians`, clockwise on screen (y down).
    public static func rotate(_ radians: Double) -> Affine {
        let c = cos(radians), s = sin(radians)
        return Affine(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse (nil when the transform collapses the plane).
    public var inverted: Affine? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return Affine(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Singular or non-finite transforms draw nothing (cairo would refuse them).
    public var isInvertible: Bool {
        let det = determinant
        return det.isFinite && abs(det) > 1e-12 && tx.isFinite && ty.isFinite
    }

    /// `self` applied first, then `other`: (other ∘ self).
    public func concatenating(_ other: Affine) -> Affine {
        Affine(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// Where the point (x, y) lands.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }
}
