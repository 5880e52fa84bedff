import Foundation

/// One cubic Bézier curve of a layer's arc: the circular arc from `startAngle` to `endAngle`
/// (degrees, unrotated), drawn as the cubic through its two ends whose control points lie on the
/// circle's tangents there, `controlFactor`·R from each end.
///
/// A phone never draws a circle. Core Graphics "uses a sequence of cubic Bézier curves to
/// approximate a segment of a circle" (Apple's documentation of `CGMutablePath.addArc` and
/// `addRelativeArc`), and SwiftUI's `Path.addArc` rests on it. A cubic of sweep φ with the
/// control factor k = 4/3·tan(φ/4) (Goldapp, "Approximation of circular arcs by cubic
/// polynomials", CAGD 8, 1991; the factor cairo's `cairo-arc.c` uses) touches the circle at both
/// ends and at its middle and lies outside it everywhere else: at a radius R it strays
/// `deviation(sweepDegrees:)`·R from it, 143 pt for a quarter turn at 2¹⁹ pt. So the plan decides
/// the curves and the view draws exactly those (`addCurve`), and the emulator judges the band
/// they stroke, not a circle's.
public struct ArcCurve: Codable, Sendable, Equatable {
    public var startAngle: Double
    public var endAngle: Double

    public init(startAngle: Double, endAngle: Double) {
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    public var sweep: Double { endAngle - startAngle }
    /// The angle of the curve's middle, where it touches the circle.
    public var midAngle: Double { (startAngle + endAngle) / 2 }

    /// The control points' distance from the ends, as a share of the radius: 4/3·tan(φ/4).
    public static func controlFactor(sweepDegrees: Double) -> Double { 4.0 / 3 * tan(radians(sweepDegrees) / 4) }

    /// The largest distance between the cubic of `sweepDegrees` and its circle, as a share of the
    /// radius. With e = x² + y² − 1 on the unit circle, max e = 4/27·sin⁶(φ/4)/cos²(φ/4) at
    /// t = (3 ± √3)/6 (Dokken and Dæhlen, CAGD 8, 1990, as quoted in cairo's `cairo-arc.c`), so the
    /// distance is √(1 + max e) − 1: 2.7253·10⁻⁴ for a quarter turn, as Spencer Mortensen's
    /// "Bézier circle" measures it.
    public static func deviation(sweepDegrees: Double) -> Double {
        let q = radians(abs(sweepDegrees)) / 4
        let s = sin(q), c = cos(q)
        let e = 4.0 / 27 * pow(s, 6) / (c * c)
        return e / ((1 + e).squareRoot() + 1)  // √(1 + e) − 1 without cancellation
    }

    /// The largest distance from the circle of radius `radius`, points.
    public func deviation(radius: Double) -> Double { Self.deviation(sweepDegrees: sweep) * radius }

    /// The curve's four points (start, two controls, end) for a circle centred at (`cx`, `cy`),
    /// turned by `rotation` degrees: angles grow toward +y, as on screen.
    public func points(cx: Double, cy: Double, radius: Double, rotation: Double = 0) -> [(x: Double, y: Double)] {
        let a = radians(startAngle + rotation), b = radians(endAngle + rotation)
        let k = Self.controlFactor(sweepDegrees: sweep) * radius
        let (ca, sa, cb, sb) = (cos(a), sin(a), cos(b), sin(b))
        return [
            (cx + radius * ca, cy + radius * sa),
            (cx + radius * ca - k * sa, cy + radius * sa + k * ca),
            (cx + radius * cb + k * sb, cy + radius * sb - k * cb),
            (cx + radius * cb, cy + radius * sb),
        ]
    }

    /// The curve's parameter t ∈ [0, 1] at which it passes the angle `degrees` (unrotated), seen
    /// from the circle's centre: the angle grows with t.
    public func parameter(atAngle degrees: Double) -> Double {
        let shape = CurveShape(sweepDegrees: sweep, radius: 1, halfWidth: 0, measuringPeaks: false)
        let u = shape.parameter(atAngle: radians(degrees - midAngle), side: 0)
        return (u + 1) / 2
    }
}

/// How a plan's layers become curves.
public enum CurveRule: String, Codable, Sendable {
    /// Equal pieces, each within `CurveRule.tolerancePoints` of the circle at the plan's radius and
    /// none over a quarter turn: the `arcmask` plan, whose view draws them as explicit curves.
    case bounded
    /// One `addArc` per slice, as the public implementations draw it, split as Core Graphics is
    /// assumed to split it: one cubic per quarter turn or less, in equal pieces, each with
    /// k = 4/3·tan(φ/4).
    ///
    /// Assumed, not documented: Apple does not say how many curves it uses. Open implementations
    /// of arcs use a curve per quarter turn or less: cairo's `cairo_arc` cuts equal pieces;
    /// Cocotron's and Darling's `O2MutablePath.m` and GNUstep Opal's `CGPath.m` (the same API as
    /// Core Graphics) cut 90° pieces from the start and one piece for the rest, which for a slice
    /// over a quarter turn strays farther than equal pieces do. A slice of a quarter turn or less
    /// is one curve under both.
    case quarterTurns

