import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// What makes a sample defective.
public enum DefectKind: String, Codable, Sendable, CaseIterable {
    /// Two or more frames visible at once (a seam in view).
    case torn
    /// Part of the view shows the background.
    case gap
    /// One frame visible, but not the one the source's timeline shows at that instant.
    case wrongFrame = "wrong-frame"
}

/// How to sample.
public struct EmulationSettings: Sendable {
    /// Display refresh rates, Hz.
    public var refreshRates: [Double]
    /// Offsets between the display's refresh instants and the rotation's epoch at which to
    /// sample refreshes, ms: what those refreshes show is listed and counted, but the verdict
    /// (`EmulationReport.allPhases`) holds at every phase and does not depend on them.
    public var phasesMs: [Double]
    /// How long to sample, ms; nil: one full period of the plan and of the timeline, whichever is longer.
    public var durationMs: Double?
    /// Which defects count.
    public var criteria: Set<DefectKind>
    /// How many defective samples to list in the report.
    public var listLimit: Int
    /// Judge frames against the timeline with frame 0 starting exactly at the rotation's epoch
    /// (for widgets that must stay in step with others), instead of at the best phase.
    public var absolutePhase: Bool
    /// A refresh showing a frame within this many ms of when the timeline shows it is not a
    /// wrong frame (1 ms by default: an eighth of a 120 Hz refresh, no person can see it).
    public var toleranceMs: Double
    /// The time zone the widget rotates in and a day, to state when frame 0 starts on the wall
    /// clock (nil: not stated).
    public var wallClock: (timeZone: TimeZone, day: Date)?

    public init(
        refreshRates: [Double] = DisplayRefresh.ratesHz, phasesMs: [Double] = [0], durationMs: Double? = nil,
        criteria: Set<DefectKind> = Set(DefectKind.allCases), listLimit: Int = 50, absolutePhase: Bool = false,
        toleranceMs: Double = EmulationSettings.defaultToleranceMs, wallClock: (timeZone: TimeZone, day: Date)? = nil
    ) {
        self.refreshRates = refreshRates
        self.phasesMs = phasesMs
        self.durationMs = durationMs
        self.criteria = criteria
        self.listLimit = listLimit
        self.absolutePhase = absolutePhase
        self.toleranceMs = toleranceMs
        self.wallClock = wallClock
    }

    public static let defaultToleranceMs = 1.0

    /// `count` phases spread at random over one refresh interval of the slowest rate (seeded).
    public static func randomPhases(_ count: Int, refreshRates: [Double], seed: UInt64) -> [Double] {
        var state = seed
        let interval = 1000 / (refreshRates.min() ?? 60)
        return (0..<count).map { _ in
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53) * interval
        }
    }
}

/// One display refresh.
public struct Sample: Codable, Sendable, Equatable {
    public var timeMs: Double
    public var refreshHz: Double
    public var phaseMs: Double
    public var rotationDegrees: Double
    /// Frames visible, left to right.
    public var shown: [Int]
    /// The frame the source's timeline shows at this instant, shifted by the run's phase offset.
    public var expected: Int
    public var torn: Bool
    public var gap: Bool
    public var wrongFrame: Bool
    /// When the frame shown is not the timeline's (wrong, or within the tolerance): ms to the
    /// nearest instant the shifted timeline shows it (negative: early).
    public var timingErrorMs: Double?

    /// What is wrong with this refresh (empty: clean).
    public var defects: [DefectKind] {
        [torn ? .torn : nil, gap ? .gap : nil, wrongFrame ? .wrongFrame : nil].compactMap { $0 }
    }

    public var isClean: Bool { !torn && !gap && !wrongFrame }

    /// "clean", or the defects in capitals ("TORN + GAP"), for pictures and pages; a clean
    /// refresh whose frame is not the timeline's but within the tolerance says so.
    public var verdict: String {
        guard isClean else {
            return defects.map { $0.rawValue.replacingOccurrences(of: "-", with: " ").uppercased() }
                .joined(separator: " + ")
        }
        guard let e = timingErrorMs else { return "clean" }
        return e == 0
            ? "clean (on a frame boundary)" : "clean (\(fmt(abs(e))) ms \(e < 0 ? "early" : "late"), within tolerance)"
    }
}

/// The emulator's verdict on a plan.
public struct EmulationReport: Codable, Sendable {
    public struct FrameTiming: Codable, Sendable, Equatable {
        public var frame: Int
        public var intendedMs: Double
        /// Per rotation of the masks.
        public var shownMs: Double
    }

