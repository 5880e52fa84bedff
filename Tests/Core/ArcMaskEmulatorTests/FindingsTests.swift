import ArcMaskEmulator
import ArcMaskGeometry
import Testing

/// Frame timings the findings are checked on.
enum Inputs {
    static let uniform8 = [Double](repeating: 100, count: 8)
    static let variable = [60.0, 60, 120, 120, 200, 40, 80, 100, 30, 90]
    static let gifLike = [100.0, 20, 20, 50, 500, 70, 70, 70, 30, 150, 100, 40]
    static let many = [Double](repeating: 40, count: 100)
    static let all: [[Double]] = [uniform8, variable, gifLike, many]

    static func plan(_ durations: [Double], _ preset: Preset, size: Double = 170, scale: Double = 3) throws -> ArcPlan {
        try ArcPlanner.plan(
            PlanRequest(viewWidth: size, viewHeight: size, scale: scale, durationsMs: durations, preset: preset))
    }

    static func emulate(_ plan: ArcPlan, rates: [Double] = [60, 120]) -> EmulationReport {
        Emulator.run(
            plan, model: AnalyticModel(plan), settings: EmulationSettings(refreshRates: rates))
    }
}

@Suite("Findings on the public presets")
struct PresetFindingsTests {
    @Test("dynamicwidget plays backwards at twice the speed", arguments: [Inputs.uniform8, Inputs.variable])
    func dynamicWidgetBackwards(_ durations: [Double]) throws {
        let r = Inputs.emulate(try Inputs.plan(durations, .dynamicwidget))
        #expect(r.reversed)
        #expect(abs(r.speedRatio - 2) < 1e-9)
        #expect(r.wrongFrame > 0)
    }

    @Test("dynamicwidget leaves uncovered corner slivers on a square view")
    func dynamicWidgetCorners() throws {
        let plan = try Inputs.plan(Inputs.uniform8, .dynamicwidget)
        #expect(plan.figures.cornerMarginPoints < 0)
        // (W/2)² / 2R ≈ 1/8 pt outside the band for s = 170.
        #expect(abs(-plan.figures.cornerMarginPoints - 85.0 * 85 / (2 * 170 * 170)) < 0.01)
        let r = Inputs.emulate(plan)
        // Every refresh but those where a square cap happens to cover a corner.
        #expect(r.gap > r.samples * 3 / 4)
    }

    @Test("oneday shows every frame for the average delay when delays differ")
    func oneDayAverage() throws {
        let plan = try Inputs.plan(Inputs.variable, .oneday)
        let r = Inputs.emulate(plan)
        #expect(r.wrongFrame > 0)
        let average = Inputs.variable.reduce(0, +) / Double(Inputs.variable.count)
        // Square caps shift the first and last slices by the cap lag.
        for f in r.frames {
            #expect(abs(f.shownMs - average) <= 2 * plan.figures.switchLagMs + 1e-3, "frame \(f.frame)")
        }
        #expect(!r.reversed)
    }

    @Test("oneday shows frame ⌊N/4⌋ around φ = 0", arguments: [8, 10, 12, 100])
    func oneDayQuarter(_ n: Int) throws {
        let plan = try Inputs.plan([Double](repeating: 100, count: n), .oneday)
        let model = AnalyticModel(plan)
        let theta = 360 / Double(n)
        // Just after 0 (away from a seam when N/4 is whole, between seams otherwise).
        let phi = n % 4 == 0 ? theta / 2 : 0.001
        #expect(model.observe(rotation: phi).frames == [n / 4])
    }

