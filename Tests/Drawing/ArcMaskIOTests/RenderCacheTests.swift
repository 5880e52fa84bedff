import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Dispatch
import Foundation
import Testing

@Suite("Render cache on disk")
struct RenderCacheTests {
    func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)") }

    @Test("bounded in bytes: the least recently used go first")
    func eviction() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = PixelBuffer(
            width: 64, height: 64, bytes: (0..<(64 * 64 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
        let one = try PNG.encode(image, compression: .fast).count
        let cache = RenderCache(directory: dir, capacityBytes: 3 * one + one / 2)
        for k in 0..<6 { cache.store(image, key: "k", frame: k, size: image.size) }
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        #expect(kept.count == 3)
        #expect(cache.image(key: "k", frame: 5, size: image.size) == image)
        #expect(cache.image(key: "k", frame: 0, size: image.size) == nil)
    }

    @Test("a full cache lists its folder once per budget written, not on every store; it evicts from its index")
    func fewScans() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = PixelBuffer(
            width: 16, height: 16, bytes: (0..<(16 * 16 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
        let one = try PNG.encode(image, compression: .fast).count
        let cache = RenderCache(directory: dir, capacityBytes: 100 * one)
        for k in 0..<400 { cache.store(image, key: "k", frame: k, size: image.size) }
        // One listing at the first store and one per 100 entries written: 4 (one per store past
        // the budget before, 300 here).
        #expect(cache.scans <= 5)
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        #expect(kept.count == 100)
        #expect(cache.image(key: "k", frame: 399, size: image.size) == image)
        #expect(cache.image(key: "k", frame: 299, size: image.size) == nil)
    }

    @Test("concurrent writers and a corrupt entry never yield a wrong image")
    func concurrency() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = RenderCache(directory: dir)
        let image = PixelBuffer(width: 32, height: 32, bytes: [UInt8](repeating: 200, count: 32 * 32 * 4))
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            cache.store(image, key: "same", frame: 0, size: image.size)
            if let got = cache.image(key: "same", frame: 0, size: image.size) { precondition(got == image) }
        }
        #expect(cache.image(key: "same", frame: 0, size: image.size) == image)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.filter { $0.hasPrefix(".") }.isEmpty)  // no temporary left behind
        try AtomicFile.write(Array("garbage".utf8), to: dir.appendingPathComponent(names[0]))
        #expect(cache.image(key: "same", frame: 0, size: image.size) == nil)
    }
}
