internal import CCairo
import ArcMaskCore

/// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty (cairo's order).
public struct Affine: Sendable, Equatable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func scale(_ sx: Double, _ sy: Double) -> Affine { Affine(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public static func translate(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// Singular or non-finite transforms draw nothing (cairo would refuse them).
    public var isInvertible: Bool {
        let det = a * d - b * c
        return det.isFinite && abs(det) > 1e-12 && tx.isFinite && ty.isFinite
    }
}

/// A path element in user space.
public enum PathElement: Sendable, Equatable {
    case move(Double, Double)
    case line(Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case close
}

/// A premultiplied image ready to draw many times. Fully transparent borders are trimmed
/// once, so drawing touches only the pixels that can show.
public final class CanvasImage: @unchecked Sendable {
    let surface: CairoSurface?
    /// The size of the image as given.
    public let width: Int
    public let height: Int
    /// Where the kept part lies in the image.
    let offsetX: Int
    let offsetY: Int

    public init(_ pixels: PixelBuffer) throws {
        width = pixels.width
        height = pixels.height
        var x0 = pixels.width, y0 = pixels.height, x1 = -1, y1 = -1
        pixels.bytes.withUnsafeBufferPointer { p in
            for y in 0..<pixels.height {
                var rowHas = false
                for x in 0..<pixels.width where p[(y * pixels.width + x) * 4 + 3] != 0 {
                    rowHas = true
                    if x < x0 { x0 = x }
                    if x > x1 { x1 = x }
                }
                if rowHas { if y < y0 { y0 = y }; y1 = y }
            }
        }
        guard x1 >= 0 else { surface = nil; offsetX = 0; offsetY = 0; return }
        offsetX = x0
        offsetY = y0
        if x0 == 0 && y0 == 0 && x1 == pixels.width - 1 && y1 == pixels.height - 1 {
            surface = try CairoSurface(pixels)
            return
        }
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        var cropped = PixelBuffer(width: w, height: h)
        cropped.bytes.withUnsafeMutableBytes { dst in
            pixels.bytes.withUnsafeBytes { src in
                for y in 0..<h {
                    (dst.baseAddress! + y * w * 4).copyMemory(from: src.baseAddress! + ((y0 + y) * pixels.width + x0) * 4, byteCount: w * 4)
                }
            }
        }
        surface = try CairoSurface(cropped)
    }
}

/// Stroke parameters.
public struct StrokeStyle: Sendable, Equatable {
    public enum Cap: Sendable { case butt, round, square }
    public enum Join: Sendable { case miter, round, bevel }
    public var width: Double
    public var cap: Cap
    public var join: Join
    public var miterLimit: Double
    public var dash: [Double]
    public var dashOffset: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4,
                dash: [Double] = [], dashOffset: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dash = dash; self.dashOffset = dashOffset
    }
}

/// Vector drawing in Swift terms (cairo underneath): transforms, paths, clips, fills, strokes,
/// images, and groups masked by other groups.
public final class VectorCanvas {
    let surface: CairoSurface
    let ctx: CairoContext
    private var cr: OpaquePointer { ctx.cr }
    /// Per save level: is a clip in effect (bitmaps skip cairo only when none is), and is the
    /// transform degenerate (then nothing draws until the level is restored)?
    private struct Level {
        var clipped = false
        var degenerate = false
    }
    private var levels = [Level()]
    /// Off: every bitmap goes through pixman (the reference `AffineBlit` is tested against).
    var allowsBlit = true

    public init(width: Int, height: Int) throws {
        surface = try CairoSurface(width: width, height: height, format: .argb)
        ctx = try CairoContext(surface)
    }

    /// Clears every pixel and resets the transform and clip, to draw the next picture on
    /// the same surface (cheaper than a new canvas: no fresh pages to fault in).
    public func reset() {
        while levels.count > 1 { restore() }
        cairo_reset_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        levels = [Level()]
    }

    public var width: Int { surface.width }
    public var height: Int { surface.height }

    public func save() {
        cairo_save(cr)
        levels.append(levels.last!)
    }

    public func restore() {
        cairo_restore(cr)
        if levels.count > 1 { levels.removeLast() }
    }

    /// Multiplies the transform by `m`. A product cairo cannot use safely (non-finite, singular
    /// or beyond ten million in scale or a billion in offset: cairo asserts on some of these)
    /// makes the level degenerate: nothing draws until it is restored.
    public func concat(_ m: Affine) {
        var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        var current = cairo_matrix_t(), product = cairo_matrix_t()
        cairo_get_matrix(cr, &current)
        cairo_matrix_multiply(&product, &matrix, &current)
        // An infinite entry fails `largest <= 1e7`; a NaN one makes `det` NaN, which fails its test.
        let largest = max(abs(product.xx), abs(product.yx), abs(product.xy), abs(product.yy))
        let det = product.xx * product.yy - product.yx * product.xy
        guard !levels.last!.degenerate, largest <= 1e7, abs(det) >= 1e-14,
              abs(product.x0) <= 1e9, abs(product.y0) <= 1e9 else {
            levels[levels.count - 1].degenerate = true
            return
        }
        cairo_transform(cr, &matrix)
    }

    /// Nothing draws at this level (see `concat`).
    private var degenerate: Bool { levels.last!.degenerate }

    public func setPath(_ elements: [PathElement]) {
        cairo_new_path(cr)
        if degenerate { return }
        for e in elements {
            switch e {
            case .move(let x, let y): cairo_move_to(cr, x, y)
            case .line(let x, let y): cairo_line_to(cr, x, y)
            case .cubic(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cr, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// A rectangle with rounded corners (radius clamped to half the shorter side).
    public func setRoundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        cairo_new_path(cr)
        if degenerate { return }
        let r = max(0, min(radius, abs(width) / 2, abs(height) / 2))
        if r == 0 { cairo_rectangle(cr, x, y, width, height); return }
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    public func setEllipse(cx: Double, cy: Double, rx: Double, ry: Double) {
        cairo_new_path(cr)
        guard !degenerate, rx > 0, ry > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_scale(cr, rx, ry)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cr)
        cairo_restore(cr)
    }

    /// Intersects the clip with the current path (non-zero winding).
    public func clip() {
        // A clip drawn under a degenerate transform leaves nothing visible.
        if degenerate { return }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        levels[levels.count - 1].clipped = true
    }

    public func fill(r: Double, g: Double, b: Double, a: Double) {
        if degenerate { return }
        cairo_set_source_rgba(cr, r, g, b, a)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill_preserve(cr)
    }

    public func stroke(r: Double, g: Double, b: Double, a: Double, style: StrokeStyle) {
        if degenerate { return }
        cairo_set_source_rgba(cr, r, g, b, a)
        cairo_set_line_width(cr, style.width)
        cairo_set_line_cap(cr, style.cap == .butt ? CAIRO_LINE_CAP_BUTT : style.cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE)
        cairo_set_line_join(cr, style.join == .miter ? CAIRO_LINE_JOIN_MITER : style.join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
        cairo_set_miter_limit(cr, style.miterLimit)
        style.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32(style.dash.count), style.dashOffset) }
        cairo_stroke_preserve(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// Draws `image` with its top-left at the origin of the current transform, bilinear
    /// filtered (as the players draw bitmaps); only the image's own rectangle is touched.
    /// Rotated or skewed images without a clip are drawn by `AffineBlit`; the rest by pixman.
    public func draw(_ image: CanvasImage, alpha: Double) {
        guard let surface = image.surface, !degenerate else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = max(abs(m.xx), abs(m.yy), abs(m.xy), abs(m.yx))
        if allowsBlit, abs(m.xy) > 1e-9 * scale || abs(m.yx) > 1e-9 * scale {
            if !levels.last!.clipped {
                if blit(surface, image, m, alpha: alpha, clip: nil) { return }
            } else if let clip = clipCoverage() {
                defer { cairo_pattern_destroy(clip.pattern) }
                if blit(surface, image, m, alpha: alpha, clip: clip.mask) { return }
            }
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, Double(image.offsetX), Double(image.offsetY))
        cairo_set_source_surface(cr, surface.surface, 0, 0)
        let source = cairo_get_source(cr)
        cairo_pattern_set_filter(source, CAIRO_FILTER_BILINEAR)
        if alpha >= 1 {
            // A filled rectangle with a padded source keeps pixman on its fast scaling paths.
            cairo_pattern_set_extend(source, CAIRO_EXTEND_PAD)
            cairo_new_path(cr)
            cairo_rectangle(cr, 0, 0, Double(surface.width), Double(surface.height))
            cairo_fill(cr)
        } else {
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    /// Draws through `AffineBlit` straight into the current target (the canvas or the group
    /// being drawn); false when that target is not a plain ARGB32 image.
    private func blit(_ surface: CairoSurface, _ image: CanvasImage, _ m: cairo_matrix_t, alpha: Double,
                      clip: AffineBlit.Mask?) -> Bool {
        guard let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(target) else { return false }
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(target, &dx, &dy)
        let ox = Double(image.offsetX), oy = Double(image.offsetY)
        let transform = Affine(a: m.xx, b: m.yx, c: m.xy, d: m.yy,
                               tx: m.x0 + m.xx * ox + m.xy * oy + dx, ty: m.y0 + m.yx * ox + m.yy * oy + dy)
        cairo_surface_flush(target)
        surface.flush()
        let source = AffineBlit.Image(pixels: UnsafePointer(surface.data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0 }),
                                      width: surface.width, height: surface.height, rowPixels: surface.stride / 4)
        let into = AffineBlit.Target(pixels: data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0 },
                                     width: Int(cairo_image_surface_get_width(target)),
                                     height: Int(cairo_image_surface_get_height(target)),
                                     rowPixels: Int(cairo_image_surface_get_stride(target)) / 4)
        // The clip's coverage lies in device space too: shift it into this target's pixels.
        let mask = clip.map { AffineBlit.Mask(coverage: $0.coverage, x: $0.x + Int(dx), y: $0.y + Int(dy),
                                              width: $0.width, height: $0.height, rowBytes: $0.rowBytes) }
        AffineBlit.draw(source, over: into, transform: transform, alpha: min(1, alpha), mask: mask)
        cairo_surface_mark_dirty(target)
        return true
    }

    /// The current clip as coverage over its extents, drawn by cairo (so it matches what
    /// cairo would clip to), with its box in device pixels; nil if cairo gives no plain A8 image.
    /// The pattern owns the coverage and must be destroyed after use.
    private func clipCoverage() -> (pattern: OpaquePointer, mask: AffineBlit.Mask)? {
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_paint(cr)
        guard let pattern = cairo_pop_group(cr) else { return nil }
        var s: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &s) == CAIRO_STATUS_SUCCESS, let s,
              cairo_surface_get_type(s) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(s) == CAIRO_FORMAT_A8,
              let data = cairo_image_surface_get_data(s) else {
            cairo_pattern_destroy(pattern)
            return nil
        }
        cairo_surface_flush(s)
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(s, &dx, &dy)
        // Coverage byte (i, j) lies at device pixel (i − dx, j − dy).
        return (pattern, AffineBlit.Mask(coverage: UnsafePointer(data), x: -Int(dx), y: -Int(dy),
                                         width: Int(cairo_image_surface_get_width(s)), height: Int(cairo_image_surface_get_height(s)),
                                         rowBytes: Int(cairo_image_surface_get_stride(s))))
    }

    /// Starts drawing into an offscreen group.
    public func beginGroup() {
        cairo_push_group(cr)
        levels.append(levels.last!)
    }

    /// A group ended with `endGroup()`, to paint or to use as a mask.
    public final class Group {
        let pattern: OpaquePointer
        init(_ p: OpaquePointer) { pattern = p }
        deinit { cairo_pattern_destroy(pattern) }
    }

    public func endGroup() -> Group {
        if levels.count > 1 { levels.removeLast() }
        return Group(cairo_pop_group(cr))
    }

    /// Paints `content` where `mask` is opaque (multiplied by the mask's alpha).
    public func paint(_ content: Group, maskedBy mask: Group) {
        cairo_set_source(cr, content.pattern)
        cairo_mask(cr, mask.pattern)
    }

    public func pixels() throws -> PixelBuffer {
        try ctx.status()
        return surface.pixelBuffer()
    }
}
