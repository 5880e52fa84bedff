import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerClock

/// How an animation becomes the timer-mask route's lanes: its loop (the shared loop timing
/// among the route's loops: repeat, scale or auto, the pace and plays stated), its frame rate,
/// and the lanes kept under the limit of lanes drawn.
extension TimerMaskPlan {
    /// The loop for an animation of `durationMs` (nil `loopSeconds`: the shortest that suits
    /// `mode`).
    public static func timing(
        durationMs d: Double, loopSeconds: Int?, mode: TimerLoopTiming.Mode
    ) throws(PlanError) -> TimerLoopTiming {
        try TimerLoopTiming.choose(
            durationMs: d, loopSeconds: loopSeconds, loops: loops, route: WidgetRoute.timerMask.rawValue, mode: mode)
    }

    /// The source's own frame rate: frames over its length, rounded, held to 1…30.
    public static func frameRate(durationsMs: [Double]) -> Int {
        let total = durationsMs.reduce(0, +)
        guard total > 0, total.isFinite, !durationsMs.isEmpty else { return 1 }
        let fps = (Double(durationsMs.count) * 1000 / total).rounded()
        return Int(min(max(fps, Double(rates.lowerBound)), Double(rates.upperBound)))
    }

    /// The plan at `fps` with at most `maxLanes` lanes: every n-th frame kept (the fewest n
    /// that fits), so the loop keeps its length and each kept picture shows n frames' time.
    public static func fitted(
        fps: Int, loopSeconds: Int, maxLanes: Int = defaultMaxLanes
    ) throws(PlanError)
        -> TimerMaskPlan
    {
        guard maxLanes >= 1 else {
            throw PlanError(problem: "no lanes allowed", suggestion: "allow at least one lane a second of the loop")
        }
        let count = fps * loopSeconds
        let step = max(1, (count + maxLanes - 1) / maxLanes)
        return try TimerMaskPlan(fps: fps, loopSeconds: loopSeconds, kept: Array(stride(from: 0, to: count, by: step)))
    }

    /// The source frame each lane shows: the one on screen at the start of its turn, in the
    /// animation's own time.
    public func sourceFrames(timing: TimerLoopTiming, durationsMs: [Double]) -> [Int] {
        lanes.map { lane in
            TimerLoopTiming.frame(
                at: timing.animationTime(atLoopSeconds: lane.onTopFromSeconds), durations: durationsMs)
        }
    }
}