    public struct Handoff: Codable, Sendable, Equatable {
        public var from: Int
        public var to: Int
        /// When the seam crosses the view's centre, ms into the plan's period.
        public var atMs: Double
        /// When the timeline, shifted by the phase offset, starts `to`, ms into its period.
        public var intendedAtMs: Double
        /// `atMs − intendedAtMs` on the loop (positive: late); nil when the widget's speed is wrong,
        /// as hand-offs then drift and no single error describes them.
        public var errorMs: Double?
        /// How long the seam is inside the view (corner to corner).
        public var seamVisibleMs: Double
        /// How long two frames own pixels around this hand-off, ms (0: never): the stretch a
        /// refresh sees torn.
        public var crossingMs: Double
        /// Refreshes (of all rates and phases sampled) that showed this seam.
        public var refreshesSeeingSeam: Int
    }

    public var preset: String
    /// The coverage model that judged the refreshes (written "analytic" or "raster").
    public var mode: CoverageModelKind
    public var refreshHz: [Double]
    public var phasesMs: [Double]
    public var periodSeconds: Double
    public var timelinePeriodSeconds: Double
    public var sampledMs: Double
    public var samples: Int
    public var clean: Int
    public var torn: Int
    public var gap: Int
    public var wrongFrame: Int
    public var defective: Int
    public var criteria: [String]
    /// The widget plays the frames backwards.
    public var reversed: Bool
    /// Timeline period / widget period: 1 is right, 2 plays twice as fast.
    public var speedRatio: Double
    /// The speed ratio is off 1 by more than `Emulator.speedTolerance`.
    public var wrongSpeed: Bool
    /// Frames were judged with frame 0 exactly at the epoch (`--absolute-phase`).
    public var absolutePhase: Bool
    /// Frames shown within this many ms of their time were not counted wrong.
    public var toleranceMs: Double
    /// The widget at time t shows what the timeline shows at t + this (0 with `absolutePhase`):
    /// information, not a defect, as the rotation's phase follows the wall clock.
    public var phaseOffsetMs: Double
    /// The same offset as a position in the timeline, in frames (2.5: halfway through frame 2).
    public var phaseOffsetFrames: Double
    /// When frame 0 starts, ms after each instant the rotation is at 0° (see `RotationClock`).
    public var frameZeroStartsMs: Double
    /// The same on the wall clock, when the settings named a time zone and day.
    public var frameZeroOnWallClock: FrameZeroSchedule?
    /// Worst |timing error| of a refresh showing another frame than the timeline's, after the
    /// phase alignment (tolerated ones included).
    public var maxTimingErrorMs: Double
    /// The verdict at every phase of every rate: seams, gaps and wrong frames over the whole loop.
    public var allPhases: PhaseVerdict
    /// Under the criteria, at every phase: no gap, no wrong frame, no seam slower than the
    /// budget, and (when wrong frames count) the loop plays forward at the right speed. The
    /// sampled phases' counts (`torn`, `gap`, `wrongFrame`) describe those phases and never
    /// change it.
    public var passed: Bool
    public var frames: [FrameTiming]
    public var handoffs: [Handoff]
    /// The first defective samples.
    public var defects: [Sample]
    /// Every sample, in order of refresh rate, phase and time (not part of the JSON report).
    public var allSamples: [Sample] = []
    /// What the rotation would show if it moved once a second, as it is reported to in Low Power
    /// Mode (comments on octree/ClockHandRotationKit#11; reported, not measured): the frames at
    /// the view's centre at each whole second of a minute.
    public var lowPowerMode: LowPowerMode? = nil

    public struct LowPowerMode: Codable, Sendable, Equatable {
        /// The frame shown through each second of the minute, in order.
        public var framesEachSecond: [Int]
        /// The distinct frames among them, and the source's frame count.
        public var shownFrames: Int
        public var frameCount: Int
        /// Always true: the behaviour is reported by users, not measured.
        public var reported: Bool

        /// "in Low Power Mode (reported, not measured: the rotation moves once a second) the widget
        /// would show 12 of 16 frames a minute, each held a second".
        public var sentence: String {
            "in Low Power Mode (reported, not measured: the rotation moves once a second) the widget would show \(shownFrames) of \(frameCount) frames in a minute, each held for a second"
        }
    }

