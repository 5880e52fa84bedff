import Foundation

/// Offset Path (`op`): every contour moved `amount` along its normal, as lottie-web 5.13's
/// modifier builds it (`OffsetPathModifier`, `PolynomialBezier`). Each segment is split at its
/// inflections so that its control polygon is convex, each piece offset by moving the control
/// polygon's edges and intersecting them, neighbours that cross trimmed at their crossing, and
/// the gaps closed by the join (miter up to the limit, round, or bevel). An open contour is
/// offset along both sides, out and back.
enum OffsetPath {
    /// The 4π/3·(√2−1) handle length of a quarter circle, as lottie-web rounds it.
    static let roundCorner = 0.5519

    static func apply(_ path: BezierPath, amount: Double, join: Int, miterLimit: Double) -> BezierPath {
        guard amount != 0, path.count > 0 else { return path }
        let n = path.count
        let count = path.closed ? n : n - 1
        var pieces: [[Cubic]] = []
        for i in 0..<count {
            let next = (i + 1) % n
            let segment = Cubic(
                path.vertices[i], path.outPoints[i], path.inPoints[next], path.vertices[next], linearize: true)
            pieces.append(offsetSplit(segment, amount))
        }
        if !path.closed {
            for i in stride(from: count - 1, through: 0, by: -1) {
                let next = (i + 1) % n
                let segment = Cubic(
                    path.vertices[next], path.inPoints[next], path.outPoints[i], path.vertices[i], linearize: true)
                pieces.append(offsetSplit(segment, amount))
            }
        }
        pieces = pruneIntersections(pieces)
        var out = BezierPath(closed: path.closed)
        var lastPoint: Vec2? = nil
        var lastSegment: Cubic? = nil
        for group in pieces where !group.isEmpty {
            if let lastSegment { lastPoint = joinLines(&out, lastSegment, group[0], join, miterLimit) }
            lastSegment = group[group.count - 1]
            for segment in group {
                if let p = lastPoint, pointEqual(segment.p[0], p), out.count > 0 {
                    out.outPoints[out.count - 1] = segment.p[1]
                } else {
                    out.append(segment.p[0], in: segment.p[0], out: segment.p[1])
                }
                out.append(segment.p[3], in: segment.p[2], out: segment.p[3])
                lastPoint = segment.p[3]
            }
        }
        if let lastSegment, let first = pieces.first(where: { !$0.isEmpty })?.first {
            _ = joinLines(&out, lastSegment, first, join, miterLimit)
        }
        return out
    }

    // MARK: the players' polynomial Bézier

    /// A cubic with its polynomial coefficients (x and y of a·t³ + b·t² + c·t + d).
    struct Cubic {
        var p: [Vec2]
        var a: Vec2, b: Vec2, c: Vec2, d: Vec2

        /// `linearize`: a control point on its end moves to a third of the chord.
        init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2, linearize: Bool = false) {
            var q1 = p1, q2 = p2
            if linearize && pointEqual(p0, p1) { q1 = lerp(p0, p3, 1.0 / 3) }
            if linearize && pointEqual(p2, p3) { q2 = lerp(p0, p3, 2.0 / 3) }
            p = [p0, q1, q2, p3]
            func coefficients(
                _ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double
            ) -> (Double, Double, Double, Double) {
                (-v0 + 3 * v1 - 3 * v2 + v3, 3 * v0 - 6 * v1 + 3 * v2, -3 * v0 + 3 * v1, v0)
            }
            let x = coefficients(p0.x, q1.x, q2.x, p3.x), y = coefficients(p0.y, q1.y, q2.y, p3.y)
            a = Vec2(x.0, y.0)
            b = Vec2(x.1, y.1)
            c = Vec2(x.2, y.2)
            d = Vec2(x.3, y.3)
        }

        static func point(_ p: Vec2) -> Cubic { Cubic(p, p, p, p) }

        func point(_ t: Double) -> Vec2 {
            Vec2(((a.x * t + b.x) * t + c.x) * t + d.x, ((a.y * t + b.y) * t + c.y) * t + d.y)
        }

        func derivative(_ t: Double) -> Vec2 {
            Vec2((3 * t * a.x + 2 * b.x) * t + c.x, (3 * t * a.y + 2 * b.y) * t + c.y)
        }

        func tangentAngle(_ t: Double) -> Double {
            let v = derivative(t)
            return atan2(v.y, v.x)
        }

        /// Parameters in (0, 1) where the curve changes the side it bends to.
        func inflections() -> [Double] {
            let denom = a.y * b.x - a.x * b.y
            if floatZero(denom) { return [] }
            let cusp = (-0.5 * (a.y * c.x - a.x * c.y)) / denom
            let square = cusp * cusp - ((1.0 / 3) * (b.y * c.x - b.x * c.y)) / denom
            if square < 0 || !square.isFinite { return [] }
            let root = square.squareRoot()
            if floatZero(root) { return root > 0 && root < 1 ? [cusp] : [] }
            return [cusp - root, cusp + root].filter { $0 > 0 && $0 < 1 }
        }

