import ArcMaskGeometry
import ArcMaskTimerClock

/// The timer-font route's timing: the shared loop timing (`TimerLoopTiming`) among its loops.
public typealias TimerFontTiming = TimerLoopTiming

extension TimerLoopTiming {
    /// - Parameter loopSeconds: the loop asked for (nil: the shortest that suits `mode`).
    public static func choose(
        durationMs d: Double, loopSeconds: Int?, mode: Mode
    ) throws(PlanError)
        -> TimerLoopTiming
    {
        guard d > 0, d.isFinite else {
            throw PlanError(problem: "the animation lasts no time", suggestion: "give its frames durations")
        }
        if let loopSeconds, !TimerFontPlan.loops.contains(loopSeconds) {
            throw PlanError(
                problem: "a \(loopSeconds) s loop does not fit the timer-font route",
                suggestion:
                    "\(PlanSetting.loopSeconds.token) takes one of \(TimerFontPlan.loops.map(String.init).joined(separator: ", ")) s"
            )
        }
        return try choose(durationMs: d, among: loopSeconds.map { [$0] } ?? TimerFontPlan.loops, mode: mode)
    }

}
