import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskIO
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLayerExport

@Suite("Layer files and the phone's limits")
struct LayerFilesTests {
    /// The manifest's images equal the files on disk, byte count and digest, and its figures
    /// add up from them.
    func checkImages(_ m: ExportManifest, in folder: URL) throws {
        #expect(m.images.count == m.frames.count)
        for (frame, image) in zip(m.frames, m.images) {
            #expect(frame.file == image.file)
            let (bytes, digest) = try LayerDigest.ofFile(folder.appendingPathComponent(image.file).path)
            #expect(bytes == image.bytes && digest == image.digest, "\(image.file)")
            #expect(image.width == m.pixelWidth && image.height == m.pixelHeight)
        }
        let imageBytes = m.images.reduce(0) { $0 + $1.bytes }
        #expect(m.limits.archiveBytes == imageBytes + m.images.count * WidgetLimits.viewBytesPerLayer)
        #expect(m.limits.extensionBytes == imageBytes)
        #expect(m.limits.largestLayerPixels == m.pixelWidth * m.pixelHeight)
        #expect(m.limits.rendererDecodedBytes == m.images.count * m.pixelWidth * m.pixelHeight * 4)
    }

    @Test("by default each opaque layer is a JPEG of the exact frame, handed over as encoded bytes")
    func jpegFiles() throws {
        let dir = try TempDir()
        let source = DrawnFrames.smooth(frames: 6)
        let m = try export(source, dir, "out", WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2))
        #expect(m.layout == .files && m.strip == nil && m.imageFormat == .auto && m.jpegQuality == 90)
        #expect(m.frames.map(\.file) == (0..<6).map { String(format: "frame-%04d.jpg", $0) })
        try checkImages(m, in: dir.path("out"))
        // What was written decodes to the frame at the written size, closely.
        let exact = try Resampler.resized(source.frame(at: 4), to: PixelSize(width: 120, height: 90), fit: .fill)
        let written = try JPEG.decode(Array(Data(contentsOf: dir.path("out/frame-0004.jpg")))).image
        let ssim = SSIM.mean(exact, written)
        #expect(ssim > 0.95)
        #expect(m.quality.worstSSIM <= m.quality.meanSSIM && m.quality.worstSSIM > 0.95)
        #expect(m.quality.meanSSIM < 1)
        let view = try String(contentsOf: dir.path("out/ArcMaskAnimation.swift"), encoding: .utf8)
        let plan = try String(contentsOf: dir.path("out/ArcMaskPlan.swift"), encoding: .utf8)
        #expect(view.contains("UIImage(data: bytes, scale: CGFloat(scale))"))
        #expect(plan.contains("strip: nil,"))
        #expect(plan.contains("ArcMaskAccentedRendering.fullColor"))
        #expect(m.emulator.passed && m.budgetActions.isEmpty)
    }

    @Test("a layer with transparency is a PNG under auto; --image-format forces one format")
    func formats() throws {
        let dir = try TempDir()
        let clear = DrawnFrames.smooth(frames: 3, opaque: false)
        let auto = try export(clear, dir, "auto", WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2))
        #expect(auto.frames.allSatisfy { $0.file.hasSuffix(".png") } && auto.jpegQuality == nil)
        #expect(auto.quality.meanSSIM == 1 && auto.quality.worstSSIM == 1)
        let png = try PNG.read(dir.path("auto/frame-0001.png"))
        let exact = try Resampler.resized(clear.frame(at: 1), to: PixelSize(width: 120, height: 90), fit: .fill)
        #expect(png.bytes == exact.bytes)  // lossless

        let jpeg = try export(
            clear, dir, "jpeg",
            WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2, imageFormat: .jpeg, jpegQuality: 75))
        #expect(jpeg.frames.allSatisfy { $0.file.hasSuffix(".jpg") } && jpeg.jpegQuality == 75)
        try checkImages(jpeg, in: dir.path("jpeg"))
        let opaque = try export(
            DrawnFrames.smooth(frames: 3), dir, "png",
            WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2, imageFormat: .png))
        #expect(opaque.frames.allSatisfy { $0.file.hasSuffix(".png") })
    }

    @Test("every frame is kept when the frames fit the archive budget")
    func everyFrameKept() throws {
        let dir = try TempDir()
        let source = DrawnFrames.smooth(frames: 59)
        var r = WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2)
        r.limits.archiveBytes = 2_000_000
        let m = try export(source, dir, "out", r)
        #expect(m.frames.count == 59 && m.scale == 2 && m.jpegQuality == 90)
        #expect(m.frames.map(\.sourceFrames) == (0..<59).map { [$0] })
        #expect(m.limits.archiveBytes <= 2_000_000)
    }

    @Test("over the archive budget: the scale drops in quarter steps first, then the JPEG quality")
    func scaleThenQuality() throws {
        let dir = try TempDir()
        let source = DrawnFrames.noise(width: 90, height: 90, frames: 8)
        var r = WidgetSettings(viewWidth: 30, viewHeight: 30, scale: 3)
        // Each noise layer at 3× and quality 90 takes far more than this allows; quality 60 at
        // 2× fits, with the reserve for the view.
        let sizes = try [(3.0, 90), (2.0, 90), (2.0, 60)].map { s, q in
            let image = try Resampler.resized(
                source.frame(at: 0), to: PixelSize(width: Int(30 * s), height: Int(30 * s)), fit: .fill)
            return try JPEG.encode(image, quality: q).count
        }
        r.limits.archiveBytes = 8 * (sizes[2] + WidgetLimits.viewBytesPerLayer) * 105 / 100
        #expect(r.limits.archiveBytes < 8 * (sizes[1] + WidgetLimits.viewBytesPerLayer))
        let m = try export(source, dir, "out", r)
        try checkImages(m, in: dir.path("out"))
        #expect(m.frames.count == 8)
        #expect(m.scale == 2 && m.pixelWidth == 60)
        #expect(m.jpegQuality! < 90 && m.jpegQuality! >= 60)
        #expect(m.limits.archiveBytes <= r.limits.archiveBytes)
        #expect(m.budgetActions.contains { $0.contains("lowered the scale from 3× to 2×") })
        #expect(m.budgetActions.contains { $0.contains("lowered the JPEG quality from 90 to \(m.jpegQuality!)") })
        #expect(m.budgetActions.last!.hasPrefix("in all: 8 frames → 8 layers, 3× → 2×, JPEG quality"))
    }

    @Test("then the frame rate; --keep-frames refuses above the ceiling and leaves nothing behind")
    func frameRateAndRefusal() throws {
        let dir = try TempDir()
        let source = DrawnFrames.noise(width: 60, height: 60, frames: 40)
        var r = WidgetSettings(viewWidth: 30, viewHeight: 30, scale: 2)
        // Room for about half the layers at the floor (2×, JPEG quality 60), measured with this
        // libjpeg-turbo rather than pinned: sizes differ a little between its versions.
        let layer = try JPEG.encode(source.frame(at: 0), quality: 60).count + WidgetLimits.viewBytesPerLayer
        r.limits = WidgetLimits(archiveBytes: 20 * layer, layerPixels: 718_080, extensionBytes: 30_000_000)
        r.limits.archiveCeilingBytes = 20 * layer * 13 / 12
        let m = try export(source, dir, "out", r)
        try checkImages(m, in: dir.path("out"))
        #expect(m.frames.count < 40 && m.frames.count > 1)
        #expect(m.limits.archiveBytes <= 20 * layer)
        #expect(abs(m.frames.map(\.durationMs).reduce(0, +) - source.totalDuration) < 1e-6)
        #expect(m.budgetActions.contains { $0.contains("lowered the frame rate") })
        #expect(m.emulator.passed)
        // The files on disk are exactly the manifest's: retries left nothing behind.
        let listed = try FileManager.default.contentsOfDirectory(atPath: dir.path("out").path).filter {
            $0.hasPrefix("frame-")
        }
        #expect(Set(listed) == Set(m.images.map(\.file)))

        r.budget = BudgetPolicy(keepFrames: true)
        #expect(throws: BudgetError.self) { try export(source, dir, "kept", r) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("kept").path))
    }

    @Test("a layer over the pixel cap lowers the scale just enough, and says so")
    func pixelCap() throws {
        #expect(Exporter.scale(within: 718_080, viewWidth: 364, viewHeight: 382, scale: 3) == 2.27)
        #expect(364 * 2.27 * 382 * 2.27 <= 718_080 && 364 * 2.28 * 382 * 2.28 > 718_080)
        #expect(Exporter.scale(within: 718_080, viewWidth: 170, viewHeight: 170, scale: 3) == 3)

        let dir = try TempDir()
        var r = WidgetSettings(viewWidth: 100, viewHeight: 50, scale: 3)
        r.limits.layerPixels = 20_000
        let m = try export(DrawnFrames.smooth(frames: 2), dir, "out", r)
        #expect(m.scale == 2 && m.pixelWidth * m.pixelHeight <= 20_000)
        #expect(m.limits.largestLayerPixels <= m.limits.layerPixelLimit)
        #expect(m.budgetActions.first!.contains("lowered the scale from 3× to 2× so each layer image (200×100 px)"))
        let plan = try String(contentsOf: dir.path("out/ArcMaskPlan.swift"), encoding: .utf8)
        #expect(plan.contains(", scale: 2.0,"))
    }

    @Test("the scale ladder steps down in quarters to the floor")
    func ladder() {
        #expect(ArchiveFitter.scaleLadder(from: 3, minScale: 2) == [3, 2.75, 2.5, 2.25, 2])
        #expect(ArchiveFitter.scaleLadder(from: 2.27, minScale: 2) == [2.27, 2])
        #expect(ArchiveFitter.scaleLadder(from: 2.4, minScale: 2) == [2.4, 2.25, 2])
        #expect(ArchiveFitter.scaleLadder(from: 1.5, minScale: 2) == [1.5])
        let steps = ArchiveFitter.steps(scales: [3, 2], qualities: [90, 80, 60], format: .auto)
        #expect(steps.map(\.scale) == [3, 2, 2, 2] && steps.map(\.quality) == [90, 90, 80, 60])
        #expect(ArchiveFitter.steps(scales: [3, 2], qualities: [90, 80], format: .png).count == 2)
    }

    @Test("the limits' figures and what goes over them, in words")
    func figures() {
        let f = LimitFigures(
            imageBytes: 8_000_000, layers: 10, largestLayerPixels: 800_000, extensionBytes: 8_000_000,
            rendererDecodedBytes: 32_000_000, limits: .standard)
        #expect(f.archiveBytes == 8_010_240 && f.archiveCeiling == 9_000_000)
        #expect(f.overLimits(.plain).count == 2)
        #expect(f.overLimits(.plain)[0].contains("archive 8.0 MB is over its 7.0 MB budget (the archive budget)"))
        #expect(f.overLimits(.plain)[1].contains("800000 px is over the 718080 px"))
        #expect(f.lines[0].hasPrefix("archive 8.0 MB of 7.0 MB"))
        #expect(
            WidgetLimits(archiveBytes: 12_000_000, layerPixels: 1, extensionBytes: 1).archiveCeilingBytes == 12_000_000)
    }

    @Test("over budget, a small source in a big view is held to its own resolution before a frame is lost")
    func sourceBound() throws {
        let dir = try TempDir()
        // 120×90 px of noise in a 200×200 pt view: at 3× a layer is 600×600 px; the source fills
        // the view at 0.45 px per pt.
        let source = DrawnFrames.noise(frames: 12)
        var r = WidgetSettings(viewWidth: 200, viewHeight: 200, scale: 3)
        r.limits.archiveBytes = 12 * 40_000
        let m = try export(source, dir, "bound", r)
        #expect(m.frames.count == 12 && m.frames.allSatisfy { $0.sourceFrames.count == 1 })
        #expect(m.resolution?.bound == .source && m.resolution?.sourceScale == 0.45)
        #expect(m.scale == 0.45 && m.pixelWidth == 90 && m.pixelHeight == 90)
        #expect(m.budgetActions.first?.hasPrefix("held the layers to the source's resolution") == true)
        #expect(m.frames.allSatisfy { $0.difference == 0 && $0.shownFrame == $0.sourceFrames[0] })
        try checkImages(m, in: dir.path("bound"))
        // With room for every frame at 3×, the device's scale stays.
        r.limits.archiveBytes = 7_000_000
        let roomy = try export(DrawnFrames.smooth(frames: 4), dir, "roomy", r)
        #expect(roomy.scale == 3 && roomy.resolution?.bound == .device && roomy.budgetActions.isEmpty)
    }

    @Test("frames that differ visibly are never merged: lowering the frame rate is named as such")
    func visibleFramesNotMerged() throws {
        let dir = try TempDir()
        // Noise: every frame differs from the last in almost every pixel.
        let source = DrawnFrames.noise(width: 60, height: 45, frames: 40)
        var r = WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2, budget: BudgetPolicy(minScale: 2))
        r.limits.archiveBytes = 10 * 4_000
        let m = try export(source, dir, "rate", r)
        #expect(m.frames.count < 40)
        #expect(!m.budgetActions.contains { $0.hasPrefix("merged") })
        #expect(m.budgetActions.contains { $0.hasPrefix("lowered the frame rate") })
        // Layers standing for dropped frames say so: no difference is claimed for them.
        #expect(m.frames.contains { $0.sourceFrames.count > 1 && $0.difference == nil })
    }
}