        func split(_ t: Double) -> (Cubic, Cubic) {
            if t <= 0 { return (.point(p[0]), self) }
            if t >= 1 { return (self, .point(p[3])) }
            let p10 = lerp(p[0], p[1], t), p11 = lerp(p[1], p[2], t), p12 = lerp(p[2], p[3], t)
            let p20 = lerp(p10, p11, t), p21 = lerp(p11, p12, t)
            let p3 = lerp(p20, p21, t)
            return (Cubic(p[0], p10, p20, p3, linearize: true), Cubic(p3, p21, p12, p[3], linearize: true))
        }

        /// The parameter ranges' midpoints where this and `other` meet, found by halving both
        /// while their bounding boxes overlap (to within `tolerance`, at most `depth` times).
        func intersections(_ other: Cubic, tolerance: Double = 2, depth maxDepth: Int = 7) -> [(Double, Double)] {
            var found: [(Double, Double)] = []
            func visit(_ d1: Piece, _ d2: Piece, _ depth: Int) {
                guard d1.overlaps(d2) else { return }
                if depth >= maxDepth
                    || (d1.width <= tolerance && d1.height <= tolerance && d2.width <= tolerance
                        && d2.height <= tolerance)
                {
                    found.append((d1.t, d2.t))
                    return
                }
                let s1 = d1.halves(), s2 = d2.halves()
                visit(s1.0, s2.0, depth + 1)
                visit(s1.0, s2.1, depth + 1)
                visit(s1.1, s2.0, depth + 1)
                visit(s1.1, s2.1, depth + 1)
            }
            visit(Piece(self, 0, 1), Piece(other, 0, 1), 0)
            return found
        }

