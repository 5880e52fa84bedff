import ArcMaskValues

/// One contour of cubic Bézier segments: vertices with absolute in and out control points
/// (Lottie stores them relative to their vertex; the decoder adds them), open or closed.
public struct BezierPath: Sendable, Equatable {
    public var vertices: [Vec2]
    /// The control point before each vertex (on the segment arriving at it).
    public var inPoints: [Vec2]
    /// The control point after each vertex (on the segment leaving it).
    public var outPoints: [Vec2]
    public var closed: Bool

    public init(vertices: [Vec2] = [], inPoints: [Vec2] = [], outPoints: [Vec2] = [], closed: Bool = false) {
        self.vertices = vertices
        self.inPoints = inPoints.count == vertices.count ? inPoints : vertices
        self.outPoints = outPoints.count == vertices.count ? outPoints : vertices
        self.closed = closed
    }

    public var isEmpty: Bool { vertices.isEmpty }
    public var count: Int { vertices.count }

    /// Whether a segment's control points sit on its ends (to within rounding: trim paths round
    /// cut points to thousandths): then every canvas draws it as a line (a stroker would turn the
    /// stray tangent into a visible notch where a canvas draws a straight stroke).
    @inlinable
    public static func isStraight(_ p0: Vec2, _ c1: Vec2, _ c2: Vec2, _ p3: Vec2) -> Bool {
        c1.distance(to: p0) < 0.005 && c2.distance(to: p3) < 0.005
    }

    public mutating func append(_ v: Vec2, in i: Vec2? = nil, out o: Vec2? = nil) {
        vertices.append(v)
        inPoints.append(i ?? v)
        outPoints.append(o ?? v)
    }

    /// The segments in drawing order, the closing one included when the path is closed.
    public var segments: [CubicSegment] {
        guard vertices.count > 1 else { return [] }
        var out: [CubicSegment] = []
        out.reserveCapacity(vertices.count)
        for k in 0..<(vertices.count - 1) {
            out.append(CubicSegment(vertices[k], outPoints[k], inPoints[k + 1], vertices[k + 1]))
        }
        if closed {
            let n = vertices.count - 1
            out.append(CubicSegment(vertices[n], outPoints[n], inPoints[0], vertices[0]))
        }
        return out
    }

    public func transformed(_ m: Affine) -> BezierPath {
        BezierPath(
            vertices: vertices.map(m.apply), inPoints: inPoints.map(m.apply), outPoints: outPoints.map(m.apply),
            closed: closed)
    }

    /// The same contour drawn the other way round (the first vertex stays first, as Lottie's
    /// "reversed" direction has it).
    public func reversed() -> BezierPath {
        guard vertices.count > 1 else { return self }
        var r = BezierPath(closed: closed)
        r.append(vertices[0], in: outPoints[0], out: inPoints[0])
        for k in stride(from: vertices.count - 1, through: 1, by: -1) {
            r.append(vertices[k], in: outPoints[k], out: inPoints[k])
        }
        return r
    }

    /// Vertex by vertex between two contours of the same size (`t` 0 is `self`).
    public func interpolated(to other: BezierPath, _ t: Double) -> BezierPath {
        guard other.count == count, t != 0 else { return self }
        var r = BezierPath(closed: closed)
        r.vertices.reserveCapacity(count)
        for k in 0..<count {
            r.append(
                vertices[k].lerp(other.vertices[k], t), in: inPoints[k].lerp(other.inPoints[k], t),
                out: outPoints[k].lerp(other.outPoints[k], t))
        }
        return r
    }
}

/// A cubic Bézier segment.
public struct CubicSegment: Sendable, Equatable {
    public var p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2

    public init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    public func point(at t: Double) -> Vec2 {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Vec2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The two halves at `t` (de Casteljau).
    public func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let d = a.lerp(b, t), e = b.lerp(c, t)
        let m = d.lerp(e, t)
        return (CubicSegment(p0, a, d, m), CubicSegment(m, e, c, p3))
    }

    /// The part from `t0` to `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    public func part(_ t0: Double, _ t1: Double) -> CubicSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        let right = t0 <= 0 ? self : split(at: t0).1
        guard t1 < 1 else { return right }
        let local = t0 >= 1 ? 0 : (t1 - t0) / (1 - t0)
        return right.split(at: local).0
    }

    public var isLine: Bool { p1 == p0 && p2 == p3 }

    /// Length by summing `steps` chords.
    public func length(steps: Int) -> Double {
        if isLine { return p0.distance(to: p3) }
        var total = 0.0
        var prev = p0
        for k in 1...steps {
            let p = point(at: Double(k) / Double(steps))
            total += prev.distance(to: p)
            prev = p
        }
        return total
    }
}
