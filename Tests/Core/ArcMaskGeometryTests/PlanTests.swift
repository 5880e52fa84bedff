import ArcMaskGeometry
import Testing

@Suite("Plans")
struct PlanTests {
    let s = 170.0

    func plan(_ preset: Preset, _ durations: [Double] = [100, 100, 100, 100]) throws -> ArcPlan {
        try ArcPlanner.plan(PlanRequest(viewWidth: s, viewHeight: s, scale: 3, durationsMs: durations, preset: preset))
    }

    @Test("public presets use the radius, width, caps and period of their code")
    func parameters() throws {
        let d = try plan(.dynamicwidget, [100, 200])
        #expect(d.radius == s * s && d.lineWidth == s && d.cap == .square && d.periodSeconds == 0.15)
        #expect(d.layers.map(\.frame) == [0, 1, 1])  // SDWebImage repeats frame 1 (delay/gcd = 2)
        let o = try plan(.oneday, [10, 100, 100])
        #expect(o.radius == s * s && o.lineWidth == 1.1 * s && o.periodSeconds == 0.3)
        #expect(o.layers.map(\.frame) == [2, 1, 0])
        let w = try plan(.widgetnimation)
        #expect(w.radius == 50 * s && w.lineWidth == 1.5 * s && w.cap == .butt && w.periodSeconds == 2)
        #expect(w.layers[1].startAngle == -180 && w.layers[1].endAngle == -90)
        let y = try plan(.douyin)
        #expect(y.cap == .square && y.layers.map(\.frame) == [3, 2, 1, 0])
        #expect(y.centerOffset < y.radius && y.radius > 300 * s / 2)
    }

    @Test("the frame-count bound is 2πR / W")
    func bound() throws {
        #expect(try plan(.oneday).figures.maxFrames == 1068)
        #expect(try plan(.widgetnimation).figures.maxFrames == 314)
    }

    @Test("memory of the layers at the pixel size")
    func memory() throws {
        #expect(try plan(.arcmask).figures.layerMemoryBytes == 4 * 510 * 510 * 4)
    }

    @Test("the timeline finds frames and timing errors on the loop")
    func timeline() {
        let t = Timeline(durationsMs: [100, 50, 250])
        #expect(t.period == 400)
        #expect(t.frame(at: 0) == 0 && t.frame(at: 99.9) == 0 && t.frame(at: 100) == 1 && t.frame(at: 399) == 2)
        #expect(t.frame(at: 400) == 0 && t.frame(at: -1) == 2)
        #expect(t.timingError(showing: 1, at: 90) == -10)
        #expect(t.timingError(showing: 0, at: 160) == 60)
    }

    @Test("rotation grows with time and wraps each period")
    func rotation() throws {
        let p = try plan(.oneday)
        #expect(p.rotation(at: 0) == 0)
        #expect(abs(p.rotation(at: 0.1) - 90) < 1e-9)
        #expect(abs(p.rotation(at: 0.5) - 90) < 1e-9)
    }
}

@Suite("Plan limits (fuzzing findings)")
struct PlanLimitTests {
    @Test("SDWebImage-style repetition is refused when it would make too many layers, quickly")
    func repetitionBomb() {
        // Found by Scripts/fuzz plan: delays whose gcd is 1 ms made hundreds of thousands of layers.
        let durations: [Double] = (0..<64).map { (k: Int) -> Double in Double(8191 - 2 * k) / 8 }
        for preset in [Preset.dynamicwidget, .douyin] {
            do {
                _ = try ArcPlanner.plan(
                    PlanRequest(viewWidth: 408, viewHeight: 1.5, scale: 1, durationsMs: durations, preset: preset))
                Issue.record("\(preset) accepted")
            } catch let error as PlanError {
                #expect(error.problem.contains("over the limit of 20000"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}

@Suite("Degenerate geometry (fuzzing findings)")
struct DegenerateGeometryTests {
    @Test("a view under one pixel is refused (fuzzing finding: a 0-pixel-high view was emulated)")
    func subPixel() {
        #expect(throws: PlanError.self) {
            try ArcPlanner.plan(
                PlanRequest(
                    viewWidth: 0.83, viewHeight: 0.42, scale: 1, durationsMs: [32, 512], preset: .dynamicwidget))
        }
    }

    @Test("geometry that puts the circle's centre inside the view is refused, not searched")
    func douyinSingle() throws {
        // Found by Scripts/fuzz plan: a 0.3 pt oneday view put the centre inside the view; the
        // candidate search then walked billions of buckets. (A one-layer douyin plan, tan(180°),
        // collapsed the radius too; one frame now plans as a still, below.)
        for (w, h, preset, durations) in [(0.3, 0.34, Preset.oneday, [0.0, 100, 0])] {
            do {
                _ = try ArcPlanner.plan(
                    PlanRequest(viewWidth: w, viewHeight: h, scale: 3, durationsMs: durations, preset: preset))
                Issue.record("\(preset) \(w)×\(h) accepted")
            } catch {
                #expect(error.problem.contains("circle's centre inside the view"))
            }
        }
    }
}

@Suite("Candidate search (fuzzing finding)")
struct CandidateSearchTests {
    /// Every layer whose extended arc reaches the view, found without any index.
    func bruteForce(_ coverage: ArcCoverage, phi: Double) -> [Int] {
        coverage.plan.layers.indices.filter { coverage.rotatedInterval($0, phi: phi) != nil }
            .sorted { coverage.plan.layers[$0].zIndex < coverage.plan.layers[$1].zIndex }
    }

    @Test("a view a few pixels across tests each layer once instead of filling every bucket")
    func tinyView() throws {
        // Found by Scripts/fuzz plan: a 0.66×0.42 pt view at 4× has two-pixel margins of tens of
        // degrees, so every layer sat in most of the 2,048 buckets (2.9 s under instrumentation).
        let durations = [34.5, 0, 0, 0, 1.25, 0, 0, 5.25, 896, 0]
        let plan = try ArcPlanner.plan(
            PlanRequest(
                viewWidth: 42.0 / 64, viewHeight: 27.0 / 64, scale: 4,
                durationsMs: durations, preset: .dynamicwidget))
        let coverage = ArcCoverage(plan)
        #expect(!coverage.usesBuckets)
        for k in 0..<720 {
            let phi = Double(k) / 2
            #expect(coverage.candidates(rotation: phi) == bruteForce(coverage, phi: phi))
        }
    }

    @Test("an ordinary widget plan keeps its buckets and finds the same layers")
    func ordinaryView() throws {
        let plan = try ArcPlanner.plan(
            PlanRequest(
                viewWidth: 170, viewHeight: 170, scale: 3,
                durationsMs: Array(repeating: 40, count: 300)))
        let coverage = ArcCoverage(plan)
        #expect(coverage.usesBuckets)
        for k in 0..<720 {
            let phi = Double(k) / 2
            #expect(coverage.candidates(rotation: phi) == bruteForce(coverage, phi: phi))
        }
    }
}