        /// Extent along one axis: the ends and the derivative's roots inside (0, 1).
        func extrema(_ axis: KeyPath<Vec2, Double>) -> (min: Double, max: Double) {
            var lo = p[0][keyPath: axis], hi = p[3][keyPath: axis]
            if lo > hi { swap(&lo, &hi) }
            for r in quadRoots(3 * a[keyPath: axis], 2 * b[keyPath: axis], c[keyPath: axis]) where r > 0 && r < 1 {
                let v = point(r)[keyPath: axis]
                if v < lo { lo = v } else if v > hi { hi = v }
            }
            return (lo, hi)
        }
    }

    /// A piece of a curve with its bounding box and the parameter range it covers.
    struct Piece {
        var curve: Cubic
        var cx, cy, width, height: Double
        var t1, t2: Double
        var t: Double { (t1 + t2) / 2 }

        init(_ curve: Cubic, _ t1: Double, _ t2: Double) {
            self.curve = curve
            let x = curve.extrema(\.x), y = curve.extrema(\.y)
            cx = (x.max + x.min) / 2
            cy = (y.max + y.min) / 2
            width = x.max - x.min
            height = y.max - y.min
            self.t1 = t1
            self.t2 = t2
        }

        func overlaps(_ o: Piece) -> Bool {
            abs(cx - o.cx) * 2 < width + o.width && abs(cy - o.cy) * 2 < height + o.height
        }

        func halves() -> (Piece, Piece) {
            let s = curve.split(0.5)
            return (Piece(s.0, t1, t), Piece(s.1, t, t2))
        }
    }

    // MARK: offsetting

    /// A segment's control-polygon edge moved `amount` to its side: both ends.
    private static func linearOffset(_ p1: Vec2, _ p2: Vec2, _ amount: Double) -> (Vec2, Vec2) {
        let angle = atan2(p2.x - p1.x, p2.y - p1.y)
        return (polarOffset(p1, angle, amount), polarOffset(p2, angle, amount))
    }

    private static func offsetSegment(_ s: Cubic, _ amount: Double) -> Cubic {
        let (p0, p1a) = linearOffset(s.p[0], s.p[1], amount)
        let (p1b, p2b) = linearOffset(s.p[1], s.p[2], amount)
        let (p2a, p3) = linearOffset(s.p[2], s.p[3], amount)
        let p1 = lineIntersection(p0, p1a, p1b, p2b) ?? p1a
        let p2 = lineIntersection(p2a, p3, p1b, p2b) ?? p2a
        return Cubic(p0, p1, p2, p3)
    }

    private static func offsetSplit(_ s: Cubic, _ amount: Double) -> [Cubic] {
        let flex = s.inflections()
        if flex.isEmpty { return [offsetSegment(s, amount)] }
        if flex.count == 1 || floatEqual(flex[1], 1) {
            let (left, right) = s.split(flex[0])
            return [offsetSegment(left, amount), offsetSegment(right, amount)]
        }
        let (left, rest) = s.split(flex[0])
        let (mid, right) = rest.split((flex[1] - flex[0]) / (1 - flex[0]))
        return [offsetSegment(left, amount), offsetSegment(mid, amount), offsetSegment(right, amount)]
    }

    /// Where the end of `a` meets the start of `b`, past their shared end.
    private static func intersection(_ a: Cubic, _ b: Cubic) -> (Double, Double)? {
        var found = a.intersections(b)
        if let first = found.first, floatEqual(first.0, 1) { found.removeFirst() }
        return found.first
    }

    private static func pruneSegmentIntersection(_ a: [Cubic], _ b: [Cubic]) -> ([Cubic], [Cubic]) {
        guard !a.isEmpty, !b.isEmpty else { return (a, b) }
        var outA = a, outB = b
        if let hit = intersection(a[a.count - 1], b[0]) {
            outA[a.count - 1] = a[a.count - 1].split(hit.0).0
            outB[0] = b[0].split(hit.1).1
        }
        if a.count > 1 && b.count > 1, let hit = intersection(a[0], b[b.count - 1]) {
            return ([a[0].split(hit.0).0], [b[b.count - 1].split(hit.1).1])
        }
        return (outA, outB)
    }

    private static func pruneIntersections(_ segments: [[Cubic]]) -> [[Cubic]] {
        var s = segments
        guard s.count > 1 else { return s }
        for i in 1..<s.count {
            (s[i - 1], s[i]) = pruneSegmentIntersection(s[i - 1], s[i])
        }
        (s[s.count - 1], s[0]) = pruneSegmentIntersection(s[s.count - 1], s[0])
        return s
    }

    /// Closes the gap between two offset pieces with the join; gives where the path now ends.
    private static func joinLines(
        _ out: inout BezierPath, _ seg1: Cubic, _ seg2: Cubic, _ join: Int, _ miterLimit: Double
    )
        -> Vec2
    {
        let p0 = seg1.p[3], p1 = seg2.p[0]
        if join == 3 || pointEqual(p0, p1) { return p0 }
        if join == 2 {
            let angleOut = -seg1.tangentAngle(1)
            let angleIn = -seg2.tangentAngle(0) + Double.pi
            let center = lineIntersection(
                p0, polarOffset(p0, angleOut + Double.pi / 2, 100), p1, polarOffset(p1, angleOut + Double.pi / 2, 100))
            let radius = center.map { $0.distance(to: p0) } ?? p0.distance(to: p1) / 2
            if out.count > 0 { out.outPoints[out.count - 1] = polarOffset(p0, angleOut, 2 * radius * roundCorner) }
            out.append(p1, in: polarOffset(p1, angleIn, 2 * radius * roundCorner), out: p1)
            return p1
        }
        let t0 = pointEqual(p0, seg1.p[2]) ? seg1.p[0] : seg1.p[2]
        let t1 = pointEqual(p1, seg2.p[1]) ? seg2.p[3] : seg2.p[1]
        if let x = lineIntersection(t0, p0, p1, t1), x.distance(to: p0) < miterLimit {
            out.append(x)
            return x
        }
        return p0
    }

    // MARK: helpers, as the players define them (zig-zag's linearizing uses them too)

    static func floatEqual(_ a: Double, _ b: Double) -> Bool { abs(a - b) * 100_000 <= min(abs(a), abs(b)) }
    static func floatZero(_ f: Double) -> Bool { abs(f) <= 0.00001 }
    static func pointEqual(_ a: Vec2, _ b: Vec2) -> Bool { floatEqual(a.x, b.x) && floatEqual(a.y, b.y) }
    static func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 {
        Vec2(a.x * (1 - t) + b.x * t, a.y * (1 - t) + b.y * t)
    }

    static func polarOffset(_ p: Vec2, _ angle: Double, _ length: Double) -> Vec2 {
        Vec2(p.x + cos(angle) * length, p.y - sin(angle) * length)
    }

    static func quadRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        if a == 0 { return [] }
        let s = b * b - 4 * a * c
        if s < 0 { return [] }
        let single = -b / (2 * a)
        if s == 0 { return [single] }
        let delta = s.squareRoot() / (2 * a)
        return [single - delta, single + delta]
    }

    /// Where the line through `s1`, `e1` meets the line through `s2`, `e2` (nil: parallel).
    static func lineIntersection(_ s1: Vec2, _ e1: Vec2, _ s2: Vec2, _ e2: Vec2) -> Vec2? {
        func cross(_ u: (Double, Double, Double), _ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (u.1 * v.2 - u.2 * v.1, u.2 * v.0 - u.0 * v.2, u.0 * v.1 - u.1 * v.0)
        }
        let r = cross(cross((s1.x, s1.y, 1), (e1.x, e1.y, 1)), cross((s2.x, s2.y, 1), (e2.x, e2.y, 1)))
        if floatZero(r.2) { return nil }
        return Vec2(r.0 / r.2, r.1 / r.2)
    }
}
