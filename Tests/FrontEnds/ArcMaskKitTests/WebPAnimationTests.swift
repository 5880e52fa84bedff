import ArcMaskWebP
import CWebP
import Testing

@testable import ArcMaskKit

/// The animated WebP path `prepare` takes on a phone (each frame's bitstream rewrapped as a
/// still, the canvas assembled by the container's fields) against libwebp's own animation
/// decoder, on files libwebp's encoder writes with partial, blended and disposed frames.
@Suite("ArcMaskKit assembles animated WebP frames as libwebp does")
struct WebPAnimationTests {
    /// Frame k: a red square moving right over a half-transparent blue square that stays, a
    /// translucent green bar that comes and goes.
    static func frame(_ k: Int) -> [UInt8] {
        let w = 24, h = 12
        var b = [UInt8](repeating: 0, count: w * h * 4)
        func set(_ x: Int, _ y: Int, _ p: [UInt8]) { for c in 0..<4 { b[(y * w + x) * 4 + c] = p[c] } }
        for y in 6..<11 { for x in 14..<20 { set(x, y, [20, 40, 220, 128]) } }
        if k % 2 == 1 { for x in 0..<w { set(x, 0, [30, 200, 60, 90]) } }
        for y in 2..<7 { for x in (k * 3)..<(k * 3 + 5) { set(x, y, [210, 30, 40, 255]) } }
        return b
    }

    static func encode(_ frames: [[UInt8]], lossless: Bool) -> [UInt8] {
        var options = WebPAnimEncoderOptions()
        _ = WebPAnimEncoderOptionsInit(&options)
        options.allow_mixed = lossless ? 0 : 1
        let encoder = WebPAnimEncoderNew(24, 12, &options)!
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        _ = WebPConfigInit(&config)
        config.lossless = lossless ? 1 : 0
        for (k, f) in frames.enumerated() {
            var picture = WebPPicture()
            _ = WebPPictureInit(&picture)
            picture.use_argb = 1
            picture.width = 24
            picture.height = 12
            f.withUnsafeBufferPointer { _ = WebPPictureImportRGBA(&picture, $0.baseAddress, 24 * 4) }
            _ = WebPAnimEncoderAdd(encoder, &picture, Int32(k * 70), &config)
            WebPPictureFree(&picture)
        }
        _ = WebPAnimEncoderAdd(encoder, nil, Int32(frames.count * 70), nil)
        var data = WebPData()
        _ = WebPAnimEncoderAssemble(encoder, &data)
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    /// Straight RGBA premultiplied as Core Graphics stores it.
    static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
        var out = straight
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + 127) / 255) }
        }
        return out
    }

    /// A still WebP decoded by libwebp, standing in for ImageIO.
    static func decodeStill(_ bytes: [UInt8]) throws -> [UInt8] {
        var w: Int32 = 0, h: Int32 = 0
        let pixels = try #require(bytes.withUnsafeBufferPointer { WebPDecodeRGBA($0.baseAddress, $0.count, &w, &h) })
        defer { WebPFree(pixels) }
        return premultiplied(Array(UnsafeBufferPointer(start: pixels, count: Int(w * h * 4))))
    }

    @Test("every frame of lossless and lossy animations matches libwebp's animation decoder", arguments: [true, false])
    func agrees(lossless: Bool) throws {
        let bytes = Self.encode((0..<6).map(Self.frame), lossless: lossless)
        let animation = try WebPAnimation(bytes, name: "a.webp", maxFrames: 100, maxCanvasPixels: 1 << 20)
        #expect(animation.canvasWidth == 24 && animation.canvasHeight == 12 && animation.frames.count == 6)
        // libwebp's encoder wrote sub-rectangles, so the blend and dispose rules are exercised.
        #expect(animation.frames.contains { $0.width < 24 || $0.height < 12 })
        #expect(animation.durationsMs == Array(repeating: 70, count: 6))
        let reference = try WebPFrameSource(bytes: bytes, name: "a.webp")
        var canvas = try WebPCanvas(width: 24, height: 12)
        for (k, f) in animation.frames.enumerated() {
            canvas.draw(f, index: k, rgba: try Self.decodeStill(f.still))
            let expected = Self.premultiplied(try reference.frame(at: k).bytes)
            let worst = zip(canvas.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= (lossless ? 1 : 2), "frame \(k): off by \(worst)")
        }
        // Going back starts again from the first frame.
        canvas.reset()
        #expect(canvas.shown == -1 && canvas.pixels.allSatisfy { $0 == 0 })
    }

    @Test("cut, bent or oversized containers are refused, saying what and where")
    func refusals() throws {
        let bytes = Self.encode((0..<3).map(Self.frame), lossless: true)
        func problem(_ b: [UInt8], maxFrames: Int = 100, maxPixels: Int = 1 << 20) -> PrepareError? {
            do {
                _ = try WebPAnimation(b, name: "a.webp", maxFrames: maxFrames, maxCanvasPixels: maxPixels)
                return nil
            } catch { return error as? PrepareError }
        }
        #expect(problem(Array(bytes.prefix(bytes.count - 9)))?.problem.contains("runs past") == true)
        #expect(problem(bytes, maxFrames: 2)?.code == .tooManyFrames)
        #expect(problem(bytes, maxPixels: 100)?.code == .tooLarge)
        var outside = bytes
        // The first frame's x offset (in pairs of pixels), pushed past the canvas.
        let anmf = try #require((12..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("ANMF".utf8) })
        outside[anmf + 8] = 200
        #expect(problem(outside)?.problem.contains("lies outside the 24×12 canvas") == true)
        #expect(
            problem(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8))?.problem.contains("not an animated WebP") == true)
    }
}
