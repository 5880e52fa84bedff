import ArcMaskFrames
import ArcMaskValues
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
            // libdeflate's levels promise no strict order between versions: 2 % slack.
            #expect(Double(small.count) <= Double((try PNG.encode(image, compression: .balanced)).count) * 1.02)
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
        #expect(
            Double(try PNG.encode(image, compression: .small).count)
                <= Double(try PNG.encode(image, compression: .fast).count) * 1.02)
    }

    @Test("corrupt or truncated PNG data is a clear error")
    func corrupt() throws {
        let bytes = try PNG.encode(gradient(30, 30))
        func message(_ data: [UInt8]) -> String? {
            do {
                _ = try PNG.decode(data)
                return nil
            } catch let error as PNGError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        let cut = try #require(message(Array(bytes.prefix(bytes.count / 2))))
        #expect(cut.hasPrefix("corrupt PNG data (") || cut.hasPrefix("not a readable PNG ("), "\(cut)")
        #expect(try #require(message(Array("not a png".utf8))).hasPrefix("not a readable PNG ("))
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

    @Test(
        "band by band: the strip decodes to the pixels appended, in the same bytes each time, at every preset"
    )
    func streamWriter() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // 37 px wide, bands of 1 to 40 rows: 223 rows in all, noisy enough that bands deflate to real work.
        let heights = [1, 40, 17, 3, 40, 40, 29, 13, 40]
        let bands = heights.enumerated().map { k, h -> PixelBuffer in
            var band = PixelBuffer(width: 37, height: h)
            for y in 0..<h {
                for x in 0..<37 {
                    let v = (x * 7 + y * 13 + k * 31) % 251
                    band.setPixel(
                        x: x, y: y, (UInt8(v), UInt8((v * v) % 256), UInt8(x * 6), UInt8(255 - (y * 3) % 200)))
                }
            }
            return band
        }
        var whole = PixelBuffer(width: 37, height: heights.reduce(0, +))
        var row = 0
        for band in bands {
            whole.bytes.replaceSubrange((row * 37 * 4)..<((row + band.height) * 37 * 4), with: band.bytes)
            row += band.height
        }
        var written: [String: [UInt8]] = [:]
        for preset in [PNG.Compression.fast, .balanced, .small] {
            for attempt in 0..<2 {
                let url = dir.appendingPathComponent("\(preset)-\(attempt).png")
                let writer = try PNGStreamWriter(url: url, width: 37, height: whole.height, compression: preset)
                for band in bands { try writer.append(band) }
                try writer.finish()
                let bytes = [UInt8](try Data(contentsOf: url))
                #expect(try PNG.decode(bytes) == whole, "\(preset)")
                if attempt == 1 { #expect(bytes == written["\(preset)"], "\(preset): the same bytes again") }
                written["\(preset)"] = bytes
            }
        }
        // One band, or a different banding, decodes the same.
        let url = dir.appendingPathComponent("one.png")
        let writer = try PNGStreamWriter(url: url, width: 37, height: whole.height, compression: .balanced)
        try writer.append(whole)
        try writer.finish()
        #expect(try PNG.read(url) == whole)
        #expect(Double(written["small"]!.count) <= Double(written["fast"]!.count) * 1.02)
    }

    @Test("band by band: bands over 1 MB deflate in several pieces, each primed with the rows before it")
    func streamWriterWideBands() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // 2000 px rows (8001 filtered bytes): 131 rows to a piece, 4 rows of dictionary.
        let width = 2000, heights = [300, 7, 140]
        var whole = PixelBuffer(width: width, height: heights.reduce(0, +))
        for y in 0..<whole.height {
            for x in 0..<width {
                let v = (x * 5 + y * 11) % 253, n = (x * x + y * 7) % 9
                whole.setPixel(x: x, y: y, (UInt8(v), UInt8((v + n) % 256), UInt8(x % 256), UInt8(255 - y % 64)))
            }
        }
        var first: [UInt8]?
        for attempt in 0..<2 {
            let url = dir.appendingPathComponent("wide-\(attempt).png")
            let writer = try PNGStreamWriter(url: url, width: width, height: whole.height, compression: .balanced)
            var row = 0
            for h in heights {
                var band = PixelBuffer(width: width, height: h)
                band.bytes = Array(whole.bytes[(row * width * 4)..<((row + h) * width * 4)])
                try writer.append(band)
                row += h
            }
            try writer.finish()
            let bytes = [UInt8](try Data(contentsOf: url))
            #expect(try PNG.decode(bytes) == whole)
            if let first { #expect(bytes == first) }
            first = bytes
            // Deflated as one stream would be about as small: the dictionaries carry across pieces.
            #expect(bytes.count < whole.bytes.count / 4)
        }
    }

    @Test("band by band: a writer dropped before it finishes leaves no file")
    func streamWriterAbandoned() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let writer = try PNGStreamWriter(url: dir.appendingPathComponent("cut.png"), width: 8, height: 8)
            try writer.append(PixelBuffer(width: 8, height: 4))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
