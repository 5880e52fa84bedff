import ArcMaskFrames
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskSVGA

@Suite("Rotated and skewed bitmaps")
struct AffineBlitTests {
    /// A 40×30 image: colour gradients, alpha falling across it, a transparent hole and a
    /// transparent border (which `CanvasImage` trims).
    func pattern() -> PixelBuffer {
        var b = PixelBuffer(width: 40, height: 30)
        for y in 2..<28 {
            for x in 3..<37 where !(15..<22 ~= x && 10..<16 ~= y) {
                b.setPixel(x: x, y: y, (UInt8(x * 6), UInt8(255 - y * 8), UInt8((x * y) % 256), UInt8(255 - x * 3)))
            }
        }
        return b
    }

    func render(
        _ transform: Affine, alpha: Double, blit: Bool, clipToEllipse: Bool = false, widest: AffineBlit.Kernel = .avx512
    ) throws -> PixelBuffer {
        let canvas = try VectorCanvas(width: 90, height: 80)
        canvas.allowsBlit = blit
        canvas.widestBlit = widest
        if clipToEllipse {
            canvas.setEllipse(cx: 50.3, cy: 30.6, rx: 22.5, ry: 16.2)
            canvas.clip()
        }
        canvas.concat(transform)
        canvas.draw(try CanvasImage(pattern()), alpha: alpha)
        return try canvas.pixels()
    }

    /// Channel values premultiplied by alpha (as drawn), so faint pixels do not magnify rounding.
    func premultiplied(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let (r, g, b, a) = p.pixel(x: x, y: y)
        return [Int(r), Int(g), Int(b)].map { $0 * Int(a) / 255 } + [Int(a)]
    }

    static let transforms: [(String, Affine)] = [
        (
            "rotated 30° and scaled 1.4",
            Affine(a: 1.4 * cos(0.52), b: 1.4 * sin(0.52), c: -1.4 * sin(0.52), d: 1.4 * cos(0.52), tx: 40, ty: 3)
        ),
        ("skewed", Affine(a: 1.1, b: 0.3, c: 0.45, d: 0.9, tx: 5.5, ty: 7.25)),
        ("quarter turn, mirrored", Affine(a: 0, b: 1.7, c: 1.9, d: 0, tx: 2, ty: 1)),
        ("rotated and shrunk", Affine(a: 0.5, b: -0.3, c: 0.3, d: 0.5, tx: 20, ty: 40)),
        ("scaled unevenly, between pixels", Affine(a: 1.6, b: 0, c: 0, d: 0.8, tx: 10.3, ty: 20.7)),
        ("mirrored, between pixels", Affine(a: -1, b: 0, c: 0, d: 1, tx: 60.5, ty: 12.25)),
    ]

