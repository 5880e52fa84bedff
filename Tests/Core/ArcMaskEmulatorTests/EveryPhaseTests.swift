import ArcMaskEmulator
import ArcMaskGeometry
import Foundation
import Testing

/// The verdict holds at every phase of the display's refreshes: it is computed over the whole
/// loop, not at the phases sampled, and its figures agree with brute-force sampling.
@Suite("Verdicts at every phase")
struct EveryPhaseTests {
    /// 29.97 fps, whose frame boundaries miss the 1/120 s grid.
    static let ntsc = [Double](repeating: 1001.0 / 30, count: 60)
    /// 23.976 fps.
    static let film = [Double](repeating: 1001.0 / 24, count: 48)
    /// 16 frames of 333/334 ms, as a WebP encoder writes 3 fps.
    static let webp = (0..<16).map { $0 % 3 == 2 ? 334.0 : 333.0 }

    typealias Generator = IndependentPhaseTests.Generator

    static func run(_ plan: ArcPlan, phases: [Double] = [0], rates: [Double] = [60, 120]) -> EmulationReport {
        Emulator.run(
            plan, model: AnalyticModel(plan),
            settings: EmulationSettings(refreshRates: rates, phasesMs: phases, listLimit: 0))
    }

    @Test(
        "clips and loops off the refresh grid pass, with the tear rate stated",
        arguments: [ntsc, film, webp, Inputs.gifLike])
    func offGridPasses(_ durations: [Double]) throws {
        for size in [(170.0, 170.0), (364.0, 170.0), (364.0, 382.0)] {
            let plan = try ArcPlanner.plan(
                PlanRequest(viewWidth: size.0, viewHeight: size.1, scale: 3, durationsMs: durations))
            let r = Self.run(plan)
            #expect(r.passed, "\(size): \(r.verdictText)")
            if !r.passed { return }
            #expect(r.verdictText.hasPrefix("PASS: a seam is on screen at "))
            #expect(
                r.verdictText.contains("torn refreshes a minute") || r.verdictText.contains("torn refresh a minute"))
            #expect(r.allPhases.longestSeamMs <= r.allPhases.seamBudgetMs)
            #expect(r.allPhases.gapMs == 0 && r.allPhases.wrongFrameMs == 0)
            // The crossings are placed between the refreshes of phase 0: its pictures are clean.
            #expect(r.torn == 0 && r.defective == 0, "\(size): \(r.torn) torn at phase 0")
        }
    }

    @Test("a crossing a refresh of phase 0 would see starts just after it, and never shows a frame late")
    func crossingsBetweenRefreshes() throws {
        // A seam fraction of 0.5 makes crossings long enough that many meet the 120 Hz grid.
        let plan = try ArcPlanner.plan(
            PlanRequest(viewWidth: 170, viewHeight: 170, durationsMs: Self.ntsc, seamFraction: 0.5))
        let r = Self.run(plan)
        #expect(r.passed, "\(r.verdictText)")
        #expect(r.phaseOffsetMs == 0)
        // Phase 0's refreshes see no crossing, but for the loop's last: moved past the loop's end
        // it would meet the refresh at 0, and moved earlier it would show frame 0 early.
        let periodMs = plan.periodSeconds * 1000
        let torn = r.allSamples.filter(\.torn)
        #expect(torn.allSatisfy { periodMs - $0.timeMs < 5 }, "\(torn.map(\.timeMs))")
        // Every hand-off finishes no later than its frame's start plus its crossing, and starts
        // no later than the frame's start: the old frame never outstays its time.
        let timeline = Timeline(durationsMs: Self.ntsc)
        var moved = 0
        for h in r.handoffs {
            let start = timeline.starts[h.to] == 0 ? plan.periodSeconds * 1000 : timeline.starts[h.to]
            let at = h.atMs < 1 ? h.atMs + plan.periodSeconds * 1000 : h.atMs
            #expect(at - h.crossingMs / 2 <= start + 1e-6, "\(h)")
            if at > start - ArcPlanner.guardMs - h.crossingMs / 2 + 1e-3 { moved += 1 }
        }
        #expect(moved > 0)
    }

    @Test("random phases change neither the verdict nor its figures", arguments: Preset.allCases)
    func phaseInvariance(_ preset: Preset) throws {
        var g = Generator(state: 0xF00D)
        for durations in (preset == .arcmask ? [Self.ntsc] : []) + [Inputs.variable, Inputs.uniform8] {
            let plan = try Inputs.plan(durations, preset)
            let base = Self.run(plan)
            for _ in 0..<5 {
                let phases = (0..<3).map { _ in g.unit() * 16.7 }
                let r = Self.run(plan, phases: phases)
                #expect(r.passed == base.passed)
                #expect(r.verdictText == base.verdictText)
                #expect(r.allPhases == base.allPhases)
                #expect(r.phaseOffsetMs == base.phaseOffsetMs)
            }
        }
    }

    /// Torn, gap and wrong-frame refreshes of one loop at a phase, counted by sampling.
    static func sampled(_ r: EmulationReport, phase: Double, hz: Double) -> (torn: Int, gap: Int, wrong: Int) {
        let s = r.allSamples.filter { $0.phaseMs == phase && $0.refreshHz == hz }
        return (s.filter(\.torn).count, s.filter(\.gap).count, s.filter(\.wrongFrame).count)
    }

    @Test(
        "the exact figures agree with 1,000 sampled phases",
        arguments: [
            (ntsc, Preset.arcmask, 0.02), (webp, .arcmask, 0.05), (Inputs.uniform8, .oneday, 0.0),
            (Inputs.variable, .douyin, 0.0), (Inputs.uniform8, .dynamicwidget, 0.0),
        ])
    func bruteForce(_ durations: [Double], _ preset: Preset, _ seamFraction: Double) throws {
        // A seam fraction of 0.02 gives the arcmask plan a seam long enough to sample.
        let plan = try ArcPlanner.plan(
            PlanRequest(
                viewWidth: 170, viewHeight: 170, scale: 3, durationsMs: durations, preset: preset,
                seamFraction: seamFraction > 0 ? seamFraction : nil))
        var g = Generator(state: 0xBEEF)
        let n = 1000
        for hz in [60.0, 120.0] {
            let t = 1000 / hz
            let phases = (0..<n).map { _ in g.unit() * t }
            let r = Self.run(plan, phases: phases, rates: [hz])
            let exact = r.allPhases.rates[0]
            // Over one of the plan's periods: sample only refreshes inside the first period.
            let periodMs = plan.periodSeconds * 1000
            var torn = 0, tornAny = 0, gapAny = 0, wrongAny = 0
            let byPhase = Dictionary(grouping: r.allSamples.filter { $0.timeMs < periodMs }, by: \.phaseMs)
            for p in phases {
                let s = byPhase[p] ?? []
                let tc = s.filter(\.torn).count
                torn += tc
                if tc > 0 { tornAny += 1 }
                if s.contains(where: \.gap) { gapAny += 1 }
                if s.contains(where: \.wrongFrame) { wrongAny += 1 }
            }
            // Binomial sampling error: four standard deviations.
            func close(_ measured: Double, _ p: Double, _ what: String) {
                let sd = (max(p * (1 - p), 1e-4) / Double(n)).squareRoot()
                #expect(
                    abs(measured - p) <= 4 * sd + 1e-9, "\(preset) \(hz) Hz \(what): sampled \(measured), exact \(p)")
            }
            let meanTorn = Double(torn) / Double(n)
            let expected = exact.tornPerMinute * periodMs / 60_000
            // At each phase, the torn refreshes are those in the seams' stretches.
            let seams = ShownLoop.stretches(
                ShownLoop.trace(plan), periodMs: periodMs, where: \.torn)
            let tornShare = PhaseVerdict.fold(seams, refreshMs: t).share
            close(Double(tornAny) / Double(n), tornShare, "torn share")
            // The mean of the per-phase counts, within four standard errors of its own spread.
            let counts = phases.map { p in Double((byPhase[p] ?? []).filter(\.torn).count) }
            let variance = counts.map { ($0 - meanTorn) * ($0 - meanTorn) }.reduce(0, +) / Double(n - 1)
            #expect(
                abs(meanTorn - expected) <= 4 * (max(variance, 1e-3) / Double(n)).squareRoot() + 1e-9,
                "\(preset) \(hz) Hz torn per loop: sampled \(meanTorn), exact \(expected)")
            close(Double(gapAny) / Double(n), exact.gapSeenShare, "gap share")
            close(Double(wrongAny) / Double(n), exact.wrongFrameSeenShare, "wrong-frame share")
            // Each seam is seen at the share of phases its crossing covers of a refresh.
            #expect(
                abs(exact.seamSeenShare - min(1, r.allPhases.meanSeamMs / t)) < 1e-9 || r.allPhases.seams == 0
                    || r.allPhases.longestSeamMs != r.allPhases.meanSeamMs)
        }
    }

    @Test("dynamicwidget fails at every phase")
    func dynamicWidgetEveryPhase() throws {
        let plan = try Inputs.plan(Inputs.gifLike, .dynamicwidget)
        var g = Generator(state: 7)
        for _ in 0..<5 {
            let r = Self.run(plan, phases: [g.unit() * 16.7])
            #expect(!r.passed)
            #expect(r.failures.contains("plays backwards"))
            #expect(r.allPhases.gapMs > 0)
        }
    }

    @Test("a preset's seam slower than the budget fails; the arcmask plan's is within it")
    func seamBudget() throws {
        // OneDay's R = s² for a 170 pt view and a 2 s loop: a 1.9 ms seam (ARCMASK.md).
        let oneday = Self.run(try Inputs.plan([Double](repeating: 100, count: 20), .oneday))
        #expect(!oneday.passed, "\(oneday.verdictText)")
        #expect(abs(oneday.allPhases.longestSeamMs - 1.9) < 0.1, "\(oneday.allPhases.longestSeamMs)")
        #expect(oneday.failures.contains { $0.hasPrefix("a seam takes") && $0.hasSuffix("ms budget") })
        let arcmask = Self.run(try Inputs.plan(Inputs.uniform8, .arcmask))
        #expect(arcmask.passed)
        #expect(arcmask.allPhases.longestSeamMs < arcmask.allPhases.seamBudgetMs / 4)
    }

    @Test("the fold: shares and worst-phase counts of intervals against a refresh grid")
    func fold() {
        // One 2 ms interval against 8 ms refreshes: a quarter of phases, one refresh at most.
        var f = PhaseVerdict.fold([(3, 5)], refreshMs: 8)
        #expect(abs(f.share - 0.25) < 1e-12 && f.most == 1)
        // 20 ms: every phase, two or three refreshes.
        f = PhaseVerdict.fold([(1, 21)], refreshMs: 8)
        #expect(f.share == 1 && f.most == 3)
        // Two intervals a refresh apart land on the same phases: the share stays, the count adds.
        f = PhaseVerdict.fold([(3, 5), (11, 13)], refreshMs: 8)
        #expect(abs(f.share - 0.25) < 1e-12 && f.most == 2)
        #expect(PhaseVerdict.fold([], refreshMs: 8).share == 0)
    }
}

extension IndependentPhaseTests.Generator {
    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
