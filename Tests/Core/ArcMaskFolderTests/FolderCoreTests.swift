import ArcMaskFolder
import ArcMaskGeometry
import ArcMaskValues
import Foundation
import Testing

@Suite("The folder's core")
struct FolderCoreTests {
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
            meanSSIM: 0.99, worstSSIM: 0.98, actions: [], warnings: [])
        let d = WidgetFolder.Description(
            source: "a.gif", sourceWidth: 10, sourceHeight: 10, viewWidth: 50, viewHeight: 50, family: nil, device: nil,
            preset: .arcmask, fit: .fill, layout: .files, imageFormat: .auto, names: .standard, widgetFamily: .small,
            rotation: .runtime, accented: .fullColor, codeFiles: [])
        var written: [String: [UInt8]] = [:]
        let m = try WidgetFolder.finish(d, layers: layers) { written[$0] = $1 }
        let bytes = try #require(written["manifest.json"])
        #expect(bytes == (try WidgetFolder.manifestJSON(m)))
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\n  \"accented\" : \"full-color\""))
        #expect(m.jpegQuality == 90 && m.frames.map(\.file) == ["frame-0000.jpg", "frame-0001.jpg"])
        #expect(LayerDigest.of([UInt8]()) == "cbf29ce484222325")
    }
}
