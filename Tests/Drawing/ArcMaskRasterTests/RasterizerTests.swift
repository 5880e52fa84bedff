import ArcMaskCairo
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskRaster

/// Draws with the rasterizer on a cleared cairo surface; returns the surface.
private func draw(_ width: Int, _ height: Int, _ body: (Rasterizer, PixelTarget) -> Void) throws -> Surface {
    let surface = try Surface(width: width, height: height)
    surface.flush()
    let target = PixelTarget(data: surface.data, width: width, height: height, stride: surface.stride)
    body(Rasterizer(width: width, height: height), target)
    surface.markDirty()
    return surface
}

private func alpha(_ s: Surface, _ x: Int, _ y: Int) -> Int {
    let row = UnsafeRawPointer(s.data + y * s.stride).assumingMemoryBound(to: UInt32.self)
    return Int(row[x] >> 24)
}

/// Mean difference of alpha between two surfaces of one size, and how many pixels differ by
/// more than `limit`.
private func difference(_ a: Surface, _ b: Surface, limit: Int = 24) -> (mean: Double, far: Int) {
    var total = 0, far = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let d = abs(alpha(a, x, y) - alpha(b, x, y))
            total += d
            if d > limit { far += 1 }
        }
    }
    return (Double(total) / Double(a.width * a.height), far)
}

private func cairoDraw(_ width: Int, _ height: Int, _ body: (Context) -> Void) throws -> Surface {
    let surface = try Surface(width: width, height: height)
    let ctx = try Context(surface)
    body(ctx)
    surface.flush()
    return surface
}

@Suite("Rasterizer")
struct RasterizerTests {
    private let white = SolidColor(r: 1, g: 1, b: 1, a: 1)

    @Test("a rectangle on fractional edges covers each pixel by its exact area")
    func rectangleArea() throws {
        var path = RasterPath()
        path.move(to: 2.25, 1.5)
        path.line(to: 6.75, 1.5)
        path.line(to: 6.75, 4)
        path.line(to: 2.25, 4)
        path.close()
        let s = try draw(10, 6) { r, t in
            r.fill(path, transform: .identity, evenOdd: false, color: white, clip: nil, into: t)
        }
        #expect(alpha(s, 2, 1) == Int((0.75 * 0.5 * 255).rounded()))
        #expect(alpha(s, 4, 1) == Int((0.5 * 255).rounded()))
        #expect(alpha(s, 4, 2) == 255)
        #expect(alpha(s, 6, 3) == Int((0.75 * 255).rounded()))
        #expect(alpha(s, 1, 2) == 0)
        #expect(alpha(s, 7, 2) == 0)
        #expect(alpha(s, 4, 4) == 0)
    }

    /// Where two edges cross inside one pixel the summed areas are not the union's: the
    /// pixels at the star's five inner corners differ from cairo's sampled coverage.
    @Test("a self-crossing star: non-zero fills its middle, even-odd leaves it empty; both as cairo")
    func windingRules() throws {
        var star = RasterPath()
        for k in 0..<5 {
            let a = Double(k * 2) * .pi * 2 / 5 - .pi / 2
            let x = 50 + 40 * cos(a), y = 50 + 40 * sin(a)
            if k == 0 { star.move(to: x, y) } else { star.line(to: x, y) }
        }
        star.close()
        for evenOdd in [false, true] {
            let ours = try draw(100, 100) { r, t in
                r.fill(star, transform: .identity, evenOdd: evenOdd, color: white, clip: nil, into: t)
            }
            #expect(alpha(ours, 50, 50) == (evenOdd ? 0 : 255))
            let theirs = try cairoDraw(100, 100) { ctx in
                for k in 0..<5 {
                    let a = Double(k * 2) * .pi * 2 / 5 - .pi / 2
                    let x = 50 + 40 * cos(a), y = 50 + 40 * sin(a)
                    if k == 0 { ctx.move(to: x, y) } else { ctx.line(to: x, y) }
                }
                ctx.closePath()
                ctx.setSource(Color(r: 1, g: 1, b: 1))
                ctx.fill(evenOdd: evenOdd)
            }
            let d = difference(ours, theirs)
            #expect(d.mean < 0.3, "mean \(d.mean)")
            #expect(d.far <= 10, "\(d.far) pixels more than 24 off")
        }
    }

