import ArcMaskGeometry
import ArcMaskTimerFontPlan
import Testing

@Suite("Timer-font timing")
struct TimerFontTimingTests {
    @Test("repeat keeps the pace when a loop fits; scale takes the closest pace; refusals name the loop")
    func choices() throws {
        let half = try TimerFontTiming.choose(durationMs: 500, loopSeconds: nil, mode: .auto)
        #expect(half.loopSeconds == 2 && half.plays == 4 && half.speed == 1)
        // 0.7 s: no loop holds a whole number of plays; 43 plays in 30 s come within half a percent
        // (1.0033×), the first loop that does; the summary states the pace.
        let odd = try TimerFontTiming.choose(durationMs: 700, loopSeconds: nil, mode: .auto)
        #expect(odd.loopSeconds == 30 && odd.plays == 43 && odd.keepsPace)
        #expect(odd.sentence == "plays 43 times per 30 s loop at 1.003× its own pace (0.7 s → 0.698 s)")
        let kept = try TimerFontTiming.choose(durationMs: 1500, loopSeconds: nil, mode: .repeat)
        #expect(kept.loopSeconds == 6 && kept.plays == 4)
        #expect(throws: PlanError.self) { try TimerFontTiming.choose(durationMs: 1500, loopSeconds: 4, mode: .repeat) }
        #expect(throws: PlanError.self) { try TimerFontTiming.choose(durationMs: 1500, loopSeconds: 5, mode: .scale) }
        let squeezed = try TimerFontTiming.choose(durationMs: 2500, loopSeconds: 2, mode: .scale)
        #expect(squeezed.plays == 1 && squeezed.speed == 1.25)
        // GIF centiseconds: 2.01 s is within half a percent of 2 s.
        #expect(try TimerFontTiming.choose(durationMs: 2010, loopSeconds: nil, mode: .auto).keepsPace)
    }

    @Test("the animation's time at a loop instant wraps at its length, and frames are looked up by start")
    func mapping() throws {
        let t = try TimerFontTiming.choose(durationMs: 500, loopSeconds: 2, mode: .repeat)
        #expect(t.animationTime(atLoopSeconds: 0.625) == 125)
        #expect(TimerFontTiming.frame(at: 125, durations: [100, 100, 300]) == 1)
        #expect(TimerFontTiming.frame(at: 200, durations: [100, 100, 300]) == 2)
        #expect(TimerFontTiming.frame(at: 499.9, durations: [100, 100, 300]) == 2)
    }

    @Test("one frame plans as a still with every preset: one full ring covering the view at any rotation")
    func stillEveryPreset() throws {
        for preset in Preset.allCases {
            for (w, h, d) in [(170.0, 170.0, 100.0), (409, 3.3, 4096), (364, 170, 0.5), (1, 1, 1)] {
                let plan = try ArcPlanner.plan(
                    PlanRequest(viewWidth: w, viewHeight: h, scale: 3, durationsMs: [d], preset: preset))
                #expect(plan.layers.count == 1 && plan.layers[0].frame == 0, "\(preset) \(w)×\(h)")
                #expect(plan.layers[0].endAngle - plan.layers[0].startAngle >= 360)
                #expect(abs(plan.periodSeconds - d / 1000) < 1e-12)
                let model = AnalyticModel(plan)
                for phi in stride(from: 0.0, to: 360, by: 7.5) {
                    let seen = model.observe(rotation: phi)
                    #expect(seen.frames == [0] && !seen.gap, "\(preset) \(w)×\(h) at \(phi)°: \(seen)")
                }
            }
        }
    }
}
