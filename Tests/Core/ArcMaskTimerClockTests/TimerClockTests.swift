import ArcMaskGeometry
import Testing

@testable import ArcMaskTimerClock

@Suite("The live timer's clock, and how an animation fits its loop")
struct TimerClockTests {
    @Test("the text a timer shows: m:ss below an hour, h:mm:ss from then on; nothing before its start")
    func text() {
        #expect(TimerClock.text(elapsed: 0) == "0:00")
        #expect(TimerClock.text(elapsed: 59) == "0:59")
        #expect(TimerClock.text(elapsed: 61) == "1:01")
        #expect(TimerClock.text(elapsed: 3599) == "59:59")
        #expect(TimerClock.text(elapsed: 3600) == "1:00:00")
        #expect(TimerClock.text(elapsed: 36_061) == "10:01:01")
        #expect(TimerClock.text(elapsed: -5) == "0:00")
    }

    @Test("whole seconds elapsed: the floor of the time and the lead; the seconds field wraps at 60")
    func elapsed() {
        #expect(TimerClock.elapsed(at: 0, lead: 0) == 0)
        #expect(TimerClock.elapsed(at: 0.999, lead: 0) == 0)
        #expect(TimerClock.elapsed(at: 1.0, lead: 0) == 1)
        #expect(TimerClock.elapsed(at: 0.5, lead: 2.5) == 3)
        #expect(TimerClock.elapsed(at: 0, lead: -0.25) == -1)
        // Nothing a clock could show: 0, not a trap.
        #expect(TimerClock.elapsed(at: .infinity, lead: 0) == 0 && TimerClock.elapsed(at: .nan, lead: 1) == 0)
        #expect(TimerClock.secondsField(elapsed: 125) == 5 && TimerClock.secondsField(elapsed: -1) == 59)
    }

    @Test("repeat keeps the pace in a loop it divides; scale stretches to the closest; auto picks")
    func timing() throws {
        let loops = [2, 3, 4, 5, 6, 10, 12, 15, 20, 30]
        // 0.5 s repeats 4 times in 2 s at its own pace.
        let kept = try TimerLoopTiming.choose(durationMs: 500, among: loops, mode: .auto)
        #expect(kept.loopSeconds == 2 && kept.plays == 4 && kept.keepsPace)
        #expect(kept.sentence == "plays 4 times per 2 s loop at its own pace")
        // 1.44 s fits no loop within half a percent: scaled to the closest pace.
        let scaled = try TimerLoopTiming.choose(durationMs: 1440, among: loops, mode: .auto)
        #expect(!scaled.keepsPace && abs(scaled.speed - 1) < 0.01)
        #expect(throws: PlanError.self) { try TimerLoopTiming.choose(durationMs: 1440, among: [2], mode: .repeat) }
        do {
            _ = try TimerLoopTiming.choose(
                durationMs: 1000, loopSeconds: 7, loops: loops, route: "timer-mask", mode: .auto)
            Issue.record("a 7 s loop was taken")
        } catch {
            #expect(error.problem == "a 7 s loop does not fit the timer-mask route")
        }
        // Frames by time, exact boundaries on the later frame; time within the loop.
        #expect(TimerLoopTiming.frame(at: 100, durations: [100, 100]) == 1)
        #expect(TimerLoopTiming.frame(at: 99.9, durations: [100, 100]) == 0)
        #expect(TimerLoopTiming.frame(at: 10_000, durations: [100, 100]) == 1)
        #expect(kept.animationTime(atLoopSeconds: 0.75) == 250)
    }
}
