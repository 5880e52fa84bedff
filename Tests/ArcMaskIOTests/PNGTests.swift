import ArcMaskCore
import Foundation
import Testing

@testable import ArcMaskIO

@Suite("PNG")
struct PNGTests {
    func gradient(_ w: Int, _ h: Int) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                b.setPixel(x: x, y: y, (UInt8(x * 255 / w), UInt8(y * 255 / h), 77, UInt8((x + y) % 256)))
            }
        }
        return b
    }

    @Test("encode then decode returns the same straight RGBA", arguments: [0, 1, 6, 9])
    func roundTrip(level: Int) throws {
        let image = gradient(37, 21)
        let bytes = try PNG.encode(image, compression: PNG.Compression(level: level))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try PNG.decode(bytes) == image)
    }

    @Test("higher levels make smaller files")
    func levels() throws {
        let image = gradient(200, 100)
        #expect(try PNG.encode(image, compression: .small).count <= PNG.encode(image, compression: .fast).count)
    }

    @Test("corrupt or truncated PNG data is a clear error")
    func corrupt() throws {
        let bytes = try PNG.encode(gradient(30, 30))
        #expect(throws: PNGError.self) { try PNG.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: PNGError.self) { try PNG.decode(Array("not a png".utf8)) }
    }

    @Test("images over the pixel limit are refused before their pixels are allocated")
    func limit() throws {
        let bytes = try PNG.encode(gradient(30, 30))
        #expect(throws: PNGError("30×30 is over the limit of 100 pixels")) { try PNG.decode(bytes, maxPixels: 100) }
    }

    @Test("write is atomic and refuses to replace an input")
    func write() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.png")
        try PNG.write(gradient(8, 8), to: url)
        #expect(try PNG.read(url) == gradient(8, 8))
        #expect(throws: OutputError.self) { try PNG.write(gradient(4, 4), to: url, protecting: [url]) }
        #expect(try PNG.read(url) == gradient(8, 8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"])
    }
}
