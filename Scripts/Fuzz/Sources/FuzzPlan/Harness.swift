import ArcMaskEmulator
import ArcMaskGeometry
import FuzzDriver

/// The plan and emulate entry points with random geometry: view size, scale, durations,
/// preset, refresh and seam budget from the input bytes; the emulation traces the whole loop
/// (`ShownLoop`) and judges it at every phase.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let b = input(data, size)
    guard b.count >= 8 else { return 0 }
    func u16(_ i: Int) -> Double { Double(Int(b[i]) | Int(b[i + 1]) << 8) }
    let width = u16(0) / 64, height = u16(2) / 64
    let scale = Double(b[4] % 4 + 1)
    let preset = Preset.allCases[Int(b[5]) % Preset.allCases.count]
    let refresh = Double(b[6]) + 1
    let seam = Double(b[7] % 100 + 1) / 100
    let durations = stride(from: 8, to: min(b.count - 1, 8 + 2 * 64), by: 2).map { u16($0) / 8 }
    let request = PlanRequest(
        viewWidth: width, viewHeight: height, scale: scale, durationsMs: durations,
        preset: preset, refreshHz: refresh, seamFraction: seam)
    // Scope: plans of up to 1,000 layers and 250,000 pixels. Larger ones are correct but their
    // (linear) cost passes libFuzzer's 1 s per input under instrumentation; the tool bounds
    // them with --timeout.
    guard let plan = try? ArcPlanner.plan(request), plan.layers.count <= 1_000,
        plan.pixelWidth * plan.pixelHeight <= 250_000
    else { return 0 }
    _ = Emulator.run(
        plan, model: AnalyticModel(plan),
        settings: EmulationSettings(refreshRates: [60], durationMs: min(2000, plan.periodSeconds * 1000)))
    return 0
}

@_cdecl("FuzzPlan_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
