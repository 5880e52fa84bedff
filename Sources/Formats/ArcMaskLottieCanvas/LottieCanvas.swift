import ArcMaskLottie
import ArcMaskRaster
import ArcMaskValues

/// A rectangle of a canvas's pixels: from (`x0`, `y0`) up to, not including, (`x1`, `y1`).
public struct PixelBox: Sendable, Equatable {
    public var x0, y0, x1, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }

    /// The box the rasterizer reports or takes.
    public init(_ box: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        self.init(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
    }

    /// The box as the rasterizer takes it.
    public var corners: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    /// Whether it holds no pixel.
    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The pixels both boxes hold (empty where they do not meet).
    public func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest box holding both.
    public func union(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

/// Where a Lottie frame's draw commands land: a back end's surface, its clips and groups, and
/// the canvases of its own that mattes are drawn on. `LottieDrawing` reads the commands and
/// calls these; a canvas only draws.
///
/// Transforms arrive concatenated with the frame's placement (device pixels, y down) and
/// invertible; a command whose transform collapses the plane never reaches a canvas.
public protocol LottieCanvas: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Paints mattes; shared with this canvas's offscreen canvases.
    var rasterizer: Rasterizer { get }

    func fill(
        _ paths: [BezierPath], _ paint: Paint, evenOdd: Bool, alpha: Double, blend: BlendMode, transform: Affine
    ) throws
    func stroke(
        _ paths: [BezierPath], _ paint: Paint, _ stroke: StrokeParameters, alpha: Double, blend: BlendMode,
        transform: Affine) throws
    /// The image asset `id` drawn `width`×`height` (its own size where 0) at the origin.
    func image(_ id: String, width: Double, height: Double, alpha: Double, blend: BlendMode, transform: Affine) throws
    func text(_ run: TextRun, transform: Affine) throws

    /// Drawing from here on is clipped to the area `clip` encloses as well: non-zero winding
    /// over all its paths, each under its own transform (already in device pixels).
    func pushClip(_ clip: [ClipPath]) throws
    /// The clip before the last `pushClip`.
    func popClip()
    /// Drawing from here on goes into a layer of its own, until `endGroup` composites it with
    /// `blend`.
    func beginGroup(blend: BlendMode) throws
    func endGroup() throws

    /// A transparent canvas of this size, nothing clipped, on which a matte's content or matte
    /// is drawn; handed back to `recycle` when done.
    func offscreen() throws -> Self
    func recycle(_ canvas: Self)
    /// The pixels, premultiplied, alpha in each 32-bit word's top byte (read in the machine's
    /// order); to be written through only as `didWrite` then says.
    func pixels() throws -> PixelTarget
    /// The box drawn on so far (nil: nothing), or all of the canvas where it is not tracked.
    var drawn: PixelBox? { get }
    /// Where a matte's result may be painted straight in, with the clip in force: nil where the
    /// canvas cannot be written pixel by pixel now (then `composite` draws it).
    func directTarget() throws -> (target: PixelTarget, clip: ClipMask?)?
    /// Pixels were written within `box` through `pixels()` or `directTarget()`.
    func didWrite(_ box: PixelBox)
    /// `layer`'s pixels within `box` drawn over this canvas through its clip. Below `alpha` 1
    /// the backdrop is first faded by it and the layer drawn at it (then `box` is all of it).
    func composite(_ layer: Self, box: PixelBox, alpha: Double) throws
}
