/// A cubic-Bézier timing curve from (0, 0) to (1, 1) through (x1, y1) and (x2, y2), as CSS and
/// Lottie's keyframe tangents define it: `value(at: x)` solves the curve's x for its parameter
/// and returns y there.
public struct BezierEasing: Sendable, Equatable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        // x outside 0…1 would make the curve go back in time; players clamp it.
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    public static let linear = BezierEasing(0, 0, 1, 1)

    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    public func value(at x: Double) -> Double {
        if isLinear || x <= 0 || x >= 1 { return isLinear ? x : (x <= 0 ? 0 : 1) }
        return sample(y1, y2, parameter(for: x))
    }

    private func sample(_ a1: Double, _ a2: Double, _ t: Double) -> Double {
        // B(t) = 3(1−t)²t·a1 + 3(1−t)t²·a2 + t³
        ((((1 - 3 * a2 + 3 * a1) * t) + (3 * a2 - 6 * a1)) * t + 3 * a1) * t
    }

    private func slope(_ a1: Double, _ a2: Double, _ t: Double) -> Double {
        3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + 3 * a1
    }

    /// The parameter t where x(t) = x: Newton's method from a good guess, bisection where the
    /// slope is too flat for it.
    private func parameter(for x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let s = slope(x1, x2, t)
            if abs(s) < 1e-6 { break }
            let err = sample(x1, x2, t) - x
            if abs(err) < 1e-9 { return t }
            t -= err / s
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = sample(x1, x2, t)
            if abs(v - x) < 1e-10 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
