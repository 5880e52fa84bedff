import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Dispatch
import Foundation
import Testing

@testable import ArcMaskSVGA

@Suite("SVGA frames through the render cache")
struct CacheTests {
    func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)") }

    @Test("a second source of the same file reads its frames from the cache")
    func reuse() throws {
        let dir = folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID().uuidString).svga").path
        try AtomicFile.write(try SVGAFixture.zlibProtobuf(), to: URL(fileURLWithPath: path))
        let fileBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let cache = RenderCache(directory: dir)
        let first = try SVGAFrameSource(bytes: fileBytes, name: path, cache: cache)
        let frames = try (0..<4).map { try first.frame(at: $0) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.count == 4)
        // Replace one cached file with a marker image: the next source must return it, proving a hit.
        let key = RenderCache.contentKey([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var marker = PixelBuffer(width: 100, height: 100)
        marker.setPixel(x: 0, y: 0, (1, 2, 3, 255))
        cache.store(marker, key: key, frame: 2, size: PixelSize(width: 100, height: 100))
        let second = try SVGAFrameSource(bytes: fileBytes, name: path, cache: cache)
        #expect(try second.frame(at: 0) == frames[0])
        #expect(try second.frame(at: 2) == marker)
        // A different size is a different entry.
        let big = try SVGAFrameSource(
            bytes: fileBytes, name: path, size: PixelSize(width: 50, height: 50), cache: cache)
        #expect(try big.frame(at: 2).width == 50)
    }
}
