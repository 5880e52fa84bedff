import ArcMaskFrames
import ArcMaskIO
import ArcMaskText
import ArcMaskValues
import CPango
import Foundation
import Testing

@testable import ArcMaskSVGA

/// A 200×200 movie of 3 frames with every kind of key an app fills:
/// - "avatar": a 20×20 green bitmap in an 80×80 layout, turned 90° (x' = 140 − y, y' = 20 + x),
///   clipped to the layout's left half (so it shows at x' 60…140, y' 20…60); hidden on frame 2;
/// - "banner": a 100×20 navy bitmap in a 180×40 layout at (10, 150);
/// - "badge": a 10×10 red bitmap in a 60×60 layout at (20, 100), matted by "ring.matte" (a rect over x < 50);
/// - "slot": no image (a placeholder), a 90×30 layout at (100, 105).
enum DynamicFixture {
    static func solid(_ w: Int, _ h: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b.setPixel(x: x, y: y, p) } }
        return b
    }

    static func image(_ w: Int, _ h: Int, _ p: (UInt8, UInt8, UInt8, UInt8)) throws -> SVGAImage {
        SVGAImage(png: try PNG.encode(solid(w, h, p)), width: w, height: h)
    }

    static func sprite(
        _ key: String, matte: String? = nil, layout: (Double, Double), transform: Affine, clip: String? = nil,
        shapes: [SVGAShape] = [], hiddenOn: Set<Int> = []
    ) throws -> SVGASprite {
        let f = SVGAFrame(
            alpha: 1, layout: Rect(x: 0, y: 0, width: layout.0, height: layout.1), transform: transform,
            clipPath: try clip.map { try SVGPathParser.parse($0) }, shapes: shapes)
        return SVGASprite(imageKey: key, matteKey: matte, frames: (0..<3).map { hiddenOn.contains($0) ? .hidden : f })
    }

    static func movie(without removed: String? = nil) throws -> SVGAMovie {
        let turn = Affine(a: 0, b: 1, c: -1, d: 0, tx: 140, ty: 20)
        let matteRect = SVGAShape(
            geometry: .rect(x: 0, y: 0, width: 50, height: 200, cornerRadius: 0),
            style: SVGAStyle(
                fill: .white, stroke: nil, strokeWidth: 0, lineCap: .butt, lineJoin: .miter, miterLimit: 4, dash: nil),
            transform: .identity)
        let sprites = [
            try sprite("avatar", layout: (80, 80), transform: turn, clip: "M0 0 H40 V80 H0 Z", hiddenOn: [2]),
            try sprite("banner", layout: (180, 40), transform: .translate(10, 150)),
            try sprite("ring.matte", layout: (200, 200), transform: .identity, shapes: [matteRect]),
            try sprite("badge", matte: "ring.matte", layout: (60, 60), transform: .translate(20, 100)),
            try sprite("slot", layout: (90, 30), transform: .translate(100, 105)),
        ].filter { $0.imageKey != removed }
        return SVGAMovie(
            version: "2.0.0", container: .zlibProtobuf, viewBoxWidth: 200, viewBoxHeight: 200, fps: 10, frameCount: 3,
            images: [
                "avatar": try image(20, 20, (0, 200, 0, 255)), "banner": try image(100, 20, (0, 0, 90, 255)),
                "badge": try image(10, 10, (255, 0, 0, 255)),
            ], sprites: sprites, audios: [])
    }

    static func render(
        _ content: SVGADynamicContent = SVGADynamicContent(), frame: Int = 0, movie: SVGAMovie? = nil
    ) throws -> PixelBuffer {
        let r = SVGARenderer(movie: try movie ?? self.movie())
        r.content = content
        return try r.render(frame: frame, size: PixelSize(width: 200, height: 200))
    }
}

extension PixelBuffer {
    func rgba(_ x: Int, _ y: Int) -> [UInt8] { let p = pixel(x: x, y: y); return [p.r, p.g, p.b, p.a] }

    /// Pixels that differ from `other`, as (x, y).
    func differences(from other: PixelBuffer) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<height {
            for x in 0..<width where rgba(x, y) != other.rgba(x, y) { out.append((x, y)) }
        }
        return out
    }
}

@Suite("SVGA dynamic content: images, text, hidden keys and drawings by key")
struct DynamicContentTests {
    let magenta: [UInt8] = [255, 0, 255, 255]