    @Test(
        "the AVX-512, AVX2 and NEON interiors give the same bytes as the pixel-at-a-time loop: every transform, alpha, with and without a clip",
        arguments: transforms.map(\.0) + ["rotated 20° at 2.2×"])
    func wideKernelAgrees(name: String) throws {
        // NEON is native on arm64 and built through SIMDe on x86-64; it must be there to compare.
        try #require(AffineBlit.Kernel.neonAvailable, "the NEON kernel is not built (SIMDe's headers missing?)")
        let transform =
            Self.transforms.first { $0.0 == name }?.1
            ?? Affine(
                a: 2.2 * cos(0.35), b: 2.2 * sin(0.35), c: -2.2 * sin(0.35), d: 2.2 * cos(0.35), tx: 12.5, ty: -4.25)
        for alpha in [1.0, 0.999, 0.5, 0.01] {
            for clip in [false, true] {
                let scalar = try render(transform, alpha: alpha, blit: true, clipToEllipse: clip, widest: .scalar)
                #expect(scalar.bytes.contains { $0 != 0 }, "\(name): something drawn")
                for kernel in [AffineBlit.Kernel.avx2, .avx512, .neon] {
                    let wide = try render(transform, alpha: alpha, blit: true, clipToEllipse: clip, widest: kernel)
                    let differing = zip(wide.bytes, scalar.bytes).filter { $0 != $1 }.count
                    #expect(
                        differing == 0, "\(name), \(kernel), alpha \(alpha), clip \(clip): \(differing) bytes differ")
                }
            }
        }
    }

    @Test(
        "rows cut to the image's outline (at the alpha it is drawn with) give the same bytes as rows run across its whole box"
    )
    func outlineKeepsBytes() throws {
        // A disc: its box's corners are transparent, which the outline leaves out.
        let size = 48
        var disc = [UInt32](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let r = ((Double(x) - 23.5) * (Double(x) - 23.5) + (Double(y) - 23.5) * (Double(y) - 23.5)).squareRoot()
                guard r < 23 else { continue }
                // Fading out to the rim: faint draws leave the faint fringe out.
                let a = UInt32(255 * (1 - r / 23) * (1 - r / 23)), c = a * UInt32(x * 5 % 256) / 255
                disc[y * size + x] = a << 24 | c << 16 | (a / 2) << 8 | (a - c / 2)
            }
        }
        try disc.withUnsafeBufferPointer { pixels in
            let image = AffineBlit.Image(pixels: pixels.baseAddress!, width: size, height: size, rowPixels: size)
            let outline = AffineBlit.outline(image)
            // The diagonal reach stops short of the box's corner (47 + 1 = 48 along x and y).
            let diagonal = try #require(outline.count == 16 ? outline[2] : nil)
            #expect(diagonal < 48 * 2.squareRoot() - 10)
            // Drawn at 4 %, pixels fainter than 32 cannot show: a smaller outline.
            #expect(AffineBlit.visibleThreshold(alpha: 1) == 1 && AffineBlit.visibleThreshold(alpha: 0.04) == 16)
            let faint = AffineBlit.outline(image, threshold: 16)
            #expect(faint.count == 16 && zip(faint, outline).allSatisfy { $0 <= $1 } && faint[0] < outline[0] - 2)
            var whole = image
            whole.outline = [Double](repeating: .infinity, count: 16)
            let shrunk = Affine(a: 0.3, b: 0.1, c: -0.1, d: 0.3, tx: 30, ty: 9)
            for (name, transform) in Self.transforms + [("shrunk 3×, turned", shrunk)] {
                for alpha in [1.0, 0.4, 0.04, 0.012] {
                    var cut = [UInt32](repeating: 0x8020_4060, count: 90 * 80)
                    var full = cut
                    cut.withUnsafeMutableBufferPointer { target in
                        AffineBlit.draw(
                            image, over: .init(pixels: target.baseAddress!, width: 90, height: 80, rowPixels: 90),
                            transform: transform, alpha: alpha)
                    }
                    full.withUnsafeMutableBufferPointer { target in
                        AffineBlit.draw(
                            whole, over: .init(pixels: target.baseAddress!, width: 90, height: 80, rowPixels: 90),
                            transform: transform, alpha: alpha)
                    }
                    #expect(cut == full, "\(name), alpha \(alpha)")
                    #expect(cut.contains { $0 != 0x8020_4060 }, "\(name): something drawn")
                }
            }
        }
    }

    @Test("the blit takes rotated draws and translucent resampled ones; pixman keeps the rest")
    func routing() {
        let turned = Affine(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 3, ty: 4)
        let scaled = Affine.scale(1.5, 1.5)
        let between = Affine.translate(2.5, 3)
        let whole = Affine.translate(2, 3)
        #expect(VectorCanvas.needsBlit(turned, scale: 0.8, alpha: 1))
        #expect(VectorCanvas.needsBlit(scaled, scale: 1.5, alpha: 0.5))
        #expect(VectorCanvas.needsBlit(between, scale: 1, alpha: 0.5))
        #expect(!VectorCanvas.needsBlit(scaled, scale: 1.5, alpha: 1))
        #expect(!VectorCanvas.needsBlit(Affine(a: -1, b: 0, c: 0, d: 1, tx: 9.5, ty: 2), scale: 1, alpha: 1))
        #expect(!VectorCanvas.needsBlit(whole, scale: 1, alpha: 0.5))
    }

    @Test(
        "translucent draws: every pixel matches pixman's bilinear drawing within 3/255",
        arguments: transforms.map(\.0))
    func matchesPixman(name: String) throws {
        let transform = Self.transforms.first { $0.0 == name }!.1
        for alpha in [0.5, 0.999] {
            let ours = try render(transform, alpha: alpha, blit: true)
            let reference = try render(transform, alpha: alpha, blit: false)
            var worst = 0, drawn = 0
            for y in 0..<80 {
                for x in 0..<90 {
                    let a = premultiplied(ours, x, y), b = premultiplied(reference, x, y)
                    worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
                    if b[3] > 0 { drawn += 1 }
                }
            }
            #expect(drawn > 200, "the image must actually land on the canvas")
            #expect(worst <= 3, "\(name), alpha \(alpha): largest difference \(worst)/255")
        }
    }

    @Test(
        "opaque draws match pixman inside the image and differ only along its edge",
        arguments: transforms.map(\.0))
    func opaqueInterior(name: String) throws {
        let transform = Self.transforms.first { $0.0 == name }!.1
        let ours = try render(transform, alpha: 1, blit: true)
        let reference = try render(transform, alpha: 1, blit: false)
        var total = [0, 0], interior = 0
        for y in 0..<80 {
            for x in 0..<90 {
                let a = premultiplied(ours, x, y), b = premultiplied(reference, x, y)
                total[0] += a[3]; total[1] += b[3]
                // Pixels whose whole neighbourhood is drawn in the reference are inside the image.
                let neighbours = (-2...2).flatMap { dy in (-2...2).map { dx in (x + dx, y + dy) } }
                guard
                    neighbours.allSatisfy({
                        0..<90 ~= $0.0 && 0..<80 ~= $0.1 && reference.pixel(x: $0.0, y: $0.1).3 > 0
                    })
                else { continue }
                interior += 1
                #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 3 }, "\(name) at (\(x), \(y)): \(a) vs \(b)")
            }
        }
        #expect(interior > 40)
        // The soft bilinear edge and pixman's antialiased polygon edge carry nearly the same coverage.
        #expect(abs(total[0] - total[1]) * 100 <= total[1] * 3, "\(name): coverage \(total[0]) vs \(total[1])")
    }

    @Test(
        "opaque axis-aligned draws fill the padded rectangle as pixman does: every pixel within 2/255, nothing outside it",
        arguments: [
            ("scaled unevenly, between pixels", Affine(a: 1.6, b: 0, c: 0, d: 0.8, tx: 10.3, ty: 20.7)),
            ("mirrored, between pixels", Affine(a: -1, b: 0, c: 0, d: 1, tx: 60.5, ty: 12.25)),
            ("shrunk, flipped upside down", Affine(a: 0.45, b: 0, c: 0, d: -0.6, tx: 30.3, ty: 70.6)),
            ("enlarged 2.03×", Affine(a: 2.03, b: 0, c: 0, d: 2.03, tx: 1.64, ty: 2.25)),
            // Narrower than a pixel, inside one column: partly covered from both sides (a crash once).
            ("squeezed into one column", Affine(a: 0.02, b: 0, c: 0, d: 1.3, tx: 10.1, ty: 5.5)),
        ])
    func opaqueRectangle(name: String, transform: Affine) throws {
        let kernels = try AffineBlit.Kernel.allCases.map { try render(transform, alpha: 1, blit: true, widest: $0) }
        let reference = try render(transform, alpha: 1, blit: false)
        #expect(kernels.allSatisfy { $0 == kernels[0] }, "\(name): the kernels agree")
        let ours = kernels[0]
        var worst = 0, outside = 0, drawn = 0
        for y in 0..<80 {
            for x in 0..<90 {
                let a = premultiplied(ours, x, y), b = premultiplied(reference, x, y)
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
                if b[3] == 0 && a[3] != 0 { outside += 1 }
                if b[3] > 0 { drawn += 1 }
            }
        }
        #expect(drawn > 20, "\(name)")
        #expect(worst <= 2, "\(name): worst difference \(worst)/255")
        #expect(outside == 0, "\(name): \(outside) pixels drawn outside the rectangle")
    }

    @Test(
        "under a curved clip, every pixel matches pixman's clipped drawing within 4/255 (alpha and coverage rounded once, not twice)",
        arguments: transforms.map(\.0))
    func clipped(name: String) throws {
        let transform = Self.transforms.first { $0.0 == name }!.1
        let ours = try render(transform, alpha: 0.7, blit: true, clipToEllipse: true)
        let reference = try render(transform, alpha: 0.7, blit: false, clipToEllipse: true)
        let unclipped = try render(transform, alpha: 0.7, blit: true)
        var worst = 0, cut = 0
        for y in 0..<80 {
            for x in 0..<90 {
                let a = premultiplied(ours, x, y), b = premultiplied(reference, x, y)
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
                if unclipped.pixel(x: x, y: y).3 > 0 && b[3] == 0 { cut += 1 }
            }
        }
        #expect(cut > 20, "the clip must remove part of the image")
        #expect(worst <= 4, "\(name): largest difference \(worst)/255")
    }

    @Test("draws inside a group land in the group, and clipped draws keep the clip")
    func groupsAndClips() throws {
        let transform = Self.transforms[0].1
        let canvas = try VectorCanvas(width: 90, height: 80)
        canvas.beginGroup()
        canvas.save()
        canvas.concat(transform)
        canvas.draw(try CanvasImage(pattern()), alpha: 1)
        canvas.restore()
        let content = canvas.endGroup()
        canvas.beginGroup()
        canvas.setRoundedRect(x: 0, y: 0, width: 45, height: 80, radius: 0)
        canvas.fill(.black)
        let mask = canvas.endGroup()
        canvas.paint(content, maskedBy: mask)
        let masked = try canvas.pixels()
        let full = try render(transform, alpha: 1, blit: true)
        for y in 0..<80 {
            for x in 0..<90 {
                #expect(masked.pixel(x: x, y: y) == (x < 45 ? full.pixel(x: x, y: y) : (0, 0, 0, 0)))
            }
        }
        let clipped = try VectorCanvas(width: 90, height: 80)
        clipped.setRoundedRect(x: 0, y: 0, width: 45, height: 80, radius: 0)
        clipped.clip()
        clipped.concat(transform)
        clipped.draw(try CanvasImage(pattern()), alpha: 1)
        let c = try clipped.pixels()
        #expect((45..<90).allSatisfy { x in (0..<80).allSatisfy { c.pixel(x: x, y: $0).3 == 0 } })
        #expect((0..<45).contains { x in (0..<80).contains { c.pixel(x: x, y: $0).3 > 0 } })
    }

    @Test("absurd transforms draw nothing (or stay inside the target) and never trap or abort (fuzzing finding)")
    func absurdTransforms() throws {
        let absurd: [Affine] = [
            Affine(a: 1e200, b: 1e200, c: -1e200, d: 1e200, tx: 0, ty: 0),
            Affine(a: 1e-7, b: 1e-7, c: -1e-7, d: 1e-7, tx: 10, ty: 10),
            Affine(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 1e300, ty: -1e300),
            Affine(a: 1e300, b: 0.5, c: 1e-300, d: 1e300, tx: -1e300, ty: 1e300),
            Affine(a: 0.5, b: 1e-20, c: 1e-20, d: 0.5, tx: 4e18, ty: 3),
            // Axis-aligned (the rectangle fill): far off, and a rectangle thinner than any pixel.
            Affine(a: -3e5, b: 0, c: 0, d: 2e-5, tx: 4e11, ty: 1e-3),
            Affine(a: 1e-6, b: 0, c: 0, d: 1e5, tx: 20.5, ty: -1e12),
            // Found by Scripts/fuzz blit: invertible by its determinant (−3.6e−10), yet cairo's
            // own inversion overflowed and cairo aborted on an assertion.
            Affine(
                a: -1.2753256169022032e+307, b: -2.0247376228950217e-156, c: -1.620957723300393e+74,
                d: 2.828865e-317, tx: -7.386847375302231e+102, ty: 2.9601806760433484e+142),
        ]
        // Straight into a target with guard rows above and below: nothing outside it changes.
        let source = [UInt32](repeating: 0xFF80_4020, count: 40 * 30)
        for transform in absurd {
            var buffer = [UInt32](repeating: 0xDEAD_BEEF, count: 90 * 82)
            source.withUnsafeBufferPointer { src in
                buffer.withUnsafeMutableBufferPointer { dst in
                    for k in 90..<(90 * 81) { dst[k] = 0 }
                    AffineBlit.draw(
                        .init(pixels: src.baseAddress!, width: 40, height: 30, rowPixels: 40),
                        over: .init(pixels: dst.baseAddress! + 90, width: 90, height: 80, rowPixels: 90),
                        transform: transform, alpha: 1)
                }
            }
            #expect(
                buffer[..<90].allSatisfy { $0 == 0xDEAD_BEEF } && buffer[(90 * 81)...].allSatisfy { $0 == 0xDEAD_BEEF })
            // Through the canvas: a transform cairo cannot use safely draws nothing at all.
            for alpha in [1, 0.51] {
                let picture = try render(transform, alpha: alpha, blit: true)
                let tiny = transform.a == 1e-7
                #expect(tiny || picture.bytes.allSatisfy { $0 == 0 }, "\(transform) drew something")
            }
        }
    }
}
