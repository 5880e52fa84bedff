/// A value a keyframe can hold, and how two of them blend: `t` per dimension (Lottie eases
/// each dimension of a vector on its own curve when the tangents say so).
public protocol Interpolable: Sendable {
    func interpolated(to other: Self, _ t: [Double]) -> Self
}

extension Array: Interpolable where Element == Double {
    public func interpolated(to other: [Double], _ t: [Double]) -> [Double] {
        let n = Swift.min(count, other.count)
        guard n > 0 else { return self }
        var out = self
        for k in 0..<n {
            let tk = t.isEmpty ? 0 : t[Swift.min(k, t.count - 1)]
            out[k] = self[k] + (other[k] - self[k]) * tk
        }
        return out
    }
}

extension BezierPath: Interpolable {
    public func interpolated(to other: BezierPath, _ t: [Double]) -> BezierPath {
        interpolated(to: other, t.first ?? 0)
    }
}

/// One span between keyframes, resolved when the document is read: where it starts, the
/// values at either end, and how time runs through it.
public struct KeyframeSpan<Value: Interpolable>: Sendable {
    public var time: Double
    public var endTime: Double
    public var start: Value
    public var end: Value
    public var hold: Bool
    /// One curve per dimension (one for all when the file gives one).
    public var easings: [BezierEasing]
    /// Position only: the path's tangents out of `start` and into `end` (relative).
    public var spatialOut: Vec2?
    public var spatialIn: Vec2?
}

/// A property: a fixed value, or keyframes.
public enum Animatable<Value: Interpolable>: Sendable {
    case fixed(Value)
    /// Spans in time order, then the value from the last keyframe on.
    case keyframed([KeyframeSpan<Value>], last: Value)

    public var isAnimated: Bool { if case .keyframed = self { true } else { false } }

    /// The first keyframe's time (nil when fixed).
    public var firstTime: Double? { if case .keyframed(let spans, _) = self { spans.first?.time } else { nil } }

    /// The value at `time` (in the layer's frames).
    public func value(at time: Double) -> Value {
        switch self {
        case .fixed(let v): return v
        case .keyframed(let spans, let last):
            guard let first = spans.first else { return last }
            if time < first.time { return first.start }
            guard let span = Self.span(spans, at: time) else { return last }
            if span.hold { return span.start }
            let progress = (time - span.time) / (span.endTime - span.time)
            let t = span.easings.map { $0.value(at: progress) }
            return span.start.interpolated(to: span.end, t.isEmpty ? [progress] : t)
        }
    }

    /// The span holding `time`, by binary search (nil at or after the last keyframe).
    static func span(_ spans: [KeyframeSpan<Value>], at time: Double) -> KeyframeSpan<Value>? {
        var lo = 0, hi = spans.count - 1
        guard time < spans[hi].endTime else { return nil }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if spans[mid].time <= time { lo = mid } else { hi = mid - 1 }
        }
        return spans[lo]
    }
}

extension Animatable where Value == [Double] {
    /// As `value(at:)`, with positions that move along their spatial Bézier (`to`/`ti`) at an
    /// even speed along the curve, as the players measure it.
    public func position(at time: Double) -> [Double] {
        guard case .keyframed(let spans, _) = self, let first = spans.first, time >= first.time,
            let span = Self.span(spans, at: time), !span.hold, let out = span.spatialOut, let inn = span.spatialIn,
            span.start.count >= 2, span.end.count >= 2, out != .zero || inn != .zero
        else { return value(at: time) }
        let progress = (time - span.time) / (span.endTime - span.time)
        let eased = span.easings.first?.value(at: progress) ?? progress
        let p0 = Vec2(span.start[0], span.start[1]), p3 = Vec2(span.end[0], span.end[1])
        let curve = CubicSegment(p0, p0 + out, p3 + inn, p3)
        let p = SpatialCurve.point(curve, fraction: eased)
        var v = span.start.interpolated(to: span.end, [eased])
        v[0] = p.x
        v[1] = p.y
        return v
    }
}

/// Points along a spatial Bézier at a fraction of its length, as the player finds them: on a
/// polyline through 150 points of the curve, at even speed; an eased fraction below 0 or
/// above 1 gives the end point.
enum SpatialCurve {
    static let points = 150

    static func point(_ c: CubicSegment, fraction: Double) -> Vec2 {
        if fraction == 0 { return c.p0 }
        if fraction < 0 || fraction >= 1 { return c.p3 }
        var pts: [Vec2] = []
        var lengths = [0.0]
        pts.reserveCapacity(points)
        for k in 0..<points {
            let p = c.point(at: Double(k) / Double(points - 1))
            if k > 0 { lengths.append(lengths[k - 1] + p.distance(to: pts[k - 1])) }
            pts.append(p)
        }
        let target = fraction * lengths[points - 1]
        for j in 0..<(points - 1) where target >= lengths[j] && target < lengths[j + 1] {
            let f = (target - lengths[j]) / (lengths[j + 1] - lengths[j])
            return pts[j].lerp(pts[j + 1], f)
        }
        return c.p3
    }
}
