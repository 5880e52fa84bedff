import ArcMaskGeometry
import ArcMaskTimerClock

/// The timer-font route's timing: the shared loop timing (`TimerLoopTiming`) among its loops.
public typealias TimerFontTiming = TimerLoopTiming

extension TimerLoopTiming {
    /// - Parameter loopSeconds: the loop asked for (nil: the shortest that suits `mode`).
    public static func choose(
        durationMs d: Double, loopSeconds: Int?, mode: Mode
    ) throws(PlanError) -> TimerLoopTiming {
        try choose(durationMs: d, loopSeconds: loopSeconds, loops: TimerFontPlan.loops, route: "timer-font", mode: mode)
    }
}