    /// Why the run failed, in words ("a gap at some phases, 3.2 ms of each loop", "plays
    /// backwards"); empty when it passed.
    public var failures: [String] {
        Self.failures(
            allPhases, criteria: Set(criteria.compactMap(DefectKind.init(rawValue:))), reversed: reversed,
            wrongSpeed: wrongSpeed, speedRatio: speedRatio)
    }

    /// What fails a loop judged at every phase, in words.
    public static func failures(
        _ v: PhaseVerdict, criteria: Set<DefectKind>, reversed: Bool, wrongSpeed: Bool, speedRatio: Double
    ) -> [String] {
        var out: [String] = []
        if criteria.contains(.gap) && v.gapMs > 0 {
            out.append(
                "a gap at some phases, \(fmt(round3(v.gapMs))) ms of each loop" + (v.stripText.map { ": \($0)" } ?? ""))
        }
        if criteria.contains(.wrongFrame) && v.wrongFrameMs > 0 {
            out.append("a wrong frame at some phases, \(fmt(round3(v.wrongFrameMs))) ms of each loop")
        }
        if criteria.contains(.torn) && v.longestSeamMs > v.seamBudgetMs * (1 + 1e-9) {
            out.append(
                "a seam takes \(fmt(round3(v.longestSeamMs))) ms to cross the view, over the \(fmt(round3(v.seamBudgetMs))) ms budget"
            )
        }
        if criteria.contains(.wrongFrame) {
            if reversed { out.append("plays backwards") }
            if wrongSpeed { out.append("plays at \(fmt(speedRatio))× speed") }
        }
        return out
    }

    enum CodingKeys: String, CodingKey {
        case preset, mode, refreshHz, phasesMs, periodSeconds, timelinePeriodSeconds, sampledMs, samples, clean, torn,
            gap, wrongFrame, defective, criteria, reversed, speedRatio, wrongSpeed, absolutePhase, toleranceMs,
            phaseOffsetMs,
            phaseOffsetFrames, frameZeroStartsMs, frameZeroOnWallClock, maxTimingErrorMs, allPhases, passed, frames,
            handoffs, defects, lowPowerMode
    }
}

public enum Emulator {
    /// A widget whose loop is off the timeline's length by more than this share plays at the
    /// wrong speed (0.1%: a 2 s loop 2 ms long or short).
    public static let speedTolerance = 0.001

    /// How long the settings sample the plan, ms.
    public static func span(_ plan: ArcPlan, settings: EmulationSettings) -> Double {
        settings.durationMs ?? max(plan.periodSeconds * 1000, plan.frameDurationsMs.reduce(0, +))
    }

    /// How many samples `run` takes (for progress lines, and for refusing runs that would not end);
    /// `Int.max` when the count does not fit.
    public static func sampleCount(_ plan: ArcPlan, settings: EmulationSettings) -> Int {
        let span = span(plan, settings: settings)
        let perPhase = settings.refreshRates.reduce(0.0) { $0 + (span / (1000 / $1)).rounded(.up) }
        let total = perPhase * Double(settings.phasesMs.count)
        return total.isFinite && total < 9e18 ? Int(total) : Int.max
    }

    /// What the widget shows at `t` ms, classified against the source's timeline shifted by
    /// `offsetMs` (a report's `phaseOffsetMs`, so single instants agree with the run).
    public static func sample(
        _ plan: ArcPlan, model: CoverageModel, at t: Double, timeline: Timeline? = nil, offsetMs: Double = 0,
        toleranceMs: Double = EmulationSettings.defaultToleranceMs, refreshHz: Double = 0, phaseMs: Double = 0
    ) -> Sample {
        let phi = plan.rotation(at: t / 1000)
        return classify(
            model.observe(rotation: phi), at: t, rotation: phi,
            timeline: timeline ?? Timeline(durationsMs: plan.frameDurationsMs), offsetMs: offsetMs,
            toleranceMs: toleranceMs, refreshHz: refreshHz, phaseMs: phaseMs)
    }

