import ArcMaskBudget
import ArcMaskValues
import Foundation
import Testing

@_spi(Measuring) @testable import ArcMaskKit

/// A codec that decodes each frame as a real decoder would: into a buffer the size of the
/// source's canvas, then scaled to the layer.
final class CanvasCodec: LayerCodec, @unchecked Sendable {
    let canvas: (width: Int, height: Int)
    private(set) var decoded = 0
    init(canvas: (Int, Int)) { self.canvas = canvas }

    func decode(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        _ = try LayerPixels(width: canvas.width, height: canvas.height)
        decoded += 1
        return try LayerPixels(width: width, height: height)
    }
    func scale(_ pixels: LayerPixels, width: Int, height: Int) throws -> LayerPixels {
        try LayerPixels(width: width, height: height)
    }
    func encode(_ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool) throws -> LayerImage {
        LayerImage(bytes: [UInt8](repeating: UInt8(frame & 255), count: 500), lossy: true, ssim: 0.99)
    }
}

@Suite("prepare takes the memory the phone has, and refuses the rest before allocating it")
struct MemoryCeilingTests {
    @Test("the ceiling is what the app may still take less a margin, and no more; no figure, no ceiling")
    func figures() {
        MemoryCeiling.availableForTesting.withValue(1 << 30) {
            #expect(MemoryCeiling.bufferBytes == (1 << 30) - MemoryCeiling.marginBytes)
            #expect(MemoryCeiling.pixels(cap: 1_000_000_000) == ((1 << 30) - MemoryCeiling.marginBytes) / 4)
            #expect(MemoryCeiling.pixels(cap: 1000) == 1000)
        }
        // Less than the margin, or 0 (past its limit): nothing more, however small.
        MemoryCeiling.availableForTesting.withValue(0) {
            #expect(MemoryCeiling.bufferBytes == 0)
            #expect(throws: PrepareError.self) { _ = try LayerPixels(width: 16, height: 16) }
        }
        MemoryCeiling.availableForTesting.withValue(MemoryCeiling.marginBytes + (20 << 20)) {
            #expect(MemoryCeiling.bufferBytes == 20 << 20)
        }
        #if os(Linux)
        // No system figure here: only the fixed caps.
        #expect(MemoryCeiling.bufferBytes == nil && MemoryCeiling.pixels(cap: 7) == 7)
        #endif
    }

    @Test("a picture, or a WebP canvas, larger than the app can take: .tooLarge saying how much, not a crash")
    func refused() throws {
        try MemoryCeiling.availableForTesting.withValue(128 << 20) {
            // 128 MB available, 96 MB kept: 32 MB allows 8 M pixels.
            #expect(throws: Never.self) { _ = try LayerPixels(width: 2000, height: 2000) }
            do {
                _ = try LayerPixels(width: 6000, height: 6000)
                Issue.record("a 144 MB picture was allocated with 32 MB to spare")
            } catch let error as PrepareError {
                #expect(error.code == .tooLarge)
                #expect(error.problem.contains("needs 137 MB") && error.problem.contains("may take 32 MB more"))
                #expect(error.problem.contains("os_proc_available_memory"))
            }
            do {
                _ = try WebPCanvas(width: 8000, height: 8000)
                Issue.record("a 256 MB canvas was allocated")
            } catch let error as PrepareError {
                #expect(error.code == .tooLarge && error.problem.contains("8000×8000 px canvas"))
            }
        }
        // With memory to spare the same canvas is made.
        let canvas = try MemoryCeiling.availableForTesting.withValue(2 << 30) {
            try WebPCanvas(width: 6000, height: 6000)
        }
        #expect(canvas.width == 6000)
    }

    @Test("buffers that exist at once are budgeted together: each fits alone, both do not")
    func together() throws {
        try MemoryCeiling.availableForTesting.withValue(MemoryCeiling.marginBytes + (20 << 20)) {
            // Two 12 MB buffers (1732² px): each under 20 MB, together 24 MB.
            try MemoryCeiling.check([(1732, 1732)], what: "one", place: .input)
            do {
                try MemoryCeiling.check(
                    [(1732, 1732), (1732, 1732)], what: "a picture and its layer", place: .frame(3))
                Issue.record("24 MB allowed with 20 MB to spare")
            } catch let error as PrepareError {
                #expect(error.code == .tooLarge && error.problem.contains("a picture and its layer needs 23 MB"))
            }
            // Sizes that overflow are refused, not wrapped.
            #expect(throws: PrepareError.self) {
                try MemoryCeiling.check([(Int.max, 2), (1, 1)], what: "x", place: .input)
            }
        }
    }

    @Test("driven down mid-preparation: the frame's canvas is refused as .tooLarge and nothing is left behind")
    func preparation() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = PrepareOptions(timerMasks: nil)
        let source = PreparedSource(
            name: "huge.gif", canvasWidth: 9000, canvasHeight: 9000, durationsMs: Array(repeating: 50, count: 4))
        let codec = CanvasCodec(canvas: (9000, 9000))
        try MemoryCeiling.availableForTesting.withValue(300 << 20) {
            do {
                _ = try AnimationPreparation.run(
                    source: source, options: options, destination: dir.appendingPathComponent("widget"),
                    replacing: false, writer: CodecLayerWriter(codec: codec, fit: .fill))
                Issue.record("a 9000×9000 canvas was decoded with 204 MB to spare")
            } catch let error as PrepareError {
                #expect(error.code == .tooLarge, "\(error)")
                #expect(error.recoverySuggestion == "Choose a smaller animation.")
            }
        }
        #expect(codec.decoded == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
