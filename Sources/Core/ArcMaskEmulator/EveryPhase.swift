import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// One stretch of the plan's loop during which the widget shows the same thing.
public struct ShownSpan: Sendable, Equatable {
    /// ms into the plan's period.
    public var startMs: Double
    public var endMs: Double
    /// Frames that own pixels, left to right (two or more: a seam is in view).
    public var frames: [Int]
    /// Some part of the view shows the background.
    public var gap: Bool

    public var durationMs: Double { endMs - startMs }
    public var torn: Bool { frames.count > 1 }
}

/// What the widget shows over a whole loop, exactly: the loop cut at every instant at which an
/// edge of a layer passes one of the points the coverage model decides by
/// (`AnalyticModel.criticalRotations`), with one look inside each piece.
public enum ShownLoop {
    /// The spans of one period of the plan, in order, from 0 to the period; neighbours differ.
    /// Traced with the exact geometry (`AnalyticModel`): a thousand looks or more per loop, which
    /// the raster model's renders would make minutes; that model checks the refreshes sampled.
    public static func trace(_ plan: ArcPlan) -> [ShownSpan] {
        let analytic = AnalyticModel(plan)
        let periodMs = plan.periodSeconds * 1000
        guard periodMs > 0, periodMs.isFinite else { return [] }
        var cuts = analytic.criticalRotations().map { time(ofRotation: $0, plan) } + [0]
        cuts.sort()
        cuts.append(periodMs)
        let fineMs = analytic.fineStepDegrees / 360 * periodMs
        var spans: [ShownSpan] = []
        func add(_ a: Double, _ b: Double, _ o: Observation) {
            if let last = spans.last, last.frames == o.frames, last.gap == o.gap, abs(last.endMs - a) < 1e-9 {
                spans[spans.count - 1].endMs = b
            } else {
                spans.append(ShownSpan(startMs: a, endMs: b, frames: o.frames, gap: o.gap))
            }
        }
        func look(_ t: Double) -> (Observation, Bool) { analytic.look(rotation: plan.rotation(at: t / 1000)) }
        for i in 0..<(cuts.count - 1) {
            let a = cuts[i], b = cuts[i + 1]
            guard b - a > 1e-9 else { continue }
            let (seen, narrow) = look((a + b) / 2)
            // A strip under two pixels wide is judged on every row: sample it finer.
            guard narrow, fineMs > 0 else {
                add(a, b, seen)
                continue
            }
            let pieces = min(4096, max(1, Int(((b - a) / fineMs).rounded(.up))))
            for j in 0..<pieces {
                let lo = a + (b - a) * Double(j) / Double(pieces)
                let hi = j == pieces - 1 ? b : a + (b - a) * Double(j + 1) / Double(pieces)
                add(lo, hi, look((lo + hi) / 2).0)
            }
        }
        return spans
    }

    /// The instant in [0, period) ms at which the plan turns to `phi` degrees.
    static func time(ofRotation phi: Double, _ plan: ArcPlan) -> Double {
        let periodMs = plan.periodSeconds * 1000
        return wrap(plan.direction.sign * phi / 360 * periodMs + plan.epochSeconds * 1000, periodMs)
    }

    /// The stretches where `include` holds, joined across the loop's end (a stretch that runs
    /// through 0 is one, starting before the period's end), as (start, end) ms with start in
    /// [0, period).
    public static func stretches(
        _ spans: [ShownSpan], periodMs: Double, where include: (ShownSpan) -> Bool
    )
        -> [(Double, Double)]
    {
        var out: [(Double, Double)] = []
        for s in spans where include(s) {
            if let last = out.last, abs(last.1 - s.startMs) < 1e-9 {
                out[out.count - 1].1 = s.endMs
            } else {
                out.append((s.startMs, s.endMs))
            }
        }
        if out.count > 1, out[0].0 < 1e-9, abs(out[out.count - 1].1 - periodMs) < 1e-9 {
            let first = out.removeFirst()
            out[out.count - 1].1 += first.1
        }
        return out
    }
}

