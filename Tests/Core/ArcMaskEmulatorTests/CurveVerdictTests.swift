import ArcMaskEmulator
import ArcMaskGeometry
import Foundation
import Testing

/// The verdict judges the band the phone strokes along the plan's cubic curves, not a circle's.
@Suite("Verdicts on the curves drawn")
struct CurveVerdictTests {
    /// Eight frames of 100 ms (45° slices), four of 250 ms (90°), 2 s then two of 100 ms (a
    /// 327° slice), and Examples/orbit.gif's delays.
    static let inputs: [(String, [Double])] = [
        ("eq8", [Double](repeating: 100, count: 8)),
        ("eq4", [Double](repeating: 250, count: 4)),
        ("pause", [2000, 100, 100]),
        ("orbit", [60, 60, 60, 60, 120, 120, 120, 120, 60, 60, 60, 60, 120, 120, 120, 120]),
    ]
    /// Small, medium and large widgets of a 6.7-inch iPhone, points.
    static let families: [(Double, Double)] = [(170, 170), (364, 170), (364, 382)]

    static func run(_ plan: ArcPlan) -> EmulationReport {
        Emulator.run(plan, model: AnalyticModel(plan), settings: EmulationSettings(listLimit: 0))
    }

    /// The drawing before curves were planned, kept as a model: one `addArc` per layer, split as
    /// Core Graphics is assumed to (a curve per quarter turn or less).
    static func oneArcPerSlice(_ plan: ArcPlan) -> ArcPlan {
        var p = plan
        p.layers = p.layers.map {
            var l = $0
            l.curves = CurveRule.quarterTurns.curves(from: l.startAngle, to: l.endAngle, radius: p.radius)
            return l
        }
        return p
    }

    static func plan(_ durations: [Double], _ size: (Double, Double), preset: Preset = .arcmask) throws -> ArcPlan {
        try ArcPlanner.plan(PlanRequest(viewWidth: size.0, viewHeight: size.1, durationsMs: durations, preset: preset))
    }

    @Test("arcmask's plans pass on the curves they draw, at small, medium and large", arguments: inputs)
    func plansPass(_ input: (String, [Double])) throws {
        for size in Self.families {
            let plan = try Self.plan(input.1, size)
            let report = Self.run(plan)
            #expect(report.passed, "\(input.0) at \(size): \(report.verdictText)")
            #expect(report.allPhases.strips == nil && report.allPhases.gapMs == 0)
            #expect(plan.largestCurveDistance <= CurveRule.tolerancePoints)
        }
    }

    @Test("drawn as one arc per slice, the 8-frame and the paused GIF leave a strip: FAIL with a gap")
    func oneArcPerSliceFails() throws {
        for (name, durations) in Self.inputs where name == "eq8" || name == "pause" {
            let plan = Self.oneArcPerSlice(try Self.plan(durations, (170, 170)))
            let report = Self.run(plan)
            #expect(!report.passed && report.allPhases.gapMs > 0, "\(name)")
            let strips = try #require(report.allPhases.strips, "\(name)")
            // Each strip lies as deep as the layer's curves stray past the 1 pt margin.
            for s in strips {
                #expect(abs(s.depthPoints - (plan.curveDistance(s.layer) - 1)) < 0.01, "\(name): \(s)")
                #expect(s.shownMs > 0)
            }
            #expect(report.verdictText.contains("leaves a strip"), "\(report.verdictText)")
        }
        // 45° at 2¹⁹ pt: 2.2 pt from the circle, a strip 1.2 pt deep (3.6 px at 3×).
        let eq8 = Self.run(Self.oneArcPerSlice(try Self.plan(Self.inputs[0].1, (170, 170))))
        let depth = try #require(eq8.allPhases.strips?.map(\.depthPoints).max())
        #expect(abs(depth - 1.22) < 0.05)
    }

