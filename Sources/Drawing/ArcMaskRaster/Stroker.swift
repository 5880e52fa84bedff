import ArcMaskValues
import Foundation

/// How a stroke is drawn: cairo's and a canvas's parameters, in user units.
public struct StrokeGeometry: Sendable, Equatable {
    public enum Cap: Sendable { case butt, round, square }
    public enum Join: Sendable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    /// The longest miter, as a multiple of the width (the ratio cairo and a canvas take).
    public var miterLimit: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}

/// A stroke as the union of simple pieces: a quad per segment, a wedge per join, a cap per
/// open end, all turning the same way so that non-zero winding covers their union once. The
/// pieces are built in user space (so a scaled or skewed transform gives an elliptical pen, as
/// in cairo) and handed to the scan converter in device pixels.
struct Stroker {
    let geometry: StrokeGeometry
    let transform: Affine
    /// Flattening tolerance in user units.
    let tolerance: Double
    let converter: ScanConverter

    private var r: Double { geometry.width / 2 }

    /// Inside a curve, a turn from one point's direction to the next sharper than this (as a
    /// cosine) is a cusp: cairo's test, from the tolerance and the half width.
    private var cuspCosine: Double {
        let c = 1 - tolerance / max(r, 1e-12)
        return 2 * c * c - 1
    }

    /// Largest arc step (radians) whose chord stays within the tolerance of the pen's circle.
    private var arcStep: Double {
        let ratio = 1 - tolerance / max(r, 1e-12)
        return ratio <= 0 ? Double.pi / 2 : max(2 * acos(ratio), 0.01)
    }

    func stroke(_ lines: [Polyline]) {
        guard geometry.width > 0, geometry.width < Self.farthest else { return }
        // Points this far out have offsets past a Double's range; nothing of them can show.
        for line in lines
        where line.xs.allSatisfy({ abs($0) < Self.farthest }) && line.ys.allSatisfy({ abs($0) < Self.farthest }) {
            stroke(line)
        }
    }

    static let farthest = 1e150

    /// Segments of an arc: at least one, at most 1,000 (NaN: one).
    static func steps(_ x: Double) -> Int {
        guard x.isFinite else { return 1 }
        return Int(min(max(x.rounded(.up), 1), 1_000))
    }

    typealias Direction = (dx: Double, dy: Double)

    /// A contour ready to stroke: no repeated points, and at each point the direction the
    /// path arrives and leaves by where a curve sets it.
    final class Contour {
        // One stroke at a time uses them (the rasterizer's): no exclusivity bookkeeping.
        @exclusivity(unchecked) var xs: [Double] = []
        @exclusivity(unchecked) var ys: [Double] = []
        @exclusivity(unchecked) var smooth: [Bool] = []
        @exclusivity(unchecked) var arrive: [Direction?] = []
        @exclusivity(unchecked) var leave: [Direction?] = []
        /// The outline's points, built here.
        @exclusivity(unchecked) var px: [Double] = []
        @exclusivity(unchecked) var py: [Double] = []

        var count: Int { xs.count }

        func clear() {
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            smooth.removeAll(keepingCapacity: true)
            arrive.removeAll(keepingCapacity: true)
            leave.removeAll(keepingCapacity: true)
            px.removeAll(keepingCapacity: true)
            py.removeAll(keepingCapacity: true)
        }
    }

    /// Buffers kept from stroke to stroke (the rasterizer's).
    let c: Contour

    private static func unit(_ v: (Double, Double)?) -> Direction? {
        guard let v else { return nil }
        let len = (v.0 * v.0 + v.1 * v.1).squareRoot()
        return len > 0 && len.isFinite ? (v.0 / len, v.1 / len) : nil
    }

