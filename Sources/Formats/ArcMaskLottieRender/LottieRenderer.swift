import ArcMaskCairo
import ArcMaskCore
import ArcMaskLottie
import ArcMaskRaster
import ArcMaskText
import ArcMaskValues
import Foundation

/// Draws an animation's frames on cairo: the evaluator's commands executed as lottie-web's
/// canvas renderer executes its own (clips for masks, per-draw opacity and blend, mattes
/// composited from separate layers). One renderer draws on one thread at a time.
public final class LottieRenderer {
    /// Changes whenever the same file would draw differently (it keys the render cache).
    public static let revision = 5

    public let animation: LottieAnimation
    let evaluator: LottieEvaluator
    /// Decoded image assets by id (premultiplied, ready to draw).
    let images: [String: Surface]

    public init(_ animation: LottieAnimation, images: [String: Surface] = [:]) {
        self.animation = animation
        evaluator = LottieEvaluator(animation)
        self.images = images
    }

    /// Frame-sized surfaces mattes draw on, kept between uses (a fresh one each time costs
    /// page faults and clearing as much as the drawing), each with the box drawn on it.
    private var spare: [(surface: Surface, drawn: Drawn)] = []

    /// A cleared frame-sized surface: a kept one has only the box drawn on it cleared.
    private func scratch(_ size: PixelSize) throws -> (surface: Surface, drawn: Drawn) {
        if let k = spare.lastIndex(where: { $0.surface.width == size.width && $0.surface.height == size.height }) {
            let (s, drawn) = spare.remove(at: k)
            if let box = drawn.box {
                s.flush()
                for y in box.y0..<box.y1 {
                    (s.data + y * s.stride + box.x0 * 4).update(repeating: 0, count: (box.x1 - box.x0) * 4)
                }
                s.markDirty()
            }
            return (s, Drawn(width: size.width, height: size.height))
        }
        if spare.count > 8 { spare.removeFirst() }
        return (try Surface(width: size.width, height: size.height), Drawn(width: size.width, height: size.height))
    }

    /// An 8-bit canvas for a luminance or inverted matte's coverage, kept between mattes.
    private var spareCoverage: Surface?

    /// The box of a surface that has been drawn on (cairo's drawing counts as all of it).
    private final class Drawn {
        let width: Int
        let height: Int
        private(set) var box: (x0: Int, y0: Int, x1: Int, y1: Int)?

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        func add(_ b: (x0: Int, y0: Int, x1: Int, y1: Int)?) {
            guard let b, b.x0 < b.x1, b.y0 < b.y1 else { return }
            guard let a = box else {
                box = b
                return
            }
            box = (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
        }

        func addAll() { box = (0, 0, width, height) }
    }

    /// Halved copies of each image (level 1 is half the size, 2 a quarter, …), made on demand.
    private var mips: [String: [Surface]] = [:]

    /// The image, or its smallest halved copy still at least as large as it is drawn.
    private func reduced(_ id: String, _ image: Surface, scale: Double) throws -> Surface {
        guard scale > 0, scale < 0.5, image.width >= 4, image.height >= 4 else { return image }
        var levels = mips[id] ?? [image]
        var factor = 1
        var level = 0
        while scale * Double(factor * 2) <= 1, levels[level].width >= 4, levels[level].height >= 4 {
            if level + 1 == levels.count {
                let src = levels[level]
                let half = try Surface(width: max(1, src.width / 2), height: max(1, src.height / 2))
                let c = try Context(half)
                c.scale(Double(half.width) / Double(src.width), Double(half.height) / Double(src.height))
                c.setSource(src, filter: .good, extend: .pad)
                c.setOperator(.source)
                c.paint()
                half.flush()
                levels.append(half)
            }
            level += 1
            factor *= 2
        }
        mips[id] = levels
        return levels[level]
    }

    /// Composition time `time` drawn at `size`: the composition fitted into it (`.fit`
    /// centres it whole, as lottie-web's 'xMidYMid meet'; `.fill` covers and crops), clipped to
    /// the composition's rectangle, on a transparent canvas.
    public func render(time: Double, size: PixelSize, fit: FitMode = .fit) throws -> Surface {
        try render(try evaluator.commands(at: time), size: size, fit: fit)
    }

