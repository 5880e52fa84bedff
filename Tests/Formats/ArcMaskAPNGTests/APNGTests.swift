import ArcMaskAPNG
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Testing

/// Builds APNG files from frames: each frame's pixels encoded by libpng, its IDAT data moved
/// into fdAT chunks with sequence numbers (the test's own chunk writer, as an encoder would).
struct APNGBuilder {
    struct Frame {
        var image: PixelBuffer
        var x = 0, y = 0
        var delay: (UInt16, UInt16) = (1, 10)
        var dispose: UInt8 = 0
        var blend: UInt8 = 0
    }

    var canvas: PixelSize
    var frames: [Frame]
    var plays: UInt32 = 0
    /// The IDAT image is frame 0 (else a separate, hidden default image is written).
    var defaultIsFrame = true
    var hiddenDefault: PixelBuffer? = nil

    /// The IDAT data of an image written as 8-bit RGBA.
    static func imageData(_ image: PixelBuffer) throws -> [UInt8] {
        let png = try PNG.encode(image, layout: .rgba)
        var out: [UInt8] = []
        var at = 8
        while at + 8 <= png.count {
            let n = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[at + 4..<at + 8], as: UTF8.self) == "IDAT" { out += png[at + 8..<at + 8 + n] }
            at += 12 + n
        }
        return out
    }

    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    func control(_ f: Frame, sequence: Int) -> [UInt8] {
        Self.be32(sequence) + Self.be32(f.image.width) + Self.be32(f.image.height) + Self.be32(f.x) + Self.be32(f.y)
            + Self.be16(f.delay.0) + Self.be16(f.delay.1) + [f.dispose, f.blend]
    }

    func bytes(dropLast cut: Int = 0) throws -> [UInt8] {
        var w = PNGChunkWriter()
        w.append("IHDR", Self.be32(canvas.width) + Self.be32(canvas.height) + [8, 6, 0, 0, 0])
        w.append("acTL", Self.be32(frames.count) + Self.be32(Int(plays)))
        var sequence = 0
        for (k, f) in frames.enumerated() {
            if k == 0 && defaultIsFrame {
                w.append("fcTL", control(f, sequence: sequence)); sequence += 1
                w.append("IDAT", try Self.imageData(f.image))
                continue
            }
            if k == 0 {
                w.append(
                    "IDAT", try Self.imageData(hiddenDefault ?? PixelBuffer(width: canvas.width, height: canvas.height))
                )
            }
            w.append("fcTL", control(f, sequence: sequence)); sequence += 1
            w.append("fdAT", Self.be32(sequence) + (try Self.imageData(f.image))); sequence += 1
        }
        w.append("IEND", [])
        return Array(w.bytes.dropLast(cut))
    }
}

func solid(_ w: Int, _ h: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
    var b = PixelBuffer(width: w, height: h)
    for y in 0..<h { for x in 0..<w { b.setPixel(x: x, y: y, (p.0, p.1, p.2, p.3)) } }
    return b
}

func px(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
    let p = b.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
}

@Suite("APNG")
struct APNGTests {
    /// Red canvas; a half-transparent blue square blended over (disposed to previous); a green
    /// pixel replacing the corner (disposed to background); then a frame that shows what is left.
    func disposalFile() throws -> [UInt8] {
        try APNGBuilder(
            canvas: PixelSize(width: 4, height: 4),
            frames: [
                .init(image: solid(4, 4, (255, 0, 0, 255))),
                .init(image: solid(2, 2, (0, 0, 255, 128)), x: 1, y: 1, dispose: 2, blend: 1),
                .init(image: solid(1, 1, (0, 255, 0, 255)), dispose: 1),
                .init(image: solid(1, 1, (0, 0, 0, 0)), x: 3, y: 3, blend: 1),
            ], plays: 3
        ).bytes()
    }

    @Test("dispose none/background/previous and blend source/over composite as the specification says")
    func compositing() throws {
        let a = try APNGFrameSource(bytes: disposalFile(), name: "d.png")
        #expect(a.frameCount == 4 && a.isAnimated && !a.damaged && a.warnings.isEmpty)
        #expect(a.frames.map(\.dispose) == [.none, .previous, .background, .none])
        #expect(a.frames.map(\.blend) == [.source, .over, .source, .over])
        let f0 = try a.frame(at: 0)
        #expect(px(f0, 1, 1) == [255, 0, 0, 255])
        let f1 = try a.frame(at: 1)
        // Blue at alpha 128 over opaque red: colour (0·128·255 + 255·255·127)/(255·255) ≈ 127, alpha 255.
        #expect(px(f1, 1, 1) == [127, 0, 128, 255])
        #expect(px(f1, 0, 0) == [255, 0, 0, 255])
        let f2 = try a.frame(at: 2)
        #expect(px(f2, 1, 1) == [255, 0, 0, 255])  // frame 1's square restored (previous)
        #expect(px(f2, 0, 0) == [0, 255, 0, 255])
        let f3 = try a.frame(at: 3)
        #expect(px(f3, 0, 0) == [0, 0, 0, 0])  // frame 2's pixel cleared (background)
        #expect(px(f3, 3, 3) == [255, 0, 0, 255])  // a transparent pixel blended over changes nothing
        // Random access gives the same canvases as playing in order.
        #expect(try a.frame(at: 1) == f1)
        #expect(try a.frame(at: 3) == f3)
        #expect(try a.frame(at: 0) == f0)
        #expect(a.loopMode == .finite(repeats: 2))
    }