/// The verdict that holds at every phase of the display's refreshes.
///
/// A phone's display refreshes on its own clock, at an offset from the rotation that differs
/// from phone to phone and after every restart, so nothing here depends on a phase:
/// - a seam that takes c ms to cross the view is seen by a refresh every T ms at a share
///   min(1, c/T) of phases, by ⌈c/T⌉ refreshes at most, and by c/T on average;
/// - gaps and wrong frames are judged at their worst phase: any stretch of the loop that shows
///   one is a defect, as some phase puts a refresh in it.
public struct PhaseVerdict: Codable, Sendable, Equatable {
    /// The figures at one refresh rate, over all phases.
    public struct Rate: Codable, Sendable, Equatable {
        public var refreshHz: Double
        /// The share of hand-offs at which some refresh sees the seam (averaged over phases).
        public var seamSeenShare: Double
        /// The most refreshes one seam is seen by, at any phase.
        public var refreshesPerSeam: Int
        /// Torn refreshes a minute, on average over phases.
        public var tornPerMinute: Double
        /// The share of phases at which some refresh of a loop shows a gap.
        public var gapSeenShare: Double
        /// The most refreshes of one loop that show a gap, at the worst phase.
        public var worstPhaseGapRefreshes: Int
        /// The share of phases at which some refresh of a loop shows a wrong frame.
        public var wrongFrameSeenShare: Double
        /// The most refreshes of one loop that show a wrong frame, at the worst phase.
        public var worstPhaseWrongFrameRefreshes: Int
    }

    /// Hand-off seams per loop (stretches with two frames or more in view).
    public var seams: Int
    /// The longest and the average time a seam takes to cross the view, ms.
    public var longestSeamMs: Double
    public var meanSeamMs: Double
    /// A seam slower than this fails, ms (`ArcPlanner.seamBudgetMs`).
    public var seamBudgetMs: Double
    /// ms of each loop that show a gap.
    public var gapMs: Double
    /// ms of each loop (of the source's timeline, at the best offset) that show a wrong frame.
    public var wrongFrameMs: Double
    /// When the first gap, and the first wrong frame, start (ms into the loop).
    public var firstGapAtMs: Double?
    public var firstWrongFrameAtMs: Double?
    public var rates: [Rate]
    /// Layers whose curves stray from the circle far enough to leave a strip of background along
    /// the view's bottom edge (`BandStrip`); nil when none does.
    public var strips: [Strip]? = nil

    /// One layer's strip: its depth at worst, and how long it shows in each loop.
    public struct Strip: Codable, Sendable, Equatable {
        public var layer: Int
        public var frame: Int
        public var depthPoints: Double
        public var shownMs: Double
    }

    /// "layer 3 (frame 2) leaves a strip 1.2 pt deep along the view's bottom edge for 80 ms of
    /// each loop, where its curves stray from the circle": the deepest strip, in words.
    public var stripText: String? {
        guard let strips, let worst = strips.max(by: { $0.depthPoints < $1.depthPoints }) else { return nil }
        let others = strips.count > 1 ? " (and \(strips.count - 1) more layer\(strips.count == 2 ? "" : "s"))" : ""
        return
            "layer \(worst.layer) (frame \(worst.frame)) leaves a strip \(fmt(round3(worst.depthPoints))) pt deep along the view's bottom edge for \(fmt(round3(worst.shownMs))) ms of each loop\(others), where its curves stray from the circle"
    }

    /// The figures at the fastest rate (the one sentences lead with).
    public var fastest: Rate? { rates.max { $0.refreshHz < $1.refreshHz } }

