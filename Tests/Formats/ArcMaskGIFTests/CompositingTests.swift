import ArcMaskFrames
import ArcMaskValues
import Testing

@testable import ArcMaskGIF

@Suite("GIF compositing")
struct CompositingTests {
    let inner = PixelRect(x: 1, y: 1, width: 2, height: 2)

    @Test("the canvas starts transparent and a partial first frame leaves the rest transparent")
    func transparentStart() throws {
        let gif = try Fixture.source(Fixture.gif([Fixture.fill(0, inner)]))
        let f = try gif.frame(at: 0)
        #expect(f.pixel(x: 0, y: 0) == Fixture.clear)
        #expect(f.pixel(x: 1, y: 1) == Fixture.rgba(Fixture.red))
    }

    @Test("disposal 0 and 1 keep the frame", arguments: [Disposal.unspecified, .keep])
    func keep(_ disposal: Disposal) throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(0, inner, disposal: disposal),
                Fixture.fill(1, PixelRect(x: 0, y: 0, width: 1, height: 1)),
            ]))
        let f = try gif.frame(at: 1)
        #expect(f.pixel(x: 1, y: 1) == Fixture.rgba(Fixture.red))
        #expect(f.pixel(x: 0, y: 0) == Fixture.rgba(Fixture.green))
    }

    @Test("disposal 2 clears the rectangle to transparent, not the background colour")
    func background() throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(2, Fixture.full()),
                Fixture.fill(0, inner, disposal: .background),
                Fixture.fill(1, PixelRect(x: 0, y: 0, width: 1, height: 1)),
            ]))
        let f = try gif.frame(at: 2)
        #expect(f.pixel(x: 1, y: 1) == Fixture.clear)
        #expect(f.pixel(x: 2, y: 2) == Fixture.clear)
        #expect(f.pixel(x: 3, y: 3) == Fixture.rgba(Fixture.blue))
        #expect(f.pixel(x: 0, y: 0) == Fixture.rgba(Fixture.green))
    }

    @Test("disposal 3 restores the canvas from before the frame")
    func previous() throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(2, Fixture.full()),
                Fixture.fill(0, inner, disposal: .previous),
                Fixture.fill(1, PixelRect(x: 0, y: 0, width: 1, height: 1)),
            ]))
        #expect(try gif.frame(at: 1).pixel(x: 1, y: 1) == Fixture.rgba(Fixture.red))
        let f = try gif.frame(at: 2)
        #expect(f.pixel(x: 1, y: 1) == Fixture.rgba(Fixture.blue))
        #expect(f.pixel(x: 0, y: 0) == Fixture.rgba(Fixture.green))
    }

    @Test("disposal 3 on the first frame restores the transparent canvas")
    func previousFirst() throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(0, Fixture.full(), disposal: .previous),
                Fixture.fill(1, PixelRect(x: 0, y: 0, width: 1, height: 1)),
            ]))
        let f = try gif.frame(at: 1)
        #expect(f.pixel(x: 0, y: 0) == Fixture.rgba(Fixture.green))
        #expect(f.pixel(x: 3, y: 3) == Fixture.clear)
    }

    @Test("disposal 0 after a 2 keeps (it does not inherit the 2)")
    func zeroAfterTwo() throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(0, Fixture.full(), disposal: .background),
                Fixture.fill(1, inner, disposal: .unspecified),
                Fixture.fill(2, PixelRect(x: 0, y: 0, width: 1, height: 1)),
            ]))
        let f = try gif.frame(at: 2)
        #expect(f.pixel(x: 1, y: 1) == Fixture.rgba(Fixture.green))
        #expect(f.pixel(x: 3, y: 3) == Fixture.clear)
        #expect(f.pixel(x: 0, y: 0) == Fixture.rgba(Fixture.blue))
    }

    @Test("the transparent index leaves canvas pixels untouched")
    func transparency() throws {
        var top = Fixture.fill(1, Fixture.full(), transparent: 3)
        top.indices[0] = 3
        top.indices[5] = 3
        let gif = try Fixture.source(Fixture.gif([Fixture.fill(0, Fixture.full()), top]))
        let f = try gif.frame(at: 1)
        #expect(f.pixel(x: 0, y: 0) == Fixture.rgba(Fixture.red))
        #expect(f.pixel(x: 1, y: 1) == Fixture.rgba(Fixture.red))
        #expect(f.pixel(x: 2, y: 2) == Fixture.rgba(Fixture.green))
        #expect(gif.frames[1].transparentIndex == 3)
    }

    @Test("a local palette overrides the global one for its frame only")
    func localPalette() throws {
        let local = [RGB(r: 10, g: 20, b: 30), RGB(r: 40, g: 50, b: 60)]
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(1, Fixture.full(), localPalette: local),
                Fixture.fill(1, inner),
            ]))
        #expect(gif.frames[0].hasLocalPalette && !gif.frames[1].hasLocalPalette)
        let f0 = try gif.frame(at: 0)
        #expect(f0.pixel(x: 0, y: 0) == (40, 50, 60, 255))
        let f1 = try gif.frame(at: 1)
        #expect(f1.pixel(x: 0, y: 0) == (40, 50, 60, 255))
        #expect(f1.pixel(x: 1, y: 1) == Fixture.rgba(Fixture.green))
    }

    @Test("interlaced images decode to the same pixels as progressive ones", arguments: [1, 2, 5, 8, 9, 13, 33])
    func interlace(height: Int) throws {
        let size = PixelSize(width: 3, height: height)
        let indices = (0..<(3 * height)).map { UInt8($0 / 3 % 4) }
        func make(_ interlaced: Bool) throws -> PixelBuffer {
            let frame = GIFWriter.Frame(indices: indices, rect: Fixture.full(size), interlaced: interlaced)
            return try Fixture.source(Fixture.gif(size: size, [frame])).frame(at: 0)
        }
        let interlaced = try make(true)
        #expect(interlaced == (try make(false)))
        #expect(interlaced.pixel(x: 0, y: height - 1) == Fixture.rgba(Fixture.palette[(height - 1) % 4]))
    }

    @Test("frames reaching outside the canvas are clipped; the canvas never grows")
    func clipping() throws {
        let gif = try Fixture.source(
            Fixture.gif([
                Fixture.fill(0, PixelRect(x: 2, y: 2, width: 5, height: 5)),
                Fixture.fill(1, PixelRect(x: 10, y: 10, width: 2, height: 2)),
            ]))
        #expect(gif.canvasSize == PixelSize(width: 4, height: 4))
        let f0 = try gif.frame(at: 0)
        #expect(f0.width == 4 && f0.height == 4)
        #expect(f0.pixel(x: 3, y: 3) == Fixture.rgba(Fixture.red))
        #expect(f0.pixel(x: 1, y: 1) == Fixture.clear)
        #expect(try gif.frame(at: 1) == f0)
        #expect(gif.warnings.contains { $0.contains("frame 0") && $0.contains("clipped") })
    }

    @Test("palette indexes beyond the palette draw opaque black")
    func outOfPalette() throws {
        let gif = try Fixture.source(
            Fixture.gif(palette: [Fixture.red, Fixture.green], [Fixture.fill(7, Fixture.full())]))
        #expect(try gif.frame(at: 0).pixel(x: 0, y: 0) == (0, 0, 0, 255))
    }
}
