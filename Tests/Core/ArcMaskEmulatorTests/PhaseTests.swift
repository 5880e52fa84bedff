import ArcMaskEmulator
import ArcMaskGeometry
import Foundation
import Testing

/// The verdict is phase-aligned: a widget that plays the loop in order at the right speed,
/// started elsewhere in it, plays correctly.
@Suite("Phase-aligned verdicts")
struct PhaseVerdictTests {
    static let equal12 = [Double](repeating: 100, count: 12)
    static let unequal12 = [50.0, 100, 200, 100, 50, 100, 200, 100, 50, 100, 200, 100]

    @Test(
        "oneday and douyin on equal delays: no wrong frame, a three-frame phase offset; oneday's seam is too slow, douyin's curves leave a strip",
        arguments: [
            Preset.oneday, .douyin,
        ])
    func equalDelaysPass(_ preset: Preset) throws {
        let r = Inputs.emulate(try Inputs.plan(Self.equal12, preset))
        #expect(r.wrongFrame == 0 && r.torn == 0 && r.allPhases.wrongFrameMs == 0)
        #expect(!r.passed, "\(r.verdictText)")
        if preset == .oneday {
            // R = s² for a 170 pt view and a 1.2 s loop: the seam crosses in 1.12 ms, over 1/8 of a 120 Hz refresh.
            #expect(r.gap == 0 && r.allPhases.gapMs == 0)
            #expect(r.failures.count == 1 && r.failures[0].hasPrefix("a seam takes 1.12 ms"))
        } else {
            // DouYinComment's exact fit keeps no margin inside the view: its 30° curves stray 0.045 pt
            // from the circle, past the band's edge, a strip along the bottom edge in every slice.
            #expect(r.allPhases.strips?.count == 12 && r.allPhases.gapMs > 0)
            #expect(r.failures.count == 1 && r.failures[0].contains("leaves a strip"), "\(r.failures)")
        }
        // The view sits a quarter turn from 0°: layer ⌊N/4⌋ = 3 is under it at φ = 0.
        #expect(abs(r.phaseOffsetMs - 300) < 1e-6)
        #expect(abs(r.phaseOffsetFrames - 3) < 1e-9)
        #expect(abs(r.frameZeroStartsMs - 900) < 1e-6)
        #expect(r.phaseText.contains("300 ms (3 frames) ahead"))
    }

    @Test("absolute phase restores the judgement against the epoch")
    func absolutePhase() throws {
        let plan = try Inputs.plan(Self.equal12, .oneday)
        let r = Emulator.run(
            plan, model: AnalyticModel(plan),
            settings: EmulationSettings(refreshRates: [60, 120], absolutePhase: true))
        #expect(r.phaseOffsetMs == 0 && r.absolutePhase)
        #expect(r.wrongFrame == r.samples && !r.passed)
        #expect(abs(r.maxTimingErrorMs - 300) < 1)
    }

    @Test("oneday on unequal delays shows frames for the wrong share of the loop")
    func unequalDelaysFail() throws {
        let r = Inputs.emulate(try Inputs.plan(Self.unequal12, .oneday))
        #expect(r.wrongFrame > 0 && !r.passed)
        #expect(!r.reversed && !r.wrongSpeed)
        // Uniform 116.7 ms slices against 50…200 ms frames: tens of ms off after the best alignment.
        #expect(r.maxTimingErrorMs > 20)
    }

    @Test("douyin repeats frames by their delays, so unequal delays still play right")
    func douyinUnequal() throws {
        let r = Inputs.emulate(try Inputs.plan(Self.unequal12, .douyin))
        #expect(r.wrongFrame == 0 && r.passed)
    }

    @Test("dynamicwidget fails: backwards at twice the speed", arguments: [equal12, unequal12])
    func dynamicWidgetFails(_ durations: [Double]) throws {
        let r = Inputs.emulate(try Inputs.plan(durations, .dynamicwidget))
        #expect(r.reversed && r.wrongSpeed && abs(r.speedRatio - 2) < 1e-9)
        #expect(!r.passed)
        #expect(r.failures.contains("plays backwards"))
        #expect(r.verdictText.hasPrefix("FAIL"))
    }

    @Test("widgetnimation fails whenever the loop is not 2 s long, and plays right when it is")
    func widgetnimation() throws {
        for durations in [Self.equal12, Self.unequal12, [Double](repeating: 100, count: 21)] {
            let r = Inputs.emulate(try Inputs.plan(durations, .widgetnimation))
            #expect(r.wrongSpeed && !r.passed, "\(durations.reduce(0, +)) ms")
            #expect(r.wrongFrame > 0)
        }
        let r = Inputs.emulate(try Inputs.plan([Double](repeating: 100, count: 20), .widgetnimation))
        #expect(!r.wrongSpeed && !r.reversed)
        #expect(r.wrongFrame == 0, "\(r.defects.prefix(3))")
    }

