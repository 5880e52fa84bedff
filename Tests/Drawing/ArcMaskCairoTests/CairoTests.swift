import ArcMaskFrames
import ArcMaskValues
import Testing

@testable import ArcMaskCairo

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

    @Test("unpremultiplying gives round(c × 255 / a) for every alpha and every channel value it can hold")
    func unpremultiplyExact() throws {
        let surface = try Surface(width: 256, height: 256)
        surface.flush()
        for a in 0..<256 {
            let row = UnsafeMutableRawPointer(surface.data + a * surface.stride).assumingMemoryBound(to: UInt32.self)
            // Pixel c: red c, green c / 2, blue a − c (all ≤ a, as premultiplied colour must be).
            for c in 0..<256 {
                let r = min(c, a), g = min(c / 2, a), b = max(0, a - c)
                row[c] = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        surface.markDirty()
        let out = surface.pixelBuffer()
        func straight(_ c: Int, _ a: Int) -> UInt8 { a == 0 ? 0 : UInt8((c * 255 + a / 2) / a) }
        var wrong = 0
        for a in 0..<256 {
            for c in 0..<256 {
                let want = (straight(min(c, a), a), straight(min(c / 2, a), a), straight(max(0, a - c), a), UInt8(a))
                if out.pixel(x: c, y: a) != want { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test(
        "the AVX2 and NEON rows give the table's bytes: every alpha and channel value, runs of every length",
        arguments: [Unpremultiply.Kernel.avx2, .neon])
    func unpremultiplyKernelAgrees(_ kernel: Unpremultiply.Kernel) throws {
        // NEON runs natively on arm64 and through SIMDe on x86-64; AVX2 only on x86-64.
        #if arch(arm64)
        if kernel == .avx2 { return }
        #endif
        try #require(
            kernel.isAvailable, "\(kernel) is not built here (SIMDe's headers missing? Scripts/bootstrap installs them)"
        )
        // Every (alpha, value) pair, colour above alpha included, mixed with opaque and clear runs.
        var words: [UInt32] = []
        for a in 0..<256 {
            for c in 0..<256 {
                words.append(UInt32(a) << 24 | UInt32(c) << 16 | UInt32(c * 7 % 256) << 8 | UInt32(255 - c))
            }
            words += [UInt32](repeating: 0xFF10_2030, count: 8 + a % 5) + [UInt32](repeating: 0, count: 8 + a % 3)
        }
        for count in [words.count, 7, 8, 9, 8 * 37 + 5] {
            var table = [UInt32](repeating: 0, count: count), wide = table
            Unpremultiply.table.withUnsafeBufferPointer { t in
                Unpremultiply.row(words, into: &table, count: count, table: t.baseAddress!, kernel: .scalar)
                Unpremultiply.row(words, into: &wide, count: count, table: t.baseAddress!, kernel: kernel)
            }
            #expect(wide == table, "\(kernel), \(count) pixels")
        }
    }

    @Test("a copied surface is independent; opacity is every pixel's")
    func copyAndOpacity() throws {
        let surface = try Surface(PixelBuffer(width: 5, height: 3, bytes: [UInt8](repeating: 255, count: 60)))
        #expect(surface.isOpaque)
        let copy = try surface.copy()
        let ctx = try Context(surface)
        ctx.setOperator(.clear)
        ctx.rectangle(4, 2, 1, 1)
        ctx.fill()
        try ctx.status()
        #expect(!surface.isOpaque)
        #expect(copy.isOpaque)
        #expect(copy.pixelBuffer().bytes == [UInt8](repeating: 255, count: 60))
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