    @Test("widgetnimation ignores the delays: a fixed 2 s period, equal slices")
    func widgetnimationFixed() throws {
        for durations in [Inputs.variable, Inputs.gifLike] {
            let plan = try Inputs.plan(durations, .widgetnimation)
            #expect(plan.periodSeconds == 2)
            let r = Inputs.emulate(plan)
            for f in r.frames { #expect(abs(f.shownMs - 2000 / Double(durations.count)) < 0.5) }
            #expect(r.wrongFrame > 0)
        }
    }

    @Test("the public plans follow the visible-frame formulas of their geometry")
    func formulas() throws {
        let n = 12
        let durations = [Double](repeating: 100, count: n)
        for preset in [Preset.oneday, .widgetnimation, .dynamicwidget] {
            let plan = try Inputs.plan(durations, preset)
            let model = AnalyticModel(plan)
            for k in 0..<n {
                let phi = (Double(k) + 0.5) * 360 / Double(n)
                let x = Double(n) * phi / 360
                let expected =
                    preset == .dynamicwidget
                    ? ((Int((3 * Double(n) / 4 - x).rounded(.down)) % n) + n) % n
                    : Int((x + Double(n) / 4).rounded(.down)) % n
                #expect(model.observe(rotation: phi).frames == [expected], "\(preset) φ=\(phi)")
            }
        }
    }
}

@Suite("The arcmask preset")
struct ArcmaskPresetTests {
    @Test(
        "zero torn, gap and wrong-frame samples at 60 and 120 Hz, with exactly N layers",
        arguments: Inputs.all)
    func clean(_ durations: [Double]) throws {
        let plan = try Inputs.plan(durations, .arcmask)
        #expect(plan.layers.count == durations.count)
        let r = Inputs.emulate(plan)
        #expect(r.samples > 0)
        #expect(r.torn == 0 && r.gap == 0 && r.wrongFrame == 0, "\(r.defects.prefix(3))")
        #expect(!r.reversed && abs(r.speedRatio - 1) < 1e-12)
    }

    @Test("slices are proportional to the durations and the seam is the shortest a phone draws faithfully")
    func geometry() throws {
        let plan = try Inputs.plan(Inputs.variable, .arcmask)
        #expect(abs(plan.periodSeconds - Inputs.variable.reduce(0, +) / 1000) < 1e-12)
        let faithful = ArcPlanner.faithfulSeamMs(width: 170, height: 170, periodMs: Inputs.variable.reduce(0, +))
        #expect(abs(plan.figures.seamCrossingMs - faithful) < 1e-9)
        #expect(abs(plan.centerOffset - ArcPlanner.faithfulCentreOffset) < 1e-3)
        #expect(plan.figures.seamBudgetMs == 1000.0 / 120 / 8)
        // Asked for, an eighth of a refresh: a nearer circle.
        let eighth = try ArcPlanner.plan(
            PlanRequest(viewWidth: 170, viewHeight: 170, durationsMs: Inputs.variable, seamFraction: 1.0 / 8))
        #expect(abs(eighth.figures.seamCrossingMs - 1000.0 / 120 / 8) < 1e-6)
        #expect(eighth.centerOffset < plan.centerOffset)
        #expect(plan.figures.cornerMarginPoints >= ArcPlanner.bandMargin - 1e-6)
        let r = Inputs.emulate(plan)
        for f in r.frames { #expect(abs(f.shownMs - f.intendedMs) < 1e-6) }
    }

    @Test("plans that cannot work are refused with what would")
    func refusals() {
        #expect(throws: PlanError.self) { try Inputs.plan([], .arcmask) }
        #expect(throws: PlanError.self) { try Inputs.plan([0, 0], .arcmask) }
        do {
            _ = try ArcPlanner.plan(
                PlanRequest(viewWidth: 170, viewHeight: 170, durationsMs: [100, 1, 100], seamFraction: 0.25))
            Issue.record("a 1 ms frame was accepted")
        } catch {
            #expect(error.problem.contains("frame 1 lasts 1 ms"))
            // The advice names the setting, which each front end words its own way.
            #expect(error.settings == [.seamFraction])
            #expect(error.suggestion.hasPrefix("lower the seam fraction (the largest that works is about"))
            let named = PlanVocabulary(
                seamFraction: "--seam-fraction", framesPerSecond: "", loopSeconds: "", timing: "")
            #expect(error.message(named).contains("; lower --seam-fraction (the largest"))
        }
    }
}
