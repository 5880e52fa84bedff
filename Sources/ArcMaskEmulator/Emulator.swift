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
    /// Offsets between the display's refresh instants and the rotation's epoch, ms.
    public var phasesMs: [Double]
    /// How long to sample, ms; nil: one full period of the plan and of the timeline, whichever is longer.
    public var durationMs: Double?
    /// Which defects count.
    public var criteria: Set<DefectKind>
    /// How many defective samples to list in the report.
    public var listLimit: Int

    public init(
        refreshRates: [Double] = [60, 120], phasesMs: [Double] = [0], durationMs: Double? = nil,
        criteria: Set<DefectKind> = Set(DefectKind.allCases), listLimit: Int = 50
    ) {
        self.refreshRates = refreshRates
        self.phasesMs = phasesMs
        self.durationMs = durationMs
        self.criteria = criteria
        self.listLimit = listLimit
    }

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
    /// The frame the source's timeline shows.
    public var expected: Int
    public var torn: Bool
    public var gap: Bool
    public var wrongFrame: Bool
    /// For a wrong frame: ms to the nearest instant the timeline shows it (negative: early).
    public var timingErrorMs: Double?

    /// What is wrong with this refresh (empty: clean).
    public var defects: [DefectKind] {
        [torn ? .torn : nil, gap ? .gap : nil, wrongFrame ? .wrongFrame : nil].compactMap { $0 }
    }

    public var isClean: Bool { !torn && !gap && !wrongFrame }

    /// "clean", or the defects in capitals ("TORN + GAP"), for pictures and pages.
    public var verdict: String {
        isClean
            ? "clean"
            : defects.map { $0.rawValue.replacingOccurrences(of: "-", with: " ").uppercased() }
                .joined(separator: " + ")
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
        /// When the timeline starts `to`, ms into its period.
        public var intendedAtMs: Double
        /// How long the seam is inside the view.
        public var seamVisibleMs: Double
        /// Refreshes (of all rates and phases sampled) that showed this seam.
        public var refreshesSeeingSeam: Int
    }

    public var preset: String
    public var mode: String
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
    public var maxTimingErrorMs: Double
    public var frames: [FrameTiming]
    public var handoffs: [Handoff]
    /// The first defective samples.
    public var defects: [Sample]
    /// Every sample, in order of refresh rate, phase and time (not part of the JSON report).
    public var allSamples: [Sample] = []

    public var passed: Bool { defective == 0 }

    enum CodingKeys: String, CodingKey {
        case preset, mode, refreshHz, phasesMs, periodSeconds, timelinePeriodSeconds, sampledMs, samples, clean, torn,
            gap,
            wrongFrame, defective, criteria, reversed, speedRatio, maxTimingErrorMs, frames, handoffs, defects
    }
}

public enum Emulator {
    /// How long the settings sample the plan, ms.
    public static func span(_ plan: ArcPlan, settings: EmulationSettings) -> Double {
        settings.durationMs ?? max(plan.periodSeconds * 1000, plan.frameDurationsMs.reduce(0, +))
    }

    /// How many samples `run` takes (for progress lines).
    public static func sampleCount(_ plan: ArcPlan, settings: EmulationSettings) -> Int {
        let span = span(plan, settings: settings)
        return settings.refreshRates.reduce(0) { $0 + Int((span / (1000 / $1)).rounded(.up)) } * settings.phasesMs.count
    }

    /// What the widget shows at `t` ms, classified against the source's timeline.
    public static func sample(
        _ plan: ArcPlan, model: CoverageModel, at t: Double, timeline: Timeline? = nil,
        refreshHz: Double = 0, phaseMs: Double = 0
    ) -> Sample {
        let timeline = timeline ?? Timeline(durationsMs: plan.frameDurationsMs)
        let phi = plan.rotation(at: t / 1000)
        let seen = model.observe(rotation: phi)
        let expected = timeline.frame(at: t)
        let wrong = seen.frames.count == 1 && seen.frames[0] != expected
        return Sample(
            timeMs: t, refreshHz: refreshHz, phaseMs: phaseMs, rotationDegrees: phi, shown: seen.frames,
            expected: expected, torn: seen.frames.count > 1, gap: seen.gap, wrongFrame: wrong,
            timingErrorMs: wrong ? timeline.timingError(showing: seen.frames[0], at: t) : nil)
    }

