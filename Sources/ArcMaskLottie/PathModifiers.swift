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