    static func classify(
        _ seen: Observation, at t: Double, rotation phi: Double, timeline: Timeline, offsetMs: Double,
        toleranceMs: Double, refreshHz: Double, phaseMs: Double
    ) -> Sample {
        let expected = timeline.frame(at: t + offsetMs)
        let differs = seen.frames.count == 1 && seen.frames[0] != expected
        let error = differs ? timeline.timingError(showing: seen.frames[0], at: t + offsetMs) : nil
        return Sample(
            timeMs: t, refreshHz: refreshHz, phaseMs: phaseMs, rotationDegrees: phi, shown: seen.frames,
            expected: expected, torn: seen.frames.count > 1, gap: seen.gap,
            wrongFrame: differs && abs(error!) > toleranceMs, timingErrorMs: error)
    }

    /// Traces what the widget shows over the whole loop (`ShownLoop`), finds the offset that best
    /// aligns it with the source's timeline (unless `settings.absolutePhase`), judges it at every
    /// phase of every rate (`PhaseVerdict`), and classifies each refresh of the sampled phases
    /// against the timeline at that offset.
    public static func run(
        _ plan: ArcPlan, model: CoverageModel,
        settings: EmulationSettings = EmulationSettings(),
        onRefresh: (() -> Void)? = nil
    ) -> EmulationReport {
        let timeline = Timeline(durationsMs: plan.frameDurationsMs)
        let coverage = ArcCoverage(plan)
        let schedule = WidgetSchedule(coverage)
        let periodMs = plan.periodSeconds * 1000
        let span = span(plan, settings: settings)
        let n = plan.frameCount

        // 1. What every refresh shows.
        let seen = observeRefreshes(plan, model: model, settings: settings, span: span, onRefresh: onRefresh)

        // 2. What the widget shows over the whole loop, exactly, and the offset that fits it
        //    best: both independent of any refresh's phase.
        let loop = judgeLoop(plan, coverage: coverage, schedule: schedule, timeline: timeline, settings: settings)
        let spans = loop.spans, schedulesHandoffs = loop.handoffs, alignment = loop.alignment
        let allPhases = loop.allPhases
        let offset = alignment.offsetMs

        // 3. Every refresh judged against the timeline at that offset.
        let samples = seen.map {
            classify(
                $0.observation, at: $0.t, rotation: $0.phi, timeline: timeline, offsetMs: offset,
                toleranceMs: settings.toleranceMs, refreshHz: $0.hz, phaseMs: $0.phase)
        }
        func defective(_ s: Sample) -> Bool {
            (settings.criteria.contains(.torn) && s.torn) || (settings.criteria.contains(.gap) && s.gap)
                || (settings.criteria.contains(.wrongFrame) && s.wrongFrame)
        }
        let speedRatio = timeline.period / periodMs
        // A still has no speed to get wrong: whatever the rotation does, it shows its one frame.
        let wrongSpeed = n > 1 && !(abs(speedRatio - 1) <= speedTolerance)
        let steps = schedule.steps(frameCount: n)
        let reversed = n > 2 && steps.backward > steps.forward
        let handoffs = describeHandoffs(
            schedulesHandoffs, samples: samples, coverage: coverage, timeline: timeline, offsetMs: offset,
            periodMs: periodMs, wrongSpeed: wrongSpeed,
            seams: ShownLoop.stretches(spans, periodMs: periodMs) { $0.torn })
        let bad = samples.filter(defective)
        let passed = EmulationReport.failures(
            allPhases, criteria: settings.criteria, reversed: reversed, wrongSpeed: wrongSpeed, speedRatio: speedRatio
        ).isEmpty
        let shown = schedule.shownMs(frameCount: n)
        let seconds = (0..<60).compactMap { schedule.frame(atRotation: plan.rotation(at: Double($0))) }
        let lowPower = EmulationReport.LowPowerMode(
            framesEachSecond: seconds, shownFrames: Set(seconds).count, frameCount: n, reported: true)
        let frameZero = timeline.period > 0 ? wrap(-offset, timeline.period) + 0 : 0  // + 0: never -0
        return EmulationReport(
            preset: plan.preset.rawValue, mode: model.kind, refreshHz: settings.refreshRates,
            phasesMs: settings.phasesMs,
            periodSeconds: plan.periodSeconds, timelinePeriodSeconds: timeline.period / 1000, sampledMs: span,
            samples: samples.count,
            clean: samples.filter(\.isClean).count,
            torn: samples.filter(\.torn).count, gap: samples.filter(\.gap).count,
            wrongFrame: samples.filter(\.wrongFrame).count, defective: bad.count,
            criteria: settings.criteria.map(\.rawValue).sorted(),
            reversed: reversed, speedRatio: speedRatio, wrongSpeed: wrongSpeed,
            absolutePhase: settings.absolutePhase, toleranceMs: settings.toleranceMs, phaseOffsetMs: offset,
            phaseOffsetFrames: alignment.frames(in: timeline),
            frameZeroStartsMs: frameZero,
            frameZeroOnWallClock: settings.wallClock.map {
                FrameZeroSchedule(
                    periodSeconds: plan.periodSeconds * plan.direction.sign, msAfterZero: frameZero,
                    timeZone: $0.timeZone, day: $0.day)
            },
            maxTimingErrorMs: samples.compactMap(\.timingErrorMs).map(abs).max() ?? 0,
            allPhases: allPhases, passed: passed,
            frames: (0..<n).map { .init(frame: $0, intendedMs: timeline.durations[$0], shownMs: shown[$0]) },
            handoffs: handoffs, defects: Array(bad.prefix(settings.listLimit)), allSamples: samples,
            lowPowerMode: n > 1 ? lowPower : nil)
    }