    /// `commands` drawn at `size` as `render(time:size:fit:)` draws a frame's.
    func render(_ commands: [DrawCommand], size: PixelSize, fit: FitMode) throws -> Surface {
        let surface = try Surface(width: size.width, height: size.height)
        let ctx = try Context(surface)
        let root = rootMatrix(size: size, fit: fit)
        ctx.newPath()
        var rect = BezierPath(closed: true)
        let w = Double(animation.width), h = Double(animation.height)
        for v in [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)] { rect.append(v) }
        appendPath(ctx, rect.transformed(root))
        ctx.clip()
        let clip = Clip(paths: [ClipPath(paths: [rect], transform: .identity)], root: root, parent: nil)
        try execute(commands, ctx: ctx, root: root, size: size, direct: Direct(surface: surface, clip: clip))
        try ctx.status()
        surface.flush()
        return surface
    }

    func rootMatrix(size: PixelSize, fit: FitMode) -> Affine {
        fit.placement(
            of: (Double(animation.width), Double(animation.height)), in: (Double(size.width), Double(size.height)))
    }

    /// Where solid fills and strokes are drawn without cairo: the surface the context draws on
    /// and the clip in force (nil inside a group cairo keeps to itself).
    private struct Direct {
        let surface: Surface
        let clip: Clip?
        /// What has been drawn on the surface, where that is tracked (a matte's canvases).
        var drawn: Drawn? = nil
    }

    /// A clip's coverage, worked out the first time something is drawn through it (many
    /// clipped groups hold only what cairo draws, or nothing).
    private final class Clip {
        let paths: [ClipPath]
        let root: Affine
        let parent: Clip?
        private var made: ClipMask?

        init(paths: [ClipPath], root: Affine, parent: Clip?) {
            self.paths = paths
            self.root = root
            self.parent = parent
        }

        func mask(_ raster: Rasterizer) -> ClipMask {
            if let made { return made }
            let mask = raster.clip(
                paths.map { (LottieRenderer.rasterPath($0.paths), $0.transform.concatenating(root)) },
                within: parent?.mask(raster))
            made = mask
            return mask
        }
    }

    private var raster: Rasterizer?

    private func rasterizer(_ size: PixelSize) -> Rasterizer {
        if let raster, raster.width == size.width, raster.height == size.height { return raster }
        let made = Rasterizer(width: size.width, height: size.height)
        raster = made
        return made
    }

