import Foundation

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

/// The expressions `loopOut(type, n)` and `loopIn(type, n)` evaluated as lottie-web evaluates
/// them: past the last keyframe (before the first), time runs again through the last (first)
/// `n` keyframes' span — all of them when `n` is 0 — from its start (`cycle`) or back and forth
/// (`pingpong`).
public struct KeyframeLoop: Sendable, Equatable {
    public enum Kind: String, Sendable { case cycle, pingpong }
    public var out: Bool
    public var kind: Kind
    public var count: Int

    /// Recognises an expression that is only such a call (as After Effects' exporter writes
    /// it: `var $bm_rt; $bm_rt = loopOut('cycle', 0);`).
    public static func parse(_ expression: String) -> KeyframeLoop? {
        var text = expression.replacingOccurrences(of: "var $bm_rt;", with: "")
        text = text.replacingOccurrences(of: "$bm_rt =", with: "").replacingOccurrences(of: "thisProperty.", with: "")
        text = text.filter { !$0.isWhitespace }
        if text.hasSuffix(";") { text.removeLast() }
        for (name, out) in [("loopOut(", true), ("loopIn(", false)] where text.hasPrefix(name) && text.hasSuffix(")") {
            let args = text.dropFirst(name.count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            guard args.count <= 2 else { return nil }
            var kind = Kind.cycle
            if let first = args.first, !first.isEmpty {
                let word = first.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")).lowercased()
                guard let k = Kind(rawValue: word) else { return nil }
                kind = k
            }
            var count = 0
            if args.count == 2 {
                guard let n = Int(args[1]), n >= 0 else { return nil }
                count = n
            }
            return KeyframeLoop(out: out, kind: kind, count: count)
        }
        return nil
    }

    /// The time whose value shows at `time`, for keyframes at `times` (ascending), as
    /// lottie-web computes it.
    func mapped(_ time: Double, times: [Double]) -> Double {
        guard let first = times.first, let last = times.last, last > first else { return time }
        let n = count == 0 || count >= times.count ? times.count - 1 : count
        return out
            ? Self.cycled(time, first: times[times.count - 1 - n], last: last, out: true, pingpong: kind == .pingpong)
            : Self.cycled(time, first: first, last: times[n], out: false, pingpong: kind == .pingpong)
    }

    /// The time shown at `time` for a loop over `first`…`last`, after the last keyframe (`out`)
    /// or before the first, as lottie-web computes it: pingpong mirrors on odd cycles going out
    /// and on even ones going in; going in, cycle (and pingpong's odd cycles) subtract the first
    /// key's time where After Effects adds it.
    static func cycled(_ time: Double, first: Double, last: Double, out: Bool, pingpong: Bool) -> Double {
        let span = last - first
        guard span > 0, out ? time > last : time < first else { return time }
        let elapsed = out ? time - first : first - time
        let cycles = (elapsed / span).rounded(.down)
        let within = elapsed - cycles * span
        let odd = cycles.truncatingRemainder(dividingBy: 2) != 0
        if out { return pingpong && odd ? last - within : first + within }
        return pingpong && !odd ? first + within : span - within - first
    }
}

/// A property: a fixed value, or keyframes (looped past their ends by an expression).
public indirect enum Animatable<Value: Interpolable>: Sendable {
    case fixed(Value)
    /// Spans in time order, then the value from the last keyframe on.
    case keyframed([KeyframeSpan<Value>], last: Value)
    case looped(Animatable<Value>, KeyframeLoop)
    /// Keyframes or a fixed value with an expression run over them (while a frame is drawn
    /// under an `ExpressionFrame`; elsewhere the value underneath).
    case expression(Animatable<Value>, LottieExpression)

    public var isAnimated: Bool {
        switch self {
        case .fixed: false
        case .keyframed: true
        case .looped(let base, _): base.isAnimated
        case .expression: true
        }
    }

    /// The first keyframe's time (nil when fixed).
    public var firstTime: Double? {
        switch self {
        case .fixed: nil
        case .keyframed(let spans, _): spans.first?.time
        case .looped(let base, _), .expression(let base, _): base.firstTime
        }
    }

    /// Keyframe times, in order.
    var keyTimes: [Double] {
        switch self {
        case .fixed: []
        case .keyframed(let spans, _): spans.map(\.time) + (spans.last.map { [$0.endTime] } ?? [])
        case .looped(let base, _), .expression(let base, _): base.keyTimes
        }
    }

    /// The keyframes alone, without a loop or an expression over them (what lottie-web's
    /// `valueAtTime` reads).
    var keyframesOnly: Animatable<Value> {
        switch self {
        case .looped(let base, _), .expression(let base, _): base.keyframesOnly
        default: self
        }
    }

    /// The expression over this property, if any.
    var expression: LottieExpression? {
        switch self {
        case .expression(_, let e): e
        case .looped(let base, _): base.expression
        default: nil
        }
    }

    /// The value at `time` (in the layer's frames).
    public func value(at time: Double) -> Value {
        switch self {
        case .fixed(let v): return v
        case .looped(let base, let loop): return base.value(at: loop.mapped(time, times: base.keyTimes))
        case .expression(let base, let expression):
            let input = base.value(at: time)
            guard let frame = ExpressionFrame.current else { return input }
            return frame.evaluate(expression, base: base, input: input, at: time)
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
        if case .looped(let base, let loop) = self { return base.position(at: loop.mapped(time, times: base.keyTimes)) }
        if case .expression(let base, let expression) = self {
            let input = base.position(at: time)
            guard let frame = ExpressionFrame.current else { return input }
            return frame.evaluate(expression, base: base, input: input, at: time)
        }
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
