import ArcMaskValues

/// A path in user space, as cairo and a canvas build one: contours of lines and cubic Bézier
/// curves, each open or closed. It is flattened only when it is drawn, under the transform it is
/// drawn with, so curves are split as finely as the pixels need.
public struct RasterPath: Sendable {
    enum Element: Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }

    var elements: [Element] = []

    public init() {}

    public var isEmpty: Bool { elements.isEmpty }

    /// Room for `count` more elements.
    public mutating func reserve(_ count: Int) { elements.reserveCapacity(elements.count + count) }

    public mutating func move(to x: Double, _ y: Double) { elements.append(.move(x, y)) }
    public mutating func line(to x: Double, _ y: Double) { elements.append(.line(x, y)) }
    public mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        elements.append(.curve(x1, y1, x2, y2, x, y))
    }
    public mutating func close() { elements.append(.close) }

    /// Every coordinate finite (a path with NaN or infinity draws nothing, as cairo refuses it).
    var isFinite: Bool {
        for e in elements {
            switch e {
            case let .move(x, y), let .line(x, y): if !x.isFinite || !y.isFinite { return false }
            case let .curve(a, b, c, d, x, y):
                if !(a.isFinite && b.isFinite && c.isFinite && d.isFinite && x.isFinite && y.isFinite) { return false }
            case .close: break
            }
        }
        return true
    }

    /// The contours as polylines: curves split into lines no further than `tolerance` from the
    /// curve (in the units the points are given in, after `transform`).
    func flattened(_ transform: Affine, tolerance: Double) -> [Polyline] {
        var out: [Polyline] = []
        var current = Polyline()
        var last = (x: 0.0, y: 0.0)
        var start = (x: 0.0, y: 0.0)
        // A lone move draws nothing; a move closed at once is a dot (cairo draws its caps).
        func finish(closed: Bool) {
            if current.count > 1 || (closed && current.count == 1) {
                current.closed = closed
                out.append(current)
            }
            current = Polyline()
        }
        for e in elements {
            switch e {
            case let .move(x, y):
                finish(closed: false)
                let p = transform.apply(x, y)
                current.append(p.x, p.y)
                last = p
                start = p
            case let .line(x, y):
                let p = transform.apply(x, y)
                if current.count == 0 { current.append(last.x, last.y) }
                current.append(p.x, p.y)
                last = p
            case let .curve(x1, y1, x2, y2, x, y):
                if current.count == 0 { current.append(last.x, last.y) }
                let c1 = transform.apply(x1, y1), c2 = transform.apply(x2, y2), p = transform.apply(x, y)
                Self.flattenCubic(last, c1, c2, p, tolerance: tolerance, into: &current)
                last = p
            case .close:
                finish(closed: true)
                // What follows without a move starts where the contour closed.
                last = start
            }
        }
        finish(closed: false)
        return out
    }

    /// Equal steps of its parameter that keep a cubic's polyline within `tolerance` of it
    /// (Wang's bound), 1 to 1,000.
    static func cubicSteps(
        _ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double),
        _ p3: (x: Double, y: Double), tolerance: Double
    ) -> Int {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let steps = (0.75 * (ddx * ddx + ddy * ddy).squareRoot() / tolerance).squareRoot().rounded(.up)
        return steps.isFinite ? Int(min(max(steps, 1), 1_000)) : 1
    }

    /// The cubic's point at parameter t.
    @inline(__always)
    static func cubicPoint(
        _ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double),
        _ p3: (x: Double, y: Double), at t: Double
    ) -> (x: Double, y: Double) {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return (a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// A cubic split into equal steps of its parameter; the number of steps is Wang's bound for
    /// a polyline within `tolerance` of the curve.
    static func flattenCubic(
        _ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double),
        _ p3: (x: Double, y: Double), tolerance: Double, into line: inout Polyline
    ) {
        // The true tangents at the ends (a stroke joins and caps by them, as cairo does).
        func toward(_ a: (x: Double, y: Double), _ bs: [(x: Double, y: Double)]) -> (Double, Double)? {
            for b in bs where b.x != a.x || b.y != a.y { return (b.x - a.x, b.y - a.y) }
            return nil
        }
        if let t = toward(p0, [p1, p2, p3]) { line.outTangent[line.count - 1] = t }
        let arriving = toward(p3, [p2, p1, p0]).map { (-$0.0, -$0.1) }
        defer { line.inTangent[line.count - 1] = arriving }
        let n = cubicSteps(p0, p1, p2, p3, tolerance: tolerance)
        if n == 1 {
            line.append(p3.x, p3.y)
            return
        }
        let inv = 1 / Double(n)
        for k in 1..<n {
            let t = Double(k) * inv, u = 1 - t
            let p = cubicPoint(p0, p1, p2, p3, at: t)
            line.append(p.x, p.y, smooth: true)
            // The curve's direction there: a stroke offsets each point along it, as cairo's
            // stroker offsets the points of a curve.
            let tx = u * u * (p1.x - p0.x) + 2 * u * t * (p2.x - p1.x) + t * t * (p3.x - p2.x)
            let ty = u * u * (p1.y - p0.y) + 2 * u * t * (p2.y - p1.y) + t * t * (p3.y - p2.y)
            if tx != 0 || ty != 0 {
                line.inTangent[line.count - 1] = (tx, ty)
                line.outTangent[line.count - 1] = (tx, ty)
            }
        }
        line.append(p3.x, p3.y)
    }
}

/// A flattened contour: points in order, closed or open. A smooth point lies inside a curve
/// (a stroke turns round it, as cairo joins the pieces of a curve, whatever the path's join).
struct Polyline {
    var xs: [Double] = []
    var ys: [Double] = []
    var smooth: [Bool] = []
    /// Where a curve meets the point, the curve's own direction there (not its chord's).
    var inTangent: [(Double, Double)?] = []
    var outTangent: [(Double, Double)?] = []
    var closed = false

    var count: Int { xs.count }

    mutating func append(_ x: Double, _ y: Double, smooth isSmooth: Bool = false) {
        xs.append(x)
        ys.append(y)
        smooth.append(isSmooth)
        inTangent.append(nil)
        outTangent.append(nil)
    }
}
