import ArcMaskGeometry
import Foundation
import Testing

/// The cubic curves a phone draws for an arc, and the band they stroke.
@Suite("Curves")
struct CurveTests {
    @Test("a slice wider than a turn (an edited manifest's 3.37e15°) is one curve, not pieces no memory holds")
    func absurdSweep() {
        for rule in [CurveRule.quarterTurns, .bounded] {
            #expect(rule.curves(from: -88.63, to: 3_370_000_000_000_005, radius: 524_288).count == 1)
            #expect(rule.curves(from: 0, to: 360, radius: 1e300).count <= 4096)
        }
    }

    /// The largest distance of the cubic of `sweep` degrees from the unit circle, sampled.
    static func sampledDeviation(_ sweep: Double) -> Double {
        let c = ArcCurve(startAngle: 0, endAngle: sweep)
        let p = c.points(cx: 0, cy: 0, radius: 1)
        var worst = 0.0
        for i in 0...20_000 {
            let t = Double(i) / 20_000, s = 1 - t
            let x = s * s * s * p[0].x + 3 * s * s * t * p[1].x + 3 * s * t * t * p[2].x + t * t * t * p[3].x
            let y = s * s * s * p[0].y + 3 * s * s * t * p[1].y + 3 * s * t * t * p[2].y + t * t * t * p[3].y
            worst = max(worst, (x * x + y * y).squareRoot() - 1)
        }
        return worst
    }

    @Test(
        "a cubic strays from its circle as the closed form says, outward only", arguments: [15.0, 22.5, 30, 45, 60, 90])
    func deviation(_ sweep: Double) {
        let sampled = Self.sampledDeviation(sweep)
        #expect(abs(sampled - ArcCurve.deviation(sweepDegrees: sweep)) <= 1e-6 * sampled + 1e-15)
    }

    @Test("at 2¹⁹ pt a quarter turn strays 143 pt and 22.5° 0.035 pt")
    func table() {
        let r = 524_288.0
        let expected: [(Double, Double)] = [(15, 0.003), (22.5, 0.035), (30, 0.19), (45, 2.2), (60, 12.5), (90, 143)]
        for (sweep, pt) in expected {
            let d = ArcCurve.deviation(sweepDegrees: sweep) * r
            #expect(abs(d - pt) <= 0.05 * pt, "\(sweep)°: \(d) pt")
        }
    }

    @Test("arcmask's curves stay within 1/16 pt; the presets' one arc per slice takes a curve per quarter turn")
    func rules() {
        for radius in [170.0, 28_900, 524_288, 1_999_999] {
            for sweep in [0.5, 22.5, 45, 90, 180, 327.27, 361] {
                let curves = CurveRule.bounded.curves(from: -10, to: -10 + sweep, radius: radius)
                #expect(curves.allSatisfy { $0.deviation(radius: radius) <= CurveRule.tolerancePoints })
                #expect(curves.allSatisfy { $0.sweep <= 90 + 1e-9 })
                #expect(curves.first?.startAngle == -10 && curves.last?.endAngle == -10 + sweep)
                // Fewest: one curve fewer would stray past the tolerance (or past a quarter turn).
                if curves.count > 1 {
                    let wider = sweep / Double(curves.count - 1)
                    #expect(wider > 90 || ArcCurve.deviation(sweepDegrees: wider) * radius > CurveRule.tolerancePoints)
                }
            }
        }
        #expect(
            CurveRule.quarterTurns.curves(from: 0, to: 327, radius: 1).map(\.sweep) == [81.75, 81.75, 81.75, 81.75])
        #expect(CurveRule.quarterTurns.curves(from: 0, to: 90, radius: 1).count == 1)
        #expect(CurveRule.quarterTurns.curves(from: 0, to: 90.5, radius: 1).count == 2)
    }

    @Test("a plan written before curves were recorded reads back as one arc per slice")
    func oldPlans() throws {
        let old = #"{"zIndex":0,"frame":1,"startAngle":0,"endAngle":200}"#
        let layer = try JSONDecoder().decode(ArcLayer.self, from: Data(old.utf8))
        #expect(layer.curves.map(\.sweep).allSatisfy { abs($0 - 200.0 / 3) < 1e-9 } && layer.curves.count == 3)
        let uneven =
            #"{"zIndex":0,"frame":1,"startAngle":0,"endAngle":100,"curves":[{"startAngle":0,"endAngle":90},{"startAngle":90,"endAngle":100}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ArcLayer.self, from: Data(uneven.utf8)) }
    }

    @Test("the arcmask plan draws each layer within the tolerance; the presets as their code does")
    func plans() throws {
        let p = try ArcPlanner.plan(PlanRequest(viewWidth: 170, viewHeight: 170, durationsMs: [2000, 100, 100]))
        #expect(p.layers[0].curves.count == 14 && p.largestCurveDistance <= CurveRule.tolerancePoints)
        #expect(p.figures.curveDistancePoints == p.largestCurveDistance)
        let d = try ArcPlanner.plan(
            PlanRequest(viewWidth: 155, viewHeight: 155, durationsMs: [250, 250, 250, 250], preset: .douyin))
        #expect(d.layers.allSatisfy { $0.curves.count == 1 })
        #expect(abs(d.largestCurveDistance - 13.19) < 0.01)  // 2.7253·10⁻⁴ of 48,386 pt
    }
}