    @Test("arcmask plans are in phase: offset 0, no defect", arguments: Inputs.all + [equal12, unequal12])
    func arcmaskInPhase(_ durations: [Double]) throws {
        let r = Inputs.emulate(try Inputs.plan(durations, .arcmask))
        #expect(r.phaseOffsetMs == 0 && r.frameZeroStartsMs == 0)
        #expect(r.passed && r.defective == 0)
        #expect(r.phaseText.hasPrefix("offset 0 ms"))
    }

    @Test("hand-off errors are measured after the alignment")
    func handoffErrors() throws {
        let r = Inputs.emulate(try Inputs.plan(Self.equal12, .oneday))
        #expect(r.handoffs.count == 12)
        // Square caps delay every switch by the cap lag (0.62 ms), the wrap-around one aside.
        let plan = try Inputs.plan(Self.equal12, .oneday)
        for h in r.handoffs { #expect(abs(abs(h.errorMs!) - plan.figures.switchLagMs) < 1e-5, "\(h)") }
        let wrongSpeed = Inputs.emulate(try Inputs.plan(Self.equal12, .widgetnimation))
        #expect(wrongSpeed.handoffs.allSatisfy { $0.errorMs == nil })
    }

    @Test("the tolerance decides what a sub-millisecond hand-off error is")
    func tolerance() throws {
        let plan = try Inputs.plan(Self.equal12, .oneday)
        let strict = Emulator.run(
            plan, model: AnalyticModel(plan),
            settings: EmulationSettings(refreshRates: [60, 120], toleranceMs: 0))
        // The wrap-around hand-off comes 0.62 ms early, the others 0.62 ms late: no single
        // phase makes the refreshes that fall exactly on a boundary all right.
        #expect(strict.wrongFrame > 0 && strict.wrongFrame <= 2)
        #expect(strict.maxTimingErrorMs < 1)
    }
}

/// The emulator's counts against a classification computed here from the construction alone:
/// the frame under the view's centre from the layers' angles, caps and z-order, and the best
/// phase found by trying every candidate offset.
@Suite("Phase-aligned counts, checked independently")
struct IndependentPhaseTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
    }

    /// The frame whose stroked arc covers the view's centre on top, at rotation φ.
    static func centreFrame(_ plan: ArcPlan, phi: Double) -> Int? {
        let d = plan.centerOffset
        let half = plan.lineWidth / 2
        guard abs(d - plan.radius) <= half else { return nil }
        let extra = plan.cap == .square ? asin(min(1, half / d)) * 180 / .pi : 0
        var top: ArcLayer?
        for layer in plan.layers {
            // The centre lies at 270° from the circle's centre; unrotate it.
            var a = (270 - phi - layer.startAngle + extra).truncatingRemainder(dividingBy: 360)
            if a < 0 { a += 360 }
            if a <= layer.sweep + 2 * extra || layer.sweep + 2 * extra >= 360 {
                if top == nil || layer.zIndex > top!.zIndex { top = layer }
            }
        }
        return top?.frame
    }

    /// Does `frame` shown at `t` (after shifting) lie within `tolerance` of its interval in the loop?
    static func agrees(_ durations: [Double], frame: Int, at t: Double, tolerance: Double) -> Bool {
        let period = durations.reduce(0, +)
        let start = durations[..<frame].reduce(0, +), end = start + durations[frame]
        var local = t.truncatingRemainder(dividingBy: period)
        if local < 0 { local += period }
        if local + 1e-6 >= start && local + 1e-6 < end { return true }
        for shift in [-period, 0, period] {
            let a = start + shift, b = end + shift
            if local >= a - tolerance && local <= b + tolerance { return true }
        }
        return false
    }

    @Test("random animations, sizes and presets: wrong frames = refreshes no offset can make right")
    func randomAgreement() throws {
        var g = Generator(state: 0x5EED_0011)
        var cases = 0, compared = 0
        var presets: Set<Preset> = []
        while cases < 40 {
            let n = g.int(2...16)
            let durations = (0..<n).map { _ in Double(g.int(2...20) * 10) }
            let w = Double(g.int(40...360)), h = Double(g.int(40...360))
            let preset = Preset.allCases[g.int(0...(Preset.allCases.count - 1))]
            guard
                let plan = try? ArcPlanner.plan(
                    PlanRequest(viewWidth: w, viewHeight: h, scale: 2, durationsMs: durations, preset: preset))
            else { continue }
            cases += 1
            presets.insert(preset)
            let tolerance = EmulationSettings.defaultToleranceMs
            let r = Emulator.run(
                plan, model: AnalyticModel(plan),
                settings: EmulationSettings(refreshRates: [60, 120]))
            let single = r.allSamples.filter { $0.shown.count == 1 }
            // The emulator's frames are the construction's.
            for s in single {
                if let f = Self.centreFrame(plan, phi: s.rotationDegrees) {
                    compared += 1
                    #expect(f == s.shown[0], "\(preset) \(w)×\(h) \(durations) at \(s.timeMs) ms")
                }
            }
            // The best any single offset can do: try the start of every refresh's agreeing range.
            let period = durations.reduce(0, +)
            var candidates: [Double] = []
            for s in single {
                let start = durations[..<s.shown[0]].reduce(0, +)
                for edge in [start - tolerance, start + durations[s.shown[0]] + tolerance] {
                    var d = (edge - s.timeMs).truncatingRemainder(dividingBy: period)
                    if d < 0 { d += period }
                    candidates += [d + 1e-7, d - 1e-7]
                }
            }
            var best = 0
            for d in candidates {
                let agreeing = single.filter {
                    Self.agrees(durations, frame: $0.shown[0], at: $0.timeMs + d, tolerance: tolerance)
                }.count
                best = max(best, agreeing)
            }
            // The emulator chooses its offset over the whole loop, not over the refreshes sampled:
            // at that offset, the sampled refreshes it calls wrong are those the construction
            // disagrees with, and a plan is right at every phase only when some offset makes every
            // sampled refresh right.
            let atReported = single.filter {
                Self.agrees(durations, frame: $0.shown[0], at: $0.timeMs + r.phaseOffsetMs, tolerance: tolerance)
            }.count
            #expect(
                r.wrongFrame == single.count - atReported,
                "\(preset) \(w)×\(h) \(durations): \(r.wrongFrame) wrong, independent \(single.count - atReported)")
            if r.allPhases.wrongFrameMs == 0 { #expect(best == single.count, "\(preset) \(w)×\(h) \(durations)") }
            if best < single.count { #expect(r.allPhases.wrongFrameMs > 0, "\(preset) \(w)×\(h) \(durations)") }
        }
        #expect(presets.count == Preset.allCases.count)
        #expect(compared > 5000)
    }
}