    private func execute(
        _ commands: [DrawCommand], ctx: Context, root: Affine, size: PixelSize, direct: Direct?
    ) throws {
        for command in commands {
            switch command {
            case .fill(let paths, let paint, let evenOdd, let alpha, let blend, let transform):
                if let direct, case .color(let r, let g, let b, let a) = paint,
                    let rasterBlend = Self.rasterBlend(blend)
                {
                    let m = transform.concatenating(root)
                    guard m.isInvertible else { continue }
                    direct.surface.flush()
                    rasterizer(size).fill(
                        Self.rasterPath(paths), transform: m, evenOdd: evenOdd,
                        color: SolidColor(r: r, g: g, b: b, a: a * alpha), blend: rasterBlend,
                        clip: direct.clip?.mask(rasterizer(size)),
                        into: Self.target(direct.surface))
                    direct.surface.markDirty()
                    direct.drawn?.add(rasterizer(size).lastBounds)
                    continue
                }
                guard begin(ctx, paths, paint, alpha, blend, transform.concatenating(root)) else { continue }
                direct?.drawn?.addAll()
                ctx.fill(evenOdd: evenOdd)
                ctx.restore()
            case .stroke(let paths, let paint, let stroke, let alpha, let blend, let transform):
                if let direct, case .color(let r, let g, let b, let a) = paint,
                    let rasterBlend = Self.rasterBlend(blend),
                    stroke.dashes.isEmpty
                {
                    let m = transform.concatenating(root)
                    guard m.isInvertible else { continue }
                    let geometry = StrokeGeometry(
                        width: stroke.width, cap: stroke.cap == 1 ? .butt : stroke.cap == 3 ? .square : .round,
                        join: stroke.join == 1 ? .miter : stroke.join == 3 ? .bevel : .round,
                        miterLimit: stroke.miterLimit)
                    direct.surface.flush()
                    rasterizer(size).stroke(
                        Self.rasterPath(paths), transform: m, geometry: geometry,
                        color: SolidColor(r: r, g: g, b: b, a: a * alpha), blend: rasterBlend,
                        clip: direct.clip?.mask(rasterizer(size)), into: Self.target(direct.surface))
                    direct.surface.markDirty()
                    direct.drawn?.add(rasterizer(size).lastBounds)
                    continue
                }
                guard begin(ctx, paths, paint, alpha, blend, transform.concatenating(root)) else { continue }
                direct?.drawn?.addAll()
                ctx.setLineWidth(stroke.width)
                ctx.setLineCap(stroke.cap == 1 ? .butt : stroke.cap == 3 ? .square : .round)
                ctx.setLineJoin(stroke.join == 1 ? .miter : stroke.join == 3 ? .bevel : .round)
                ctx.setMiterLimit(stroke.miterLimit)
                ctx.setDash(stroke.dashes, offset: stroke.dashOffset)
                ctx.stroke()
                ctx.restore()
            case .image(let id, let width, let height, let alpha, let blend, let transform):
                guard let original = images[id], original.width > 0, original.height > 0 else { continue }
                let m = transform.concatenating(root)
                guard m.isInvertible else { continue }
                direct?.drawn?.addAll()
                ctx.save()
                setTransform(ctx, m)
                if width > 0, height > 0 {
                    ctx.scale(width / Double(original.width), height / Double(original.height))
                }
                // Device pixels per image pixel: shrinking far, draw from a halved copy (kept
                // for the renderer's life) instead of filtering the whole image each frame.
                let scale =
                    (abs(m.determinant)).squareRoot()
                    * (width > 0 && height > 0
                        ? (width * height / Double(original.width * original.height)).squareRoot() : 1)
                let image = try reduced(id, original, scale: scale)
                if image !== original {
                    ctx.scale(
                        Double(original.width) / Double(image.width), Double(original.height) / Double(image.height))
                }
                ctx.setSource(image, filter: .bilinear)
                ctx.setBlend(Self.blend(blend))
                ctx.newPath()
                ctx.rectangle(0, 0, Double(image.width), Double(image.height))
                ctx.clip()
                ctx.paint(alpha: alpha)
                ctx.restore()
            case .clipped(let clip, let inner):
                ctx.save()
                ctx.newPath()
                for c in clip {
                    let m = c.transform.concatenating(root)
                    for p in c.paths { appendPath(ctx, p.transformed(m)) }
                }
                ctx.clip()
                var inside: Direct? = nil
                if let direct {
                    inside = Direct(
                        surface: direct.surface, clip: Clip(paths: clip, root: root, parent: direct.clip),
                        drawn: direct.drawn)
                }
                try execute(inner, ctx: ctx, root: root, size: size, direct: inside)
                ctx.restore()
            case .text(let run):
                let m = run.transform.concatenating(root)
                guard m.isInvertible, case .color(let r, let g, let b, _)? = run.fill else { continue }
                direct?.drawn?.addAll()
                ctx.save()
                setTransform(ctx, m)
                ctx.setBlend(Self.blend(run.blend))
                let alignment: TextStyle.Alignment = run.justify == 1 ? .right : run.justify == 2 ? .center : .left
                let style = TextStyle(
                    font: run.font, size: max(min(run.size, 10_000), 0.5), color: Color(r: r, g: g, b: b),
                    alignment: alignment, maxLines: 1)
                // Each line in a wide box whose left, right or middle is x = 0, its baseline on
                // the line's (Pango centres a line in a box of its own height).
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
            case .blended(let blend, let inner):
                direct?.drawn?.addAll()
                ctx.pushGroup()
                try execute(inner, ctx: ctx, root: root, size: size, direct: nil)
                let group = ctx.popGroup()
                ctx.save()
                ctx.setSource(group)
                ctx.setBlend(Self.blend(blend))
                ctx.paint()
                ctx.restore()
            case .matted(let mode, let matte, let content, let alpha):
                let region = try drawMatted(
                    mode: mode, matte: matte, content: content, alpha: alpha, ctx: ctx, root: root, size: size,
                    direct: direct)
                direct?.drawn?.add(region)
            }
        }
    }

