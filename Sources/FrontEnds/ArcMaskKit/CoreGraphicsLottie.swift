#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(CoreText)
import ArcMaskLottie
import ArcMaskRaster
import ArcMaskValues
import CoreGraphics
import CoreText
import Foundation
import ImageIO

/// A Lottie file's frames for `prepare`, drawn on Core Graphics: the evaluator's commands (the
/// command line's, `LottieEvaluator`) executed as the command line's renderer executes them on
/// cairo — clips for masks, per-draw opacity and blend, gradients padded at their ends, layers
/// blended as groups, text set with the phone's fonts, and mattes combined pixel by pixel with
/// the command line's arithmetic (`Rasterizer.paint(_:through:_:box:clip:into:)`).
///
/// Written from Apple's documentation of `CGContext`, `CGGradient` and Core Text: Core Graphics
/// does not exist on Linux, where only stub modules type-check this file; its antialiasing and
/// gradient dithering are Core Graphics' own, not the command line's.
final class CoreGraphicsLottie: KitFrames {
    let supply: LottieSupply
    private let evaluator: LottieEvaluator
    /// Decoded image assets by id.
    private let images: [String: CGImage]
    /// Images that did not decode (warnings).
    let imageProblems: [String]

    var name: String { supply.name }
    var count: Int { supply.playback.times.count }
    var canvasWidth: Int { supply.animation.width }
    var canvasHeight: Int { supply.animation.height }