@Suite("Phase alignment")
struct PhaseAlignmentTests {
    @Test("a known shift is found, as a whole number of frames when one fits")
    func knownShift() {
        let timeline = Timeline(durationsMs: [100, 50, 150, 100])
        // A widget 150 ms ahead: at t it shows the frame of t + 150.
        let observations = stride(from: 0.0, to: 800, by: 7).map {
            PhaseAlignment.Observation(timeMs: $0, frame: timeline.frame(at: $0 + 150))
        }
        let a = PhaseAlignment.best(observations, timeline: timeline)
        #expect(a.offsetMs == 150 && a.agreeing == observations.count)
        #expect(a.frames(in: timeline) == 2)
    }

    @Test("0 is kept when it is as good as any offset")
    func zeroPreferred() {
        let timeline = Timeline(durationsMs: [100, 100])
        let observations = [PhaseAlignment.Observation(timeMs: 50, frame: 0)]
        #expect(PhaseAlignment.best(observations, timeline: timeline).offsetMs == 0)
    }

    @Test("a shift between frame starts lands mid-range")
    func midRange() {
        let timeline = Timeline(durationsMs: [100, 100, 100])
        // Shows the frame of t + 37; refreshes every 20 ms, so offsets in (20, 40] fit every one.
        let observations = stride(from: 0.0, to: 600, by: 20).map {
            PhaseAlignment.Observation(timeMs: $0, frame: timeline.frame(at: $0 + 37))
        }
        let a = PhaseAlignment.best(observations, timeline: timeline)
        #expect(a.agreeing == observations.count)
        #expect(a.offsetMs > 20 && a.offsetMs <= 40)
        #expect(abs(a.frames(in: timeline) - a.offsetMs / 100) < 1e-9)
    }

    @Test("no observation, no shift")
    func empty() {
        let a = PhaseAlignment.best([], timeline: Timeline(durationsMs: [100]))
        #expect(a.offsetMs == 0 && a.considered == 0)
    }
}

@Suite("The wall clock")
struct FrameZeroScheduleTests {
    @Test("frame 0's starts in a time zone, for a period that divides a day and one that does not")
    func schedule() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let day = try #require(ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z"))
        let s = FrameZeroSchedule(periodSeconds: 1.2, msAfterZero: 900, timeZone: paris, day: day)
        #expect(s.utcOffset == "+01:00" && s.day == "2026-11-22")
        #expect(s.firstStart == "00:00:00.900" && s.repeatsDaily)
        #expect(
            s.starts == [
                "2026-11-22T00:00:00.900+01:00", "2026-11-22T00:00:02.100+01:00", "2026-11-22T00:00:03.300+01:00",
            ])
        // 700 ms does not divide a day: local midnight is 86,400 s × (days since 2001) into the
        // rotation, 9,456 days to 2026-11-22 → 816,998,400 s ≡ 300 ms (mod 700 ms), so the
        // next 0° instant comes 400 ms after midnight.
        // The rotation itself: 10 s after the reference date in GMT, a 7 s period is 3/7 round.
        let gmt = try #require(TimeZone(identifier: "GMT"))
        let clock = RotationClock(periodSeconds: 7, timeZone: gmt)
        #expect(abs(clock.rotationDegrees(at: Date(timeIntervalSinceReferenceDate: 10)) - 360.0 * 3 / 7) < 1e-9)
        #expect(!clock.repeatsDaily && RotationClock(periodSeconds: 1.2, timeZone: gmt).repeatsDaily)
        let odd = FrameZeroSchedule(periodSeconds: 0.7, msAfterZero: 0, timeZone: paris, day: day)
        #expect(!odd.repeatsDaily)
        #expect(odd.firstStart == "00:00:00.400")
    }
}