    @Test("DouYinComment's 4-frame plan at 155×155 leaves a strip: FAIL with a gap")
    func douyinFails() throws {
        let report = Self.run(try Self.plan([250, 250, 250, 250], (155, 155), preset: .douyin))
        #expect(!report.passed && report.allPhases.gapMs > 0 && report.allPhases.strips?.isEmpty == false)
    }

    /// Whether some point of the bottom row (1/8 px above the edge, at every `stride`-th pixel
    /// centre and 1/8 px inside the corners) lies outside every layer's stroke at rotation `phi`,
    /// from the distance to the nearest point of the cubic, found by search: not from the
    /// offset curves the model solves. For butt caps.
    static func bruteGap(_ plan: ArcPlan, rotation phi: Double, stride: Int = 1) -> Bool {
        let s = plan.scale, c = plan.center, h = plan.lineWidth / 2
        let y = plan.viewHeight - 1 / (8 * s)
        var xs = Swift.stride(from: 0, to: plan.pixelWidth, by: stride).map { (Double($0) + 0.5) / s }
        xs += [1 / (8 * s), plan.viewWidth - 1 / (8 * s)]
        return xs.contains { x in
            !plan.layers.contains { layer in
                let dx = x - c.x, dy = y - c.y
                var theta = atan2(dy, dx) * 180 / .pi - phi
                theta += 360 * ((layer.startAngle - theta) / 360).rounded(.up)
                guard theta <= layer.endAngle,
                    let curve = layer.curves.first(where: { theta <= $0.endAngle })
                else { return false }
                let p = curve.points(cx: 0, cy: 0, radius: plan.radius, rotation: phi)
                func distance(_ t: Double) -> Double {
                    let u = 1 - t
                    let bx = u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x
                    let by = u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y
                    return ((bx - dx) * (bx - dx) + (by - dy) * (by - dy)).squareRoot()
                }
                let grid = 200
                let best = (0...grid).min { distance(Double($0) / Double(grid)) < distance(Double($1) / Double(grid)) }!
                var a = Double(max(0, best - 1)) / Double(grid), b = Double(min(grid, best + 1)) / Double(grid)
                for _ in 0..<100 {
                    let m1 = a + (b - a) / 3, m2 = b - (b - a) / 3
                    if distance(m1) < distance(m2) { b = m2 } else { a = m1 }
                }
                return distance((a + b) / 2) <= h
            }
        }
    }

    @Test("the exact trace agrees with brute-force sampling on the curves")
    func agreesWithBruteForce() throws {
        let plan = Self.oneArcPerSlice(try Self.plan([2000, 100, 100], (170, 170)))
        let model = AnalyticModel(plan)
        let band = model.coverage.band
        #expect(!band.stripRotations.isEmpty)
        // Where each strip starts and ends, on every pixel of the row.
        for (a, b) in band.stripRotations {
            let d = 1e-5 * (b - a)
            #expect(Self.bruteGap(plan, rotation: a + d) && Self.bruteGap(plan, rotation: b - d), "\(a)…\(b)")
            #expect(!Self.bruteGap(plan, rotation: a - d) && !Self.bruteGap(plan, rotation: b + d), "\(a)…\(b)")
        }
        // At rotations spread over the turn, the model's gap is the brute force's.
        let edges = band.stripRotations.flatMap { [$0.0, $0.1] }
        var agreed = 0
        for k in 0..<240 {
            let phi = (Double(k) + 0.37) * 1.5
            guard !edges.contains(where: { abs($0 - phi) < 0.05 }) else { continue }
            #expect(model.observe(rotation: phi).gap == Self.bruteGap(plan, rotation: phi, stride: 8), "at \(phi)°")
            agreed += 1
        }
        #expect(agreed > 200)
        // The trace of the loop shows the gap exactly while a strip shows.
        let spans = ShownLoop.trace(plan)
        let gapMs = spans.filter(\.gap).reduce(0) { $0 + $1.durationMs }
        let stripMs = band.stripRotations.reduce(0) { $0 + $1.1 - $1.0 } / 360 * plan.periodSeconds * 1000
        #expect(abs(gapMs - stripMs) < 1e-6)
    }
}
