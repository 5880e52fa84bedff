import ArcMaskBudget
import ArcMaskFiles
import ArcMaskValues
import Foundation
import Testing

@_spi(Measuring) @testable import ArcMaskKit

/// A codec that counts: frames of one colour each, an encoder whose written layers come out
/// three times the size its survey saw (so the first written pass is over the budget and the
/// fitter writes again, smaller).
final class CountingCodec: LayerCodec, @unchecked Sendable {
    let frames: Int
    private(set) var decodes: [Int]
    private(set) var order: [Int] = []
    private(set) var scales = 0
    /// Set when frame `cancelAt` is decoded.
    var cancelAt: Int? = nil
    let flag = CancellationFlag()

    init(frames: Int) {
        self.frames = frames
        decodes = Array(repeating: 0, count: frames)
    }

    func decode(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        decodes[index] += 1
        order.append(index)
        if index == cancelAt { flag.cancel() }
        var pixels = try LayerPixels(width: width, height: height)
        for p in stride(from: 0, to: pixels.bytes.count, by: 4) {
            pixels.bytes[p] = UInt8(index * 8 & 255)
            pixels.bytes[p + 1] = UInt8(255 - index * 8 & 255)
            pixels.bytes[p + 3] = 255
        }
        return pixels
    }

    func scale(_ pixels: LayerPixels, width: Int, height: Int) throws -> LayerPixels {
        scales += 1
        #expect(width <= pixels.width && height <= pixels.height)
        // The first pixel's colour everywhere: every frame is one colour.
        var out = try LayerPixels(width: width, height: height)
        for p in stride(from: 0, to: out.bytes.count, by: 4) {
            for c in 0..<4 { out.bytes[p + c] = pixels.bytes[c] }
        }
        return out
    }

    func encode(_ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool) throws -> LayerImage {
        let base = pixels.width * pixels.height * quality / 200
        return LayerImage(
            bytes: [UInt8](repeating: UInt8(frame & 255), count: max(1, measure ? base * 3 : base)), lossy: true,
            ssim: 0.99)
    }
}

@Suite("prepare decodes each frame once, whatever the passes")
struct CodecLayerWriterTests {
    static func source(_ frames: Int) -> PreparedSource {
        PreparedSource(
            name: "clip.gif", canvasWidth: 1920, canvasHeight: 1080, durationsMs: Array(repeating: 40, count: frames))
    }

    @Test("a 60-frame source encoded in more than one pass: every frame decoded once, in order; nothing kept is left")
    func once() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let codec = CountingCodec(frames: 60)
        let target = dir.appendingPathComponent("widget")
        let writer = CodecLayerWriter(codec: codec, fit: .fill)
        let (manifest, fitted) = try AnimationPreparation.measured(
            source: Self.source(60), options: PrepareOptions(timerMasks: nil), destination: target, replacing: false,
            writer: writer)
        let report = try #require(fitted)
        #expect(codec.decodes == Array(repeating: 1, count: 60))
        #expect(codec.order == Array(0..<60))
        #expect(writer.decodes == 60 && report.passes >= 2, "passes: \(report.passes)")
        #expect(report.draws == 60 && report.keptBytes > 0)
        // The later pass was smaller, drawn from the kept frames.
        #expect(codec.scales > 0 && manifest.scale < 3)
        let files = try FileManager.default.contentsOfDirectory(atPath: target.path)
        #expect(!files.contains(StagedFolder.keptFolder))
        #expect(files.filter { $0.hasSuffix(".jpg") }.count == manifest.frames.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["widget"])
    }

    @Test("cancelled between frames: CancellationError, and neither the folder nor the kept frames remain")
    func cancelled() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let codec = CountingCodec(frames: 30)
        codec.cancelAt = 10
        let flag = codec.flag
        #expect(throws: CancellationError.self) {
            try AnimationPreparation.run(
                source: Self.source(30), options: PrepareOptions(timerMasks: nil),
                destination: dir.appendingPathComponent("widget"), replacing: false,
                progress: FitProgress(check: { try flag.check() }), writer: CodecLayerWriter(codec: codec, fit: .fill))
        }
        #expect(codec.order == Array(0...10))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("kept frames read back as they were kept, deflated; damaged ones are refused")
    func kept() throws {
        let pixels = try CountingCodec(frames: 3).decode(2, width: 33, height: 17, fit: .fill)
        let bytes = pixels.kept()
        #expect(try LayerPixels(kept: bytes, width: 33, height: 17) == pixels)
        #expect(bytes.count < pixels.bytes.count / 10)
        #expect(throws: (any Error).self) { try LayerPixels(kept: [1, 2, 3], width: 33, height: 17) }
        // Never inflated past the size it claims.
        #expect(throws: (any Error).self) { try LayerPixels(kept: bytes, width: 3, height: 17) }
        #expect(throws: PrepareError.self) { try LayerPixels(kept: bytes, width: 0, height: 17) }
    }
}

@Suite("prepare's work runs off the caller, with the app's background time")
struct BackgroundWorkTests {
    @Test("progress reaches the main actor in order, only the newest while a delivery waits")
    func relay() {
        final class Queue: @unchecked Sendable {
            var blocks: [@Sendable () -> Void] = []
            var seen: [Int] = []
        }
        let queue = Queue()
        let relay = ProgressRelay(schedule: { queue.blocks.append($0) }, deliver: { queue.seen.append($0.done) })
        func progress(_ k: Int) -> ArcMaskPreparer.Progress {
            .init(stage: .writing, done: k, total: 9, fractionCompleted: Double(k) / 9)
        }
        relay.post(progress(1))
        relay.post(progress(2))
        relay.post(progress(3))
        #expect(queue.blocks.count == 1)
        queue.blocks.removeFirst()()
        relay.post(progress(4))
        queue.blocks.removeFirst()()
        #expect(queue.seen == [3, 4] && queue.blocks.isEmpty)
    }

    @Test("the result comes back; the time running out stops the work as .interrupted; cancelling throws")
    func run() async throws {
        // Time granted at once, on the asking thread (the system calls back on a queue of its own).
        let value = try await BackgroundWork.run(reason: "test", activity: { _, block in block(false) }) { _ in 42 }
        #expect(value == 42)
        // No time granted: the work stops at its next check.
        let refused = await #expect(throws: PrepareError.self) {
            try await BackgroundWork.run(reason: "test", activity: { _, block in block(true) }) { flag -> Int in
                while true {
                    try flag.check()
                    usleep(1000)
                }
            }
        }
        #expect(refused?.code == .interrupted)
        let started = DispatchSemaphore(value: 0)
        let task = Task {
            try await BackgroundWork.run(reason: "test", activity: { _, _ in }) { flag -> Int in
                started.signal()
                while true {
                    try flag.check()
                    usleep(1000)
                }
            }
        }
        started.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