    /// The widest slice cut into pieces, degrees: two turns, past any plan's.
    public static let widestSweep = 720.0

    /// The most a curve of a `bounded` plan strays from its circle: 1/16 pt, a sixteenth of the
    /// margin the band keeps past the view.
    public static let tolerancePoints = 1.0 / 16

    /// The curves that draw the arc from `start` to `end` (degrees) at `radius` (points). A slice
    /// is about a turn at most (a still's, with its overlap): one of more than `widestSweep` (a
    /// damaged or edited manifest's) is one curve, which the plan's own checks refuse, rather than
    /// a count of pieces no memory holds.
    public func curves(from start: Double, to end: Double, radius: Double) -> [ArcCurve] {
        let sweep = end - start
        guard sweep > 0, sweep.isFinite, sweep <= Self.widestSweep else {
            return [ArcCurve(startAngle: start, endAngle: end)]
        }
        let n =
            switch self {
            case .quarterTurns: max(1, Int((sweep / 90 - 1e-9).rounded(.up)))
            case .bounded: Self.boundedCount(sweepDegrees: sweep, radius: radius)
            }
        return (0..<n).map { i in
            ArcCurve(
                startAngle: i == 0 ? start : start + sweep * Double(i) / Double(n),
                endAngle: i == n - 1 ? end : start + sweep * Double(i + 1) / Double(n))
        }
    }

    /// How many equal curves keep an arc of `sweepDegrees` within `tolerancePoints` of a circle
    /// of `radius` points, a quarter turn at most each.
    public static func boundedCount(sweepDegrees: Double, radius: Double) -> Int {
        var n = max(1, Int((sweepDegrees / 90 - 1e-9).rounded(.up)))
        while n < 4096, ArcCurve.deviation(sweepDegrees: sweepDegrees / Double(n)) * radius > tolerancePoints {
            n += 1
        }
        return n
    }
}

/// The band one curve's stroke fills, in the curve's own frame (its middle at angle 0, angles in
/// radians), points: between the curves offset by the half width along the curve's normals,
/// inside (`side` −1) and outside (+1). `side` 0 is the curve itself.
///
/// The curve is parametrised by u = 2t − 1 ∈ [−1, 1]. Its points are symmetric about its middle
/// (x even in u, y odd), its ends lie on the circle with radial normals, so each edge spans
/// exactly the curve's angles, and each edge's distance from the centre is even in u: it rises
/// from the band's circle at the middle to one peak in (0, 1) and falls back at the end.
struct CurveShape: Sendable {
    let alpha: Double
    let k: Double
    let radius: Double
    let half: Double
    /// Per side (inner, outer): the u in (0, 1) of the edge's farthest excursion, and that
    /// excursion past the circle band's edge (points, ≥ 0).
    private(set) var peakU: (inner: Double, outer: Double) = (0, 0)
    private(set) var peak: (inner: Double, outer: Double) = (0, 0)

