import ArcMaskLottie
import ArcMaskRaster
import ArcMaskValues

/// The one reading of a Lottie frame's draw commands, for any canvas, as lottie-web's canvas
/// renderer executes its own: the composition placed by the fit and clipped to its rectangle,
/// clips for masks, layers blended as groups, and mattes combined pixel by pixel.
public enum LottieDrawing {
    /// `commands` drawn on `canvas`: a composition of `composition` size placed in the canvas as
    /// `fit` places it (`.fit` centres it whole, `.fill` covers and crops), clipped to its
    /// rectangle.
    public static func draw<Canvas: LottieCanvas>(
        _ commands: [DrawCommand], composition: (width: Int, height: Int), fit: FitMode, on canvas: Canvas
    ) throws {
        let w = Double(composition.width), h = Double(composition.height)
        let root = fit.placement(of: (w, h), in: (Double(canvas.width), Double(canvas.height)))
        var frame = BezierPath(closed: true)
        for v in [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)] { frame.append(v) }
        try canvas.pushClip([ClipPath(paths: [frame], transform: root)])
        try draw(commands, root: root, on: canvas)
        canvas.popClip()
    }

    static func draw<Canvas: LottieCanvas>(_ commands: [DrawCommand], root: Affine, on canvas: Canvas) throws {
        for command in commands {
            switch command {
            case .fill(let paths, let paint, let evenOdd, let alpha, let blend, let transform):
                let m = transform.concatenating(root)
                guard m.isInvertible else { continue }
                try canvas.fill(paths, paint, evenOdd: evenOdd, alpha: alpha, blend: blend, transform: m)
            case .stroke(let paths, let paint, let stroke, let alpha, let blend, let transform):
                let m = transform.concatenating(root)
                guard m.isInvertible else { continue }
                try canvas.stroke(paths, paint, stroke, alpha: alpha, blend: blend, transform: m)
            case .image(let id, let width, let height, let alpha, let blend, let transform):
                let m = transform.concatenating(root)
                guard m.isInvertible else { continue }
                try canvas.image(id, width: width, height: height, alpha: alpha, blend: blend, transform: m)
            case .text(let run):
                let m = run.transform.concatenating(root)
                guard m.isInvertible else { continue }
                try canvas.text(run, transform: m)
            case .clipped(let clip, let inner):
                try canvas.pushClip(clip.map { ClipPath(paths: $0.paths, transform: $0.transform.concatenating(root)) })
                try draw(inner, root: root, on: canvas)
                canvas.popClip()
            case .blended(let blend, let inner):
                try canvas.beginGroup(blend: blend)
                try draw(inner, root: root, on: canvas)
                try canvas.endGroup()
            case .matted(let mode, let matte, let content, let alpha):
                try drawMatted(mode, matte: matte, content: content, alpha: alpha, root: root, on: canvas)
            }
        }
    }

    /// The content and the matte drawn on canvases of their own, and the content painted
    /// through the matte's coverage (`MatteCoverage`) by the rasterizer's arithmetic, which is
    /// cairo's mask. Only the part that can show is worked on (`MatteRegion`).
    ///
    /// At full opacity onto a canvas that can be written directly, the result is painted
    /// straight onto it through its clip; otherwise onto a third canvas, then composited. Below
    /// `alpha` 1 the backdrop is first faded by it and the result drawn at it, as the canvas
    /// player redraws both with the context's opacity.
    static func drawMatted<Canvas: LottieCanvas>(
        _ mode: MatteMode, matte: [DrawCommand], content: [DrawCommand], alpha: Double, root: Affine,
        on canvas: Canvas
    ) throws {
        let contentCanvas = try canvas.offscreen()
        defer { canvas.recycle(contentCanvas) }
        try draw(content, root: root, on: contentCanvas)
        let matteCanvas = try canvas.offscreen()
        defer { canvas.recycle(matteCanvas) }
        try draw(matte, root: root, on: matteCanvas)
        let whole = PixelBox(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height)
        guard
            let box = MatteRegion.box(
                mode, content: contentCanvas.drawn, matte: matteCanvas.drawn, alpha: alpha, whole: whole)
        else { return }
        let gate = MatteCoverage(mode)
        if alpha >= 1, let direct = try canvas.directTarget() {
            canvas.rasterizer.paint(
                try contentCanvas.pixels(), through: try matteCanvas.pixels(), gate, box: box.corners,
                clip: direct.clip, into: direct.target)
            canvas.didWrite(box)
            return
        }
        let result = try canvas.offscreen()
        defer { canvas.recycle(result) }
        canvas.rasterizer.paint(
            try contentCanvas.pixels(), through: try matteCanvas.pixels(), gate, box: box.corners, clip: nil,
            into: try result.pixels())
        result.didWrite(box)
        try canvas.composite(result, box: box, alpha: alpha)
    }
}