    init(_ supply: LottieSupply) {
        self.supply = supply
        evaluator = LottieEvaluator(supply.animation)
        var decoded: [String: CGImage] = [:]
        var problems: [String] = []
        for (id, bytes) in supply.imageBytes.sorted(by: { $0.key < $1.key }) {
            if let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil),
                let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
            {
                decoded[id] = image
            } else {
                problems.append("image '\(id)' not drawn: ImageIO does not decode it")
            }
        }
        images = decoded
        imageProblems = problems
    }

    /// Frame `index` drawn into `width`×`height` pixels as `fit` places the composition
    /// (`.fill` covers and crops, `.fit` centres it whole), clipped to the composition.
    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        let commands: [DrawCommand]
        do { commands = try evaluator.commands(at: supply.playback.times[index]) } catch {
            throw PrepareError(.frame(index), "of \(name): \(error.path): \(error.message)")
        }
        let root = fit.placement(
            of: (Double(canvasWidth), Double(canvasHeight)), in: (Double(width), Double(height)))
        var pixels = try LayerPixels(width: width, height: height)
        try pixels.withContext { ctx in
            Self.flip(ctx, height: height)
            var frame = BezierPath(closed: true)
            let w = Double(canvasWidth), h = Double(canvasHeight)
            for v in [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)] { frame.append(v) }
            ctx.beginPath()
            Self.add(frame.transformed(root), to: ctx)
            ctx.clip(using: .winding)
            try execute(commands, ctx, root: root, width: width, height: height)
        }
        return pixels
    }

    /// y down, as Lottie's and cairo's coordinates run.
    private static func flip(_ ctx: CGContext, height: Int) {
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
    }

    private func execute(_ commands: [DrawCommand], _ ctx: CGContext, root: Affine, width: Int, height: Int) throws {
        for command in commands {
            switch command {
            case .fill(let paths, let paint, let evenOdd, let alpha, let blend, let transform):
                guard Self.begin(ctx, paths, blend, transform.concatenating(root)) else { continue }
                fill(ctx, paint, alpha: alpha, rule: evenOdd ? .evenOdd : .winding)
                ctx.restoreGState()
            case .stroke(let paths, let paint, let stroke, let alpha, let blend, let transform):
                guard Self.begin(ctx, paths, blend, transform.concatenating(root)) else { continue }
                ctx.setLineWidth(CGFloat(stroke.width))
                ctx.setLineCap(stroke.cap == 1 ? .butt : stroke.cap == 3 ? .square : .round)
                ctx.setLineJoin(stroke.join == 1 ? .miter : stroke.join == 3 ? .bevel : .round)
                ctx.setMiterLimit(CGFloat(stroke.miterLimit))
                if !stroke.dashes.isEmpty {
                    ctx.setLineDash(phase: CGFloat(stroke.dashOffset), lengths: stroke.dashes.map { CGFloat($0) })
                }
                if case .color(let r, let g, let b, let a) = paint {
                    ctx.setStrokeColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a * alpha))
                    ctx.strokePath()
                } else {
                    // A gradient stroke: the stroke's outline filled with the gradient.
                    ctx.replacePathWithStrokedPath()
                    fill(ctx, paint, alpha: alpha, rule: .winding)
                }
                ctx.restoreGState()
            case .image(let id, let w, let h, let alpha, let blend, let transform):
                guard let image = images[id], image.width > 0, image.height > 0 else { continue }
                let m = transform.concatenating(root)
                guard m.isInvertible else { continue }
                let width = w > 0 ? w : Double(image.width), height = h > 0 ? h : Double(image.height)
                ctx.saveGState()
                ctx.concatenate(Self.cg(m))
                // Core Graphics draws an image upright in its own y-up space: flip it back.
                ctx.translateBy(x: 0, y: CGFloat(height))
                ctx.scaleBy(x: 1, y: -1)
                ctx.setAlpha(CGFloat(alpha))
                ctx.setBlendMode(Self.blend(blend))
                ctx.interpolationQuality = .high
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
                ctx.restoreGState()
            case .clipped(let clip, let inner):
                ctx.saveGState()
                ctx.beginPath()
                for c in clip {
                    let m = c.transform.concatenating(root)
                    for p in c.paths { Self.add(p.transformed(m), to: ctx) }
                }
                ctx.clip(using: .winding)
                try execute(inner, ctx, root: root, width: width, height: height)
                ctx.restoreGState()
            case .text(let run):
                let m = run.transform.concatenating(root)
                guard m.isInvertible, case .color(let r, let g, let b, let a)? = run.fill else { continue }
                ctx.saveGState()
                ctx.concatenate(Self.cg(m))
                ctx.setBlendMode(Self.blend(run.blend))
                ctx.setAlpha(CGFloat(run.alpha))
                Self.draw(run, color: (r, g, b, a), on: ctx)
                ctx.restoreGState()
            case .blended(let blend, let inner):
                // The group drawn into a transparency layer, composited with the blend in force
                // when the layer began (Core Graphics resets it inside the layer).
                ctx.saveGState()
                ctx.setBlendMode(Self.blend(blend))
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                try execute(inner, ctx, root: root, width: width, height: height)
                ctx.endTransparencyLayer()
                ctx.restoreGState()
            case .matted(let mode, let matte, let content, let alpha):
                try drawMatted(mode, matte: matte, content: content, alpha: alpha, ctx, root: root, width, height)
            }
        }
    }

    /// Saves the state and sets up a fill or stroke: transform, path, blend (false, and nothing
    /// saved, when the transform collapses the plane).
    private static func begin(_ ctx: CGContext, _ paths: [BezierPath], _ blend: BlendMode, _ m: Affine) -> Bool {
        guard m.isInvertible else { return false }
        ctx.saveGState()
        ctx.concatenate(cg(m))
        ctx.beginPath()
        for p in paths { add(p, to: ctx) }
        ctx.setBlendMode(Self.blend(blend))
        return true
    }

    /// The path filled with a colour or a gradient (clipped to the path, padded past its ends as
    /// a canvas pads it; stops' colours faded by `alpha`).
    private func fill(_ ctx: CGContext, _ paint: Paint, alpha: Double, rule: CGPathFillRule) {
        switch paint {
        case .color(let r, let g, let b, let a):
            ctx.setFillColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a * alpha))
            ctx.fillPath(using: rule)
        case .linear(let start, let end, let stops):
            guard let gradient = Self.gradient(stops, alpha: alpha) else { return }
            ctx.clip(using: rule)
            ctx.drawLinearGradient(
                gradient, start: CGPoint(x: start.x, y: start.y), end: CGPoint(x: end.x, y: end.y),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        case .radial(let centre, let radius, let focus, let stops):
            guard let gradient = Self.gradient(stops, alpha: alpha) else { return }
            ctx.clip(using: rule)
            ctx.drawRadialGradient(
                gradient, startCenter: CGPoint(x: focus.x, y: focus.y), startRadius: 0,
                endCenter: CGPoint(x: centre.x, y: centre.y), endRadius: CGFloat(max(radius, 0)),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }

    private static func gradient(_ stops: [GradientStop], alpha: Double) -> CGGradient? {
        guard !stops.isEmpty else { return nil }
        var components: [CGFloat] = []
        var locations: [CGFloat] = []
        for s in stops {
            components += [CGFloat(s.r), CGFloat(s.g), CGFloat(s.b), CGFloat(s.a * alpha)]
            locations.append(CGFloat(min(max(s.offset, 0), 1)))
        }
        return CGGradient(
            colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: locations,
            count: stops.count)
    }

    /// Each line set with Core Text in the run's font (the family and style words, as the
    /// phone names its fonts; Core Text falls back to the system font), its baseline at
    /// y = line × line height, its left, right or middle at x = 0.
    private static func draw(_ run: TextRun, color: (Double, Double, Double, Double), on ctx: CGContext) {
        let size = CGFloat(max(min(run.size, 10_000), 0.5))
        let font = CTFontCreateWithName(run.font as CFString, size, nil)
        // Glyphs upright in the flipped space.
        ctx.textMatrix = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        guard
            let cgColor = CGColor(
                colorSpace: CGColorSpaceCreateDeviceRGB(),
                components: [CGFloat(color.0), CGFloat(color.1), CGFloat(color.2), CGFloat(color.3)])
        else { return }
        for (k, text) in run.lines.enumerated() where !text.isEmpty {
            let attributed = NSAttributedString(
                string: text,
                attributes: [
                    NSAttributedString.Key(kCTFontAttributeName as String): font,
                    NSAttributedString.Key(kCTForegroundColorAttributeName as String): cgColor,
                ])
            let line = CTLineCreateWithAttributedString(attributed as CFAttributedString)
            let width = Double(CTLineGetTypographicBounds(line, nil, nil, nil))
            let x = run.justify == 1 ? -width : run.justify == 2 ? -width / 2 : 0
            ctx.textPosition = CGPoint(x: x, y: Double(k) * run.lineHeight)
            CTLineDraw(line, ctx)
        }
    }

    /// The rasterizer mattes are painted with, kept between mattes of one size.
    private var raster: Rasterizer?

    private func rasterizer(_ width: Int, _ height: Int) -> Rasterizer {
        if let raster, raster.width == width, raster.height == height { return raster }
        let made = Rasterizer(width: width, height: height)
        raster = made
        return made
    }

    /// Content and matte drawn on canvases of their own, the content painted through the
    /// matte's coverage by the command line's arithmetic, and the result drawn over the frame
    /// (through the clip in force). Below `alpha` 1 the backdrop is first faded by it and the
    /// result drawn at it, as lottie-web's canvas player redraws both with the context's opacity.
    private func drawMatted(
        _ mode: MatteMode, matte: [DrawCommand], content: [DrawCommand], alpha: Double, _ ctx: CGContext,
        root: Affine, _ width: Int, _ height: Int
    ) throws {
        var contentPixels = try LayerPixels(width: width, height: height)
        try contentPixels.withContext { c in
            Self.flip(c, height: height)
            try execute(content, c, root: root, width: width, height: height)
        }
        var mattePixels = try LayerPixels(width: width, height: height)
        try mattePixels.withContext { c in
            Self.flip(c, height: height)
            try execute(matte, c, root: root, width: width, height: height)
        }
        var result = try LayerPixels(width: width, height: height)
        let gate: MatteCoverage =
            switch mode {
            case .alpha: .alpha
            case .alphaInverted: .inverseAlpha
            case .luma: .luminance
            case .lumaInverted: .inverseLuminance
            }
        // RGBA bytes: alpha is the top byte of each pixel read as a little-endian word, as in
        // cairo's ARGB, and coverage reads R + G + B alike, so the arithmetic is the same.
        contentPixels.bytes.withUnsafeMutableBufferPointer { c in
            mattePixels.bytes.withUnsafeMutableBufferPointer { m in
                result.bytes.withUnsafeMutableBufferPointer { r in
                    guard let cb = c.baseAddress, let mb = m.baseAddress, let rb = r.baseAddress else { return }
                    rasterizer(width, height).paint(
                        PixelTarget(data: cb, width: width, height: height, stride: width * 4),
                        through: PixelTarget(data: mb, width: width, height: height, stride: width * 4), gate,
                        box: (0, 0, width, height), clip: nil,
                        into: PixelTarget(data: rb, width: width, height: height, stride: width * 4))
                }
            }
        }
        guard let image = result.image(result.bytes, opaque: false) else {
            throw PrepareError(.options, "a \(width)×\(height) px matte cannot be made into an image")
        }
        ctx.saveGState()
        // The frame's own pixels: undo the flip and the transforms.
        ctx.concatenate(ctx.ctm.inverted())
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        if alpha < 1 {
            ctx.setBlendMode(.destinationIn)
            ctx.setFillColor(red: 0, green: 0, blue: 0, alpha: CGFloat(max(alpha, 0)))
            ctx.fill(whole)
            ctx.setBlendMode(.normal)
            ctx.setAlpha(CGFloat(max(alpha, 0)))
        }
        ctx.draw(image, in: whole)
        ctx.restoreGState()
    }

    private static func add(_ p: BezierPath, to ctx: CGContext) {
        guard let first = p.vertices.first else { return }
        ctx.move(to: CGPoint(x: first.x, y: first.y))
        let n = p.count
        func segment(_ p0: Vec2, _ c1: Vec2, _ c2: Vec2, _ p3: Vec2) {
            if BezierPath.isStraight(p0, c1, c2, p3) {
                ctx.addLine(to: CGPoint(x: p3.x, y: p3.y))
            } else {
                ctx.addCurve(
                    to: CGPoint(x: p3.x, y: p3.y), control1: CGPoint(x: c1.x, y: c1.y),
                    control2: CGPoint(x: c2.x, y: c2.y))
            }
        }
        for k in 1..<max(n, 1) { segment(p.vertices[k - 1], p.outPoints[k - 1], p.inPoints[k], p.vertices[k]) }
        if p.closed && n > 0 {
            segment(p.vertices[n - 1], p.outPoints[n - 1], p.inPoints[0], first)
            ctx.closePath()
        }
    }

    private static func cg(_ m: Affine) -> CGAffineTransform {
        CGAffineTransform(
            a: CGFloat(m.a), b: CGFloat(m.b), c: CGFloat(m.c), d: CGFloat(m.d), tx: CGFloat(m.tx), ty: CGFloat(m.ty))
    }

    /// Canvas blend modes as Core Graphics names them (`add` is plus-lighter; `hardMix`, which a
    /// canvas lacks, draws normally, as lottie-web draws it).
    private static func blend(_ b: BlendMode) -> CGBlendMode {
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
        case .add: .plusLighter
        }
    }
}
#endif
