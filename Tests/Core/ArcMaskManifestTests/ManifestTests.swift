import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskValues
import Foundation
import Testing

@Suite("The manifest and the fit it records")
struct ManifestTests {
    @Test("delays as browsers play them: 10 ms or less plays as 100 ms, in every format's reader")
    func delays() {
        #expect(FrameDelay.browserMs(0) == 100 && FrameDelay.browserMs(10) == 100 && FrameDelay.browserMs(-5) == 100)
        #expect(
            FrameDelay.browserMs(10.5) == 10.5 && FrameDelay.browserMs(20) == 20 && FrameDelay.browserMs(.nan) == 100)
    }

    @Test("the pixel cap lowers the scale in hundredths until one layer fits")
    func pixelCap() {
        #expect(
            WidgetFolder.highestScale(within: 718_080, maxSide: 32_767, viewWidth: 170, viewHeight: 170, scale: 3) == 3)
        let s = WidgetFolder.highestScale(within: 718_080, maxSide: 32_767, viewWidth: 364, viewHeight: 382, scale: 3)
        let size = ArchiveFitter.pixels(364, 382, s)
        #expect(size.pixelCount <= 718_080 && s < 3)
        #expect(ArchiveFitter.pixels(364, 382, s + 0.01).pixelCount > 718_080)
    }

    @Test("the manifest JSON is sorted, pretty and stable")
    func manifestJSON() throws {
        let layers = WidgetFolder.Layers(
            groups: [
                FrameGroup(first: 0, last: 0, shown: 0, durationMs: 100),
                FrameGroup(first: 1, last: 1, shown: 1, durationMs: 100),
            ],
            scale: 2, size: PixelSize(width: 100, height: 100), quality: 90, columns: 1,
            cells: [.init(x: 0, y: 0, file: "frame-0000.jpg"), .init(x: 0, y: 0, file: "frame-0001.jpg")],
            images: [
                .init(file: "frame-0000.jpg", bytes: 10, digest: LayerDigest.of([1]), width: 100, height: 100),
                .init(file: "frame-0001.jpg", bytes: 10, digest: LayerDigest.of([2]), width: 100, height: 100),
            ],
            figures: LimitFigures(
                imageBytes: 20, layers: 2, largestLayerPixels: 10_000, extensionBytes: 20, rendererDecodedBytes: 80_000,
                limits: .standard),
            meanSSIM: 0.99, worstSSIM: 0.98, notes: [.qualityLowered(from: 90, to: 85), .stripArchiveEstimate])
        let settings = WidgetSettings(viewWidth: 50, viewHeight: 50, scale: 2)
        let source = WidgetSource(name: "dir/a.gif", canvas: PixelSize(width: 10, height: 10), durationsMs: [100, 100])
        let m = try WidgetFolder.manifest(
            settings, source: source, layers: layers, notes: [.pixelCapBelowMinScale(scale: 1.5, minScale: 2)],
            vocabulary: .plain)
        #expect(m.source == "a.gif" && m.sourceWidth == 10)
        #expect(m.budgetActions == ["lowered the JPEG quality from 90 to 85"])
        #expect(
            m.warnings.first
                == "the pixel cap puts the layers at 1.5×, below the lowest scale 2: the cap comes first (an image over it draws blank), and the budget may lower the scale further from there"
        )
        #expect(m.warnings.count == 2)
        let bytes = try WidgetFolder.manifestJSON(m)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\n  \"accented\" : \"full-color\""))
        #expect(m.jpegQuality == 90 && m.frames.map(\.file) == ["frame-0000.jpg", "frame-0001.jpg"])
        #expect(LayerDigest.of([UInt8]()) == "cbf29ce484222325")
    }

    @Test("budget notes are typed and worded in the front end's names for the settings")
    func notesInEachFrontEndsWords() {
        let kit = BudgetVocabulary(
            archiveBudget: "limits.archiveBytes", extensionBudget: "limits.extensionBytes",
            layerPixels: "limits.layerPixels", minScale: "budget.minScale", keepFrames: "budget.keepFrames")
        let cap = BudgetNote.scaleCappedByPixelCap(
            from: 3, to: 2.27, layer: PixelSize(width: 826, height: 867), cap: 718_080, maxSide: 32_767)
        #expect(!cap.isWarning)
        #expect(
            cap.message(kit)
                == "lowered the scale from 3× to 2.27× so each layer image (826×867 px) stays within 718080 px "
                + "(limits.layerPixels) and 32767 px a side")
        let summary = BudgetNote.summary(
            frames: 73, layers: 36, fromScale: 2.27, toScale: 2, quality: 85, layersPerSecond: nil,
            bytes: 5_600_000, budget: 7_000_000)
        #expect(
            summary.message(.plain) == "in all: 73 frames → 36 layers, 2.27× → 2×, JPEG quality 85, 5.6 MB of 7.0 MB")
        let rate = BudgetNote.frameRateLowered(fromPerSecond: 16.78, toPerSecond: 12.34, fromLayers: 49, toLayers: 36)
        #expect(rate.message(.plain).hasPrefix("lowered the frame rate from 16.8 to 12.3 layers per second: 49 → 36"))
        // A refusal carries its reason and names the setting that would lift it.
        let cost = BudgetError.Cost(
            layers: 1, layer: PixelSize(width: 510, height: 510), bytes: 8_000_000, scale: 3, quality: nil)
        let refusal = BudgetError(.noLayerFits(cost, budget: 7_000_000, raise: .archiveBudget), names: kit)
        #expect(refusal.reason == .noLayerFits(cost, budget: 7_000_000, raise: .archiveBudget))
        #expect(
            refusal.message
                == "1 layer of 510×510 px takes about 8.0 MB at 3×: not even one layer fits the 7.0 MB archive budget; "
                + "raise limits.archiveBytes")
        // The budget named is the one to raise: the extension's memory, when that is what nothing fits.
        let memory = BudgetError(.noLayerFits(cost, budget: 1_000_000, raise: .extensionBudget), names: kit)
        #expect(memory.message.contains("not even one layer fits the 1.0 MB extension memory budget; raise "))
        for setting in BudgetSetting.allCases { #expect(!BudgetVocabulary.plain.name(setting).hasPrefix("--")) }
    }
}
