import ArcMaskCompositor
import ArcMaskCore
import ArcMaskEmulator
import ArcMaskGIF
import ArcMaskGeometry
import Foundation

/// The arc-mask findings on the corpus animations (peterdn, pygif): per animated GIF,
/// - arcmask: no torn, gap or wrong-frame refresh at 60 and 120 Hz, one layer per frame;
/// - dynamicwidget: backwards (more than two frames) at twice the speed;
/// - oneday: wrong frames whenever the delays differ;
/// - widgetnimation: a 2 s period whatever the delays;
/// - analytic and raster models classify every sample alike.
func runFindings(_ corpus: String) -> SuiteResult {
    var inputs: [String] = []
    for dir in ["peterdn/gifs", "pygif/test-suite"] {
        inputs += files("\(corpus)/\(dir)", suffix: ".gif").map { "\(corpus)/\(dir)/\($0)" }
    }
    var animated: [(String, [Double])] = []
    for path in inputs {
        guard let gif = try? GIFFrameSource(path: path), gif.frameCount >= 2 else { continue }
        animated.append((path, gif.durations))
    }
    var result = SuiteResult(name: "arc-mask findings on corpus animations", bar: animated.count)
    var checks = 0
    for (path, durations) in animated {
        result.record(
            (path as NSString).lastPathComponent,
            {
                do {
                    func plan(_ p: Preset) throws -> ArcPlan {
                        try ArcPlanner.plan(
                            PlanRequest(viewWidth: 48, viewHeight: 48, scale: 2, durationsMs: durations, preset: p))
                    }
                    func run(
                        _ plan: ArcPlan, _ model: CoverageModel, _ name: String, _ each: ((Sample) -> Void)? = nil
                    ) -> EmulationReport {
                        Emulator.run(
                            plan, model: model, mode: name, settings: EmulationSettings(refreshRates: [60, 120]),
                            onSample: each)
                    }
                    let own = try plan(.arcmask)
                    let r = run(own, AnalyticModel(own), "analytic")
                    checks += 1
                    guard own.layers.count == durations.count, r.defective == 0 else {
                        return "arcmask: \(r.torn) torn, \(r.gap) gap, \(r.wrongFrame) wrong-frame of \(r.samples)"
                    }
                    let dw = run(try plan(.dynamicwidget), AnalyticModel(try plan(.dynamicwidget)), "analytic")
                    checks += 1
                    if abs(dw.speedRatio - 2) > 1e-9 || (durations.count > 2 && !dw.reversed) {
                        return "dynamicwidget: reversed \(dw.reversed), speed \(dw.speedRatio)"
                    }
                    if Set(durations).count > 1 {
                        let od = run(try plan(.oneday), AnalyticModel(try plan(.oneday)), "analytic")
                        checks += 1
                        if od.wrongFrame == 0 { return "oneday: no wrong frame despite unequal delays" }
                    }
                    checks += 1
                    if try plan(.widgetnimation).periodSeconds != 2 { return "widgetnimation: period is not 2 s" }
                    for preset in Preset.allCases {
                        let p = try plan(preset)
                        var a: [Sample] = [], b: [Sample] = []
                        _ = run(p, AnalyticModel(p), "analytic") { a.append($0) }
                        _ = run(p, RasterModel(p), "raster") { b.append($0) }
                        checks += 1
                        if let k = a.indices.first(where: { k in
                            k >= b.count || a[k].shown != b[k].shown || a[k].gap != b[k].gap
                        }) {
                            return
                                "\(preset): analytic and raster differ at \(a[k].timeMs) ms (\(a[k].shown) vs \(b[k].shown))"
                        }
                    }
                    return nil
                } catch { return "\(error)" }
            }())
    }
    result.note = "\(checks) checks"
    return result
}
