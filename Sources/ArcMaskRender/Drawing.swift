internal import CCairo
import ArcMaskCore

/// A small drawing surface for charts and contact sheets (cairo underneath, Swift types on top).
public final class Drawing {
    let surface: CairoSurface
    let ctx: CairoContext
    var cr: OpaquePointer { ctx.cr }
    public var width: Int { surface.width }
    public var height: Int { surface.height }

    public struct Color: Sendable {
        public var r, g, b, a: Double
        public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
        public static let white = Color(1, 1, 1), black = Color(0, 0, 0), grey = Color(0.55, 0.55, 0.58)
        public static let light = Color(0.93, 0.93, 0.95), ink = Color(0.13, 0.14, 0.17)
        public static let red = Color(0.86, 0.16, 0.2), orange = Color(0.95, 0.55, 0.1), purple = Color(0.55, 0.3, 0.85)
        public static let blue = Color(0.16, 0.45, 0.85), green = Color(0.2, 0.65, 0.35)

        /// A distinct colour per index.
        public static func frame(_ i: Int) -> Color {
            let h = Double((i * 47) % 360) / 60, x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
            let (r, g, b): (Double, Double, Double) = switch Int(h) {
            case 0: (1, x, 0)
            case 1: (x, 1, 0)
            case 2: (0, 1, x)
            case 3: (0, x, 1)
            case 4: (x, 0, 1)
            default: (1, 0, x)
            }
            return Color(0.25 + 0.6 * r, 0.25 + 0.6 * g, 0.25 + 0.6 * b)
        }
    }

    public init(width: Int, height: Int, background: Color? = .white) throws {
        surface = try CairoSurface(width: width, height: height, format: .argb)
        ctx = try CairoContext(surface)
        if let background { fill(x: 0, y: 0, w: Double(width), h: Double(height), background) }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    }

    func set(_ c: Color) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    public func fill(x: Double, y: Double, w: Double, h: Double, _ c: Color) {
        set(c)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
    }

    public func stroke(x: Double, y: Double, w: Double, h: Double, _ c: Color, width: Double = 1) {
        set(c)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, x, y, w, h)
        cairo_stroke(cr)
    }

    public func line(_ points: [(Double, Double)], _ c: Color, width: Double = 1, dash: [Double] = []) {
        guard let first = points.first else { return }
        set(c)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32(dash.count), 0) }
        cairo_move_to(cr, first.0, first.1)
        for p in points.dropFirst() { cairo_line_to(cr, p.0, p.1) }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    public func circle(x: Double, y: Double, r: Double, _ c: Color, fill: Bool = true, width: Double = 1) {
        set(c)
        cairo_new_path(cr)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
        if fill { cairo_fill(cr) } else { cairo_set_line_width(cr, width); cairo_stroke(cr) }
    }

    /// An annular sector between `r0` and `r1` from angle `a0` to `a1` (degrees, clockwise on screen).
    public func sector(x: Double, y: Double, r0: Double, r1: Double, a0: Double, a1: Double, _ c: Color, outline: Color? = nil) {
        cairo_new_path(cr)
        cairo_arc(cr, x, y, r1, a0 * .pi / 180, a1 * .pi / 180)
        cairo_arc_negative(cr, x, y, r0, a1 * .pi / 180, a0 * .pi / 180)
        cairo_close_path(cr)
        set(c)
        if let outline {
            cairo_fill_preserve(cr)
            set(outline)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        } else {
            cairo_fill(cr)
        }
    }

    public enum Align { case left, center, right }

    /// Text with its baseline at y.
    public func text(_ s: String, x: Double, y: Double, size: Double = 12, _ c: Color = .ink, bold: Bool = false,
                     align: Align = .left) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var ext = cairo_text_extents_t()
        cairo_text_extents(cr, s, &ext)
        let dx = align == .left ? 0 : align == .center ? -ext.x_advance / 2 : -ext.x_advance
        set(c)
        cairo_move_to(cr, x + dx, y)
        cairo_show_text(cr, s)
    }

    /// Draws `image` with its top-left at (x, y), scaled to `w`×`h`.
    public func image(_ image: PixelBuffer, x: Double, y: Double, w: Double, h: Double) throws {
        let src = try CairoSurface(image)
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, w / Double(image.width), h / Double(image.height))
        cairo_set_source_surface(cr, src.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A checkerboard showing where pixels are transparent.
    public func checkerboard(x: Double, y: Double, w: Double, h: Double, cell: Double = 8) {
        fill(x: x, y: y, w: w, h: h, Color(0.96, 0.96, 0.96))
        set(Color(0.86, 0.86, 0.88))
        var row = 0
        var yy = y
        while yy < y + h {
            var xx = x + (row % 2 == 0 ? 0 : cell)
            while xx < x + w {
                cairo_rectangle(cr, xx, yy, min(cell, x + w - xx), min(cell, y + h - yy))
                xx += 2 * cell
            }
            yy += cell
            row += 1
        }
        cairo_fill(cr)
    }

    public func pixels() throws -> PixelBuffer {
        try ctx.status()
        return surface.pixelBuffer()
    }
}
