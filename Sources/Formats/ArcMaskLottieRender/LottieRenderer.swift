import ArcMaskCairo
import ArcMaskLottie
import ArcMaskLottieCanvas
import ArcMaskRaster
import ArcMaskValues
import Foundation

/// Draws an animation's frames on cairo: the evaluator's commands read by `LottieDrawing` onto
/// a `CairoLottieCanvas`, as lottie-web's canvas renderer executes its own (clips for masks,
/// per-draw opacity and blend, mattes composited from separate layers). The renderer keeps what
/// its frames share: image assets and their halved copies, the surfaces mattes are drawn on,
/// the rasterizer. One renderer draws on one thread at a time.
public final class LottieRenderer {
    /// Changes whenever the same file would draw differently (it keys the render cache).
    public static let revision = 6

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
    private var spare: [(surface: Surface, drawn: CairoLottieCanvas.Drawn)] = []

    /// A cleared frame-sized surface: a kept one has only the box drawn on it cleared.
    func scratch(_ size: PixelSize) throws -> (surface: Surface, drawn: CairoLottieCanvas.Drawn) {
        if let k = spare.lastIndex(where: { $0.surface.width == size.width && $0.surface.height == size.height }) {
            let (s, drawn) = spare.remove(at: k)
            if let box = drawn.box {
                s.flush()
                for y in box.y0..<box.y1 {
                    (s.data + y * s.stride + box.x0 * 4).update(repeating: 0, count: (box.x1 - box.x0) * 4)
                }
                s.markDirty()
            }
            return (s, CairoLottieCanvas.Drawn(width: size.width, height: size.height))
        }
        if spare.count > 8 { spare.removeFirst() }
        return (
            try Surface(width: size.width, height: size.height),
            CairoLottieCanvas.Drawn(width: size.width, height: size.height)
        )
    }

    /// A surface from `scratch` handed back, to be cleared where it was drawn on when next used.
    func keep(_ surface: Surface, _ drawn: CairoLottieCanvas.Drawn) { spare.append((surface, drawn)) }

    /// Halved copies of each image (level 1 is half the size, 2 a quarter, …), made on demand.
    private var mips: [String: [Surface]] = [:]

    /// The image, or its smallest halved copy still at least as large as it is drawn.
    func reduced(_ id: String, _ image: Surface, scale: Double) throws -> Surface {
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
        let canvas = try CairoLottieCanvas(surface, renderer: self, tracked: nil)
        try LottieDrawing.draw(commands, composition: (animation.width, animation.height), fit: fit, on: canvas)
        try canvas.ctx.status()
        surface.flush()
        return surface
    }

    private var raster: Rasterizer?

    /// The rasterizer a frame's canvases share, kept between frames of one size.
    func rasterizer(_ size: PixelSize) -> Rasterizer { Rasterizer.sized(size.width, size.height, reusing: &raster) }
}
