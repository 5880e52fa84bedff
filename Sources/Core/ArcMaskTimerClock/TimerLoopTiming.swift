import ArcMaskGeometry
import Foundation

/// How an animation's own timeline maps onto a timer loop, whose length must divide 60 s (both
/// public-API routes loop so, their timers' seconds keeping the phase across minutes and hours):
/// the animation plays `plays` times per loop, at `speed` times its own pace.
///
/// - `repeat`: the animation keeps its pace and repeats a whole number of times per loop (a
///   0.5 s animation plays 4 times in a 2 s loop); refused when no loop length fits it.
/// - `scale`: the animation is stretched or squeezed in time to the loop (plays as many times
///   as brings the pace closest to its own).
/// - `auto`: `repeat` when a loop fits within half a percent, `scale` otherwise.
public struct TimerLoopTiming: Sendable, Equatable, Codable {
    public enum Mode: String, CaseIterable, Sendable, Codable { case auto, `repeat`, scale }

    public let loopSeconds: Int
    /// Times the animation plays per loop.
    public let plays: Int
    /// The animation's pace in the loop relative to its own: 1 keeps it, 2 plays it twice as fast.
    public let speed: Double
    /// The animation's own length, ms.
    public let durationMs: Double

    /// A pace within this of 1 counts as kept (GIF delays are whole centiseconds).
    public static let keptPace = 0.005

    public var keepsPace: Bool { abs(speed - 1) <= Self.keptPace }

    /// The choice for a route whose loops are `loops` (shortest first): among them all, or the
    /// one asked for (`loopSeconds`), which must be one of them.
    public static func choose(
        durationMs d: Double, loopSeconds: Int?, loops: [Int], route: String, mode: Mode
    ) throws(PlanError) -> TimerLoopTiming {
        guard d > 0, d.isFinite else {
            throw PlanError(problem: "the animation lasts no time", suggestion: "give its frames durations")
        }
        if let loopSeconds, !loops.contains(loopSeconds) {
            throw PlanError(
                problem: "a \(loopSeconds) s loop does not fit the \(route) route",
                suggestion:
                    "\(PlanSetting.loopSeconds.token) takes one of \(loops.map(String.init).joined(separator: ", ")) s")
        }
        return try choose(durationMs: d, among: loopSeconds.map { [$0] } ?? loops, mode: mode)
    }

    /// The choice among `candidates` (a route's loop lengths, shortest first).
    public static func choose(
        durationMs d: Double, among candidates: [Int], mode: Mode
    ) throws(PlanError)
        -> TimerLoopTiming
    {
        guard d > 0, d.isFinite, !candidates.isEmpty else {
            throw PlanError(problem: "the animation lasts no time", suggestion: "give its frames durations")
        }
        let loopSeconds: Int? = candidates.count == 1 ? candidates[0] : nil
        func timing(_ l: Int) -> TimerLoopTiming { nearest(loopSeconds: l, durationMs: d) }
        let kept = candidates.map(timing).first { $0.keepsPace }
        switch mode {
        case .repeat:
            if let kept { return kept }
            let seconds = d / 1000
            throw PlanError(
                problem:
                    "a \(format(seconds)) s animation does not repeat a whole number of times in \(loopSeconds.map { "a \($0) s loop" } ?? "any loop that divides 60 s")",
                suggestion:
                    "use \(PlanSetting.timing.token) scale to fit it to a loop in time, or choose another "
                    + PlanSetting.loopSeconds.token)
        case .auto where kept != nil:
            return kept!
        case .auto, .scale:
            // The pace closest to the animation's own; the shorter loop when two are as close.
            var best = timing(candidates[0])
            for l in candidates.dropFirst() {
                let t = timing(l)
                if abs(log(t.speed)) < abs(log(best.speed)) - 1e-9 { best = t }
            }
            return best
        }
    }

    /// A loop of `loopSeconds` for an animation of `d` ms: as many plays as bring the pace
    /// closest to its own.
    public static func nearest(loopSeconds l: Int, durationMs d: Double) -> TimerLoopTiming {
        let plays = max(1, Int((Double(l) * 1000 / d).rounded()))
        return TimerLoopTiming(
            loopSeconds: l, plays: plays, speed: Double(plays) * d / (Double(l) * 1000), durationMs: d)
    }

    /// The animation's own time (ms, in `0 ..< durationMs`) at `seconds` into the loop.
    public func animationTime(atLoopSeconds seconds: Double) -> Double {
        let t = seconds * 1000 * speed
        let r = t - (t / durationMs).rounded(.down) * durationMs
        return min(max(0, r), durationMs)
    }

    /// The source frame showing at `ms` of a timeline with these frame durations.
    public static func frame(at ms: Double, durations: [Double]) -> Int {
        var start = 0.0
        for (k, d) in durations.enumerated() {
            // A tolerance of a microsecond keeps exact boundaries on the later frame.
            if ms + 0.001 < start + d { return k }
            start += d
        }
        return max(0, durations.count - 1)
    }

    /// What a summary says: "plays 4 times per 2 s loop at its own pace".
    public var sentence: String {
        let times = plays == 1 ? "once" : "\(plays) times"
        let pace =
            abs(speed - 1) < 1e-9
            ? "at its own pace"
            : "at \(format(speed))× its own pace (\(format(durationMs / 1000)) s → \(format(Double(loopSeconds) / Double(plays))) s)"
        return "plays \(times) per \(loopSeconds) s loop \(pace)"
    }
}

private func format(_ x: Double) -> String {
    let r = (x * 1000).rounded() / 1000
    return r == r.rounded() ? String(Int(r)) : String(r)
}