    /// One refresh of the display: when (ms), at which rate and phase, the rotation then, and
    /// what the widget showed.
    private typealias Refresh = (t: Double, hz: Double, phase: Double, phi: Double, observation: Observation)

    /// What the widget shows at every refresh of every rate and phase the settings ask for,
    /// over `span` ms; `onRefresh` is called after each.
    private static func observeRefreshes(
        _ plan: ArcPlan, model: CoverageModel, settings: EmulationSettings, span: Double, onRefresh: (() -> Void)?
    ) -> [Refresh] {
        var seen: [Refresh] = []
        seen.reserveCapacity(sampleCount(plan, settings: settings))
        for hz in settings.refreshRates {
            let interval = 1000 / hz
            let count = Int((span / interval).rounded(.up))
            for phase in settings.phasesMs {
                for k in 0..<count {
                    let t = phase + Double(k) * interval
                    let phi = plan.rotation(at: t / 1000)
                    seen.append((t, hz, phase, phi, model.observe(rotation: phi)))
                    onRefresh?()
                }
            }
        }
        return seen
    }

    /// The whole loop as the widget shows it (`spans`), the schedule's hand-offs, the offset
    /// that best aligns the loop with the timeline, and the verdict at every phase.
    private struct LoopJudgement {
        var spans: [ShownSpan]
        var handoffs: [(from: Int, to: Int, atMs: Double)]
        var alignment: PhaseAlignment
        var allPhases: PhaseVerdict
    }

    /// Traces the loop, aligns it with the timeline (unless `settings.absolutePhase`) and
    /// judges it at every phase of every rate, with the plan's seam budget and the band's
    /// strips.
    private static func judgeLoop(
        _ plan: ArcPlan, coverage: ArcCoverage, schedule: WidgetSchedule, timeline: Timeline,
        settings: EmulationSettings
    ) -> LoopJudgement {
        let periodMs = plan.periodSeconds * 1000
        let spans = ShownLoop.trace(plan)
        let loopMs = max(periodMs, timeline.period)
        let single = PhaseVerdict.observations(spans, periodMs: periodMs, loopsMs: loopMs)
        let schedulesHandoffs = handoffTimes(schedule, periodMs: periodMs)
        let alignment =
            settings.absolutePhase
            ? PhaseAlignment.absolute(single, timeline: timeline, toleranceMs: settings.toleranceMs)
            : PhaseAlignment.best(
                single, timeline: timeline, toleranceMs: settings.toleranceMs,
                handoffOffsets: schedulesHandoffs.map { timeline.starts[$0.to] - $0.atMs })
        let budget =
            plan.figures.seamBudgetMs
            ?? ArcPlanner.seamBudgetMs(
                PlanRequest(
                    viewWidth: plan.viewWidth, viewHeight: plan.viewHeight, scale: plan.scale,
                    durationsMs: plan.frameDurationsMs))
        var (allPhases, _) = PhaseVerdict.judge(
            spans, periodMs: periodMs, timeline: timeline, offsetMs: alignment.offsetMs, loopsMs: loopMs,
            toleranceMs: settings.toleranceMs, seamBudgetMs: budget, refreshRates: settings.refreshRates)
        let strips = coverage.band.strips
        if !strips.isEmpty {
            allPhases.strips = strips.map {
                .init(
                    layer: $0.layer, frame: $0.frame, depthPoints: $0.depthPoints, shownMs: $0.degrees / 360 * periodMs)
            }
        }
        return LoopJudgement(spans: spans, handoffs: schedulesHandoffs, alignment: alignment, allPhases: allPhases)
    }

