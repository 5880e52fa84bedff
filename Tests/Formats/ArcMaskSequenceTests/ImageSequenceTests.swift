import ArcMaskFrames
import ArcMaskIO
import ArcMaskSequence
import ArcMaskValues
import CJPEG
import Testing

func solid(_ w: Int, _ h: Int, _ p: [UInt8]) -> PixelBuffer {
    PixelBuffer(width: w, height: h, bytes: Array([[UInt8]](repeating: p, count: w * h).joined()))
}

/// A PNG whose every pixel is (k, 2k, 3k, alpha).
func png(_ k: Int, _ w: Int = 6, _ h: Int = 4, alpha: UInt8 = 255) throws -> [UInt8] {
    try PNG.encode(solid(w, h, [UInt8(k), UInt8(2 * k), UInt8(3 * k), alpha]))
}

/// A JPEG made by libjpeg-turbo at the best quality.
func jpeg(_ image: PixelBuffer) -> [UInt8] {
    let handle = tjInitCompress()!
    defer { tjDestroy(handle) }
    var out: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    _ = image.bytes.withUnsafeBufferPointer {
        tjCompress2(
            handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue), &out, &size,
            Int32(TJSAMP_444.rawValue), 100, 0)
    }
    defer { tjFree(out) }
    return Array(UnsafeBufferPointer(start: out, count: Int(size)))
}

@Suite("Image sequences")
struct ImageSequenceTests {
    func files(
        _ numbers: [Int], pattern: (Int) -> String = { "anim/frame\(String(format: "%03d", $0)).png" }
    ) throws -> MemoryFiles {
        var f: [String: [UInt8]] = [:]
        for n in numbers { f[pattern(n)] = try png(n) }
        return MemoryFiles(f)
    }

    @Test("a pattern and a folder find the same numbered frames, in numeric order, at the frame rate")
    func patternAndFolder() throws {
        var fs = try files([1, 2, 3, 10])
        fs.files["anim/frame011.png"] = nil
        var options = SequenceOptions()
        options.allowGaps = true
        let byPattern = try ImageSequenceSource.open("anim/frame%03d.png", options: options, files: fs)
        let byFolder = try ImageSequenceSource.open("anim", options: options, files: fs)
        #expect(byPattern.frames.map(\.number) == [1, 2, 3, 10])
        #expect(byFolder.frames == byPattern.frames)
        #expect(byPattern.canvasSize == PixelSize(width: 6, height: 4))
        #expect(byPattern.durations == [40, 40, 40, 40])  // 25 fps
        #expect(byPattern.loopMode == .forever)
        #expect(byPattern.warnings == ["skipped missing frames: number 4, number 5, number 6, …"])
        #expect(try byPattern.frame(at: 3).pixel(x: 0, y: 0) == (10, 20, 30, 255))
    }

