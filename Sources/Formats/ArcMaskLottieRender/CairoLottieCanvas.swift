import ArcMaskCairo
import ArcMaskLottie
import ArcMaskLottieCanvas
import ArcMaskRaster
import ArcMaskText
import ArcMaskValues

/// A Lottie frame's canvas on cairo. Solid fills and strokes in the blends the rasterizer
/// knows are drawn by `ArcMaskRaster` straight onto the surface through the clip's coverage
/// (worked out the first time something is drawn through it); the rest, and everything inside
/// a blended group, by cairo.
final class CairoLottieCanvas: LottieCanvas {
    let surface: Surface
    let ctx: Context
    let renderer: LottieRenderer
    let rasterizer: Rasterizer
    /// What has been drawn on the surface, where that is tracked (a matte's canvases).
    let tracked: Drawn?
    /// The clips in force, innermost last.
    private var clips: [Clip] = []
    /// The blends of the groups drawn into, innermost last: inside one, cairo draws everything.
    private var groups: [BlendMode] = []

    var width: Int { surface.width }
    var height: Int { surface.height }

    init(_ surface: Surface, renderer: LottieRenderer, tracked: Drawn?) throws {
        self.surface = surface
        ctx = try Context(surface)
        self.renderer = renderer
        rasterizer = renderer.rasterizer(surface.size)
        self.tracked = tracked
    }

    /// The box of a surface that has been drawn on (cairo's drawing counts as all of it).
    final class Drawn {
        let width: Int
        let height: Int
        private(set) var box: PixelBox?

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        func add(_ b: PixelBox?) {
            guard let b, !b.isEmpty else { return }
            box = box.map { $0.union(b) } ?? b
        }

        func addAll() { box = PixelBox(x0: 0, y0: 0, x1: width, y1: height) }
    }

    /// A clip's coverage, worked out the first time something is drawn through it (many
    /// clipped groups hold only what cairo draws, or nothing).
    private final class Clip {
        let paths: [ClipPath]
        let parent: Clip?
        private var made: ClipMask?

        init(paths: [ClipPath], parent: Clip?) {
            self.paths = paths
            self.parent = parent
        }

        func mask(_ raster: Rasterizer) -> ClipMask {
            if let made { return made }
            let mask = raster.clip(
                paths.map { (CairoLottieCanvas.rasterPath($0.paths), $0.transform) }, within: parent?.mask(raster))
            made = mask
            return mask
        }
    }

    /// The surface and the clip's coverage, where the rasterizer may draw (outside groups).
    private var direct: (target: PixelTarget, clip: ClipMask?)? {
        guard groups.isEmpty else { return nil }
        return (Self.target(surface), clips.last?.mask(rasterizer))
    }

    /// A solid paint in a blend the rasterizer knows, drawn by `draw` (colour, blend, clip
    /// coverage, surface) where the rasterizer may draw (outside groups); false, and nothing
    /// drawn, otherwise.
    private func rasterize(
        _ paint: Paint, alpha: Double, blend: BlendMode,
        _ draw: (SolidColor, RasterBlend, ClipMask?, PixelTarget) -> Void
    ) -> Bool {
        guard case .color(let r, let g, let b, let a) = paint, let rasterBlend = Self.rasterBlend(blend), let direct
        else { return false }
        surface.flush()
        draw(SolidColor(r: r, g: g, b: b, a: a * alpha), rasterBlend, direct.clip, direct.target)
        surface.markDirty()
        tracked?.add(rasterizer.lastBounds.map { PixelBox($0) })
        return true
    }

    func fill(
        _ paths: [BezierPath], _ paint: Paint, evenOdd: Bool, alpha: Double, blend: BlendMode, transform m: Affine
    ) throws {
        let drawn = rasterize(paint, alpha: alpha, blend: blend) { color, rasterBlend, clip, target in
            rasterizer.fill(
                Self.rasterPath(paths), transform: m, evenOdd: evenOdd, color: color, blend: rasterBlend, clip: clip,
                into: target)
        }
        guard !drawn else { return }
        tracked?.addAll()
        begin(paths, paint, alpha, blend, m)
        ctx.fill(evenOdd: evenOdd)
        ctx.restore()
    }

