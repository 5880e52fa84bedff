import ArcMaskValues
internal import CCairo
import Foundation

/// A drawing context on a surface: transforms, paths, sources, fills, strokes, clips, groups
/// and text, in Swift types. Owns its cairo context; statuses are read by `status()`.
public final class Context {
    let pointer: OpaquePointer
    public let target: Surface

    public init(_ target: Surface) throws(CairoError) {
        guard let cr = cairo_create(target.pointer) else {
            throw CairoError(description: "cairo: cannot create a context")
        }
        do { try check(cairo_status(cr)) } catch { cairo_destroy(cr); throw error }
        pointer = cr
        self.target = target
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the first error cairo met since the context was made.
    public func status() throws(CairoError) { try check(cairo_status(pointer)) }

    // MARK: State

    /// The `cairo_t` itself, for another C library that draws with cairo (librsvg); valid
    /// while this context lives.
    public var cairoContext: OpaquePointer { pointer }

    public func save() { cairo_save(pointer) }
    public func restore() { cairo_restore(pointer) }

    /// The current transform (user space to device pixels).
    public var matrix: Affine {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        return Affine(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// Multiplies the transform by `m` (applied before the current one).
    public func concat(_ m: Affine) {
        var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        cairo_transform(pointer, &matrix)
    }

    public func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    public func scale(_ sx: Double, _ sy: Double) { cairo_scale(pointer, sx, sy) }
    public func resetTransform() { cairo_identity_matrix(pointer) }

    public enum Operator: Sendable { case over, clear, source, destinationIn }

    public func setOperator(_ op: Operator) {
        let o: cairo_operator_t =
            switch op {
            case .over: CAIRO_OPERATOR_OVER
            case .clear: CAIRO_OPERATOR_CLEAR
            case .source: CAIRO_OPERATOR_SOURCE
            case .destinationIn: CAIRO_OPERATOR_DEST_IN
            }
        cairo_set_operator(pointer, o)
    }

    // MARK: Paths

    public func newPath() { cairo_new_path(pointer) }
    public func move(to x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    public func line(to x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    public func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x, y)
    }
    public func closePath() { cairo_close_path(pointer) }
    public func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(pointer, x, y, w, h) }

    /// A circular arc from angle `a0` to `a1` (radians, growing clockwise on screen).
    public func arc(cx: Double, cy: Double, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc(pointer, cx, cy, radius, a0, a1)
    }

    /// The same, drawn with decreasing angles.
    public func arcNegative(cx: Double, cy: Double, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc_negative(pointer, cx, cy, radius, a0, a1)
    }

    /// Appends `elements` to the current path.
    public func append(_ elements: [PathElement]) {
        for e in elements {
            switch e {
            case .move(let x, let y): cairo_move_to(pointer, x, y)
            case .line(let x, let y): cairo_line_to(pointer, x, y)
            case .cubic(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(pointer, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(pointer)
            }
        }
    }

    // MARK: Sources and styles

    public func setSource(_ c: Color) { cairo_set_source_rgba(pointer, c.r, c.g, c.b, c.a) }

    /// Draws from `image` with its top-left at (x, y) in user space.
    public func setSource(
        _ image: Surface, x: Double = 0, y: Double = 0, filter: Filter = .good, extend: Extend = .none
    ) {
        cairo_set_source_surface(pointer, image.pointer, x, y)
        // A new surface source filters GOOD and does not extend: set only what differs.
        guard filter != .good || extend != .none else { return }
        let source = cairo_get_source(pointer)
        cairo_pattern_set_filter(source, filter.cairo)
        cairo_pattern_set_extend(source, extend.cairo)
    }

    public func setSource(_ pattern: Pattern) { cairo_set_source(pointer, pattern.pointer) }

    public func setLineWidth(_ w: Double) { cairo_set_line_width(pointer, w) }

    /// How far, in device pixels, the straight segments cairo draws curves with may lie from the
    /// curves (cairo's default is 0.1).
    public func setTolerance(_ pixels: Double) { cairo_set_tolerance(pointer, pixels) }

    public func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(pointer, limit) }

    /// How what is drawn next combines with what is there: the separable and non-separable
    /// blend modes of PDF and CSS (and canvas's `globalCompositeOperation`), over the backdrop.
    public enum Blend: Sendable, CaseIterable {
        case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
            difference, exclusion, hue, saturation, color, luminosity, add
    }

    public func setBlend(_ blend: Blend) {
        let op: cairo_operator_t =
            switch blend {
            case .normal: CAIRO_OPERATOR_OVER
            case .multiply: CAIRO_OPERATOR_MULTIPLY
            case .screen: CAIRO_OPERATOR_SCREEN
            case .overlay: CAIRO_OPERATOR_OVERLAY
            case .darken: CAIRO_OPERATOR_DARKEN
            case .lighten: CAIRO_OPERATOR_LIGHTEN
            case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
            case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
            case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
            case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
            case .difference: CAIRO_OPERATOR_DIFFERENCE
            case .exclusion: CAIRO_OPERATOR_EXCLUSION
            case .hue: CAIRO_OPERATOR_HSL_HUE
            case .saturation: CAIRO_OPERATOR_HSL_SATURATION
            case .color: CAIRO_OPERATOR_HSL_COLOR
            case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
            case .add: CAIRO_OPERATOR_ADD
            }
        cairo_set_operator(pointer, op)
    }

    public func setLineCap(_ cap: LineCap) {
        cairo_set_line_cap(
            pointer, cap == .butt ? CAIRO_LINE_CAP_BUTT : cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE)
    }

    public func setLineJoin(_ join: LineJoin) {
        cairo_set_line_join(
            pointer,
            join == .miter ? CAIRO_LINE_JOIN_MITER : join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
    }

    public func setDash(_ dash: [Double], offset: Double = 0) {
        dash.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32(dash.count), offset) }
    }

    /// Width, cap, join, miter limit and dashes at once.
    public func setStroke(_ style: StrokeStyle) {
        setLineWidth(style.width)
        setLineCap(style.cap)
        setLineJoin(style.join)
        cairo_set_miter_limit(pointer, style.miterLimit)
        setDash(style.dash, offset: style.dashOffset)
    }

    // MARK: Drawing

    /// Fills the current path (non-zero winding, or even-odd); `preserve` keeps the path.
    public func fill(preserve: Bool = false, evenOdd: Bool = false) {
        cairo_set_fill_rule(pointer, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if preserve { cairo_fill_preserve(pointer) } else { cairo_fill(pointer) }
    }

    public func stroke(preserve: Bool = false) {
        if preserve { cairo_stroke_preserve(pointer) } else { cairo_stroke(pointer) }
    }

    /// Paints the source everywhere inside the clip, times `alpha`.
    public func paint(alpha: Double = 1) {
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, alpha) }
    }

    /// Paints the source where `mask` is opaque (times its alpha).
    public func mask(_ mask: Pattern) { cairo_mask(pointer, mask.pointer) }

    /// Paints the source where the surface's alpha covers, the surface's top-left at (0, 0).
    public func mask(surface: Surface) { cairo_mask_surface(pointer, surface.pointer, 0, 0) }

    /// Intersects the clip with the current path (non-zero winding, or even-odd) and clears the path.
    public func clip(evenOdd: Bool = false) {
        cairo_set_fill_rule(pointer, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(pointer)
    }

    public func resetClip() { cairo_reset_clip(pointer) }

    /// Clears every pixel the clip lets through to transparent.
    public func clear() {
        setOperator(.clear)
        cairo_paint(pointer)
        setOperator(.over)
    }

    // MARK: Groups

    /// Starts drawing into an offscreen group (colour and alpha, or alpha only).
    public func pushGroup(alphaOnly: Bool = false) {
        if alphaOnly { cairo_push_group_with_content(pointer, CAIRO_CONTENT_ALPHA) } else { cairo_push_group(pointer) }
    }

    /// Ends the group begun by `pushGroup()`.
    public func popGroup() -> Pattern { Pattern(owning: cairo_pop_group(pointer)) }

    /// The pixels drawing goes to now (the surface, or the group being drawn), when they are
    /// a plain ARGB32 image.
    public func currentTargetImage() -> ImageAccess? {
        guard let t = cairo_get_group_target(pointer) else { return nil }
        return ImageAccess(t, format: CAIRO_FORMAT_ARGB32)
    }

    // MARK: Text (cairo's toy font API: enough for labels)

    public func setFont(size: Double, bold: Bool = false, family: String = "sans-serif") {
        cairo_select_font_face(
            pointer, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(pointer, size)
    }

    /// How far `text` advances the pen.
    public func textAdvance(_ text: String) -> Double {
        var ext = cairo_text_extents_t()
        cairo_text_extents(pointer, text, &ext)
        return ext.x_advance
    }

    /// Draws `text` with its baseline starting at the current point.
    public func showText(_ text: String) { cairo_show_text(pointer, text) }

    /// Adds `text`'s outlines to the path (to stroke a halo, then fill).
    public func textPath(_ text: String) { cairo_text_path(pointer, text) }
}
