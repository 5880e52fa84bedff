#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(CoreText)
import ArcMaskLottie
import ArcMaskLottieCanvas
import ArcMaskRaster
import ArcMaskValues
import CoreGraphics
import CoreText
import Foundation

/// A Lottie frame's canvas on Core Graphics: gradients padded at their ends, groups as
/// transparency layers, text set with the phone's fonts by Core Text. A matte's canvases are
/// bitmaps of their own (RGBA, premultiplied: read as little-endian words, alpha is the top
/// byte, as in cairo's ARGB, and coverage reads R + G + B alike, so the matte arithmetic is the
/// command line's); the result is drawn over the frame as an image, through the clip in force.
///
/// Written from Apple's documentation of `CGContext`, `CGGradient` and Core Text: Core Graphics
/// does not exist on Linux, where only stub modules type-check this file; its antialiasing and
/// gradient dithering are Core Graphics' own, not the command line's.
final class CoreGraphicsLottieCanvas: LottieCanvas {
    let width: Int
    let height: Int
    let rasterizer: Rasterizer
    private let ctx: CGContext
    private let images: [String: CGImage]
    /// The bytes of a matte's canvas, which it owns (nil for the frame's, which `LayerPixels` owns).
    private let bytes: UnsafeMutablePointer<UInt8>?

    /// The frame's canvas: `ctx` draws into its `width`×`height` pixels.
    init(_ ctx: CGContext, width: Int, height: Int, images: [String: CGImage], rasterizer: Rasterizer) {
        self.ctx = ctx
        self.width = width
        self.height = height
        self.images = images
        self.rasterizer = rasterizer
        bytes = nil
        Self.flip(ctx, height: height)
    }