    /// How refreshes every `refreshMs`, at any phase, meet `intervals` (ms into a loop): the share
    /// of phases at which at least one refresh falls in some interval, and the most refreshes that
    /// fall in them at one phase. Exact: the refresh at p + kT falls in [a, b) when p lies in
    /// [a − kT, b − kT), so the intervals folded onto one refresh interval and swept answer both.
    public static func fold(_ intervals: [(Double, Double)], refreshMs: Double) -> (share: Double, most: Int) {
        guard refreshMs > 0 else { return (0, 0) }
        var events: [(Double, Int)] = []
        for (a, b) in intervals where b > a {
            var k = (a / refreshMs).rounded(.down)
            while k * refreshMs < b {
                let lo = max(a - k * refreshMs, 0), hi = min(b - k * refreshMs, refreshMs)
                if hi > lo {
                    events.append((lo, 1))
                    events.append((hi, -1))
                }
                k += 1
            }
        }
        events.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var count = 0, most = 0
        var covered = 0.0, last = 0.0
        for (x, step) in events {
            if count > 0 { covered += x - last }
            last = x
            count += step
            most = max(most, count)
        }
        return (min(1, covered / refreshMs), most)
    }

    /// The tear rate in words: "a seam is on screen at 12.5 % of hand-offs at 120 Hz (6.3 % at
    /// 60 Hz), for one refresh each: about 90 torn refreshes a minute".
    public var tearText: String {
        guard seams > 0, let top = fastest else { return "no seam crosses the view" }
        let others = rates.filter { $0.refreshHz != top.refreshHz }.sorted { $0.refreshHz > $1.refreshHz }
        let rest =
            others.isEmpty
            ? ""
            : " (" + others.map { "\(percent($0.seamSeenShare)) at \(fmt($0.refreshHz)) Hz" }.joined(separator: ", ")
                + ")"
        let each =
            top.refreshesPerSeam <= 1
            ? "for one refresh each" : "for up to \(top.refreshesPerSeam) refreshes each"
        return
            "a seam is on screen at \(percent(top.seamSeenShare)) of hand-offs at \(fmt(top.refreshHz)) Hz\(rest), \(each): about \(Self.count(top.tornPerMinute)) torn refresh\(Self.count(top.tornPerMinute) == "1" ? "" : "es") a minute"
    }

    /// A figure for a sentence: whole numbers from 10, two significant digits below.
    static func count(_ x: Double) -> String {
        if x >= 10 { return String(Int(x.rounded())) }
        if x == 0 { return "0" }
        return fmt((x * 10).rounded() / 10 == 0 ? Double(String(format: "%.2g", x)) ?? x : (x * 10).rounded() / 10)
    }
}

/// "12.5 %", "0.31 %", "0 %": a share in percent, to three significant digits at most.
public func percent(_ share: Double) -> String {
    let p = share * 100
    if p == 0 { return "0 %" }
    if p >= 10 { return "\(fmt((p * 10).rounded() / 10)) %" }
    return "\(fmt(Double(String(format: "%.2g", p)) ?? p)) %"
}

extension PhaseVerdict {
    /// Judges the loop `spans` trace against the source's `timeline`, shifted by `offsetMs`.
    /// - Parameters:
    ///   - loopsMs: how long the widget is followed (its period, or the timeline's when longer).
    ///   - toleranceMs: a frame within this many ms of its time in the timeline is not wrong.
    static func judge(
        _ spans: [ShownSpan], periodMs: Double, timeline: Timeline, offsetMs: Double, loopsMs: Double,
        toleranceMs: Double, seamBudgetMs: Double, refreshRates: [Double]
    ) -> (verdict: PhaseVerdict, wrong: [(Double, Double)]) {
        let seams = ShownLoop.stretches(spans, periodMs: periodMs) { $0.torn }
        let gaps = ShownLoop.stretches(spans, periodMs: periodMs) { $0.gap }
        let wrong = wrongStretches(
            spans, periodMs: periodMs, timeline: timeline, offsetMs: offsetMs, loopsMs: loopsMs,
            toleranceMs: toleranceMs)
        let lengths = seams.map { $0.1 - $0.0 }
        let rates = refreshRates.map { hz -> Rate in
            let t = 1000 / hz
            let seen = lengths.map { min(1, $0 / t) }
            let g = fold(gaps, refreshMs: t), w = fold(wrong, refreshMs: t)
            return Rate(
                refreshHz: hz, seamSeenShare: seen.isEmpty ? 0 : seen.reduce(0, +) / Double(seen.count),
                refreshesPerSeam: lengths.map { Int(($0 / t - 1e-12).rounded(.up)) }.max() ?? 0,
                tornPerMinute: periodMs > 0 ? lengths.reduce(0, +) / t * 60_000 / periodMs : 0,
                gapSeenShare: g.share, worstPhaseGapRefreshes: g.most,
                wrongFrameSeenShare: w.share, worstPhaseWrongFrameRefreshes: w.most)
        }
        let verdict = PhaseVerdict(
            seams: seams.count, longestSeamMs: lengths.max() ?? 0,
            meanSeamMs: lengths.isEmpty ? 0 : lengths.reduce(0, +) / Double(lengths.count),
            seamBudgetMs: seamBudgetMs,
            gapMs: gaps.reduce(0) { $0 + $1.1 - $1.0 }, wrongFrameMs: wrong.reduce(0) { $0 + $1.1 - $1.0 },
            firstGapAtMs: gaps.map(\.0).min(), firstWrongFrameAtMs: wrong.map(\.0).min(), rates: rates)
        return (verdict, wrong)
    }