    func stroke(
        _ paths: [BezierPath], _ paint: Paint, _ stroke: StrokeParameters, alpha: Double, blend: BlendMode,
        transform m: Affine
    ) throws {
        // Dashes are cairo's.
        if stroke.dashes.isEmpty {
            let geometry = StrokeGeometry(
                width: stroke.width, cap: stroke.cap == 1 ? .butt : stroke.cap == 3 ? .square : .round,
                join: stroke.join == 1 ? .miter : stroke.join == 3 ? .bevel : .round, miterLimit: stroke.miterLimit)
            let drawn = rasterize(paint, alpha: alpha, blend: blend) { color, rasterBlend, clip, target in
                rasterizer.stroke(
                    Self.rasterPath(paths), transform: m, geometry: geometry, color: color, blend: rasterBlend,
                    clip: clip, into: target)
            }
            guard !drawn else { return }
        }
        tracked?.addAll()
        begin(paths, paint, alpha, blend, m)
        ctx.setLineWidth(stroke.width)
        ctx.setLineCap(stroke.lineCap)
        ctx.setLineJoin(stroke.lineJoin)
        ctx.setMiterLimit(stroke.miterLimit)
        ctx.setDash(stroke.dashes, offset: stroke.dashOffset)
        ctx.stroke()
        ctx.restore()
    }

    func image(_ id: String, width: Double, height: Double, alpha: Double, blend: BlendMode, transform m: Affine) throws
    {
        guard let original = renderer.images[id], original.width > 0, original.height > 0 else { return }
        tracked?.addAll()
        ctx.save()
        setTransform(m)
        if width > 0, height > 0 {
            ctx.scale(width / Double(original.width), height / Double(original.height))
        }
        // Device pixels per image pixel: shrinking far, draw from a halved copy (kept for the
        // renderer's life) instead of filtering the whole image each frame.
        let scale =
            (abs(m.determinant)).squareRoot()
            * (width > 0 && height > 0 ? (width * height / Double(original.width * original.height)).squareRoot() : 1)
        let image = try renderer.reduced(id, original, scale: scale)
        if image !== original {
            ctx.scale(Double(original.width) / Double(image.width), Double(original.height) / Double(image.height))
        }
        ctx.setSource(image, filter: .bilinear)
        ctx.setBlend(Self.blend(blend))
        ctx.newPath()
        ctx.rectangle(0, 0, Double(image.width), Double(image.height))
        ctx.clip()
        ctx.paint(alpha: alpha)
        ctx.restore()
    }

    func text(_ run: TextRun, transform m: Affine) throws {
        guard case .color(let r, let g, let b, _)? = run.fill else { return }
        tracked?.addAll()
        ctx.save()
        setTransform(m)
        ctx.setBlend(Self.blend(run.blend))
        let alignment: TextStyle.Alignment = run.justify == 1 ? .right : run.justify == 2 ? .center : .left
        let style = TextStyle(
            font: run.font, size: max(min(run.size, 10_000), 0.5), color: Color(r: r, g: g, b: b),
            alignment: alignment, maxLines: 1)
        // Each line in a wide box whose left, right or middle is x = 0, its baseline on the
        // line's (Pango centres a line in a box of its own height).
        let width = max(run.size, 1) * Double(max(1, run.lines.map(\.count).max() ?? 1)) * 2
        let x0 = alignment == .left ? 0 : alignment == .right ? -width : -width / 2
        for (k, line) in run.lines.enumerated() where !line.isEmpty {
            let measure = TextBlock.measure(line, style: style, width: width, height: run.size * 4)
            ctx.save()
            ctx.translate(x0, Double(k) * run.lineHeight - measure.height * 0.8)
            TextBlock.draw(line, style: style, width: width, height: measure.height, alpha: run.alpha, on: ctx)
            ctx.restore()
        }
        ctx.restore()
    }

    func pushClip(_ clip: [ClipPath]) throws {
        ctx.save()
        ctx.newPath()
        for p in clip.devicePaths { appendPath(p) }
        ctx.clip()
        clips.append(Clip(paths: clip, parent: clips.last))
    }

    func popClip() {
        ctx.restore()
        clips.removeLast()
    }

    func beginGroup(blend: BlendMode) throws {
        tracked?.addAll()
        ctx.pushGroup()
        groups.append(blend)
    }

    func endGroup() throws {
        let blend = groups.removeLast()
        let group = ctx.popGroup()
        ctx.save()
        ctx.setSource(group)
        ctx.setBlend(Self.blend(blend))
        ctx.paint()
        ctx.restore()
    }