    /// The content and the matte drawn on canvases of their own, the matte turned into
    /// coverage (its alpha, or its luminance as the player's filter gives it: 0.3 × (R + G + B)
    /// of the straight colour, alpha ignored, transparent pixels 0), and the content painted
    /// through it. Below `alpha` 1 the backdrop is first faded by it and the result drawn at
    /// it, as the player redraws both with the context's opacity.
    ///
    /// Only the part that can show is worked on: where the content was drawn, and for the
    /// modes whose coverage is 0 outside the matte, where the matte was drawn too. Returns that
    /// box (all of the frame below `alpha` 1).
    ///
    /// At full opacity onto a surface drawn on directly, the rasterizer paints it (the same
    /// arithmetic as cairo's mask, without a coverage canvas); otherwise cairo does.
    private func drawMatted(
        mode: MatteMode, matte: [DrawCommand], content: [DrawCommand], alpha: Double, ctx: Context, root: Affine,
        size: PixelSize, direct: Direct?
    ) throws -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let (contentSurface, contentDrawn) = try scratch(size)
        defer { spare.append((contentSurface, contentDrawn)) }
        let contentCtx = try Context(contentSurface)
        try execute(
            content, ctx: contentCtx, root: root, size: size,
            direct: Direct(surface: contentSurface, clip: nil, drawn: contentDrawn))
        let (matteSurface, matteDrawn) = try scratch(size)
        defer { spare.append((matteSurface, matteDrawn)) }
        let matteCtx = try Context(matteSurface)
        try execute(
            matte, ctx: matteCtx, root: root, size: size,
            direct: Direct(surface: matteSurface, clip: nil, drawn: matteDrawn))
        matteSurface.flush()
        let whole = (x0: 0, y0: 0, x1: size.width, y1: size.height)
        var region = contentDrawn.box
        if mode == .alpha || mode == .luma, let r = region {
            if let m = matteDrawn.box {
                region = (max(r.x0, m.x0), max(r.y0, m.y0), min(r.x1, m.x1), min(r.y1, m.y1))
            } else {
                region = nil
            }
        }
        if let r = region, r.x0 >= r.x1 || r.y0 >= r.y1 { region = nil }
        if alpha >= 1 && region == nil { return nil }
        let box = alpha < 1 ? whole : region!
        if alpha >= 1, let direct {
            let raster = rasterizer(size)
            let gate: MatteCoverage =
                switch mode {
                case .alpha: .alpha
                case .alphaInverted: .inverseAlpha
                case .luma: .luminance
                case .lumaInverted: .inverseLuminance
                }
            contentSurface.flush()
            direct.surface.flush()
            raster.paint(
                Self.target(contentSurface), through: Self.target(matteSurface), gate, box: box,
                clip: direct.clip?.mask(raster), into: Self.target(direct.surface))
            direct.surface.markDirty()
            return box
        }
        // An alpha matte is its own coverage; the others are worked out pixel by pixel.
        let coverage: Surface
        if mode == .alpha {
            coverage = matteSurface
        } else {
            // Kept from matte to matte: only the box is written, and only the box is read.
            if let kept = spareCoverage, kept.width == size.width, kept.height == size.height, alpha >= 1 {
                coverage = kept
            } else {
                coverage = try Surface(width: size.width, height: size.height, format: .alpha)
                if alpha >= 1 { spareCoverage = coverage }
            }
            coverage.flush()
            let src = matteSurface.data, dst = coverage.data
            let srcStride = matteSurface.stride, dstStride = coverage.stride
            for y in box.y0..<box.y1 {
                let row = UnsafeRawPointer(src + y * srcStride).assumingMemoryBound(to: UInt32.self)
                let out = dst + y * dstStride
                for x in box.x0..<box.x1 {
                    let p = row[x]
                    let a = Int(p >> 24)
                    var luma = 0
                    if mode != .alphaInverted, a > 0 {
                        // Straight colour from premultiplied, then 0.3 of each channel.
                        let sum = Int(p >> 16 & 0xFF) + Int(p >> 8 & 0xFF) + Int(p & 0xFF)
                        luma = min(255, (sum * 255 * 3 + a * 5) / (a * 10))
                    }
                    let v: Int
                    switch mode {
                    case .alpha, .alphaInverted: v = 255 - a
                    case .luma: v = luma
                    case .lumaInverted: v = 255 - luma
                    }
                    out[x] = UInt8(clamping: v)
                }
            }
            coverage.markDirty()
        }
        contentSurface.flush()
        ctx.save()
        ctx.resetTransform()
        if alpha < 1 {
            ctx.setOperator(.destinationIn)
            ctx.paint(alpha: max(alpha, 0))
            ctx.setOperator(.over)
            ctx.pushGroup()
            ctx.setSource(contentSurface)
            ctx.mask(surface: coverage)
            let group = ctx.popGroup()
            ctx.setSource(group)
            ctx.paint(alpha: max(alpha, 0))
        } else {
            ctx.newPath()
            ctx.rectangle(Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
            ctx.clip()
            ctx.setSource(contentSurface)
            ctx.mask(surface: coverage)
        }
        ctx.restore()
        return box
    }

