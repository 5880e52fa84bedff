import ArcMaskCairo
import ArcMaskCore
import ArcMaskValues
import Testing

@Suite("Cairo wrapper")
struct CairoTests {
    @Test("straight RGBA survives the trip through premultiplied ARGB32 for every alpha")
    func roundTrip() throws {
        var image = PixelBuffer(width: 256, height: 1)
        for a in 0..<256 { image.setPixel(x: a, y: 0, (200, 100, 50, UInt8(a))) }
        let back = try Surface(image).pixelBuffer()
        for a in 1..<256 {
            let p = back.pixel(x: a, y: 0), q = image.pixel(x: a, y: 0)
            // Premultiplying rounds each channel to 1/alpha steps: within 255/alpha/2 of the original.
            let slack = Int((255.0 / Double(a) / 2).rounded(.up))
            #expect(p.a == q.a)
            #expect(
                abs(Int(p.r) - Int(q.r)) <= slack && abs(Int(p.g) - Int(q.g)) <= slack
                    && abs(Int(p.b) - Int(q.b)) <= slack)
        }
        #expect(back.pixel(x: 0, y: 0) == (0, 0, 0, 0))
    }

    @Test("fills, strokes, clips and groups draw where they should")
    func drawing() throws {
        let surface = try Surface(width: 20, height: 20)
        let ctx = try Context(surface)
        ctx.rectangle(0, 0, 10, 20)
        ctx.clip()
        ctx.setSource(Color(1, 0, 0))
        ctx.paint()
        ctx.resetClip()
        ctx.pushGroup()
        ctx.setSource(Color(0, 0, 1))
        ctx.rectangle(15, 0, 5, 20)
        ctx.fill()
        let group = ctx.popGroup()
        ctx.setSource(group)
        ctx.paint()
        try ctx.status()
        let px = surface.pixelBuffer()
        #expect(px.pixel(x: 5, y: 5) == (255, 0, 0, 255))
        #expect(px.pixel(x: 12, y: 5) == (0, 0, 0, 0))
        #expect(px.pixel(x: 17, y: 5) == (0, 0, 255, 255))
        #expect(ctx.matrix == .identity)
        ctx.concat(.translate(3, 4))
        #expect(ctx.matrix == .translate(3, 4))
    }

    @Test("a surface cairo cannot make is a typed error, not a crash")
    func tooBig() {
        #expect(throws: CairoError.self) { _ = try Surface(width: 40_000, height: 40_000) }
    }
}
