import ArcMaskFrames
import ArcMaskValues
import Testing

@testable import ArcMaskGIF

@Suite("GIF bad input")
struct BadInputTests {
    func problem(_ bytes: [UInt8], limits: DecodeLimits = .default) -> String? {
        do { _ = try Fixture.source(bytes, limits: limits); return nil } catch let e as InputError {
            return e.localizedDescription
        } catch { return "unexpected \(error)" }
    }

    @Test("empty file")
    func empty() { #expect(problem([])?.contains("empty") == true) }

    @Test("not a GIF")
    func notGIF() { #expect(problem(Array("\u{89}PNG\r\n\u{1A}\n0000000000".utf8))?.contains("not a GIF") == true) }

    @Test("zero-size canvas")
    func zeroCanvas() throws {
        var bytes = try Fixture.gif([Fixture.fill(0, Fixture.full())])
        bytes[6] = 0; bytes[7] = 0
        #expect(problem(bytes)?.contains("zero-sized") == true)
    }

    @Test("canvas over the pixel limit is refused before decoding")
    func canvasLimit() throws {
        let bytes = try Fixture.gif([Fixture.fill(0, Fixture.full())])
        let message = problem(bytes, limits: DecodeLimits(maxCanvasPixels: 15))
        #expect(message?.contains("over the limit of 15") == true)
        // The ceiling is named in plain words here; the command line names it by its option.
        #expect(message?.hasSuffix("(raise the pixel limit)") == true)
    }

    @Test("frame count over the limit")
    func frameLimit() throws {
        let bytes = try Fixture.gif(Array(repeating: Fixture.fill(0, Fixture.full()), count: 5))
        #expect(problem(bytes, limits: DecodeLimits(maxFrames: 4))?.contains("more than 4 frames") == true)
    }

    @Test("a file cut inside the header is a clear error")
    func cutHeader() throws {
        let bytes = try Fixture.gif([Fixture.fill(0, Fixture.full())])
        for cut in 1..<13 { #expect(problem(Array(bytes.prefix(cut))) != nil, "cut at \(cut)") }
    }

    @Test("a file cut in a later frame keeps the frames before it and says it is damaged")
    func truncatedKeepsFrames() throws {
        let size = PixelSize(width: 32, height: 32)
        let frames = (0..<3).map { (k: Int) -> GIFWriter.Frame in
            let indices = (0..<(32 * 32)).map { (i: Int) -> UInt8 in UInt8((i * 7 + i / 5 + k) % 4) }
            return GIFWriter.Frame(indices: indices, rect: Fixture.full(size))
        }
        let whole = try Fixture.gif(size: size, frames)
        let complete = try Fixture.source(whole)
        let expected = try (0..<3).map { try complete.frame(at: $0) }
        // Cut in the middle of the third image's data.
        let third = complete.frames[2].descriptorOffset
        let cut = Array(whole.prefix(third + 40))
        let gif = try Fixture.source(cut)
        #expect(gif.damaged)
        #expect(gif.frameCount == 3)
        #expect(gif.frames[2].truncated)
        #expect(try gif.frame(at: 0) == expected[0])
        #expect(try gif.frame(at: 1) == expected[1])
        _ = try gif.frame(at: 2)
        #expect(gif.warnings.contains { $0.contains("frame 2") })
    }

    @Test("every truncation of a fixture gives frames so far or an input error", arguments: [false, true])
    func everyCut(interlaced: Bool) throws {
        let bytes = try Fixture.gif([
            Fixture.fill(0, Fixture.full(), disposal: .previous, interlaced: interlaced),
            Fixture.fill(1, PixelRect(x: 1, y: 1, width: 2, height: 2), transparent: 0),
        ])
        for cut in 0..<bytes.count {
            do {
                let gif = try Fixture.source(Array(bytes.prefix(cut)))
                for i in 0..<gif.frameCount { _ = try gif.frame(at: i) }
                #expect(gif.damaged || gif.warnings.contains { $0.contains("trailer") }, "cut \(cut)")
            } catch is InputError {
                // A clear error is the other allowed answer.
            }
        }
    }
}
