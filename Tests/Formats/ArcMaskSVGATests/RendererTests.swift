import ArcMaskFrames
import ArcMaskValues
import Testing

@testable import ArcMaskSVGA

@Suite("SVGA renderer")
struct RendererTests {
    func render(_ frame: Int, size: Int = 100) throws -> PixelBuffer {
        try SVGARenderer(movie: SVGAReader.read(bytes: SVGAFixture.zlibProtobuf(), name: "fixture"))
            .render(frame: frame, size: PixelSize(width: size, height: size))
    }

    @Test("rect shape, KEEP, hidden frame and ellipse")
    func shapes() throws {
        #expect(try render(0).pixel(x: 30, y: 30) == (255, 0, 0, 255))
        #expect(try render(1).pixel(x: 30, y: 30) == (255, 0, 0, 255))  // KEEP
        #expect(try render(2).pixel(x: 30, y: 30).a == 0)  // hidden
        let f3 = try render(3)
        #expect(f3.pixel(x: 50, y: 45) == (0, 0, 255, 255))
        #expect(f3.pixel(x: 50, y: 35).a == 0)  // outside the ellipse's 10 px radius
    }

    @Test("bitmaps are scaled to their layout, clipped by clip paths, and take the sprite's alpha")
    func bitmaps() throws {
        let f0 = try render(0)
        #expect(f0.pixel(x: 61, y: 61) == (0, 255, 0, 255))
        #expect(f0.pixel(x: 78, y: 78) == (0, 255, 0, 255))  // 10 px image drawn 20 px wide
        #expect(f0.pixel(x: 82, y: 70).a == 0)
        let f1 = try render(1)
        #expect(f1.pixel(x: 62, y: 65) == (0, 255, 0, 255))  // clip keeps x < 65
        #expect(f1.pixel(x: 70, y: 65).a == 0)
        let a = try render(3).pixel(x: 70, y: 70).a
        #expect(a >= 126 && a <= 129)  // alpha 0.5
    }

    @Test("a matte shows its run only where the matte is opaque")
    func matte() throws {
        let f = try render(0)
        #expect(f.pixel(x: 20, y: 80) == (255, 255, 0, 255))  // bottom-left: matte covers
        #expect(f.pixel(x: 80, y: 20).a == 0)  // top-right: no matte, no yellow
        #expect(f.pixel(x: 20, y: 20) == (255, 0, 0, 255))  // the red box is not masked
    }

    @Test("output at any size scales the viewBox uniformly and centres it")
    func scaling() throws {
        let big = try render(0, size: 200)
        #expect(big.pixel(x: 60, y: 60) == (255, 0, 0, 255))
        let wide = try SVGARenderer(movie: SVGAReader.read(bytes: SVGAFixture.zlibProtobuf(), name: "fixture"))
            .render(frame: 0, size: PixelSize(width: 200, height: 100))
        #expect(wide.pixel(x: 20, y: 50).a == 0)  // bars left and right
        #expect(wide.pixel(x: 80, y: 30) == (255, 0, 0, 255))  // the box, shifted by 50
    }

    @Test("sequences: range, reverse and resampling")
    func sequences() throws {
        let movie = try SVGAReader.read(bytes: SVGAFixture.zlibProtobuf(), name: "fixture")
        #expect(try SVGASequence().frames(of: movie).indexes == [0, 1, 2, 3])
        #expect(try SVGASequence(range: 1...2).frames(of: movie).indexes == [1, 2])
        #expect(try SVGASequence(range: 1...3, reverse: true).frames(of: movie).indexes == [3, 2, 1])
        let (idx, ms) = try SVGASequence(fps: 20).frames(of: movie)
        #expect(idx == [0, 0, 1, 1, 2, 2, 3, 3] && ms == 50)
        #expect(try SVGASequence(fps: 5).frames(of: movie).indexes == [0, 2])
        #expect(throws: SVGASequenceError.self) { try SVGASequence(range: 2...9).frames(of: movie) }
        let source = try SVGAFrameSource(movie: movie, name: "fixture", sequence: SVGASequence(reverse: true))
        #expect(source.frameCount == 4 && source.duration(at: 0) == 100)
        #expect(
            try source.frame(at: 3)
                == SVGARenderer(movie: movie).render(frame: 0, size: PixelSize(width: 100, height: 100)))
    }
}

@Suite("SVGA frames at a requested size")
struct ScaledFrameTests {
    @Test("a frame asked for at a size is drawn at that size (vector-sharp), placed as the fit mode says")
    func drawnAtSize() throws {
        let bytes = try SVGAFixture.zlibProtobuf()
        let source = try SVGAFrameSource(bytes: bytes, name: "fixture.svga")
        let size = PixelSize(width: 300, height: 150)
        let fit = try source.frame(at: 0, size: size, fit: .fit)
        let direct = try SVGARenderer(movie: source.movie).render(frame: 0, size: size, fit: .fit)
        #expect(fit == direct)
        // The 100×100 viewBox: fit leaves bars left and right, fill covers the width and crops.
        #expect(fit.pixel(x: 10, y: 75).a == 0)
        let fill = try source.frame(at: 0, size: size, fit: .fill)
        #expect(fill != fit)
        #expect(fill.size == size)
    }

    @Test("frames handed over premultiplied are the frames drawn, each surface the caller's own")
    func surfaces() throws {
        let source = try SVGAFrameSource(bytes: SVGAFixture.zlibProtobuf(), name: "fixture.svga")
        let size = PixelSize(width: 120, height: 90)
        let first = try source.surface(at: 0, size: size, fit: .fill)
        let second = try source.surface(at: 2, size: size, fit: .fill)
        // Drawing the next frame on the reused canvas leaves the first one as it was.
        #expect(first.pixelBuffer() == (try source.frame(at: 0, size: size, fit: .fill)))
        #expect(second.pixelBuffer() == (try source.frame(at: 2, size: size, fit: .fill)))
        #expect(first.pixelBuffer() != second.pixelBuffer())
    }
}