    /// - Parameter measuringPeaks: find each edge's peak (`peak`, `crossings`); a shape asked only
    ///   for angles and points (the compositor's cuts, on every composite) skips the search.
    init(sweepDegrees: Double, radius: Double, halfWidth: Double, measuringPeaks: Bool = true) {
        alpha = radians(sweepDegrees) / 2
        k = ArcCurve.controlFactor(sweepDegrees: sweepDegrees)
        self.radius = radius
        half = halfWidth
        guard measuringPeaks else { return }
        let inner = maximum(side: -1), outer = maximum(side: 1)
        peakU = (inner.u, outer.u)
        peak = (inner.value, outer.value)
    }

    /// The point of the edge at `u`.
    func point(_ u: Double, side: Double) -> (x: Double, y: Double) {
        let sa = sin(alpha), ca = cos(alpha)
        let w = 1 - u * u
        let x = radius * (ca + 0.75 * k * sa * w)
        let y = radius * u * (sa * (3 - u * u) / 2 - 0.75 * k * ca * w)
        guard side != 0 else { return (x, y) }
        let dx = radius * (-1.5 * k * sa * u)
        let dy = radius * (sa * 1.5 * (1 - u * u) - 0.75 * k * ca * (1 - 3 * u * u))
        let length = (dx * dx + dy * dy).squareRoot()
        // The outward normal: the tangent turned a quarter turn back.
        return (x + side * half * dy / length, y - side * half * dx / length)
    }

    /// The edge's distance from the centre past the circle band's edge (R + side·h), points.
    func excursion(_ u: Double, side: Double) -> Double {
        let p = point(u, side: side)
        let base = radius + side * half
        let rho = (p.x * p.x + p.y * p.y).squareRoot()
        return rho - base
    }

    /// The edge's angle at `u`, radians from the curve's middle.
    func angle(_ u: Double, side: Double) -> Double {
        let p = point(u, side: side)
        return atan2(p.y, p.x)
    }

    /// The u ∈ [−1, 1] at which the edge passes the angle `psi` (radians from the middle).
    func parameter(atAngle psi: Double, side: Double) -> Double {
        var lo = -1.0, hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if angle(mid, side: side) < psi { lo = mid } else { hi = mid }
            if hi - lo < 1e-15 { break }
        }
        return (lo + hi) / 2
    }

    /// The edge's excursion at the angle `psi`.
    func excursion(atAngle psi: Double, side: Double) -> Double {
        excursion(parameter(atAngle: psi, side: side), side: side)
    }

    /// The two u in (0, 1), one each side of the peak, at which the edge's excursion is `level`;
    /// nil when it never reaches it.
    func crossings(level: Double, side: Double) -> (rising: Double, falling: Double)? {
        let (u0, top) = side < 0 ? (peakU.inner, peak.inner) : (peakU.outer, peak.outer)
        guard level > 0, level < top else { return nil }
        func solve(_ a: Double, _ b: Double, rising: Bool) -> Double {
            var lo = a, hi = b
            for _ in 0..<64 {
                let mid = (lo + hi) / 2
                if (excursion(mid, side: side) < level) == rising { lo = mid } else { hi = mid }
                if hi - lo < 1e-15 { break }
            }
            return (lo + hi) / 2
        }
        return (solve(0, u0, rising: true), solve(u0, 1, rising: false))
    }

    /// The peak of one edge's excursion on (0, 1), by golden-section search (the excursion has
    /// one peak there).
    private func maximum(side: Double) -> (u: Double, value: Double) {
        let g = (5.0.squareRoot() - 1) / 2
        var a = 0.0, b = 1.0
        var c = b - g * (b - a), d = a + g * (b - a)
        var fc = excursion(c, side: side), fd = excursion(d, side: side)
        for _ in 0..<80 {
            if fc > fd {
                b = d; d = c; fd = fc
                c = b - g * (b - a); fc = excursion(c, side: side)
            } else {
                a = c; c = d; fc = fd
                d = a + g * (b - a); fd = excursion(d, side: side)
            }
            if b - a < 1e-12 { break }
        }
        let u = (a + b) / 2
        return (u, max(0, excursion(u, side: side)))
    }
}
