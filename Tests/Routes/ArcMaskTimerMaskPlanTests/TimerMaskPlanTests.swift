import ArcMaskTimerClock
import Testing

@testable import ArcMaskTimerMaskPlan

@Suite struct TimerClockTests {
    @Test("the timer shows whole seconds elapsed, M:SS under an hour and H:MM:SS after")
    func text() {
        #expect(TimerClock.text(elapsed: 0) == "0:00")
        #expect(TimerClock.text(elapsed: 65) == "1:05")
        #expect(TimerClock.text(elapsed: 3599) == "59:59")
        #expect(TimerClock.text(elapsed: 3600) == "1:00:00")
        #expect(TimerClock.text(elapsed: 360_061) == "100:01:01")
        #expect(TimerClock.elapsed(at: 0.999, lead: 1) == 1 && TimerClock.elapsed(at: 0.5, lead: -1) == -1)
        #expect(TimerClock.secondsField(elapsed: 3605) == 5)
    }
}

@Suite struct TimerMaskPlanTests {
    /// Instants around the timer's wraps into hours, where its text changes shape.
    static let hourWraps: [Double] = [3_598, 35_998, 359_998, 3_599_998]

    @Test(
        "every refresh shows the lane meant to be on top: two loops, and across the wraps into hours",
        arguments: [(1, 2), (8, 2), (16, 2), (30, 2), (12, 3), (16, 5), (16, 10), (30, 10), (8, 30), (10, 12)])
    func seamless(fps: Int, loop: Int) throws {
        let plan = try TimerMaskPlan(fps: fps, loopSeconds: loop)
        #expect(plan.lanes.count == fps * loop)
        for hz in [60, 120] {
            let check = TimerMaskCheck.run(plan, hz: hz, seconds: Double(2 * loop + 1))
            #expect(check.passed, "\(fps) fps, \(loop) s loop at \(hz) Hz: \(check.defects.prefix(3))")
            #expect(check.refreshes > hz * 2 * loop && check.handOffs >= 2 * fps * loop - 1)
            for start in Self.hourWraps {
                #expect(TimerMaskCheck.run(plan, hz: hz, start: start, seconds: 4).passed)
            }
        }
    }

    @Test(
        "lanes: one per frame, bottom to top, each on top until the next; the last second's lanes carry the wrap mask")
    func lanes() throws {
        let plan = try TimerMaskPlan(fps: 4, loopSeconds: 2)
        #expect(plan.lanes.map(\.frame) == Array(0..<8))
        #expect(plan.lanes[0].masks.isEmpty)
        #expect(plan.lanes[3].masks == [TimerMaskPlan.Mask(periodSeconds: 2, leadSeconds: 1.25)])
        #expect(plan.lanes[5].masks.count == 2 && plan.lanes[5].masks[1].leadSeconds == 1)
        #expect(plan.lanes[7].onTopFromSeconds == 1.75 && plan.lanes[7].onTopToSeconds == 2)
        // Seven leads (0.25 … 1.75 s); the wrap mask's lead of 1 s is lane 4's own.
        #expect(plan.masks.count == 7)
    }

    @Test("a stack without the wrap handling shows the loop's last lanes in the next loop's first second")
    func withoutWrap() throws {
        let plan = try TimerMaskPlan(fps: 16, loopSeconds: 2, handlesWrap: false)
        let check = TimerMaskCheck.run(plan, hz: 60, seconds: 5)
        #expect(!check.passed)
        guard case .wrongFrame(let t, let shown, _, let intended)? = check.defects.first else {
            Issue.record("no wrong frame found")
            return
        }
        // In the first second (of the first loop already), a last-second lane covers the frame.
        #expect(t.truncatingRemainder(dividingBy: 2) < 1)
        #expect(plan.lanes[shown].onTopFromSeconds > 1 && shown > intended)
        #expect(check.defects.first!.description == "at 0.017 s (0:00.017): lane 31 shows frame 31, frame 0 is meant")
    }

    @Test("a mask font whose period is one second off fails, naming the instant")
    func wrongPeriod() throws {
        let plan = try TimerMaskPlan(fps: 8, loopSeconds: 4)
        let wrong = TimerMaskPlan(
            fps: 8, loopSeconds: 4,
            lanes: plan.lanes.map { lane in
                TimerMaskPlan.Lane(
                    frame: lane.frame, onTopFromSeconds: lane.onTopFromSeconds, onTopToSeconds: lane.onTopToSeconds,
                    masks: lane.masks.map { TimerMaskPlan.Mask(periodSeconds: 5, leadSeconds: $0.leadSeconds) })
            })
        let check = TimerMaskCheck.run(wrong, hz: 120, seconds: 12)
        #expect(!check.passed)
        #expect(check.defects.first.map { d in if case .wrongFrame = d { true } else { false } } == true)
    }