    private func stroke(_ line: Polyline) {
        // Consecutive repeats removed (the first copy's arrival and the last's departure
        // kept); a closed contour's last point is not its first again.
        c.clear()
        for k in 0..<line.count {
            let x = line.xs[k], y = line.ys[k]
            if let lx = c.xs.last, let ly = c.ys.last, lx == x, ly == y {
                let last = c.count - 1
                c.smooth[last] = c.smooth[last] && line.smooth[k]
                if let t = Self.unit(line.outTangent[k]) { c.leave[last] = t }
                if c.arrive[last] == nil { c.arrive[last] = Self.unit(line.inTangent[k]) }
                continue
            }
            c.xs.append(x)
            c.ys.append(y)
            c.smooth.append(line.smooth[k])
            c.arrive.append(Self.unit(line.inTangent[k]))
            c.leave.append(Self.unit(line.outTangent[k]))
        }
        if line.closed, c.count > 1, c.xs[0] == c.xs[c.count - 1], c.ys[0] == c.ys[c.count - 1] {
            c.xs.removeLast()
            c.ys.removeLast()
            c.smooth[0] = c.smooth[0] && c.smooth.removeLast()
            let arrive = c.arrive.removeLast()
            if c.arrive[0] == nil { c.arrive[0] = arrive }
            c.leave.removeLast()
        }
        let n = c.count
        // Inside a curve, a sharp turn from one point's direction to the next is a cusp: the
        // point is reached along the previous direction and turned round (cairo fans the pen).
        if n > 1 {
            let cusp = cuspCosine
            for k in 0..<n where c.smooth[k] && (k > 0 || line.closed) {
                let p = k == 0 ? n - 1 : k - 1
                guard let here = c.arrive[k] else { continue }
                let before = c.leave[p] ?? direction(c.xs[p], c.ys[p], c.xs[k], c.ys[k])
                if before.dx * here.dx + before.dy * here.dy < cusp { c.arrive[k] = before }
            }
        }
        if n == 1 {
            // A dot: cairo draws round and square caps of a degenerate contour.
            let x = c.xs[0], y = c.ys[0]
            switch geometry.cap {
            case .round: arc(x, y, from: 0, sweep: 2 * .pi, center: false)
            case .square: polygon([x - r, x + r, x + r, x - r], [y - r, y - r, y + r, y + r])
            case .butt: break
            }
            return
        }
        if line.closed {
            // A ring: the left side forwards and the right side backwards, each a loop.
            side(c, reverse: false, closed: true, &c.px, &c.py)
            loop(c.px, c.py)
            c.px.removeAll(keepingCapacity: true)
            c.py.removeAll(keepingCapacity: true)
            side(c, reverse: true, closed: true, &c.px, &c.py)
            loop(c.px, c.py)
        } else {
            // One loop: the left side, the end cap, the right side backwards, the start cap.
            side(c, reverse: false, closed: false, &c.px, &c.py)
            let end = c.arrive[n - 1] ?? direction(c.xs[n - 2], c.ys[n - 2], c.xs[n - 1], c.ys[n - 1])
            capPoints(c.xs[n - 1], c.ys[n - 1], end, &c.px, &c.py)
            side(c, reverse: true, closed: false, &c.px, &c.py)
            let start = c.leave[0].map { (-$0.dx, -$0.dy) } ?? direction(c.xs[1], c.ys[1], c.xs[0], c.ys[0])
            capPoints(c.xs[0], c.ys[0], start, &c.px, &c.py)
            loop(c.px, c.py)
        }
    }

