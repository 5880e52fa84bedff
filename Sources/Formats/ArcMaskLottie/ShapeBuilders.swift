import Foundation

/// The outlines of Lottie's parametric shapes, vertex for vertex as the reference player
/// builds them (the start vertex and direction matter to trim paths and dashes).
enum ShapeBuilders {
    /// The Bézier circle constant the players use for ellipses and rounded corners.
    static let kappa = 0.5519

    static func ellipse(center c: Vec2, size: Vec2, reversed: Bool) -> BezierPath {
        let rx = size.x / 2, ry = size.y / 2
        let kx = rx * kappa, ky = ry * kappa
        var p = BezierPath(closed: true)
        let top = Vec2(c.x, c.y - ry), bottom = Vec2(c.x, c.y + ry)
        let right = Vec2(c.x + rx, c.y), left = Vec2(c.x - rx, c.y)
        if !reversed {
            p.append(top, in: Vec2(top.x - kx, top.y), out: Vec2(top.x + kx, top.y))
            p.append(right, in: Vec2(right.x, right.y - ky), out: Vec2(right.x, right.y + ky))
            p.append(bottom, in: Vec2(bottom.x + kx, bottom.y), out: Vec2(bottom.x - kx, bottom.y))
            p.append(left, in: Vec2(left.x, left.y + ky), out: Vec2(left.x, left.y - ky))
        } else {
            p.append(top, in: Vec2(top.x + kx, top.y), out: Vec2(top.x - kx, top.y))
            p.append(left, in: Vec2(left.x, left.y - ky), out: Vec2(left.x, left.y + ky))
            p.append(bottom, in: Vec2(bottom.x - kx, bottom.y), out: Vec2(bottom.x + kx, bottom.y))
            p.append(right, in: Vec2(right.x, right.y + ky), out: Vec2(right.x, right.y - ky))
        }
        return p
    }

    static func rectangle(center c: Vec2, size: Vec2, roundness: Double, reversed: Bool) -> BezierPath {
        let hw = size.x / 2, hh = size.y / 2
        let r = max(0, min(roundness, hw, hh))
        let k = r * (1 - kappa)
        var p = BezierPath(closed: true)
        let x0 = c.x - hw, x1 = c.x + hw, y0 = c.y - hh, y1 = c.y + hh
        if r == 0 {
            let corners = [Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1), Vec2(x0, y0)]
            if !reversed {
                for v in corners { p.append(v) }
            } else {
                for v in [corners[0], corners[3], corners[2], corners[1]] { p.append(v) }
            }
            return p
        }
        if !reversed {
            p.append(Vec2(x1, y0 + r), in: Vec2(x1, y0 + k), out: Vec2(x1, y0 + r))
            p.append(Vec2(x1, y1 - r), in: Vec2(x1, y1 - r), out: Vec2(x1, y1 - k))
            p.append(Vec2(x1 - r, y1), in: Vec2(x1 - k, y1), out: Vec2(x1 - r, y1))
            p.append(Vec2(x0 + r, y1), in: Vec2(x0 + r, y1), out: Vec2(x0 + k, y1))
            p.append(Vec2(x0, y1 - r), in: Vec2(x0, y1 - k), out: Vec2(x0, y1 - r))
            p.append(Vec2(x0, y0 + r), in: Vec2(x0, y0 + r), out: Vec2(x0, y0 + k))
            p.append(Vec2(x0 + r, y0), in: Vec2(x0 + k, y0), out: Vec2(x0 + r, y0))
            p.append(Vec2(x1 - r, y0), in: Vec2(x1 - r, y0), out: Vec2(x1 - k, y0))
        } else {
            p.append(Vec2(x1, y0 + r), in: Vec2(x1, y0 + r), out: Vec2(x1, y0 + k))
            p.append(Vec2(x1 - r, y0), in: Vec2(x1 - k, y0), out: Vec2(x1 - r, y0))
            p.append(Vec2(x0 + r, y0), in: Vec2(x0 + r, y0), out: Vec2(x0 + k, y0))
            p.append(Vec2(x0, y0 + r), in: Vec2(x0, y0 + k), out: Vec2(x0, y0 + r))
            p.append(Vec2(x0, y1 - r), in: Vec2(x0, y1 - r), out: Vec2(x0, y1 - k))
            p.append(Vec2(x0 + r, y1), in: Vec2(x0 + k, y1), out: Vec2(x0 + r, y1))
            p.append(Vec2(x1 - r, y1), in: Vec2(x1 - r, y1), out: Vec2(x1 - k, y1))
            p.append(Vec2(x1, y1 - r), in: Vec2(x1, y1 - k), out: Vec2(x1, y1 - r))
        }
        return p
    }

    /// A star (`isStar`) or polygon: points from the top (rotated by `rotation` degrees),
    /// alternating outer and inner radii for a star; roundness bends each vertex's tangents
    /// along the circle through it.
    static func star(
        center c: Vec2, points: Double, rotation: Double, outerRadius: Double, innerRadius: Double,
        outerRoundness: Double, innerRoundness: Double, isStar: Bool, reversed: Bool
    ) -> BezierPath {
        let n = Int(min(max(points.rounded(.down), 0), 10_000))
        guard n > 0 else { return BezierPath() }
        let count = isStar ? n * 2 : n
        let angleStep = 2 * Double.pi / Double(count)
        let dir: Double = reversed ? -1 : 1
        var angle = -Double.pi / 2 + rotation * Double.pi / 180
        var p = BezierPath(closed: true)
        for k in 0..<count {
            let outer = !isStar || k % 2 == 0
            let rad = outer ? outerRadius : innerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let perimeter = isStar ? 2 * Double.pi * rad / Double(count * 2) : 2 * Double.pi * rad / Double(count * 4)
            let x = rad * cos(angle), y = rad * sin(angle)
            let len = (x * x + y * y).squareRoot()
            let ox = len == 0 ? 0 : y / len, oy = len == 0 ? 0 : -x / len
            let v = Vec2(x + c.x, y + c.y)
            let t = Vec2(ox * perimeter * roundness * dir, oy * perimeter * roundness * dir)
            p.append(v, in: v + t, out: v - t)
            angle += angleStep * dir
        }
        return p
    }
}
