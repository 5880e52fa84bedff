import ArcMaskEmulator
import ArcMaskGeometry
import Testing

@Suite("Analytic and raster models")
struct AgreementTests {
    /// Every sample of one period at 60 and 120 Hz, both models, same classification.
    @Test("agree on every sample", arguments: [Preset.arcmask, .oneday, .dynamicwidget, .widgetnimation, .douyin])
    func agree(_ preset: Preset) throws {
        // A small view keeps the raster model quick; the geometry is the same at any size.
        let plan = try ArcPlanner.plan(PlanRequest(viewWidth: 60, viewHeight: 60, scale: 2,
                                                    durationsMs: Inputs.variable, preset: preset))
        let settings = EmulationSettings(refreshRates: [60, 120], listLimit: 0)
        let analytic = Emulator.run(plan, model: AnalyticModel(plan), mode: "analytic", settings: settings)
        var rasterSamples: [Sample] = []
        var analyticSamples: [Sample] = []
        _ = Emulator.run(plan, model: AnalyticModel(plan), mode: "analytic", settings: settings) { analyticSamples.append($0) }
        _ = Emulator.run(plan, model: RasterModel(plan), mode: "raster", settings: settings) { rasterSamples.append($0) }
        #expect(rasterSamples.count == analytic.samples)
        var disagreements: [String] = []
        for (a, r) in zip(analyticSamples, rasterSamples) where a.shown != r.shown || a.gap != r.gap {
            disagreements.append("t=\(a.timeMs) φ=\(a.rotationDegrees): analytic \(a.shown) gap \(a.gap), raster \(r.shown) gap \(r.gap)")
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(analytic.samples): \(disagreements.prefix(4))")
    }
}