    @Test("a mask whose lead is 5 ms off moves its hand-off, and the check names it")
    func lateHandOff() throws {
        let plan = try TimerMaskPlan(fps: 8, loopSeconds: 2)
        var lanes = plan.lanes
        let lane = lanes[3]
        lanes[3] = TimerMaskPlan.Lane(
            frame: lane.frame, onTopFromSeconds: lane.onTopFromSeconds, onTopToSeconds: lane.onTopToSeconds,
            masks: [TimerMaskPlan.Mask(periodSeconds: 2, leadSeconds: lane.masks[0].leadSeconds - 0.005)])
        let check = TimerMaskCheck.run(TimerMaskPlan(fps: 8, loopSeconds: 2, lanes: lanes), hz: 120, seconds: 3)
        guard case .lateHandOff(let t, let off, let to)? = check.defects.first else {
            Issue.record("no late hand-off: \(check.defects)")
            return
        }
        #expect(to == 3 && abs(off - 0.005) < 0.0002 && abs(t - 0.380) < 0.0002)
    }

    @Test("every n-th frame dropped keeps the loop's length; more than a second without a lane is refused")
    func dropping() throws {
        let plan = try TimerMaskPlan(fps: 30, loopSeconds: 4, kept: Array(stride(from: 0, to: 120, by: 3)))
        #expect(plan.lanes.count == 40 && plan.lanes.last!.onTopToSeconds == 4)
        #expect(TimerMaskCheck.run(plan, hz: 120, seconds: 9).passed)
        #expect(throws: (any Error).self) { try TimerMaskPlan(fps: 8, loopSeconds: 4, kept: [0, 10, 20]) }
        #expect(throws: (any Error).self) { try TimerMaskPlan(fps: 31, loopSeconds: 2) }
        #expect(throws: (any Error).self) { try TimerMaskPlan(fps: 8, loopSeconds: 7) }
        #expect(throws: (any Error).self) { try TimerMaskPlan(fps: 8, loopSeconds: 2, kept: [1, 2]) }
    }
}

@Suite struct TimerMaskTimingTests {
    @Test("the loop is chosen among the route's loops, repeat keeping the pace, scale fitting it")
    func loops() throws {
        let half = try TimerMaskPlan.timing(durationMs: 500, loopSeconds: nil, mode: .auto)
        #expect(half.loopSeconds == 2 && half.plays == 4 && half.keepsPace)
        // 3 s fits the 3 s loop, which the timer-font route does not have.
        let three = try TimerMaskPlan.timing(durationMs: 3000, loopSeconds: nil, mode: .repeat)
        #expect(three.loopSeconds == 3 && three.plays == 1)
        // Scaled into a 3 s loop asked for; left to choose, the pace closest to its own wins
        // (7 plays in 20 s, 1.5 % fast).
        let odd = try TimerMaskPlan.timing(durationMs: 2_900, loopSeconds: 3, mode: .scale)
        #expect(odd.loopSeconds == 3 && abs(odd.speed - 2.9 / 3) < 1e-9)
        let free = try TimerMaskPlan.timing(durationMs: 2_900, loopSeconds: nil, mode: .scale)
        #expect(free.loopSeconds == 20 && free.plays == 7)
        #expect(throws: (any Error).self) { try TimerMaskPlan.timing(durationMs: 700, loopSeconds: 7, mode: .auto) }
        #expect(throws: (any Error).self) { try TimerMaskPlan.timing(durationMs: 700, loopSeconds: 2, mode: .repeat) }
    }

    @Test("the frame rate is the source's own, held to 1…30; over the lane limit every n-th frame is kept")
    func lanes() throws {
        #expect(TimerMaskPlan.frameRate(durationsMs: Array(repeating: 40, count: 10)) == 25)
        #expect(TimerMaskPlan.frameRate(durationsMs: Array(repeating: 10, count: 10)) == 30)
        #expect(TimerMaskPlan.frameRate(durationsMs: [0, 0]) == 1)
        let plan = try TimerMaskPlan.fitted(fps: 30, loopSeconds: 30, maxLanes: 320)
        // 900 frames, every third kept: 300 lanes, each 0.1 s on top.
        #expect(plan.lanes.count == 300 && plan.lanes[1].onTopFromSeconds == 0.1)
        #expect(TimerMaskCheck.run(plan, hz: 60, seconds: 62).passed)
        #expect(try TimerMaskPlan.fitted(fps: 16, loopSeconds: 2).lanes.count == 32)
    }

    @Test("each lane shows the source frame on screen at the start of its turn")
    func sourceFrames() throws {
        // Four frames of 250 ms, played twice per 2 s loop at 4 fps: 0 1 2 3 0 1 2 3.
        let timing = try TimerMaskPlan.timing(durationMs: 1000, loopSeconds: 2, mode: .repeat)
        let plan = try TimerMaskPlan(fps: 4, loopSeconds: 2)
        #expect(plan.sourceFrames(timing: timing, durationsMs: [250, 250, 250, 250]) == [0, 1, 2, 3, 0, 1, 2, 3])
    }
}
