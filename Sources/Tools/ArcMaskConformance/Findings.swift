import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskGIF
import ArcMaskGeometry
import Foundation

/// The arc-mask findings on the corpus animations (peterdn, pygif), judged at the phase that
/// fits best (the rotation's phase follows the wall clock). Per animated GIF:
/// - arcmask: no torn, gap or wrong-frame refresh at 60 and 120 Hz, one layer per frame, offset 0;
/// - dynamicwidget: backwards (more than two frames) at twice the speed, failing;
/// - oneday and douyin: no wrong frame when every frame lasts the same (oneday: unless its
///   own 100 ms substitute for delays under 20 ms changes the loop's speed); oneday: wrong
///   frames whenever the delays differ;
/// - widgetnimation: a 2 s period whatever the delays, failing unless the loop lasts 2 s;
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
                    func run(_ plan: ArcPlan, _ model: CoverageModel, _ name: String) -> EmulationReport {
                        Emulator.run(
                            plan, model: model, settings: EmulationSettings())
                    }
                    let own = try plan(.arcmask)
                    let r = run(own, AnalyticModel(own), "analytic")
                    checks += 1
                    guard own.layers.count == durations.count, r.passed, r.phaseOffsetMs == 0 else {
                        return
                            "arcmask: \(r.torn) torn, \(r.gap) gap, \(r.wrongFrame) wrong-frame of \(r.samples), offset \(r.phaseOffsetMs) ms"
                    }
                    let dw = run(try plan(.dynamicwidget), AnalyticModel(try plan(.dynamicwidget)), "analytic")
                    checks += 1
                    if abs(dw.speedRatio - 2) > 1e-9 || (durations.count > 2 && !dw.reversed) || dw.passed {
                        return "dynamicwidget: reversed \(dw.reversed), speed \(dw.speedRatio), passed \(dw.passed)"
                    }
                    let od = run(try plan(.oneday), AnalyticModel(try plan(.oneday)), "analytic")
                    checks += 1
                    if Set(durations).count > 1 {
                        if od.wrongFrame == 0 { return "oneday: no wrong frame despite unequal delays" }
                    } else if !od.wrongSpeed && od.wrongFrame > 0 {
                        return "oneday: \(od.wrongFrame) wrong frames on equal delays (offset \(od.phaseOffsetMs) ms)"
                    }
                    if Set(durations).count == 1 {
                        let dy = run(try plan(.douyin), AnalyticModel(try plan(.douyin)), "analytic")
                        checks += 1
                        if dy.wrongFrame > 0 {
                            return
                                "douyin: \(dy.wrongFrame) wrong frames on equal delays (offset \(dy.phaseOffsetMs) ms)"
                        }
                    }
                    let wn = run(try plan(.widgetnimation), AnalyticModel(try plan(.widgetnimation)), "analytic")
                    checks += 1
                    if wn.periodSeconds != 2 { return "widgetnimation: period is not 2 s" }
                    if abs(durations.reduce(0, +) - 2000) > 2, wn.passed {
                        return "widgetnimation: passes a \(durations.reduce(0, +)) ms loop"
                    }
                    for preset in Preset.allCases {
                        let p = try plan(preset)
                        let a = run(p, AnalyticModel(p), "analytic").allSamples
                        let b = run(p, RasterModel(p), "raster").allSamples
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
