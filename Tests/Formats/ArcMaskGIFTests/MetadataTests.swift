import ArcMaskFrames
import ArcMaskValues
import Testing

@testable import ArcMaskGIF

@Suite("GIF metadata")
struct MetadataTests {
    @Test("opening reads the blocks only: a header declaring 7000×7000 px allocates no canvas until a frame is drawn")
    func declaredCanvasNotAllocated() throws {
        // 35 bytes: a 7000×7000 screen, a two-colour palette, one 1×1 frame.
        var bytes = Array("GIF89a".utf8) + [0x58, 0x1B, 0x58, 0x1B, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        let gif = try GIFFrameSource(bytes: bytes, limits: DecodeLimits(maxCanvasPixels: 50_000_000))
        #expect(gif.canvasSize == PixelSize(width: 7000, height: 7000) && gif.frameCount == 1)
        #expect(gif.canvasBytesHeld == 0)
        _ = gif.report
        #expect(gif.canvasBytesHeld == 0)
        let frame = try gif.frame(at: 0)
        #expect(frame.width == 7000 && gif.canvasBytesHeld == 7000 * 7000 * 4)
    }

    @Test(
        "loop extensions: NETSCAPE2.0 and ANIMEXTS1.0, 0 = forever, n = n repeats, none = once",
        arguments: [
            (Int?.some(0), GIFWriter.LoopExtension.netscape, LoopMode.forever),
            (3, .netscape, .finite(repeats: 3)),
            (0, .animexts, .forever),
            (65535, .netscape, .finite(repeats: 65535)),
            (nil, .netscape, .once),
        ])
    func loops(_ count: Int?, _ ext: GIFWriter.LoopExtension, _ mode: LoopMode) throws {
        let gif = try Fixture.source(Fixture.gif(loop: count, loopExtension: ext, [Fixture.fill(0, Fixture.full())]))
        #expect(gif.loopMode == mode)
        #expect(gif.loopCount == count)
    }

    @Test("raw delays are kept; 10 ms or less plays as 100 ms")
    func delays() throws {
        let gif = try Fixture.source(Fixture.gif([0, 1, 2, 7, 150].map { Fixture.fill(0, Fixture.full(), delay: $0) }))
        #expect(gif.frames.map(\.delayCentiseconds) == [0, 1, 2, 7, 150])
        #expect(gif.durations == [100, 100, 20, 70, 1500])
        #expect(gif.totalDuration == 1790)
    }

    @Test("metadata is read without decoding, per frame")
    func frameInfo() throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(
                    0, PixelRect(x: 1, y: 2, width: 3, height: 1), delay: 4, disposal: .previous,
                    transparent: 2, localPalette: Fixture.palette, interlaced: true)
            ]))
        let f = gif.frames[0]
        #expect(f.rect == PixelRect(x: 1, y: 2, width: 3, height: 1))
        #expect(f.disposal == .previous && f.transparentIndex == 2 && f.hasLocalPalette && f.interlaced)
        #expect(gif.version == "GIF89a")
        #expect(!gif.damaged)
    }

    @Test("the report carries the keys tools read")
    func report() throws {
        let gif = try Fixture.source(Fixture.gif([Fixture.fill(0, Fixture.full(), delay: 5, disposal: .background)]))
        let r = gif.report
        #expect(r.width == 4 && r.height == 4 && r.frameCount == 1 && r.loopCount == 0 && r.durationMs == 50)
        #expect(
            r.frames[0].delayCentiseconds == 5 && r.frames[0].durationMs == 50 && r.frames[0].disposal == "background")
    }
}
