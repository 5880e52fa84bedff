import ArcMaskGeometry
import ArcMaskKit
import Foundation
import Testing

/// The view strokes the cubic curves the plan computed, the ones the emulator judged.
@Suite("The view's curves")
struct CurveDrawingTests {
    @Test("each layer's curves are the plan's: the same ends and control points")
    func samePoints() throws {
        let plan = try ArcPlanner.plan(PlanRequest(viewWidth: 170, viewHeight: 170, durationsMs: [2000, 100, 100]))
        let c = plan.center
        for layer in plan.layers {
            let view = ArcMaskAnimationPlan.Layer(
                frame: layer.frame, startDegrees: layer.startAngle, endDegrees: layer.endAngle,
                curves: layer.curves.count)
            let (start, drawn) = view.curvePoints(cx: c.x, cy: c.y, radius: plan.radius)
            #expect(drawn.count == layer.curves.count)
            for (curve, d) in zip(layer.curves, drawn) {
                let p = curve.points(cx: c.x, cy: c.y, radius: plan.radius)
                let pairs = [(p[1], d.c1), (p[2], d.c2), (p[3], d.end)]
                for (a, b) in pairs { #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6) }
            }
            let first = layer.curves[0].points(cx: c.x, cy: c.y, radius: plan.radius)[0]
            #expect(abs(first.x - start.x) < 1e-6 && abs(first.y - start.y) < 1e-6)
        }
    }

    @Test("a layer without a count draws as arcmask's plans do: within 1/16 pt of the circle")
    func sameRule() {
        for radius in [170.0, 28_900, 524_288, 1_999_999] {
            for sweep in [1.0, 22.5, 45, 90, 200, 327.27, 361] {
                let layer = ArcMaskAnimationPlan.Layer(frame: 0, startDegrees: 10, endDegrees: 10 + sweep)
                #expect(layer.curveCount(radius: radius) == CurveRule.boundedCount(sweepDegrees: sweep, radius: radius))
            }
        }
    }

    static func manifest(curves: String) -> Data {
        Data(
            """
            {"viewWidth":170,"viewHeight":170,"scale":3,"frames":[{"x":0,"y":0,"width":510,"height":510,"file":"frame-000.png"}],
             "plan":{"radius":524288,"lineWidth":172,"centerOffset":524288,"periodSeconds":1,"cap":"butt",
                     "layers":[{"frame":0,"startAngle":0,"endAngle":100\(curves)}]}}
            """.utf8)
    }

    @Test("the manifest's curves are read as a count, and uneven ones are refused where they are")
    func manifestCurves() throws {
        let two = try ArcMaskAnimationPlan(
            manifest: Self.manifest(
                curves: #","curves":[{"startAngle":0,"endAngle":50},{"startAngle":50,"endAngle":100}]"#))
        #expect(two.layers[0].curves == 2)
        let none = try ArcMaskAnimationPlan(manifest: Self.manifest(curves: ""))
        #expect(none.layers[0].curves == nil && none.layers[0].curveCount(radius: 524_288) == 5)  // 20° each
        let uneven = #","curves":[{"startAngle":0,"endAngle":90},{"startAngle":90,"endAngle":100}]"#
        #expect(throws: ArcMaskAnimationPlan.Invalid.self) {
            try ArcMaskAnimationPlan(manifest: Self.manifest(curves: uneven))
        }
        do {
            _ = try ArcMaskAnimationPlan(manifest: Self.manifest(curves: uneven))
        } catch let e as ArcMaskAnimationPlan.Invalid {
            #expect(e.path == "$.plan.layers[0].curves")
        }
    }
}