    /// The instants (ms into the plan's period) at which the view's centre switches frames.
    static func handoffTimes(_ schedule: WidgetSchedule, periodMs: Double) -> [(from: Int, to: Int, atMs: Double)] {
        let segments = schedule.segments
        guard segments.count > 1 else { return [] }
        return (0..<segments.count).map { k in
            let a = segments[k], b = segments[(k + 1) % segments.count]
            return (a.frame, b.frame, wrap(a.to / 360 * periodMs, periodMs))
        }
    }

    /// Each hand-off with its intended instant and error after the alignment, and how many
    /// torn refreshes saw its seam.
    static func describeHandoffs(
        _ times: [(from: Int, to: Int, atMs: Double)], samples: [Sample], coverage: ArcCoverage, timeline: Timeline,
        offsetMs: Double, periodMs: Double, wrongSpeed: Bool, seams: [(Double, Double)] = []
    ) -> [EmulationReport.Handoff] {
        let view = coverage.view
        let visible = periodMs * view.angularWidth / 360
        // Torn refreshes by their time in the plan's period, sorted, to count each seam's by search.
        let tornTimes = samples.filter(\.torn).map { wrap($0.timeMs, periodMs) }.sorted()
        func tornCount(from a: Double, to b: Double) -> Int {
            max(0, upperBound(tornTimes, b) - lowerBound(tornTimes, a))
        }
        var out: [EmulationReport.Handoff] = []
        for h in times {
            let enter = wrap(h.atMs - (270 - view.minAngle) / 360 * periodMs, periodMs)
            let exit = enter + visible
            let seen =
                exit <= periodMs
                ? tornCount(from: enter, to: exit)
                : tornCount(from: enter, to: periodMs) + tornCount(from: 0, to: exit - periodMs)
            let intended = timeline.period > 0 ? wrap(timeline.starts[h.to] - offsetMs, timeline.period) : 0
            var error: Double? = nil
            if !wrongSpeed {
                var e = wrap(h.atMs - intended, periodMs)
                if e > periodMs / 2 { e -= periodMs }
                error = e
            }
            // The measured crossing: the stretch with two frames in view around the hand-off.
            let crossing = seams.first { s in
                [h.atMs, h.atMs + periodMs].contains { $0 >= s.0 - 1e-9 && $0 <= s.1 + 1e-9 }
            }.map { $0.1 - $0.0 }
            out.append(
                .init(
                    from: h.from, to: h.to, atMs: h.atMs, intendedAtMs: intended, errorMs: error,
                    seamVisibleMs: visible, crossingMs: crossing ?? 0, refreshesSeeingSeam: seen))
        }
        return out.sorted { $0.atMs < $1.atMs }
    }
}

extension EmulationReport {
    /// "PASS: a seam is on screen at 1.2 % of hand-offs at 120 Hz …", or "FAIL (a gap at some
    /// phases, 3 ms of each loop; plays backwards)": the verdict every view of the report shows,
    /// the same at every phase.
    public var verdictText: String {
        passed ? "PASS: \(allPhases.tearText)" : "FAIL (\(failures.joined(separator: "; ")))"
    }

    /// Where in its loop the widget is, in words: "plays the loop 300 ms (3 frames) ahead of the
    /// timeline: not a defect, the rotation's phase follows the wall clock".
    public var phaseText: String {
        if absolutePhase { return "judged with frame 0 at the rotation's epoch (absolute phase)" }
        let frames =
            phaseOffsetFrames == phaseOffsetFrames.rounded()
            ? fmt(phaseOffsetFrames) : String(format: "%.2f", phaseOffsetFrames)
        let offset = "\(fmt(phaseOffsetMs)) ms (\(frames) frame\(phaseOffsetFrames == 1 ? "" : "s"))"
        if reversed || wrongSpeed {
            return
                "best fit \(offset) ahead of the timeline, but no phase helps a loop played \(reversed ? "backwards" : "at the wrong speed")"
        }
        if phaseOffsetMs == 0 { return "offset 0 ms, frame 0 starts at the rotation's epoch" }
        return
            "plays the loop \(offset) ahead of the timeline: not a defect, the rotation's phase follows the wall clock"
    }
}

/// `x` to three decimals, for sentences (ms figures carry float noise).
func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
