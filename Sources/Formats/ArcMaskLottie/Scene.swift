import ArcMaskValues

/// What one frame draws, in order, as a canvas would: the evaluator's output and the
/// renderer's input. Paths are in the coordinates of the `transform` each command carries
/// (stroke widths and dashes are measured there too); `transform` maps them to the canvas.
public indirect enum DrawCommand: Sendable {
    case fill(paths: [BezierPath], paint: Paint, evenOdd: Bool, alpha: Double, blend: BlendMode, transform: Affine)
    case stroke(
        paths: [BezierPath], paint: Paint, stroke: StrokeParameters, alpha: Double, blend: BlendMode, transform: Affine)
    /// An image asset drawn at its size (width × height) at the origin.
    case image(id: String, width: Double, height: Double, alpha: Double, blend: BlendMode, transform: Affine)
    /// Commands drawn inside a clip: the area the clip paths enclose together (non-zero
    /// winding over all of them, each under its own transform), as a canvas clips to masks.
    case clipped(clip: [ClipPath], commands: [DrawCommand])
    /// `content` drawn through `matte` (both drawn apart, then combined by `mode`). As the
    /// canvas player composites it, the result and the backdrop under it are drawn again at
    /// `alpha` (below 1 inside a translucent precomposition).
    case matted(mode: MatteMode, matte: [DrawCommand], content: [DrawCommand], alpha: Double)
    /// Text set with installed fonts (the file embeds no glyphs): lines laid out by the
    /// renderer's text engine, the first baseline at y = 0, justified about x = 0.
    case text(TextRun)
    /// Commands drawn into a layer of their own, then composited with `blend` (blend modes
    /// other than normal that apply to a whole layer).
    case blended(blend: BlendMode, commands: [DrawCommand])
}

public struct ClipPath: Sendable {
    public var paths: [BezierPath]
    public var transform: Affine

    public init(paths: [BezierPath], transform: Affine) {
        self.paths = paths
        self.transform = transform
    }
}

/// How a fill or stroke is coloured.
public enum Paint: Sendable {
    /// Straight colour, 0…1 each.
    case color(r: Double, g: Double, b: Double, a: Double)
    case linear(start: Vec2, end: Vec2, stops: [GradientStop])
    case radial(center: Vec2, radius: Double, focus: Vec2, stops: [GradientStop])
}

public struct GradientStop: Sendable, Equatable {
    public var offset: Double
    public var r: Double, g: Double, b: Double, a: Double
}

public struct StrokeParameters: Sendable {
    public var width: Double
    /// 1 butt, 2 round, 3 square.
    public var cap: Int
    /// 1 miter, 2 round, 3 bevel.
    public var join: Int
    public var miterLimit: Double
    public var dashes: [Double]
    public var dashOffset: Double
}

public struct TextRun: Sendable {
    /// Lines, already broken.
    public var lines: [String]
    /// Family and style words for the font lookup ("Open Sans Bold").
    public var font: String
    public var size: Double
    public var lineHeight: Double
    /// 0 left, 1 right, 2 centre.
    public var justify: Int
    public var fill: Paint?
    public var alpha: Double
    public var blend: BlendMode
    public var transform: Affine
}