/// The part of a frame a matte can change.
public enum MatteRegion {
    /// Where the content was drawn, and for the modes whose coverage is 0 outside the matte
    /// (alpha, luma) where the matte was drawn too; nil when that is nothing. Below `alpha` 1
    /// all of the canvas (`whole`), as the backdrop is faded everywhere.
    public static func box(
        _ mode: MatteMode, content: PixelBox?, matte: PixelBox?, alpha: Double, whole: PixelBox
    ) -> PixelBox? {
        if alpha < 1 { return whole }
        guard var region = content else { return nil }
        if mode == .alpha || mode == .luma {
            guard let m = matte else { return nil }
            region = region.intersection(m)
        }
        return region.isEmpty ? nil : region
    }
}

extension Rasterizer {
    /// `kept` where it has this size, else a new one, kept in its place: a frame's canvases
    /// share one, and frames of one size reuse it.
    public static func sized(_ width: Int, _ height: Int, reusing kept: inout Rasterizer?) -> Rasterizer {
        if let kept, kept.width == width, kept.height == height { return kept }
        let made = Rasterizer(width: width, height: height)
        kept = made
        return made
    }
}

extension MatteCoverage {
    /// The number of a matte's pixel that gates the content in a Lottie matte mode.
    public init(_ mode: MatteMode) {
        switch mode {
        case .alpha: self = .alpha
        case .alphaInverted: self = .inverseAlpha
        case .luma: self = .luminance
        case .lumaInverted: self = .inverseLuminance
        }
    }
}

extension BlendMode {
    /// This mode's operation among a back end's, listed in Lottie's order (normal, multiply, …,
    /// luminosity, add): hard mix, which a canvas lacks, draws normally, as lottie-web draws it.
    public func operation<Operation>(in operations: [Operation]) -> Operation {
        operations[self == .hardMix ? BlendMode.normal.rawValue : rawValue]
    }
}

extension StrokeParameters {
    /// Lottie's cap (1 butt, 2 round, 3 square).
    public var lineCap: LineCap { cap == 1 ? .butt : cap == 3 ? .square : .round }
    /// Lottie's join (1 miter, 2 round, 3 bevel).
    public var lineJoin: LineJoin { join == 1 ? .miter : join == 3 ? .bevel : .round }
}

extension Array where Element == ClipPath {
    /// Every path of the clip under its own transform.
    public var devicePaths: [BezierPath] { flatMap { c in c.paths.map { $0.transformed(c.transform) } } }
}

extension BezierPath {
    /// The contour as a canvas draws it: a move to the first vertex, each segment a line where
    /// its control points sit on its ends (`isStraight`; a stroker would turn the stray tangent
    /// into a visible notch where a canvas draws a straight stroke) or else a curve (control
    /// points, then end), and a close when the path is closed.
    @inlinable
    public func forEachElement(
        move: (Vec2) -> Void, line: (Vec2) -> Void, curve: (Vec2, Vec2, Vec2) -> Void, close: () -> Void
    ) {
        guard let first = vertices.first else { return }
        move(first)
        let n = count
        vertices.withUnsafeBufferPointer { v in
            inPoints.withUnsafeBufferPointer { i in
                outPoints.withUnsafeBufferPointer { o in
                    func segment(_ p0: Vec2, _ c1: Vec2, _ c2: Vec2, _ p3: Vec2) {
                        if BezierPath.isStraight(p0, c1, c2, p3) { line(p3) } else { curve(c1, c2, p3) }
                    }
                    for k in 1..<max(n, 1) { segment(v[k - 1], o[k - 1], i[k], v[k]) }
                    if closed { segment(v[n - 1], o[n - 1], i[0], first) }
                }
            }
        }
        if closed { close() }
    }
}
