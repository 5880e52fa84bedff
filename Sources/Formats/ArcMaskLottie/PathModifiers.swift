import Foundation

/// Round corners and pucker/bloat, each contour on its own in its local space, as lottie-web's
/// modifiers change them.
enum PathModifiers {
    /// Every sharp vertex (both handles on it) replaced by two, `radius` back along each side
    /// (at most half of each side), joined by a quarter-circle-like curve.
    static func roundCorners(_ path: BezierPath, radius r: Double) -> BezierPath {
        guard r != 0, path.count > 0 else { return path }
        let n = path.count
        let kappa = ShapeBuilders.kappa
        var out = BezierPath(closed: path.closed)
        for k in 0..<n {
            let v = path.vertices[k]
            let sharp = path.inPoints[k] == v && path.outPoints[k] == v
            if !sharp || (!path.closed && (k == 0 || k == n - 1)) {
                out.append(v, in: path.inPoints[k], out: path.outPoints[k])
                continue
            }
            let prev = path.vertices[k == 0 ? n - 1 : k - 1]
            let next = path.vertices[k == n - 1 ? 0 : k + 1]
            let dPrev = v.distance(to: prev)
            let kPrev = dPrev > 0 ? min(dPrev / 2, r) / dPrev : 0
            let a = v + (prev - v) * kPrev
            out.append(a, in: a, out: a + (v - a) * kappa)
            let dNext = v.distance(to: next)
            let kNext = dNext > 0 ? min(dNext / 2, r) / dNext : 0
            let b = v + (next - v) * kNext
            out.append(b, in: b + (v - b) * kappa, out: b)
        }
        return out
    }

    /// Vertices drawn toward (positive) or away from the mean of the vertices, handles the
    /// other way.
    static func puckerBloat(_ path: BezierPath, amount: Double) -> BezierPath {
        guard amount != 0, path.count > 0 else { return path }
        let q = amount / 100
        var c = Vec2.zero
        for v in path.vertices { c = c + v }
        c = c * (1 / Double(path.count))
        var out = BezierPath(closed: path.closed)
        for k in 0..<path.count {
            let v = path.vertices[k], i = path.inPoints[k], o = path.outPoints[k]
            out.append(v + (c - v) * q, in: i - (c - i) * q, out: o - (c - o) * q)
        }
        return out
    }
}

extension PathModifiers {
    /// Zig-zag: each segment gets `ridges` points between its ends, every point (corners
    /// included) pushed `size` to alternate sides of the path, corner points sharp or (`smooth`)
    /// with handles along the path a fraction of the neighbouring chords long, as lottie-web's
    /// modifier places them.
    static func zigZag(_ path: BezierPath, size: Double, ridges: Double, smooth: Bool) -> BezierPath {
        guard size != 0, path.count > 0 else { return path }
        let n = path.count
        let f = max(0, Int(min(ridges, 10_000).rounded()))
        let segmentCount = path.closed ? n : n - 1
        guard segmentCount > 0 else { return BezierPath(closed: path.closed) }
        let divisions = 2 * Double(f + 1)
        var out = BezierPath(closed: path.closed)
        func emit(_ base: Vec2, direction d: Vec2, side: Double, outLength: Double, inLength: Double) {
            // d: unit tangent; the point moves along the normal (d.y, −d.x).
            let p = base + Vec2(d.y, -d.x) * (side * size)
            out.append(p, in: p - d * inLength, out: p + d * outLength)
        }
        func corner(_ k: Int, side: Double) {
            let v = path.vertices[k % n]
            let prev = path.vertices[(k % n + n - 1) % n], next = path.vertices[(k % n + 1) % n]
            let u = next - prev
            let len = u.length
            let d = len > 0 ? u * (1 / len) : Vec2(0, 1)
            emit(
                v, direction: d, side: side, outLength: smooth ? v.distance(to: next) / divisions : 0,
                inLength: smooth ? v.distance(to: prev) / divisions : 0)
        }
        var side = -1.0
        corner(0, side: side)
        for i in 0..<segmentCount {
            let seg = linearized(path.segments[i])
            let chord = seg.p0.distance(to: seg.p3) / divisions
            for j in 0..<f {
                let t = Double(j + 1) / Double(f + 1)
                side = -side
                let d = derivative(seg, t)
                let len = d.length
                emit(
                    seg.point(at: t), direction: len > 0 ? d * (1 / len) : Vec2(0, 1), side: side,
                    outLength: smooth ? chord : 0, inLength: smooth ? chord : 0)
            }
            side = -side
            corner(i + 1, side: side)
        }
        return out
    }

    /// Control points that sit on their ends moved to a third of the chord, so straight
    /// segments are uniform in their parameter.
    static func linearized(_ s: CubicSegment) -> CubicSegment {
        let equal = OffsetPath.pointEqual
        var r = s
        if equal(s.p1, s.p0) { r.p1 = s.p0 + (s.p3 - s.p0) * (1.0 / 3) }
        if equal(s.p2, s.p3) { r.p2 = s.p0 + (s.p3 - s.p0) * (2.0 / 3) }
        return r
    }

    static func derivative(_ s: CubicSegment, _ t: Double) -> Vec2 {
        let u = 1 - t
        return (s.p1 - s.p0) * (3 * u * u) + (s.p2 - s.p1) * (6 * u * t) + (s.p3 - s.p2) * (3 * t * t)
    }
}