    @Test("--range, --durations, --loops and --reverse")
    func settings() throws {
        let fs = try files(Array(0..<8))
        var options = SequenceOptions()
        options.range = 2...4
        options.durations = [30, 60, 90]
        options.loops = 3
        options.reverse = true
        let s = try ImageSequenceSource.open("anim/frame%03d.png", options: options, files: fs)
        #expect(s.frames.map(\.number) == [4, 3, 2])
        #expect(s.durations == [30, 60, 90])
        #expect(s.loopMode == .finite(repeats: 2))
        options.durations = [30, 60]
        let wrong = #expect(throws: InputError.self) {
            _ = try ImageSequenceSource.open("anim/frame%03d.png", options: options, files: fs)
        }
        #expect(wrong?.problem == "gives 2 durations for 3 frames" && wrong?.mention == .subject(.durations))
        #expect(
            wrong?.message(InputVocabulary([.durations: "--durations"])) == "--durations gives 2 durations for 3 frames"
        )
        #expect(wrong?.message == "frame durations: gives 2 durations for 3 frames")
    }

    @Test("a gap, a different size, a file that is not an image: clear errors naming the file")
    func errors() throws {
        let gap = #expect(throws: InputError.self) {
            _ = try ImageSequenceSource.open("anim", files: try files([1, 2, 4]))
        }
        #expect(gap?.problem == "the numbering has gaps (missing: number 3)" && gap?.mention == .give(.allowGaps))
        #expect(
            gap?.message(InputVocabulary([.allowGaps: "--allow-gaps"]))
                == "the numbering has gaps (missing: number 3); give --allow-gaps to skip them")
        var fs = try files([1, 2, 3])
        fs.files["anim/frame002.png"] = try png(2, 7, 4)
        let size = #expect(throws: InputError.self) { _ = try ImageSequenceSource.open("anim", files: fs) }
        #expect(
            size?.file == "anim/frame002.png"
                && size?.problem.contains("is 7×4, but the sequence's first frame") == true)
        fs.files["anim/frame002.png"] = Array("hello".utf8)
        let junk = #expect(throws: InputError.self) { _ = try ImageSequenceSource.open("anim", files: fs) }
        #expect(
            junk?.file == "anim/frame002.png"
                && junk?.problem == "is not a PNG, JPEG or SVG file (it starts with 68 65 6C 6C)")
        // A header that reads but data that does not: the error comes when the frame is decoded.
        var cut = try png(2)
        cut.removeLast(30)
        fs.files["anim/frame002.png"] = cut
        let s = try ImageSequenceSource.open("anim", files: fs)
        let late = #expect(throws: InputError.self) { _ = try s.frame(at: 1) }
        #expect(late?.file == "anim/frame002.png")
        var range = SequenceOptions()
        range.range = 1...5
        let missing = #expect(throws: InputError.self) {
            _ = try ImageSequenceSource.open("anim/frame%03d.png", options: range, files: fs)
        }
        #expect(missing?.problem == "the numbering has gaps (missing: frame004.png, frame005.png)")
        #expect(throws: InputError.self) { _ = try ImageSequenceSource.open("empty/x%d.png", files: fs) }
    }

    @Test("a PNG header stating a size past PNG's 2³¹−1 limit is refused, not multiplied (fuzz finding)")
    func absurdHeader() throws {
        // The sequence harness's input: an IHDR of 0xC7C7C7C7 × 0xC7C7C7C7, whose pixel count overflows Int.
        let head: [UInt8] =
            PNG.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0xC7, count: 8) + [8, 6, 0, 0, 0]
        #expect(PNG.size(ofHeader: head) == nil)
        let e = #expect(throws: InputError.self) {
            _ = try ImageSequenceSource.open("s", files: MemoryFiles(["s/f1.png": head, "s/f2.png": try png(1)]))
        }
        #expect(e?.file == "s/f1.png" && e?.problem == "is a PNG without a valid IHDR")
    }

    @Test("a scale picks name@Sx.png over name.png when it exists")
    func variants() throws {
        var fs = try files([1, 2])
        fs.files["anim/frame001@2x.png"] = try png(1, 12, 8)
        fs.files["anim/frame002@2x.png"] = try png(2, 12, 8)
        fs.files["anim/frame001@3x.png"] = try png(1, 18, 12)
        var options = SequenceOptions()
        #expect(
            try ImageSequenceSource.open("anim", options: options, files: fs).canvasSize
                == PixelSize(width: 6, height: 4))
        options.scale = 2
        let two = try ImageSequenceSource.open("anim", options: options, files: fs)
        #expect(
            two.canvasSize == PixelSize(width: 12, height: 8)
                && two.frames.map(\.path) == ["anim/frame001@2x.png", "anim/frame002@2x.png"])
        // Only one @3x file: the sequence would mix sizes, so the error names the file.
        options.scale = 3
        #expect(throws: InputError.self) { _ = try ImageSequenceSource.open("anim", options: options, files: fs) }
    }

    @Test("JPEG and PNG-with-alpha frames decode to RGBA")
    func kinds() throws {
        let image = solid(16, 8, [200, 100, 50, 255])
        let fs = MemoryFiles([
            "m/a1.jpg": jpeg(image), "m/a2.png": try PNG.encode(solid(16, 8, [1, 2, 3, 64])),
        ])
        // Different extensions make two sequences in a folder; a pattern names one.
        #expect(throws: InputError.self) { _ = try ImageSequenceSource.open("m", files: fs) }
        let j = try ImageSequenceSource.open("m/a%d.jpg", files: fs)
        #expect(j.kinds == ["JPEG"])
        let p = try j.frame(at: 0).pixel(x: 3, y: 3)
        #expect(abs(Int(p.r) - 200) <= 2 && abs(Int(p.g) - 100) <= 2 && abs(Int(p.b) - 50) <= 2 && p.a == 255)
        let a = try ImageSequenceSource.open("m/a%d.png", files: fs)
        #expect(try a.frame(at: 0).pixel(x: 0, y: 0) == (1, 2, 3, 64))
    }

    @Test("a sequence of SVGs is drawn at the size asked for")
    func svgSequence() throws {
        func svg(_ x: Int) -> [UInt8] {
            Array(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"><rect x=\"\(x)\" width=\"5\" height=\"10\" fill=\"#00ff00\"/></svg>"
                    .utf8)
        }
        let fs = MemoryFiles(["v/s1.svg": svg(0), "v/s2.svg": svg(15)])
        let s = try ImageSequenceSource.open("v", files: fs)
        let scalable = try #require(s as? SVGSequenceSource)
        #expect(s.canvasSize == PixelSize(width: 20, height: 10))
        let big = try scalable.frame(at: 1, size: PixelSize(width: 80, height: 40), fit: .fit)
        #expect(big.pixel(x: 59, y: 20).a == 0 && big.pixel(x: 60, y: 20) == (0, 255, 0, 255))
        #expect(try s.frame(at: 0).pixel(x: 4, y: 5) == (0, 255, 0, 255))
    }

    @Test("patterns: printf widths, numbers that fit them, names for numbers")
    func patterns() throws {
        let p = try #require(SequencePattern.parse("a/b/frame%04d.png"))
        #expect(p.folder == "a/b" && p.name(7) == "frame0007.png" && p.name(12345) == "frame12345.png")
        #expect(
            p.number(in: "frame0007.png") == 7 && p.number(in: "frame7.png") == nil
                && p.number(in: "frame0007@2x.png") == nil)
        #expect(SequencePattern.parse("x%d.jpg")?.number(in: "x12.jpg") == 12)
        // %4d pads with spaces, as printf does; %04d with zeros.
        let spaced = try #require(SequencePattern.parse("f%4d.png"))
        #expect(!spaced.zeroPadded && spaced.name(7) == "f   7.png" && spaced.description == "f%4d.png")
        #expect(spaced.number(in: "f   7.png") == 7 && spaced.number(in: "f12345.png") == 12345)
        #expect(spaced.number(in: "f0007.png") == nil && spaced.number(in: "f  7.png") == nil)
        #expect(SequencePattern.parse("f%04d.png")?.name(7) == "f0007.png")
        #expect(SequencePattern.parse("plain.png") == nil && SequencePattern.parse("100%.png") == nil)
    }
}