    @Test("a default image outside the animation is not a frame; delays follow num/den with den 0 = 100")
    func hiddenDefaultAndDelays() throws {
        var b = APNGBuilder(
            canvas: PixelSize(width: 2, height: 2),
            frames: [
                .init(image: solid(2, 2, (0, 255, 0, 255)), delay: (1, 0)),
                .init(image: solid(2, 2, (0, 0, 255, 255)), delay: (3, 1000)),
            ])
        b.defaultIsFrame = false
        b.hiddenDefault = solid(2, 2, (255, 0, 0, 255))
        let a = try APNGFrameSource(bytes: try b.bytes(), name: "h.png")
        #expect(a.defaultImageHidden && a.frameCount == 2)
        #expect(px(try a.frame(at: 0), 0, 0) == [0, 255, 0, 255])
        #expect(a.frames.map(\.delayMs) == [10, 3])
        #expect(a.durations == [100, 100])  // 10 ms or less plays as 100 ms, as browsers do
        #expect(a.loopMode == .forever)
    }

    @Test("an animation breaking the rules shows the default image alone and says why")
    func invalidShowsDefault() throws {
        var bytes = try disposalFile()
        // Change frame 1's fcTL sequence number (1) to 7: a gap.
        let fcTL = Array("fcTL".utf8)
        let second = (0..<bytes.count - 4).filter { Array(bytes[$0..<$0 + 4]) == fcTL }[1]
        bytes[second + 7] = 7
        var w = PNGChunkWriter()  // recompute that chunk's CRC so only the sequence is wrong
        w.append("fcTL", Array(bytes[second + 4..<second + 30]))
        bytes.replaceSubrange(second - 4..<second + 34, with: w.bytes.dropFirst(8))
        let a = try APNGFrameSource(bytes: bytes, name: "bad.png")
        #expect(a.frameCount == 1 && !a.isAnimated && a.damaged)
        #expect(px(try a.frame(at: 0), 2, 2) == [255, 0, 0, 255])
        #expect(a.warnings.first?.contains("sequence number 7, 1 expected") == true)
    }

    @Test("a file cut short keeps its whole frames and is marked damaged")
    func truncated() throws {
        let whole = try disposalFile()
        let a = try APNGFrameSource(bytes: Array(whole.dropLast(40)), name: "cut.png")
        #expect(a.damaged && a.frameCount == 3)
        #expect(a.warnings.first?.contains("ends inside") == true)
        #expect(try a.frame(at: 2) == (try APNGFrameSource(bytes: whole, name: "w").frame(at: 2)))
        // Every cut either keeps whole frames or says clearly why nothing is left.
        for cut in stride(from: 1, to: whole.count - 8, by: 7) {
            do {
                let s = try APNGFrameSource(bytes: Array(whole.prefix(cut)), name: "c.png")
                #expect(s.damaged || cut >= whole.count - 12)
                for k in 0..<s.frameCount { _ = try s.frame(at: k) }
            } catch let e as InputError {
                #expect(e.file == "c.png" && !e.problem.isEmpty)
            }
        }
    }

    @Test("a plain PNG is one frame that plays once")
    func stillPNG() throws {
        let png = try PNG.encode(solid(3, 2, (1, 2, 3, 4)))
        let a = try APNGFrameSource(bytes: png, name: "s.png")
        #expect(a.frameCount == 1 && !a.isAnimated && !a.damaged && a.loopMode == .once)
        #expect(try a.frame(at: 0) == solid(3, 2, (1, 2, 3, 4)))
    }

    @Test("limits refuse a canvas or frame count before anything is decoded")
    func limits() throws {
        let bytes = try disposalFile()
        let big = #expect(throws: InputError.self) {
            _ = try APNGFrameSource(bytes: bytes, name: "l.png", limits: DecodeLimits(maxCanvasPixels: 15))
        }
        #expect(big?.problem.contains("over the limit of 15") == true)
        let many = #expect(throws: InputError.self) {
            _ = try APNGFrameSource(bytes: bytes, name: "l.png", limits: DecodeLimits(maxFrames: 3))
        }
        #expect(many?.location == "acTL")
        #expect(throws: InputError.self) { _ = try APNGFrameSource(bytes: Array("not a png".utf8), name: "x") }
    }

    @Test("every bit flipped in a small APNG gives frames or a clear error, never a crash")
    func bitFlips() throws {
        let whole = try disposalFile()
        var opened = 0, refused = 0
        for i in stride(from: 8, to: whole.count, by: 3) {
            var b = whole
            b[i] ^= 0x10
            do {
                let s = try APNGFrameSource(bytes: b, name: "f.png")
                for k in 0..<s.frameCount { _ = try? s.frame(at: k) }
                opened += 1
            } catch is InputError {
                refused += 1
            }
        }
        #expect(opened > 0 && refused > 0)
    }
}