    /// Saves the state and sets up a fill or stroke: transform, path, paint, blend (false, and
    /// nothing saved, when the transform collapses the plane).
    private func begin(
        _ ctx: Context, _ paths: [BezierPath], _ paint: Paint, _ alpha: Double, _ blend: BlendMode, _ m: Affine
    ) -> Bool {
        guard m.isInvertible else { return false }
        ctx.save()
        setTransform(ctx, m)
        ctx.newPath()
        for p in paths { appendPath(ctx, p) }
        setPaint(ctx, paint, alpha: alpha)
        ctx.setBlend(Self.blend(blend))
        return true
    }

    static func target(_ surface: Surface) -> PixelTarget {
        PixelTarget(data: surface.data, width: surface.width, height: surface.height, stride: surface.stride)
    }

    /// The contours as a path for the rasterizer, each segment drawn as `appendPath` draws it.
    static func rasterPath(_ paths: [BezierPath]) -> RasterPath {
        var out = RasterPath()
        out.reserve(paths.reduce(0) { $0 + $1.count + 2 })
        for p in paths {
            guard let first = p.vertices.first else { continue }
            out.move(to: first.x, first.y)
            let n = p.count
            p.vertices.withUnsafeBufferPointer { v in
                p.inPoints.withUnsafeBufferPointer { i in
                    p.outPoints.withUnsafeBufferPointer { o in
                        func segment(_ p0: Vec2, _ c1: Vec2, _ c2: Vec2, _ p3: Vec2) {
                            if BezierPath.isStraight(p0, c1, c2, p3) {
                                out.line(to: p3.x, p3.y)
                            } else {
                                out.curve(c1.x, c1.y, c2.x, c2.y, p3.x, p3.y)
                            }
                        }
                        for k in 1..<max(n, 1) { segment(v[k - 1], o[k - 1], i[k], v[k]) }
                        if p.closed && n > 0 { segment(v[n - 1], o[n - 1], i[0], first) }
                    }
                }
            }
            if p.closed && n > 0 { out.close() }
        }
        return out
    }

    private func setTransform(_ ctx: Context, _ m: Affine) {
        ctx.resetTransform()
        ctx.concat(m)
    }

    private func appendPath(_ ctx: Context, _ p: BezierPath) {
        guard let first = p.vertices.first else { return }
        ctx.move(to: first.x, first.y)
        let n = p.count
        for k in 1..<max(n, 1) {
            segment(ctx, p.vertices[k - 1], p.outPoints[k - 1], p.inPoints[k], p.vertices[k])
        }
        if p.closed && n > 0 {
            segment(ctx, p.vertices[n - 1], p.outPoints[n - 1], p.inPoints[0], first)
            ctx.closePath()
        }
    }

    /// A segment whose control points sit on its ends (to within rounding: trim paths round cut
    /// points to thousandths) is a line; cairo's stroker would turn the stray tangent into a
    /// visible notch where a canvas draws a straight stroke.
    private func segment(_ ctx: Context, _ p0: Vec2, _ c1: Vec2, _ c2: Vec2, _ p3: Vec2) {
        if BezierPath.isStraight(p0, c1, c2, p3) {
            ctx.line(to: p3.x, p3.y)
        } else {
            ctx.curve(c1.x, c1.y, c2.x, c2.y, p3.x, p3.y)
        }
    }

    private func setPaint(_ ctx: Context, _ paint: Paint, alpha: Double) {
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

    static func blend(_ b: BlendMode) -> Context.Blend {
        switch b {
        case .normal, .hardMix: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .hardLight: .hardLight
        case .softLight: .softLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .add: .add
        }
    }
}
