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

    /// An image of exactly `colors` distinct RGBA values (alpha varied when `translucent`).
    func palette(_ w: Int, _ h: Int, colors: Int, translucent: Bool) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let c = (x * 7 + y * 3) % colors
                let alpha: UInt8 = translucent ? UInt8(c % 3 == 0 ? 0 : c % 3 == 1 ? 128 : 255) : 255
                b.setPixel(x: x, y: y, (UInt8(c * 37 % 256), UInt8(c), UInt8(255 - c), alpha))
            }
        }
        return b
    }

    /// IHDR's bit depth and colour type, and whether PLTE and tRNS chunks are present.
    func layout(_ png: [UInt8]) -> (depth: UInt8, colorType: UInt8, plte: Bool, trns: Bool) {
        func has(_ type: String) -> Bool {
            var i = 8
            while i + 8 <= png.count {
                let n = png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
                if png[i + 4..<i + 8].elementsEqual(type.utf8) { return true }
                i += 12 + n
            }
            return false
        }
        return (png[24], png[25], has("PLTE"), has("tRNS"))
    }

    @Test(
        "256 colours or fewer are written indexed at the fewest bits, and read back exactly",
        arguments: [(2, UInt8(1)), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (256, 8)])
    func indexed(colors: Int, depth: UInt8) throws {
        for translucent in [false, true] {
            let image = palette(23, 9, colors: colors, translucent: translucent)
            for preset in [PNG.Compression.fast, .balanced] {
                let png = try PNG.encode(image, compression: preset)
                let l = layout(png)
                #expect(l.colorType == 3 && l.depth == depth && l.plte)
                #expect(l.trns == translucent)
                #expect(try PNG.decode(png) == image, "\(colors) colours, \(preset)")
            }
            // `small` keeps whichever of indexed and RGB(A) is smaller: never larger than balanced.
            let small = try PNG.encode(image, compression: .small)
            #expect(try PNG.decode(small) == image)
            #expect(small.count <= (try PNG.encode(image, compression: .balanced)).count)
        }
    }

    @Test("transparent pixels keep their colour (straight alpha, every value stored)")
    func transparentColours() throws {
        var image = PixelBuffer(width: 4, height: 1)
        image.setPixel(x: 0, y: 0, (255, 0, 0, 0))
        image.setPixel(x: 1, y: 0, (0, 255, 0, 0))
        image.setPixel(x: 2, y: 0, (0, 0, 255, 1))
        image.setPixel(x: 3, y: 0, (9, 9, 9, 255))
        let png = try PNG.encode(image)
        #expect(layout(png).colorType == 3)
        #expect(try PNG.decode(png) == image)
    }

    @Test("more than 256 colours: RGB when all opaque, RGBA otherwise; every preset reads back the same")
    func truecolor() throws {
        var opaque = gradient(61, 33)
        for i in stride(from: 3, to: opaque.bytes.count, by: 4) { opaque.bytes[i] = 255 }
        let translucent = gradient(61, 33)
        for preset in PNG.Compression.Preset.allCases {
            let a = try PNG.encode(opaque, compression: PNG.Compression(preset))
            #expect(layout(a).colorType == 2 && layout(a).depth == 8)
            #expect(try PNG.decode(a) == opaque)
            let b = try PNG.encode(translucent, compression: PNG.Compression(preset))
            #expect(layout(b).colorType == 6)
            #expect(try PNG.decode(b) == translucent)
        }
    }

    @Test("small keeps the smaller of indexed and filtered RGB for a smooth few-colour image")
    func smallTriesBoth() throws {
        // A horizontal ramp of 200 greys: filtered RGB compresses it to almost nothing.
        var image = PixelBuffer(width: 200, height: 60)
        for y in 0..<60 { for x in 0..<200 { image.setPixel(x: x, y: y, (UInt8(x), UInt8(x), UInt8(x), 255)) } }
        let small = try PNG.encode(image, compression: .small)
        let balanced = try PNG.encode(image, compression: .balanced)
        #expect(layout(balanced).colorType == 3)
        #expect(layout(small).colorType == 2 && small.count < balanced.count)
        #expect(try PNG.decode(small) == image)
    }

    @Test("layout .rgba always writes colour type 6")
    func forcedRGBA() throws {
        let image = palette(10, 10, colors: 3, translucent: false)
        let png = try PNG.encode(image, layout: .rgba)
        #expect(layout(png).colorType == 6 && layout(png).depth == 8 && !layout(png).plte)
        #expect(try PNG.decode(png) == image)
    }

    @Test("the same pixels give the same bytes, run after run and on any thread")
    func deterministic() async throws {
        let image = gradient(120, 80)
        let first = try PNG.encode(image)
        let others = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try PNG.encode(image) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(others.allSatisfy { $0 == first })
    }

    @Test("--compression levels map onto the presets")
    func levelMapping() {
        #expect((0...3).allSatisfy { PNG.Compression(level: $0) == .fast })
        #expect((4...7).allSatisfy { PNG.Compression(level: $0) == .balanced })
        #expect((8...9).allSatisfy { PNG.Compression(level: $0) == .small })
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