    func offscreen() throws -> CairoLottieCanvas {
        let (surface, drawn) = try renderer.scratch(self.surface.size)
        return try CairoLottieCanvas(surface, renderer: renderer, tracked: drawn)
    }

    func recycle(_ canvas: CairoLottieCanvas) {
        renderer.keep(canvas.surface, canvas.tracked ?? Drawn(width: canvas.width, height: canvas.height))
    }

    func pixels() throws -> PixelTarget {
        surface.flush()
        return Self.target(surface)
    }

    var drawn: PixelBox? {
        guard let tracked else { return PixelBox(x0: 0, y0: 0, x1: width, y1: height) }
        return tracked.box
    }

    func directTarget() throws -> (target: PixelTarget, clip: ClipMask?)? {
        guard let direct else { return nil }
        surface.flush()
        return direct
    }

    func didWrite(_ box: PixelBox) {
        surface.markDirty()
        tracked?.add(box)
    }

    func composite(_ layer: CairoLottieCanvas, box: PixelBox, alpha: Double) throws {
        ctx.save()
        ctx.resetTransform()
        if alpha < 1 {
            ctx.setOperator(.destinationIn)
            ctx.paint(alpha: max(alpha, 0))
            ctx.setOperator(.over)
            ctx.setSource(layer.surface)
            ctx.paint(alpha: max(alpha, 0))
        } else {
            ctx.newPath()
            ctx.rectangle(Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
            ctx.clip()
            ctx.setSource(layer.surface)
            ctx.paint()
        }
        ctx.restore()
        tracked?.add(box)
    }

    /// Saves the state and sets up a fill or stroke: transform, path, paint, blend.
    private func begin(_ paths: [BezierPath], _ paint: Paint, _ alpha: Double, _ blend: BlendMode, _ m: Affine) {
        ctx.save()
        setTransform(m)
        ctx.newPath()
        for p in paths { appendPath(p) }
        setPaint(paint, alpha: alpha)
        ctx.setBlend(Self.blend(blend))
    }

    static func target(_ surface: Surface) -> PixelTarget {
        PixelTarget(data: surface.data, width: surface.width, height: surface.height, stride: surface.stride)
    }

    /// The contours as a path for the rasterizer, each segment drawn as cairo draws it.
    static func rasterPath(_ paths: [BezierPath]) -> RasterPath {
        var out = RasterPath()
        out.reserve(paths.reduce(0) { $0 + $1.count + 2 })
        for p in paths {
            p.forEachElement(
                move: { out.move(to: $0.x, $0.y) }, line: { out.line(to: $0.x, $0.y) },
                curve: { out.curve($0.x, $0.y, $1.x, $1.y, $2.x, $2.y) }, close: { out.close() })
        }
        return out
    }

    private func setTransform(_ m: Affine) {
        ctx.resetTransform()
        ctx.concat(m)
    }

    private func appendPath(_ p: BezierPath) {
        p.forEachElement(
            move: { ctx.move(to: $0.x, $0.y) }, line: { ctx.line(to: $0.x, $0.y) },
            curve: { ctx.curve($0.x, $0.y, $1.x, $1.y, $2.x, $2.y) }, close: { ctx.closePath() })
    }

    private func setPaint(_ paint: Paint, alpha: Double) {
        switch paint {
        case .color(let r, let g, let b, let a):
            ctx.setSource(Color(r: r, g: g, b: b, a: a * alpha))
        case .linear(let s, let e, let stops):
            ctx.setSource(Pattern.linear(s.x, s.y, e.x, e.y, stops: Self.stops(stops, alpha)))
        case .radial(let c, let radius, let f, let stops):
            ctx.setSource(Pattern.radial(f.x, f.y, 0, c.x, c.y, radius, stops: Self.stops(stops, alpha)))
        }
    }

    private static func stops(_ stops: [GradientStop], _ alpha: Double) -> [Pattern.Stop] {
        stops.map { Pattern.Stop(offset: $0.offset, r: $0.r, g: $0.g, b: $0.b, a: $0.a * alpha) }
    }

    /// The blend when the rasterizer draws it (nil for those cairo draws).
    static func rasterBlend(_ b: BlendMode) -> RasterBlend? {
        switch b {
        case .normal, .hardMix: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        default: nil
        }
    }

    /// Cairo's blends, listed in Lottie's order.
    private static let blends = Context.Blend.allCases

    static func blend(_ b: BlendMode) -> Context.Blend { b.operation(in: blends) }
}
