import ArcMaskTimerClock
import Testing

/// A timer route's loop judged against the animation's own frames and pace.
@Suite("Lanes against the source")
struct SourceFidelityTests {
    /// Examples/orbit.gif's delays: 16 frames of 60 and 120 ms, 1.44 s.
    static let orbit: [Double] = [60, 60, 60, 60, 120, 120, 120, 120, 60, 60, 60, 60, 120, 120, 120, 120]
    static let timing = TimerLoopTiming.nearest(loopSeconds: 10, durationMs: 1440)

    /// Lanes every `step` s from 0, each showing the frame on screen when it starts.
    static func sampled(every step: Double, durations: [Double], timing: TimerLoopTiming) -> [SourceFidelity.Turn] {
        let count = Int((Double(timing.loopSeconds) / step).rounded())
        return (0..<count).map { k in
            let from = Double(k) * step
            let f = TimerLoopTiming.frame(at: timing.animationTime(atLoopSeconds: from), durations: durations)
            return SourceFidelity.Turn(frame: f, from: from, to: min(Double(timing.loopSeconds), from + step))
        }
    }

    @Test("lanes where each frame starts show every frame in every play, on time")
    func exact() {
        var turns: [SourceFidelity.Turn] = []
        let k = 1 / (Self.timing.speed * 1000)
        var t = 0.0
        for _ in 0..<Self.timing.plays {
            for (f, d) in Self.orbit.enumerated() {
                turns.append(.init(frame: f, from: t * k, to: (t + d) * k))
                t += d
            }
        }
        let f = SourceFidelity(
            turns: turns, durationsMs: Self.orbit, timing: Self.timing, laneMs: 1000 / 30, paceAsked: false)
        #expect(f.passed && f.fewestShownPerPlay == 16 && f.missing.isEmpty && f.neverShown.isEmpty)
        #expect(abs(f.onTimeShare - 1) < 1e-9 && f.longestLateMs < 1e-6 && f.longestEarlyMs < 1e-6)
        #expect(f.sentence.hasPrefix("each play shows 16 of 16 frames"))
    }

    @Test("the landed fallback's 5.5 lanes a second drop half of orbit's frames: FAIL, naming them")
    func thinned() {
        let turns = Self.sampled(every: 10.0 / 55, durations: Self.orbit, timing: Self.timing)
        let f = SourceFidelity(
            turns: turns, durationsMs: Self.orbit, timing: Self.timing, laneMs: 1000 / 30, paceAsked: false)
        #expect(!f.passed && f.fewestShownPerPlay <= 9 && !f.dropped.isEmpty)
        #expect(f.failures[0].contains("missing from some plays"))
        #expect(f.onTimeShare < 0.6)
    }

    @Test("a pace more than 5 % off fails unless it was asked for")
    func pace() {
        let clip = [Double](repeating: 100, count: 100)  // 10 s
        let timing = TimerLoopTiming.nearest(loopSeconds: 2, durationMs: 10_000)  // 5× its pace
        let turns = Self.sampled(every: 0.02, durations: clip, timing: timing)
        let unasked = SourceFidelity(
            turns: turns, durationsMs: clip, timing: timing, laneMs: 1000 / 30, paceAsked: false)
        #expect(!unasked.passed && unasked.failures.contains { $0.contains("5× the animation's own pace") })
        let asked = SourceFidelity(turns: turns, durationsMs: clip, timing: timing, laneMs: 1000 / 30, paceAsked: true)
        #expect(!asked.failures.contains { $0.contains("pace") })
    }
}