    /// A transparent canvas of the same size and images, drawn into bytes of its own; the
    /// memory the app may still take is checked first.
    private init(sizedAs other: CoreGraphicsLottieCanvas) throws {
        width = other.width
        height = other.height
        images = other.images
        rasterizer = other.rasterizer
        try MemoryCeiling.check(
            width: width, height: height, what: "a \(width)×\(height) px matte", place: .input)
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height * 4)
        data.initialize(repeating: 0, count: width * height * 4)
        guard
            let made = CGContext(
                data: data, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: LayerPixels.bitmapInfo)
        else {
            data.deallocate()
            throw PrepareError(.options, "Core Graphics cannot draw a \(width)×\(height) px matte")
        }
        ctx = made
        bytes = data
        Self.flip(ctx, height: height)
    }

    deinit { bytes?.deallocate() }

    /// y down, as Lottie's and cairo's coordinates run.
    private static func flip(_ ctx: CGContext, height: Int) {
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
    }

    func fill(
        _ paths: [BezierPath], _ paint: Paint, evenOdd: Bool, alpha: Double, blend: BlendMode, transform: Affine
    ) throws {
        begin(paths, blend, transform)
        fill(paint, alpha: alpha, rule: evenOdd ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    func stroke(
        _ paths: [BezierPath], _ paint: Paint, _ stroke: StrokeParameters, alpha: Double, blend: BlendMode,
        transform: Affine
    ) throws {
        begin(paths, blend, transform)
        ctx.setLineWidth(CGFloat(stroke.width))
        ctx.setLineCap(stroke.lineCap == .butt ? .butt : stroke.lineCap == .square ? .square : .round)
        ctx.setLineJoin(stroke.lineJoin == .miter ? .miter : stroke.lineJoin == .bevel ? .bevel : .round)
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
            fill(paint, alpha: alpha, rule: .winding)
        }
        ctx.restoreGState()
    }

    func image(
        _ id: String, width w: Double, height h: Double, alpha: Double, blend: BlendMode, transform: Affine
    )
        throws
    {
        guard let image = images[id], image.width > 0, image.height > 0 else { return }
        let width = w > 0 ? w : Double(image.width), height = h > 0 ? h : Double(image.height)
        ctx.saveGState()
        ctx.concatenate(Self.cg(transform))
        // Core Graphics draws an image upright in its own y-up space: flip it back.
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        ctx.setAlpha(CGFloat(alpha))
        ctx.setBlendMode(Self.blend(blend))
        ctx.interpolationQuality = .high
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        ctx.restoreGState()
    }

    /// Each line set with Core Text in the run's font (the family and style words, as the
    /// phone names its fonts; Core Text falls back to the system font), its baseline at
    /// y = line × line height, its left, right or middle at x = 0.
    func text(_ run: TextRun, transform: Affine) throws {
        guard case .color(let r, let g, let b, let a)? = run.fill,
            let color = CGColor(
                colorSpace: CGColorSpaceCreateDeviceRGB(),
                components: [CGFloat(r), CGFloat(g), CGFloat(b), CGFloat(a)])
        else { return }
        ctx.saveGState()
        ctx.concatenate(Self.cg(transform))
        ctx.setBlendMode(Self.blend(run.blend))
        ctx.setAlpha(CGFloat(run.alpha))
        let font = CTFontCreateWithName(run.font as CFString, CGFloat(max(min(run.size, 10_000), 0.5)), nil)
        // Glyphs upright in the flipped space.
        ctx.textMatrix = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        for (k, text) in run.lines.enumerated() where !text.isEmpty {
            let attributed = NSAttributedString(
                string: text,
                attributes: [
                    NSAttributedString.Key(kCTFontAttributeName as String): font,
                    NSAttributedString.Key(kCTForegroundColorAttributeName as String): color,
                ])
            let line = CTLineCreateWithAttributedString(attributed as CFAttributedString)
            let width = Double(CTLineGetTypographicBounds(line, nil, nil, nil))
            let x = run.justify == 1 ? -width : run.justify == 2 ? -width / 2 : 0
            ctx.textPosition = CGPoint(x: x, y: Double(k) * run.lineHeight)
            CTLineDraw(line, ctx)
        }
        ctx.restoreGState()
    }

    func pushClip(_ clip: [ClipPath]) throws {
        ctx.saveGState()
        ctx.beginPath()
        for p in clip.devicePaths { add(p) }
        ctx.clip(using: .winding)
    }

    func popClip() { ctx.restoreGState() }

    /// The group drawn into a transparency layer, composited with the blend in force when the
    /// layer began (Core Graphics resets it inside the layer).
    func beginGroup(blend: BlendMode) throws {
        ctx.saveGState()
        ctx.setBlendMode(Self.blend(blend))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
    }

    func endGroup() throws {
        ctx.endTransparencyLayer()
        ctx.restoreGState()
    }

    func offscreen() throws -> CoreGraphicsLottieCanvas { try CoreGraphicsLottieCanvas(sizedAs: self) }

    /// A matte's canvas frees its bytes when it goes.
    func recycle(_ canvas: CoreGraphicsLottieCanvas) {}

    func pixels() throws -> PixelTarget {
        guard let bytes else { throw PrepareError(.options, "the frame's pixels are not a matte's to read") }
        return PixelTarget(data: bytes, width: width, height: height, stride: width * 4)
    }

    /// Not tracked: all of the canvas.
    var drawn: PixelBox? { PixelBox(x0: 0, y0: 0, x1: width, y1: height) }

    /// Core Graphics keeps the clip to itself: a matte's result is always composited.
    func directTarget() throws -> (target: PixelTarget, clip: ClipMask?)? { nil }

    func didWrite(_ box: PixelBox) {}

    /// The layer drawn whole as an image (it is transparent outside `box`) over the frame's own
    /// pixels, through the clip in force.
    func composite(_ layer: CoreGraphicsLottieCanvas, box: PixelBox, alpha: Double) throws {
        let rgba = [UInt8](UnsafeBufferPointer(start: try layer.pixels().data, count: width * height * 4))
        guard let image = LayerPixels.image(rgba, width: width, height: height, opaque: false) else {
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

    /// Saves the state and sets up a fill or stroke: transform, path, blend.
    private func begin(_ paths: [BezierPath], _ blend: BlendMode, _ m: Affine) {
        ctx.saveGState()
        ctx.concatenate(Self.cg(m))
        ctx.beginPath()
        for p in paths { add(p) }
        ctx.setBlendMode(Self.blend(blend))
    }

    /// The path filled with a colour or a gradient (clipped to the path, padded past its ends as
    /// a canvas pads it; stops' colours faded by `alpha`).
    private func fill(_ paint: Paint, alpha: Double, rule: CGPathFillRule) {
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

    private func add(_ p: BezierPath) {
        p.forEachElement(
            move: { ctx.move(to: CGPoint(x: $0.x, y: $0.y)) }, line: { ctx.addLine(to: CGPoint(x: $0.x, y: $0.y)) },
            curve: {
                ctx.addCurve(
                    to: CGPoint(x: $2.x, y: $2.y), control1: CGPoint(x: $0.x, y: $0.y),
                    control2: CGPoint(x: $1.x, y: $1.y))
            }, close: { ctx.closePath() })
    }

    private static func cg(_ m: Affine) -> CGAffineTransform {
        CGAffineTransform(
            a: CGFloat(m.a), b: CGFloat(m.b), c: CGFloat(m.c), d: CGFloat(m.d), tx: CGFloat(m.tx), ty: CGFloat(m.ty))
    }

    /// Core Graphics' blends, listed in Lottie's order (`add` is plus-lighter).
    private static let blends: [CGBlendMode] = [
        .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
        .difference, .exclusion, .hue, .saturation, .color, .luminosity, .plusLighter,
    ]

    private static func blend(_ b: BlendMode) -> CGBlendMode { b.operation(in: blends) }
}
#endif
