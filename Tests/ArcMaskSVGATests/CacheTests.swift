import ArcMaskCore
import Dispatch
import Foundation
import Testing
@testable import ArcMaskSVGA

@Suite("Render cache on disk")
struct CacheTests {
    func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)") }

    @Test("a second source of the same file reads its frames from the cache")
    func reuse() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID().uuidString).svga").path
        try AtomicFile.write(try SVGAFixture.zlibProtobuf(), to: URL(fileURLWithPath: path))
        let cache = RenderCache(directory: dir)
        let first = try SVGAFrameSource(path: path, cache: cache)
        let frames = try (0..<4).map { try first.frame(at: $0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.count == 4)
        // Replace one cached file with a marker image: the next source must return it, proving a hit.
        let key = RenderCache.contentKey([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var marker = PixelBuffer(width: 100, height: 100)
        marker.setPixel(x: 0, y: 0, (1, 2, 3, 255))
        cache.store(marker, key: key, frame: 2, size: PixelSize(width: 100, height: 100))
        let second = try SVGAFrameSource(path: path, cache: cache)
        #expect(try second.frame(at: 0) == frames[0])
        #expect(try second.frame(at: 2) == marker)
        // A different size is a different entry.
        let big = try SVGAFrameSource(path: path, size: PixelSize(width: 50, height: 50), cache: cache)
        #expect(try big.frame(at: 2).width == 50)
    }

    @Test("bounded in bytes: the least recently used go first")
    func eviction() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = PixelBuffer(width: 64, height: 64, bytes: (0..<(64 * 64 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
        let one = try PNG.encode(image, compression: .fast).count
        let cache = RenderCache(directory: dir, capacityBytes: 3 * one + one / 2)
        for k in 0..<6 { cache.store(image, key: "k", frame: k, size: image.size) }
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        #expect(kept.count == 3)
        #expect(cache.image(key: "k", frame: 5, size: image.size) == image)
        #expect(cache.image(key: "k", frame: 0, size: image.size) == nil)
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
        #expect(names.filter { $0.hasPrefix(".") }.isEmpty)   // no temporary left behind
        try AtomicFile.write(Array("garbage".utf8), to: dir.appendingPathComponent(names[0]))
        #expect(cache.image(key: "same", frame: 0, size: image.size) == nil)
    }
}