    @Test("random curved shapes, filled and stroked, agree with cairo's")
    func randomShapes() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for trial in 0..<12 {
            var points: [(Double, Double)] = []
            for _ in 0..<(4 + trial % 5) { points.append((next() * 140 - 10, next() * 140 - 10)) }
            var path = RasterPath()
            path.move(to: points[0].0, points[0].1)
            for k in 1..<points.count {
                let c = (next() * 120, next() * 120)
                path.curve(c.0, c.1, c.0, c.1, points[k].0, points[k].1)
            }
            let closed = trial % 2 == 0
            if closed { path.close() }
            let width = 1 + next() * 12
            let cap: StrokeGeometry.Cap = [.butt, .round, .square][trial % 3]
            let join: StrokeGeometry.Join = [.miter, .round, .bevel][(trial / 3) % 3]
            let geometry = StrokeGeometry(width: width, cap: cap, join: join, miterLimit: 4)
            let transform = Affine(a: 1.1, b: 0.2, c: -0.1, d: 0.9, tx: 3, ty: -2)
            let ours = try draw(128, 128) { r, t in
                if trial % 4 == 3 {
                    r.fill(path, transform: transform, evenOdd: false, color: white, clip: nil, into: t)
                } else {
                    r.stroke(path, transform: transform, geometry: geometry, color: white, clip: nil, into: t)
                }
            }
            let theirs = try cairoDraw(128, 128) { ctx in
                ctx.concat(transform)
                ctx.move(to: points[0].0, points[0].1)
                for (k, e) in path.elements.enumerated() where k > 0 {
                    if case let .curve(a, b, c, d, x, y) = e { ctx.curve(a, b, c, d, x, y) }
                }
                if closed { ctx.closePath() }
                ctx.setSource(Color(r: 1, g: 1, b: 1))
                if trial % 4 == 3 {
                    ctx.fill()
                } else {
                    ctx.setLineWidth(width)
                    ctx.setLineCap(cap == .butt ? .butt : cap == .round ? .round : .square)
                    ctx.setLineJoin(join == .miter ? .miter : join == .round ? .round : .bevel)
                    ctx.setMiterLimit(4)
                    ctx.stroke()
                }
            }
            // A quarter off happens only where two parts of one stroke run over each other
            // within a pixel (their areas add there, where cairo samples the union): along a
            // stretch the random path doubles back on, and where its bands cross.
            let d = difference(ours, theirs, limit: 64)
            #expect(d.mean < 0.6, "trial \(trial): mean \(d.mean)")
            #expect(d.far <= 40, "trial \(trial): \(d.far) pixels more than 64 off")
        }
    }

    @Test("a colour over a run, four pixels at a time, gives pixman's OVER exactly")
    func runOver() {
        var seed: UInt64 = 12345
        func next() -> UInt32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: seed >> 29)
        }
        // Premultiplied pixels: no channel above alpha.
        func pixel() -> UInt32 {
            let a = next() & 0xFF
            func c() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
            return a << 24 | c() << 16 | c() << 8 | c()
        }
        for _ in 0..<200 {
            let src = pixel()
            let count = Int(next() % 23)
            var row = (0..<count).map { _ in pixel() }
            let expected = row.map { Pixel.over(src, $0) }
            row.withUnsafeMutableBufferPointer { Pixel.over(src, $0.baseAddress!, count: count) }
            #expect(row == expected)
        }
    }

    @Test(
        "each blend mode, over random premultiplied pixels and across partly covered edges, gives cairo's result within two steps"
    )
    func blendModes() throws {
        var seed: UInt64 = 777
        func next() -> UInt32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: seed >> 29)
        }
        func pixel() -> UInt32 {
            let a = next() & 0xFF
            func c() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
            return a << 24 | c() << 16 | c() << 8 | c()
        }
        let (w, h) = (48, 40)
        let backdrop = (0..<(w * h)).map { _ in pixel() }
        func surface() throws -> Surface {
            let s = try Surface(width: w, height: h)
            s.flush()
            for y in 0..<h {
                let row = UnsafeMutableRawPointer(s.data + y * s.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { row[x] = backdrop[y * w + x] }
            }
            s.markDirty()
            return s
        }
        func cairoBlend(_ b: RasterBlend) -> Context.Blend {
            switch b {
            case .normal: .normal
            case .multiply: .multiply
            case .screen: .screen
            case .overlay: .overlay
            case .darken: .darken
            case .lighten: .lighten
            case .hardLight: .hardLight
            case .difference: .difference
            case .exclusion: .exclusion
            }
        }
        var path = RasterPath()
        path.move(to: 3.3, 2.6)
        path.line(to: 44.5, 2.6)
        path.line(to: 44.5, 37.25)
        path.line(to: 3.3, 37.25)
        path.close()
        for blend in RasterBlend.allCases {
            for (r, g, b, a) in [(0.9, 0.2, 0.5, 1.0), (0.1, 0.8, 0.3, 0.6), (1.0, 1.0, 1.0, 0.35)] {
                let ours = try surface()
                ours.flush()
                Rasterizer(width: w, height: h).fill(
                    path, transform: .identity, evenOdd: false, color: SolidColor(r: r, g: g, b: b, a: a),
                    blend: blend, clip: nil,
                    into: PixelTarget(data: ours.data, width: w, height: h, stride: ours.stride))
                ours.markDirty()
                let theirs = try surface()
                let ctx = try Context(theirs)
                ctx.setSource(Color(r: r, g: g, b: b, a: a))
                ctx.setBlend(cairoBlend(blend))
                ctx.rectangle(3.3, 2.6, 44.5 - 3.3, 37.25 - 2.6)
                ctx.fill()
                theirs.flush()
                var worst = 0
                for y in 0..<h {
                    let p = UnsafeRawPointer(ours.data + y * ours.stride).assumingMemoryBound(to: UInt32.self)
                    let q = UnsafeRawPointer(theirs.data + y * theirs.stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        for shift in [24, 16, 8, 0] as [UInt32] {
                            worst = max(worst, abs(Int(p[x] >> shift & 0xFF) - Int(q[x] >> shift & 0xFF)))
                        }
                    }
                }
                #expect(worst <= 2, "\(blend) in (\(r), \(g), \(b), \(a)): a channel \(worst) off")
            }
        }
    }

    @Test("content painted through an alpha matte gives cairo's masked OVER exactly")
    func mattePaint() throws {
        var seed: UInt64 = 99
        func next() -> UInt32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: seed >> 29)
        }
        func pixel() -> UInt32 {
            let a = next() % 4 == 0 ? 255 : next() & 0xFF
            func c() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
            return a << 24 | c() << 16 | c() << 8 | c()
        }
        let (w, h) = (37, 29)
        func random() throws -> Surface {
            let s = try Surface(width: w, height: h)
            s.flush()
            for y in 0..<h {
                let row = UnsafeMutableRawPointer(s.data + y * s.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { row[x] = pixel() }
            }
            s.markDirty()
            return s
        }
        func target(_ s: Surface) -> PixelTarget {
            PixelTarget(data: s.data, width: w, height: h, stride: s.stride)
        }
        let content = try random(), matte = try random(), backdrop = try random()
        let ours = try Surface(width: w, height: h), theirs = try Surface(width: w, height: h)
        for copy in [ours, theirs] {
            copy.flush()
            for y in 0..<h {
                (copy.data + y * copy.stride).update(from: backdrop.data + y * backdrop.stride, count: w * 4)
            }
            copy.markDirty()
        }
        ours.flush()
        Rasterizer(width: w, height: h).paint(
            target(content), through: target(matte), .alpha, box: (0, 0, w, h), clip: nil, into: target(ours))
        ours.markDirty()
        let ctx = try Context(theirs)
        ctx.setSource(content)
        ctx.mask(surface: matte)
        theirs.flush()
        for y in 0..<h {
            let p = UnsafeRawPointer(ours.data + y * ours.stride).assumingMemoryBound(to: UInt32.self)
            let q = UnsafeRawPointer(theirs.data + y * theirs.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { #expect(p[x] == q[x], "pixel (\(x), \(y))") }
        }
    }

    @Test("a shape taller than a band of rows is drawn whole, across the bands")
    func tallShape() throws {
        var triangle = RasterPath()
        triangle.move(to: 10.5, 3.25)
        triangle.line(to: 60, 1195.5)
        triangle.line(to: 5, 1100)
        triangle.close()
        let theirs = try cairoDraw(64, 1200) { ctx in
            ctx.move(to: 10.5, 3.25)
            ctx.line(to: 60, 1195.5)
            ctx.line(to: 5, 1100)
            ctx.closePath()
            ctx.setSource(Color(r: 1, g: 1, b: 1))
            ctx.fill()
        }
        let ours = try draw(64, 1200) { r, t in
            r.fill(triangle, transform: .identity, evenOdd: false, color: white, clip: nil, into: t)
        }
        let d = difference(ours, theirs)
        #expect(d.mean < 0.05, "mean \(d.mean)")
        #expect(d.far == 0)
        #expect(alpha(ours, 20, 512) == 255 && alpha(ours, 20, 511) == 255)
    }

    @Test("a fill through a turned clip, and through a clip inside it, covers what cairo covers")
    func clipped() throws {
        func square(_ c: Double, _ half: Double, turn: Double) -> [(Double, Double)] {
            (0..<4).map { k in
                let a = turn + Double(k) * .pi / 2
                return (c + half * cos(a), c + half * sin(a))
            }
        }
        let outer = square(50, 40, turn: 0.3), inner = square(60, 30, turn: 1.1)
        func path(_ points: [(Double, Double)]) -> RasterPath {
            var p = RasterPath()
            p.move(to: points[0].0, points[0].1)
            for q in points.dropFirst() { p.line(to: q.0, q.1) }
            p.close()
            return p
        }
        var disc = RasterPath()
        disc.move(to: 90, 50)
        disc.curve(90, 72, 72, 90, 50, 90)
        disc.curve(28, 90, 10, 72, 10, 50)
        disc.curve(10, 28, 28, 10, 50, 10)
        disc.curve(72, 10, 90, 28, 90, 50)
        disc.close()
        let ours = try draw(100, 100) { r, t in
            let first = r.clip([(path(outer), .identity)], within: nil)
            let second = r.clip([(path(inner), .identity)], within: first)
            r.fill(disc, transform: .identity, evenOdd: false, color: white, clip: second, into: t)
        }
        let theirs = try cairoDraw(100, 100) { ctx in
            for points in [outer, inner] {
                ctx.move(to: points[0].0, points[0].1)
                for q in points.dropFirst() { ctx.line(to: q.0, q.1) }
                ctx.closePath()
                ctx.clip()
            }
            ctx.move(to: 90, 50)
            ctx.curve(90, 72, 72, 90, 50, 90)
            ctx.curve(28, 90, 10, 72, 10, 50)
            ctx.curve(10, 28, 28, 10, 50, 10)
            ctx.curve(72, 10, 90, 28, 90, 50)
            ctx.closePath()
            ctx.setSource(Color(r: 1, g: 1, b: 1))
            ctx.fill()
        }
        let d = difference(ours, theirs)
        #expect(d.mean < 0.3, "mean \(d.mean)")
        #expect(d.far <= 6, "\(d.far) pixels more than 24 off")
        #expect(alpha(ours, 55, 55) == 255)
        #expect(alpha(ours, 12, 50) == 0)
    }

    @Test("coordinates far outside, past a Double's range or not numbers draw what they can and never trap")
    func hostile() throws {
        let huge: [Double] = [-1e300, 1e300, -1e18, 1e18, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        let surface = try draw(16, 16) { r, t in
            for a in huge {
                for b in huge {
                    var p = RasterPath()
                    p.move(to: a, b)
                    p.line(to: b, 3)
                    p.curve(a, a, b, b, 8, 8)
                    p.close()
                    let transforms = [Affine.identity, Affine(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0)]
                    for m in transforms {
                        r.fill(p, transform: m, evenOdd: false, color: white, clip: nil, into: t)
                        r.fill(p, transform: m, evenOdd: true, color: white, clip: nil, into: t)
                        r.stroke(
                            p, transform: m, geometry: StrokeGeometry(width: 1e300, cap: .round, join: .round),
                            color: white, clip: nil, into: t)
                        let clip = r.clip([(p, m)], within: nil)
                        r.fill(p, transform: m, evenOdd: false, color: white, clip: clip, into: t)
                    }
                }
            }
            var nan = RasterPath()
            nan.move(to: .nan, 1)
            nan.line(to: 4, .infinity)
            r.fill(nan, transform: .identity, evenOdd: false, color: white, clip: nil, into: t)
        }
        #expect(surface.width == 16)
    }
}