    /// The stretches of `loopsMs` in which one frame alone shows and the timeline, shifted by
    /// `offsetMs`, does not show it within `toleranceMs`.
    static func wrongStretches(
        _ spans: [ShownSpan], periodMs: Double, timeline: Timeline, offsetMs: Double, loopsMs: Double,
        toleranceMs: Double
    ) -> [(Double, Double)] {
        let pt = timeline.period
        guard pt > 0, periodMs > 0 else { return [] }
        var out: [(Double, Double)] = []
        let loops = max(1, Int((loopsMs / periodMs - 1e-9).rounded(.up)))
        for r in 0..<loops {
            for s in spans where s.frames.count == 1 {
                let a = s.startMs + Double(r) * periodMs, b = min(s.endMs + Double(r) * periodMs, loopsMs)
                guard b > a else { continue }
                let f = s.frames[0]
                guard f < timeline.durations.count else {
                    out.append((a, b))
                    continue
                }
                // The frame is right at t when t + offset lies in [start − tol, end + tol] (mod the timeline).
                let lo = timeline.starts[f] - toleranceMs - offsetMs
                let hi = timeline.starts[f] + timeline.durations[f] + toleranceMs - offsetMs
                if hi - lo >= pt { continue }
                var rights: [(Double, Double)] = []
                var m = ((a - hi) / pt).rounded(.down)
                while lo + m * pt < b {
                    let x = max(a, lo + m * pt), y = min(b, hi + m * pt)
                    if y > x { rights.append((x, y)) }
                    m += 1
                }
                var cursor = a
                for (x, y) in rights {
                    if x - cursor > 1e-9 { out.append((cursor, x)) }
                    cursor = max(cursor, y)
                }
                if b - cursor > 1e-9 { out.append((cursor, b)) }
            }
        }
        return out
    }

    /// Single-frame instants that stand for the spans (each span's ends, just inside, and its
    /// middle) over `loopsMs`, for choosing the offset without any phase.
    static func observations(_ spans: [ShownSpan], periodMs: Double, loopsMs: Double) -> [PhaseAlignment.Observation] {
        guard periodMs > 0 else { return [] }
        var out: [PhaseAlignment.Observation] = []
        let loops = max(1, Int((loopsMs / periodMs - 1e-9).rounded(.up)))
        for r in 0..<loops {
            for s in spans where s.frames.count == 1 {
                let inset = min(s.durationMs / 4, 0.001)
                for t in [s.startMs + inset, (s.startMs + s.endMs) / 2, s.endMs - inset] {
                    let at = t + Double(r) * periodMs
                    if at < loopsMs { out.append(.init(timeMs: at, frame: s.frames[0])) }
                }
            }
        }
        return out
    }
}