    private func direction(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Direction {
        let len = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
        return ((bx - ax) / len, (by - ay) / len)
    }

    /// The left offset of the contour, as cairo's stroker walks it: each segment's edge moved
    /// out by the half width; at a corner where this side is outside, the join (arc, miter tip
    /// or nothing for a bevel); where it is inside, through the vertex itself (the pivot), so
    /// that the overlap there still winds the same way. Where a curve meets a corner, the
    /// curve's own direction sets the join.
    private func side(
        _ c: Contour, reverse: Bool, closed: Bool, _ px: inout [Double], _ py: inout [Double]
    ) {
        let n = c.count
        // Walked backwards, each point's arrival is its departure turned round, and so on.
        @inline(__always) func at(_ k: Int) -> Int { reverse ? n - 1 - k : k }
        @inline(__always) func arrive(_ k: Int) -> Direction? {
            reverse ? c.leave[n - 1 - k].map { (-$0.dx, -$0.dy) } : c.arrive[k]
        }
        @inline(__always) func leave(_ k: Int) -> Direction? {
            reverse ? c.arrive[n - 1 - k].map { (-$0.dx, -$0.dy) } : c.leave[k]
        }
        let segments = closed ? n : n - 1
        var firstChord: Direction = (0, 0)
        var prevChord: Direction = (0, 0)
        for s in 0..<segments {
            let ia = at(s)
            let e = (s + 1) % n
            let ib = at(e)
            let ax = c.xs[ia], ay = c.ys[ia]
            let bx = c.xs[ib], by = c.ys[ib]
            let d = direction(ax, ay, bx, by)
            if s == 0 {
                firstChord = d
                if !closed { append(ax, ay, leave(0) ?? d, &px, &py) }
            } else {
                let arriving = arrive(s) ?? prevChord, leaving = leave(s) ?? d
                // Inside a curve the point was placed by the curve's direction; only a cusp
                // needs a join (round, as cairo fans the pen there).
                if !c.smooth[ia] || arriving.dx * leaving.dx + arriving.dy * leaving.dy < cuspCosine {
                    corner(ax, ay, arriving, leaving, round: c.smooth[ia], &px, &py)
                }
            }
            append(bx, by, arrive(e) ?? d, &px, &py)
            prevChord = d
        }
        if closed {
            let i0 = at(0)
            corner(c.xs[i0], c.ys[i0], arrive(0) ?? prevChord, leave(0) ?? firstChord, round: c.smooth[i0], &px, &py)
        }
    }

    /// The point half a width left of (x, y) for direction d.
    @inline(__always)
    private func append(
        _ x: Double, _ y: Double, _ d: (dx: Double, dy: Double), _ px: inout [Double], _ py: inout [Double]
    ) {
        px.append(x - d.dy * r)
        py.append(y + d.dx * r)
    }

    /// From the end of the arriving segment's offset to the start of the leaving one's.
    private func corner(
        _ x: Double, _ y: Double, _ a: (dx: Double, dy: Double), _ b: (dx: Double, dy: Double), round: Bool,
        _ px: inout [Double], _ py: inout [Double]
    ) {
        let cross = a.dx * b.dy - a.dy * b.dx
        let dot = a.dx * b.dx + a.dy * b.dy
        if abs(cross) < 1e-12 && dot > 0 {
            append(x, y, b, &px, &py)
            return
        }
        if cross > 0 {
            // This side is inside the turn.
            px.append(x)
            py.append(y)
            append(x, y, b, &px, &py)
            return
        }
        let n1 = (x: -a.dy * r, y: a.dx * r), n2 = (x: -b.dy * r, y: b.dx * r)
        switch round ? .round : geometry.join {
        case .round:
            let start = atan2(n1.y, n1.x)
            var sweep = atan2(n2.y, n2.x) - start
            while sweep > .pi { sweep -= 2 * .pi }
            while sweep < -.pi { sweep += 2 * .pi }
            if abs(cross) < 1e-12 { sweep = -.pi }
            let steps = Self.steps(abs(sweep) / arcStep)
            for k in 1..<steps {
                let t = start + sweep * Double(k) / Double(steps)
                px.append(x + r * cos(t))
                py.append(y + r * sin(t))
            }
        case .miter where 2 <= geometry.miterLimit * geometry.miterLimit * (1 + deviceDot(a, b)):
            let k = 1 / (1 + dot)
            px.append(x + (n1.x + n2.x) * k)
            py.append(y + (n1.y + n2.y) * k)
        default:
            break
        }
        append(x, y, b, &px, &py)
    }

    /// The cosine of the turn as it shows in device pixels (cairo's image backend tests the
    /// miter limit there, so a skewed transform can change which corners it mitres).
    private func deviceDot(_ a: Direction, _ b: Direction) -> Double {
        let t = transform
        let ax = t.a * a.dx + t.c * a.dy, ay = t.b * a.dx + t.d * a.dy
        let bx = t.a * b.dx + t.c * b.dy, by = t.b * b.dx + t.d * b.dy
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        guard la > 0, lb > 0 else { return a.dx * b.dx + a.dy * b.dy }
        return (ax * bx + ay * by) / (la * lb)
    }

    /// A cap's points at an open end (x, y) reached along d: from the left offset round to the
    /// right one (the right one itself is where the other side begins).
    private func capPoints(
        _ x: Double, _ y: Double, _ d: (dx: Double, dy: Double), _ px: inout [Double], _ py: inout [Double]
    ) {
        let nx = -d.dy * r, ny = d.dx * r
        switch geometry.cap {
        case .butt: break
        case .square:
            px.append(x + nx + d.dx * r)
            py.append(y + ny + d.dy * r)
            px.append(x - nx + d.dx * r)
            py.append(y - ny + d.dy * r)
        case .round:
            let start = atan2(ny, nx)
            let steps = Self.steps(Double.pi / arcStep)
            for k in 1..<steps {
                let t = start - .pi * Double(k) / Double(steps)
                px.append(x + r * cos(t))
                py.append(y + r * sin(t))
            }
        }
    }

    /// A loop of points placed in device pixels, its winding kept.
    private func loop(_ xs: [Double], _ ys: [Double]) {
        let t = transform
        let n = xs.count
        guard n > 2 else { return }
        var lx = t.a * xs[n - 1] + t.c * ys[n - 1] + t.tx, ly = t.b * xs[n - 1] + t.d * ys[n - 1] + t.ty
        for k in 0..<n {
            let x = t.a * xs[k] + t.c * ys[k] + t.tx, y = t.b * xs[k] + t.d * ys[k] + t.ty
            converter.addEdge(lx, ly, x, y)
            lx = x
            ly = y
        }
    }

    /// An arc of the pen round (x, y) as a polygon: a pie slice from the centre, or the whole
    /// circle.
    private func arc(_ x: Double, _ y: Double, from start: Double, sweep: Double, center: Bool) {
        let steps = Self.steps(abs(sweep) / arcStep)
        var px: [Double] = [], py: [Double] = []
        px.reserveCapacity(steps + 2)
        py.reserveCapacity(steps + 2)
        if center {
            px.append(x)
            py.append(y)
        }
        let count = center || abs(sweep) < 2 * .pi ? steps + 1 : steps
        for k in 0..<count {
            let t = start + sweep * Double(k) / Double(steps)
            px.append(x + r * cos(t))
            py.append(y + r * sin(t))
        }
        polygon(px, py)
    }

    /// A convex piece (a dot or a square cap's end), turned to wind positively, then placed in
    /// device pixels.
    private func polygon(_ xs: [Double], _ ys: [Double]) {
        var area = 0.0
        let n = xs.count
        for k in 0..<n {
            let j = (k + 1) % n
            area += xs[k] * ys[j] - xs[j] * ys[k]
        }
        guard abs(area) > 1e-18 else { return }
        if area > 0 { loop(xs, ys) } else { loop(xs.reversed(), ys.reversed()) }
    }
}