    /// Samples the plan's rotation at every refresh of every rate and phase and classifies
    /// each against the source's timeline.
    public static func run(
        _ plan: ArcPlan, model: CoverageModel, mode: String,
        settings: EmulationSettings = EmulationSettings(),
        onSample: ((Sample) -> Void)? = nil
    ) -> EmulationReport {
        let timeline = Timeline(durationsMs: plan.frameDurationsMs)
        let coverage = ArcCoverage(plan)
        let periodMs = plan.periodSeconds * 1000
        let span = span(plan, settings: settings)
        var samples: [Sample] = []
        samples.reserveCapacity(sampleCount(plan, settings: settings))
        for hz in settings.refreshRates {
            let interval = 1000 / hz
            let count = Int((span / interval).rounded(.up))
            for phase in settings.phasesMs {
                for n in 0..<count {
                    let s = sample(
                        plan, model: model, at: phase + Double(n) * interval, timeline: timeline,
                        refreshHz: hz, phaseMs: phase)
                    onSample?(s)
                    samples.append(s)
                }
            }
        }
        func defective(_ s: Sample) -> Bool {
            (settings.criteria.contains(.torn) && s.torn) || (settings.criteria.contains(.gap) && s.gap)
                || (settings.criteria.contains(.wrongFrame) && s.wrongFrame)
        }
        let schedule = WidgetSchedule(coverage)
        let n = plan.frameCount
        let shown = schedule.shownMs(frameCount: n)
        let steps = schedule.steps(frameCount: n)
        let view = coverage.view
        let visible = periodMs * view.angularWidth / 360
        var handoffs: [EmulationReport.Handoff] = []
        // Torn refreshes by their time in the plan's period, sorted, to count each seam's by search.
        let tornTimes = samples.filter(\.torn).map { s -> Double in
            let local = s.timeMs.truncatingRemainder(dividingBy: periodMs)
            return local < 0 ? local + periodMs : local
        }.sorted()
        func tornCount(from a: Double, to b: Double) -> Int {
            func firstIndex(atLeast x: Double) -> Int {
                var lo = 0, hi = tornTimes.count
                while lo < hi { let mid = (lo + hi) / 2; if tornTimes[mid] < x { lo = mid + 1 } else { hi = mid } }
                return lo
            }
            func after(_ x: Double) -> Int {
                var lo = 0, hi = tornTimes.count
                while lo < hi { let mid = (lo + hi) / 2; if tornTimes[mid] <= x { lo = mid + 1 } else { hi = mid } }
                return lo
            }
            return max(0, after(b) - firstIndex(atLeast: a))
        }
        for k in 0..<schedule.segments.count where schedule.segments.count > 1 {
            let a = schedule.segments[k], b = schedule.segments[(k + 1) % schedule.segments.count]
            var at = a.to / 360 * periodMs
            at = at.truncatingRemainder(dividingBy: periodMs)
            if at < 0 { at += periodMs }
            var enter = (at - (270 - view.minAngle) / 360 * periodMs).truncatingRemainder(dividingBy: periodMs)
            if enter < 0 { enter += periodMs }
            let exit = enter + visible
            let seen =
                exit <= periodMs
                ? tornCount(from: enter, to: exit)
                : tornCount(from: enter, to: periodMs) + tornCount(from: 0, to: exit - periodMs)
            handoffs.append(
                .init(
                    from: a.frame, to: b.frame, atMs: at, intendedAtMs: timeline.starts[b.frame],
                    seamVisibleMs: visible, refreshesSeeingSeam: seen))
        }
        handoffs.sort { $0.atMs < $1.atMs }
        let bad = samples.filter(defective)
        return EmulationReport(
            preset: plan.preset.rawValue, mode: mode, refreshHz: settings.refreshRates, phasesMs: settings.phasesMs,
            periodSeconds: plan.periodSeconds, timelinePeriodSeconds: timeline.period / 1000, sampledMs: span,
            samples: samples.count,
            clean: samples.filter(\.isClean).count,
            torn: samples.filter(\.torn).count, gap: samples.filter(\.gap).count,
            wrongFrame: samples.filter(\.wrongFrame).count, defective: bad.count,
            criteria: settings.criteria.map(\.rawValue).sorted(),
            reversed: n > 2 && steps.backward > steps.forward,
            speedRatio: timeline.period / periodMs,
            maxTimingErrorMs: samples.compactMap(\.timingErrorMs).map(abs).max() ?? 0,
            frames: (0..<n).map { .init(frame: $0, intendedMs: timeline.durations[$0], shownMs: shown[$0]) },
            handoffs: handoffs, defects: Array(bad.prefix(settings.listLimit)), allSamples: samples)
    }
}
