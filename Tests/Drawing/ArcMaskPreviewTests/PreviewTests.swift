import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskPreview
import ArcMaskValues
import Foundation
import Testing

/// A test-pattern GIF of `frames` frames at `size`, in a temporary folder.
func patternSource(frames: Int, size: PixelSize = PixelSize(width: 60, height: 40)) throws -> GIFFrameSource {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).gif")
    defer { try? FileManager.default.removeItem(at: url) }
    try TestPattern.writeGIF(to: url, size: size, frames: frames, delays: [5, 10, 20]) { _ in }
    // The source reads lazily: keep the bytes, not the file.
    return try GIFFrameSource(bytes: [UInt8](Data(contentsOf: url)), name: "pattern.gif")
}

@Suite("Preview")
struct PreviewTests {
    @Test("pictures and page tell the plan's story")
    func pictures() throws {
        let source = try patternSource(frames: 6)
        let plan = try ArcPlanner.plan(
            PlanRequest(viewWidth: 60, viewHeight: 40, scale: 2, durationsMs: source.durations, preset: .oneday))
        let preview = Preview(plan: plan, source: source, refreshHz: 60)
        #expect(preview.report.wrongFrame > 0)
        let sheet = try preview.timelineSheet()
        #expect(sheet.width > 600 && sheet.height > 6 * 60)  // 6 hand-offs, 4 instants each
        // Defective cells have a red border: some pixel is the border's red.
        #expect(
            stride(from: 0, to: sheet.bytes.count, by: 4).contains {
                (212...226).contains(sheet.bytes[$0]) && sheet.bytes[$0 + 1] < 60 && sheet.bytes[$0 + 2] < 70
            })
        let chart = try preview.handoffChart()
        #expect(chart.width == 1200 && chart.height == 530)
        let arcs = try preview.arcsDiagram()
        #expect(arcs.width == 900)
        let page = try preview.page()
        #expect(page.contains("<input id=\"slider\" type=\"range\""))
        #expect(page.contains("data:image/png;base64,"))
        #expect(!page.contains("http://") && !page.contains("https://"))
    }

    @Test("the pictures read the emulator's one result: the page's cells are its samples")
    func oneResult() throws {
        let source = try patternSource(frames: 4)
        let plan = try ArcPlanner.plan(
            PlanRequest(viewWidth: 60, viewHeight: 40, scale: 2, durationsMs: source.durations, preset: .dynamicwidget))
        let report = Emulator.run(
            plan, model: AnalyticModel(plan), settings: EmulationSettings(refreshRates: [60]))
        let preview = Preview(plan: plan, source: source, refreshHz: 60, report: report)
        #expect(preview.samples.count == report.samples)
        #expect(preview.samples.filter { !$0.isClean }.count == report.defective)
        // Every sample's verdict names its defect kinds.
        for s in preview.samples where s.torn { #expect(s.verdict.contains("TORN")) }
        for s in preview.samples where s.wrongFrame { #expect(s.verdict.contains("WRONG FRAME")) }
    }

    @Test("the overlay tints the slices and writes frame numbers over the composite")
    func overlay() throws {
        let source = try patternSource(frames: 4)
        let plan = try ArcPlanner.plan(
            PlanRequest(viewWidth: 60, viewHeight: 40, scale: 2, durationsMs: source.durations))
        let compositor = ArcCompositor(plan: plan)
        let images = FrameImages(source: source, pixelSize: compositor.pixelSize)
        // At a hand-off two frames are in view; the overlay changes pixels the plain composite shows.
        let seam = plan.layers[1].startAngle
        let phi = 270 - seam
        let plain = try compositor.render(rotation: phi, images: images)
        let marked = try Overlay.render(compositor, rotation: phi, images: images)
        #expect(plain.size == marked.size)
        let changed = stride(from: 0, to: plain.bytes.count, by: 4).filter { plain.bytes[$0] != marked.bytes[$0] }.count
        #expect(changed > plain.width * plain.height / 10)
    }
}