    @Test("the keys an app can fill: kinds, image sizes, layouts and the frames where they show")
    func keys() throws {
        let keys = try DynamicFixture.movie().keys
        #expect(keys.map(\.key) == ["avatar", "banner", "ring", "badge", "slot"])
        let avatar = keys[0]
        #expect(avatar.kind == .bitmap && avatar.imageWidth == 20 && avatar.layoutWidth == 80)
        #expect(avatar.visibleFrames == [0...1] && avatar.visibleFramesText == "0–1")
        #expect(keys[2].kind == .empty && keys[2].mattes == 1)
        #expect(keys[4].kind == .empty && keys[4].layoutWidth == 90 && keys[4].layoutHeight == 30)
        let report = SVGAReport(try DynamicFixture.movie(), file: "f")
        #expect(report.emptyKeys == ["ring", "slot"])
    }

    @Test("a replaced image fills the sprite's turned layout, clipped by its clip path")
    func replacedImage() throws {
        var content = SVGADynamicContent()
        content.setImage(DynamicFixture.solid(7, 9, (255, 0, 255, 255)), forKey: "avatar")
        let picture = try DynamicFixture.render(content)
        let plain = try DynamicFixture.render()
        // Inside the clip (layout x 0…40 → y' 20…60) and the layout (y 0…80 → x' 60…140): the new image.
        for (x, y) in [(70, 28), (100, 40), (130, 52)] { #expect(picture.rgba(x, y) == magenta) }
        // The layout's other half, cut by the clip path, and everything outside: untouched.
        for (x, y) in [(100, 70), (100, 95), (50, 40), (150, 40)] { #expect(picture.rgba(x, y) == plain.rgba(x, y)) }
        let changed = picture.differences(from: plain)
        #expect(changed.allSatisfy { $0.0 >= 59 && $0.0 <= 140 && $0.1 >= 19 && $0.1 <= 61 })
        #expect(changed.count > 78 * 38)
        // Frame 2 hides the sprite: nothing of the image shows.
        let hiddenFrame = try DynamicFixture.render(content, frame: 2)
        #expect(hiddenFrame.differences(from: try DynamicFixture.render(frame: 2)).isEmpty)
    }

    @Test("a replaced image is stretched by default, or fitted whole, or fills and is cropped")
    func imageFits() throws {
        let wide = DynamicFixture.solid(20, 20, (255, 0, 255, 255))
        func painted(_ fit: KeyImageFit) throws -> (Int, Int) {
            var content = SVGADynamicContent()
            content.setImage(wide, fit: fit, forKey: "banner")
            let p = try DynamicFixture.render(content)
            let xs = (0..<200).filter { p.rgba($0, 170) == magenta }
            return (xs.first ?? -1, xs.last ?? -1)
        }
        // Banner layout: x 10…190, y 150…190 (180×40); a square image.
        #expect(try painted(.stretch) == (10, 189))
        #expect(try painted(.fit) == (80, 119))  // 40×40, centred
        #expect(try painted(.fill) == (10, 189))  // 180×180, cropped to the layout
        var content = SVGADynamicContent()
        content.setImage(wide, fit: .fill, forKey: "banner")
        let p = try DynamicFixture.render(content)
        let plain = try DynamicFixture.render()
        #expect(p.rgba(100, 149) == plain.rgba(100, 149))  // nothing above the layout
    }

    @Test("mattes still apply to a replaced image; hiding the matte's key hides what it mattes")
    func mattes() throws {
        var content = SVGADynamicContent()
        content.setImage(DynamicFixture.solid(4, 4, (255, 0, 255, 255)), forKey: "badge")
        let p = try DynamicFixture.render(content)
        #expect(p.rgba(30, 130) == magenta)  // under the matte (x < 50)
        #expect(p.rgba(60, 130)[3] == 0)  // the badge's layout goes to x 80, the matte stops at 50
        content.setHidden(true, forKey: "ring")
        let hidden = try DynamicFixture.render(content)
        #expect(hidden.rgba(30, 130)[3] == 0)
    }

    @Test("a hidden key draws nothing: the picture is the movie without that sprite")
    func hidden() throws {
        var content = SVGADynamicContent()
        content.setHidden(true, forKey: "avatar")
        let without = try DynamicFixture.render(movie: DynamicFixture.movie(without: "avatar"))
        #expect(try DynamicFixture.render(content).differences(from: without).isEmpty)
        let plain = try DynamicFixture.render()
        #expect(!plain.differences(from: without).isEmpty)
        // Showing it again is no content at all.
        content.setHidden(false, forKey: "avatar")
        #expect(content.isEmpty && content.digest == "")
    }

    @Test("text is drawn over the banner's bitmap, inside its layout only")
    func textInLayout() throws {
        var content = SVGADynamicContent()
        content.setText(
            "A very long banner line that cannot fit in one line", style: TextStyle(font: "DejaVu Sans", size: 30),
            forKey: "banner")
        let p = try DynamicFixture.render(content)
        let changed = p.differences(from: try DynamicFixture.render())
        #expect(changed.count > 500)
        #expect(changed.allSatisfy { $0.0 >= 10 && $0.0 < 190 && $0.1 >= 150 && $0.1 < 190 })
        #expect(content.notes(for: try DynamicFixture.movie()).contains { $0.contains("ellipsis") })
    }

    @Test("Chinese text renders with CJK glyphs: the same ink as Pango drawing the string directly")
    func cjkInk() throws {
        let text = "你好世界"
        let style = TextStyle(font: "Noto Sans CJK SC", size: 20, color: .black)
        var content = SVGADynamicContent()
        content.setText(text, style: style, forKey: "slot")
        let rendered = try DynamicFixture.render(content)
        let direct = Self.pangoDirect(text, font: "Noto Sans CJK SC", size: 20, box: (90, 30), at: (100, 105))
        #expect(direct.unknown == 0)
        var inked = 0, worst = 0
        for y in 105..<135 {
            for x in 100..<190 {
                let a = Int(rendered.pixel(x: x, y: y).a), b = Int(direct.alpha[y * 200 + x])
                if b > 0 { inked += 1 }
                worst = max(worst, abs(a - b))
            }
        }
        #expect(inked > 400, "the glyphs have ink: \(inked) pixels")
        #expect(worst <= 2, "largest alpha difference \(worst)")
        #expect(content.notes(for: try DynamicFixture.movie()).isEmpty)
    }

    /// The string drawn by Pango and cairo alone: centred down a box at `at`, one line, no hinting.
    static func pangoDirect(
        _ text: String, font: String, size: Double, box: (Double, Double), at: (Double, Double)
    ) -> (alpha: [UInt8], unknown: Int) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 200)!
        let cr = cairo_create(surface)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_translate(cr, at.0, at.1)
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_cairo_update_context(cr, context)
        let layout = pango_layout_new(context)
        pango_layout_set_text(layout, text, -1)
        let description = pango_font_description_from_string(font)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32(box.0 * Double(PANGO_SCALE)))
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_move_to(cr, 0, (box.1 - Double(logical.height) / Double(PANGO_SCALE)) / 2)
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var alpha = [UInt8](repeating: 0, count: 200 * 200)
        // ARGB32: alpha is the high byte.
        for y in 0..<200 { for x in 0..<200 { alpha[y * 200 + x] = data[y * stride + x * 4 + 3] } }
        let unknown = Int(pango_layout_get_unknown_glyphs_count(layout))
        pango_font_description_free(description)
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        cairo_font_options_destroy(options)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return (alpha, unknown)
    }

    @Test("a drawing gets the frame, the layout's size and a canvas clipped to the layout")
    func drawing() throws {
        let seen = Seen()
        var content = SVGADynamicContent()
        content.setDrawing(id: "fill-red", forKey: "slot") { ctx in
            seen.add("\(ctx.frame):\(fmt(ctx.width))x\(fmt(ctx.height))")
            ctx.canvas.setRoundedRect(x: -1000, y: -1000, width: 3000, height: 3000, radius: 0)
            ctx.canvas.fill(Color(1, 0, 0))
        }
        let p = try DynamicFixture.render(content, frame: 1)
        #expect(seen.items == ["1:90x30"])
        let changed = p.differences(from: try DynamicFixture.render(frame: 1))
        #expect(changed.count == 90 * 30)
        #expect(changed.allSatisfy { $0.0 >= 100 && $0.0 < 190 && $0.1 >= 105 && $0.1 < 135 })
        content.setHidden(true, forKey: "slot")
        _ = try DynamicFixture.render(content, frame: 0)
        #expect(seen.items == ["1:90x30"], "a hidden key's drawing is not called")
    }

    @Test("a drawing that leaves saves and groups open, or breaks the context, cannot spoil later frames")
    func unbalancedDrawing() throws {
        var open = SVGADynamicContent()
        open.setDrawing(id: "open", forKey: "slot") { ctx in
            ctx.canvas.save()
            ctx.canvas.beginGroup()
            ctx.canvas.setRoundedRect(x: 0, y: 0, width: 10, height: 10, radius: 0)
            ctx.canvas.fill(Color(1, 0, 0))
        }
        let renderer = SVGARenderer(movie: try DynamicFixture.movie())
        renderer.content = open
        _ = try renderer.render(frame: 0, size: PixelSize(width: 200, height: 200))
        renderer.content = SVGADynamicContent()
        #expect(
            try renderer.render(frame: 0, size: PixelSize(width: 200, height: 200)).differences(
                from: DynamicFixture.render()
            ).isEmpty)
        var broken = SVGADynamicContent()
        broken.setDrawing(id: "broken", forKey: "slot") { ctx in
            ctx.canvas.restore()
            ctx.canvas.restore()
        }
        renderer.content = broken
        #expect(throws: InputError.self) { try renderer.render(frame: 0, size: PixelSize(width: 200, height: 200)) }
        renderer.content = SVGADynamicContent()
        #expect(
            try renderer.render(frame: 0, size: PixelSize(width: 200, height: 200)).differences(
                from: DynamicFixture.render()
            ).isEmpty)
    }

    @Test("an unknown key is refused, naming the keys there are; so is text that cannot be laid out")
    func badKeys() throws {
        var content = SVGADynamicContent()
        content.setText("x", forKey: "nope")
        let movie = try DynamicFixture.movie()
        #expect {
            try content.check(against: movie, file: "m.svga")
        } throws: {
            let e = $0 as! InputError
            return e.location == "key 'nope'" && e.problem.contains("'avatar', 'banner', 'ring', 'badge', 'slot'")
        }
        var bad = SVGADynamicContent()
        bad.setText("x", style: TextStyle(size: -3), forKey: "banner")
        #expect(throws: InputError.self) { try bad.check(against: movie, file: "m.svga") }
        #expect(throws: InputError.self) { try SVGAFrameSource(movie: movie, name: "m.svga", content: content) }
    }

    @Test("the digest changes with every part of the content and only with it")
    func digest() {
        func make(_ edit: (inout SVGADynamicContent) -> Void) -> String {
            var c = SVGADynamicContent()
            c.setText("hello", forKey: "banner")
            edit(&c)
            return c.digest
        }
        let base = make { _ in }
        #expect(base == make { _ in })
        let variants = [
            make { $0.setText("hello!", forKey: "banner") },
            make { $0.setText("hello", style: TextStyle(size: 29), forKey: "banner") },
            make { $0.setText("hello", style: TextStyle(color: .black), forKey: "banner") },
            make { $0.setText("hello", style: TextStyle(alignment: .left), forKey: "banner") },
            make { $0.setText("hello", style: TextStyle(maxLines: 2), forKey: "banner") },
            make { $0.setText("hello", style: TextStyle(font: "serif"), forKey: "banner") },
            make { $0.setHidden(true, forKey: "avatar") },
            make { $0.setImage(DynamicFixture.solid(2, 2, (1, 2, 3, 255)), forKey: "avatar") },
            make { $0.setImage(DynamicFixture.solid(2, 2, (1, 2, 4, 255)), forKey: "avatar") },
            make { $0.setImage(DynamicFixture.solid(2, 2, (1, 2, 3, 255)), fit: .fit, forKey: "avatar") },
            make { $0.setDrawing(id: "a", forKey: "slot") { _ in } },
            make { $0.setDrawing(id: "b", forKey: "slot") { _ in } },
        ]
        #expect(Set(variants + [base]).count == variants.count + 1)
        #expect(SVGADynamicContent().digest == "")
    }

    @Test("the render cache keeps frames with and without content apart, and serves each its own")
    func cacheKeys() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dyn-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = RenderCache(directory: dir)
        let movie = try DynamicFixture.movie()
        var content = SVGADynamicContent()
        content.setImage(DynamicFixture.solid(3, 3, (255, 0, 255, 255)), forKey: "avatar")
        func source(_ c: SVGADynamicContent) throws -> SVGAFrameSource {
            try SVGAFrameSource(movie: movie, name: "m.svga", content: c, cache: cache, contentKey: "movie")
        }
        let plain = try source(SVGADynamicContent()).frame(at: 0)
        let filled = try source(content).frame(at: 0)
        #expect(plain.differences(from: try DynamicFixture.render()).isEmpty)
        #expect(filled.differences(from: try DynamicFixture.render(content)).isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files.count == 2)
        // Mark each cached file with its own colour: a new source must read its own entry.
        for name in files {
            let colour: (UInt8, UInt8, UInt8, UInt8) = name.contains("-d") ? (0, 0, 255, 255) : (255, 0, 0, 255)
            try PNG.write(
                DynamicFixture.solid(200, 200, colour), to: dir.appendingPathComponent(name), compression: .fast)
        }
        #expect(try source(SVGADynamicContent()).frame(at: 0).rgba(5, 5) == [255, 0, 0, 255])
        #expect(try source(content).frame(at: 0).rgba(5, 5) == [0, 0, 255, 255])
        // Other content (another avatar) is another entry, drawn anew.
        var other = SVGADynamicContent()
        other.setImage(DynamicFixture.solid(3, 3, (0, 255, 255, 255)), forKey: "avatar")
        #expect(try source(other).frame(at: 0).rgba(100, 40) == [0, 255, 255, 255])
    }
}

/// Collects what drawing closures saw (they may be called from any thread).
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ s: String) { lock.withLock { list.append(s) } }
    var items: [String] { lock.withLock { list } }
}
