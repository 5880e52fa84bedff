import ArcMaskFrames
import ArcMaskValues
import ArcMaskWebP
import CWebP
import Testing

/// Writes an animated WebP with libwebp's own animation encoder (lossless, so pixels are exact).
func encodeWebP(_ frames: [PixelBuffer], durationsMs: [Int], loops: Int = 0) -> [UInt8] {
    let w = frames[0].width, h = frames[0].height
    var options = WebPAnimEncoderOptions()
    _ = WebPAnimEncoderOptionsInit(&options)
    options.anim_params.loop_count = Int32(loops)
    let encoder = WebPAnimEncoderNew(Int32(w), Int32(h), &options)!
    defer { WebPAnimEncoderDelete(encoder) }
    var config = WebPConfig()
    _ = WebPConfigInit(&config)
    config.lossless = 1
    var t = 0
    for (k, f) in frames.enumerated() {
        var picture = WebPPicture()
        _ = WebPPictureInit(&picture)
        picture.use_argb = 1
        picture.width = Int32(w)
        picture.height = Int32(h)
        f.bytes.withUnsafeBufferPointer { _ = WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(w * 4)) }
        _ = WebPAnimEncoderAdd(encoder, &picture, Int32(t), &config)
        WebPPictureFree(&picture)
        t += durationsMs[k]
    }
    _ = WebPAnimEncoderAdd(encoder, nil, Int32(t), nil)
    var data = WebPData()
    _ = WebPAnimEncoderAssemble(encoder, &data)
    defer { WebPDataClear(&data) }
    return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
}

func solid(_ w: Int, _ h: Int, _ p: [UInt8]) -> PixelBuffer {
    PixelBuffer(width: w, height: h, bytes: Array([[UInt8]](repeating: p, count: w * h).joined()))
}

/// Frame k: a transparent canvas with one opaque square moving right, and a fixed half-transparent corner.
func movingSquare(_ k: Int) -> PixelBuffer {
    var b = PixelBuffer(width: 16, height: 8)
    for y in 2..<6 { for x in (k * 3)..<(k * 3 + 4) { b.setPixel(x: x, y: y, (200, 30, 40, 255)) } }
    b.setPixel(x: 15, y: 7, (0, 0, 255, 128))
    return b
}

@Suite("WebP")
struct WebPTests {
    @Test("every frame of a lossless animation comes back exactly, with durations and loop count")
    func roundTrip() throws {
        let frames = (0..<4).map(movingSquare)
        let bytes = encodeWebP(frames, durationsMs: [40, 80, 5, 120], loops: 3)
        let s = try WebPFrameSource(bytes: bytes, name: "a.webp")
        #expect(s.canvasSize == PixelSize(width: 16, height: 8))
        #expect(s.isAnimated && !s.damaged && s.frameCount == 4)
        #expect(s.frames.map(\.delayMs) == [40, 80, 5, 120])
        #expect(s.durations == [40, 80, 100, 120])  // 10 ms or less plays as 100 ms
        #expect(s.loopCount == 3 && s.loopMode == .finite(repeats: 2))
        for k in [0, 1, 2, 3, 1, 0, 3] { #expect(try s.frame(at: k) == frames[k], "frame \(k)") }
    }

    @Test("a still WebP is one frame that plays once")
    func still() throws {
        let image = solid(5, 3, [10, 20, 30, 255])
        var out: UnsafeMutablePointer<UInt8>? = nil
        let n = image.bytes.withUnsafeBufferPointer { WebPEncodeLosslessRGBA($0.baseAddress, 5, 3, 20, &out) }
        defer { WebPFree(out) }
        let s = try WebPFrameSource(bytes: Array(UnsafeBufferPointer(start: out, count: n)), name: "s.webp")
        #expect(!s.isAnimated && s.frameCount == 1 && s.loopMode == .once)
        #expect(try s.frame(at: 0) == image)
    }

    @Test("a file cut short keeps its whole frames; cuts everywhere give frames or a clear error")
    func truncated() throws {
        let frames = (0..<4).map(movingSquare)
        let bytes = encodeWebP(frames, durationsMs: [40, 40, 40, 40])
        let cut = try WebPFrameSource(bytes: Array(bytes.dropLast(5)), name: "cut.webp")
        #expect(cut.damaged && cut.frameCount == 3)
        #expect(cut.warnings.first?.contains("cut short") == true)
        #expect(try cut.frame(at: 2) == frames[2])
        for n in stride(from: 0, to: bytes.count, by: 5) {
            do {
                let s = try WebPFrameSource(bytes: Array(bytes.prefix(n)), name: "c.webp")
                for k in 0..<s.frameCount { _ = try s.frame(at: k) }
            } catch let e as InputError {
                #expect(e.file == "c.webp" && !e.problem.isEmpty)
            }
        }
    }

    @Test("flipped bits give frames or a clear error naming the frame")
    func bitFlips() throws {
        let bytes = encodeWebP((0..<3).map(movingSquare), durationsMs: [40, 40, 40])
        var refused = 0
        for i in stride(from: 12, to: bytes.count, by: 2) {
            var b = bytes
            b[i] ^= 0x40
            do {
                let s = try WebPFrameSource(bytes: b, name: "f.webp")
                for k in 0..<s.frameCount { _ = try s.frame(at: k) }
            } catch let e as InputError {
                refused += 1
                #expect(e.file == "f.webp")
            }
        }
        #expect(refused > 0)
    }

    @Test("limits refuse the canvas and the frame count before decoding")
    func limits() throws {
        let bytes = encodeWebP((0..<3).map(movingSquare), durationsMs: [40, 40, 40])
        #expect(throws: InputError.self) {
            _ = try WebPFrameSource(bytes: bytes, name: "l.webp", limits: DecodeLimits(maxCanvasPixels: 100))
        }
        #expect(throws: InputError.self) {
            _ = try WebPFrameSource(bytes: bytes, name: "l.webp", limits: DecodeLimits(maxFrames: 2))
        }
        let notWebP = #expect(throws: InputError.self) { _ = try WebPFrameSource(bytes: [1, 2, 3], name: "x") }
        #expect(notWebP?.problem.contains("not a WebP") == true)
    }
}
