import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues

/// A small drawing surface for charts and contact sheets: rectangles, lines, circles,
/// sectors, labels and images in chart coordinates, drawn through the cairo wrapper.
public final class Chart {
    let surface: Surface
    let ctx: Context
    public var width: Int { surface.width }
    public var height: Int { surface.height }

    public init(width: Int, height: Int, background: Color? = .white) throws {
        surface = try Surface(width: width, height: height)
        ctx = try Context(surface)
        if let background { fill(x: 0, y: 0, w: Double(width), h: Double(height), background) }
    }

    public func fill(x: Double, y: Double, w: Double, h: Double, _ c: Color) {
        ctx.setSource(c)
        ctx.newPath()
        ctx.rectangle(x, y, w, h)
        ctx.fill()
    }

    public func stroke(x: Double, y: Double, w: Double, h: Double, _ c: Color, width: Double = 1) {
        ctx.setSource(c)
        ctx.setLineWidth(width)
        ctx.newPath()
        ctx.rectangle(x, y, w, h)
        ctx.stroke()
    }

    public func line(_ points: [(Double, Double)], _ c: Color, width: Double = 1, dash: [Double] = []) {
        guard let first = points.first else { return }
        ctx.setSource(c)
        ctx.setLineWidth(width)
        ctx.setLineJoin(.round)
        ctx.setDash(dash)
        ctx.newPath()
        ctx.move(to: first.0, first.1)
        for p in points.dropFirst() { ctx.line(to: p.0, p.1) }
        ctx.stroke()
        ctx.setDash([])
    }

    public func circle(x: Double, y: Double, r: Double, _ c: Color, fill: Bool = true, width: Double = 1) {
        ctx.setSource(c)
        ctx.newPath()
        ctx.arc(cx: x, cy: y, radius: r, from: 0, to: 2 * .pi)
        if fill { ctx.fill() } else { ctx.setLineWidth(width); ctx.stroke() }
    }

    /// An annular sector between `r0` and `r1` from angle `a0` to `a1` (degrees, clockwise on screen).
    public func sector(
        x: Double, y: Double, r0: Double, r1: Double, a0: Double, a1: Double, _ c: Color, outline: Color? = nil
    ) {
        ctx.newPath()
        ctx.arc(cx: x, cy: y, radius: r1, from: a0 * .pi / 180, to: a1 * .pi / 180)
        ctx.arcNegative(cx: x, cy: y, radius: r0, from: a1 * .pi / 180, to: a0 * .pi / 180)
        ctx.closePath()
        ctx.setSource(c)
        ctx.fill(preserve: outline != nil)
        if let outline {
            ctx.setSource(outline)
            ctx.setLineWidth(1)
            ctx.stroke()
        }
    }

    public enum Align { case left, center, right }

    /// Text with its baseline at y.
    public func text(
        _ s: String, x: Double, y: Double, size: Double = 12, _ c: Color = .ink, bold: Bool = false,
        align: Align = .left
    ) {
        ctx.setFont(size: size, bold: bold)
        let advance = ctx.textAdvance(s)
        let dx = align == .left ? 0 : align == .center ? -advance / 2 : -advance
        ctx.setSource(c)
        ctx.move(to: x + dx, y)
        ctx.showText(s)
    }

    /// Draws `image` with its top-left at (x, y), scaled to `w`×`h`.
    public func image(_ image: PixelBuffer, x: Double, y: Double, w: Double, h: Double) throws {
        try self.image(Surface(image), x: x, y: y, w: w, h: h)
    }

    /// Draws `image` with its top-left at (x, y), scaled to `w`×`h`.
    public func image(_ image: Surface, x: Double, y: Double, w: Double, h: Double) {
        ctx.save()
        ctx.translate(x, y)
        ctx.scale(w / Double(image.width), h / Double(image.height))
        ctx.setSource(image, filter: .good)
        ctx.newPath()
        ctx.rectangle(0, 0, Double(image.width), Double(image.height))
        ctx.fill()
        ctx.restore()
    }

    /// A checkerboard showing where pixels are transparent.
    public func checkerboard(x: Double, y: Double, w: Double, h: Double, cell: Double = 8) {
        fill(x: x, y: y, w: w, h: h, Color(0.96, 0.96, 0.96))
        ctx.setSource(Color(0.86, 0.86, 0.88))
        ctx.newPath()
        var row = 0
        var yy = y
        while yy < y + h {
            var xx = x + (row % 2 == 0 ? 0 : cell)
            while xx < x + w {
                ctx.rectangle(xx, yy, min(cell, x + w - xx), min(cell, y + h - yy))
                xx += 2 * cell
            }
            yy += cell
            row += 1
        }
        ctx.fill()
    }

    public func pixels() throws -> PixelBuffer {
        try ctx.status()
        return surface.pixelBuffer()
    }
}

/// The pictures' palette.
extension Color {
    public static let grey = Color(0.55, 0.55, 0.58), light = Color(0.93, 0.93, 0.95), ink = Color(0.13, 0.14, 0.17)
    public static let red = Color(0.86, 0.16, 0.2), orange = Color(0.95, 0.55, 0.1), purple = Color(0.55, 0.3, 0.85)
    public static let blue = Color(0.16, 0.45, 0.85), green = Color(0.2, 0.65, 0.35)

    /// A distinct colour per frame index.
    public static func frame(_ i: Int) -> Color {
        let h = Double((i * 47) % 360) / 60, x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
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
