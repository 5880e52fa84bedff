import ArcMaskCairo
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// Renders what the widget shows: every layer's frame, masked by its real stroked arc
/// (radius, width, caps) rotated by φ about the circle centre, in ZStack order, source-over,
/// on a transparent background.
public final class ArcCompositor {
    public let plan: ArcPlan
    public let coverage: ArcCoverage
    public let pixelSize: PixelSize

    public init(plan: ArcPlan) {
        self.plan = plan
        coverage = ArcCoverage(plan)
        pixelSize = PixelSize(width: plan.pixelWidth, height: plan.pixelHeight)
    }

    /// Which layers to draw at rotation φ. `all` draws every layer, as the widget does; the
    /// default draws only those whose stroke can reach the view, with the same result.
    public enum LayerSelection: Sendable { case reachable, all }

    /// The composite at rotation `phi` (degrees), as a surface to draw more on.
    ///
    /// With `.reachable`, layers under the highest one that covers every pixel of the view
    /// with an opaque image are skipped too.
    public func surface(
        rotation phi: Double, images: FrameImages, layers: LayerSelection = .reachable
    ) throws -> Surface {
        try draw(layersToDraw(phi, images: images, layers: layers).indexes, phi: phi, images: images)
    }

    private func draw(_ indexes: [Int], phi: Double, images: FrameImages) throws -> Surface {
        let target = try Surface(width: pixelSize.width, height: pixelSize.height)
        let ctx = try Context(target)
        for i in indexes {
            ctx.setSource(try images.surface(plan.layers[i].frame), filter: .good)
            strokeLayer(ctx, i, phi: phi)
        }
        try ctx.status()
        return target
    }

    /// The composite at rotation `phi` (degrees), straight RGBA. When the top layer drawn
    /// covers the view with an opaque image, the result is that image as is.
    public func render(
        rotation phi: Double, images: FrameImages, layers: LayerSelection = .reachable
    ) throws -> PixelBuffer {
        let (indexes, coveredByTop) = try layersToDraw(phi, images: images, layers: layers)
        if coveredByTop, let top = indexes.last { return try images.image(plan.layers[top].frame) }
        return try draw(indexes, phi: phi, images: images).pixelBuffer()
    }

    /// The composite at time `t` seconds.
    public func render(time t: Double, images: FrameImages) throws -> PixelBuffer {
        try render(rotation: plan.rotation(at: t), images: images)
    }

    /// The layers to draw, bottom to top, and whether the top one alone covers the view opaquely.
    private func layersToDraw(
        _ phi: Double, images: FrameImages, layers: LayerSelection
    ) throws
        -> (indexes: [Int], coveredByTop: Bool)
    {
        if layers == .all {
            return (plan.layers.indices.sorted { plan.layers[$0].zIndex < plan.layers[$1].zIndex }, false)
        }
        var indexes = coverage.candidates(rotation: phi)
        for (k, i) in indexes.enumerated().reversed() where coverage.coversView(i, phi: phi) {
            if try images.isOpaque(plan.layers[i].frame) {
                indexes.removeFirst(k)
                return (indexes, indexes.count == 1)
            }
        }
        return (indexes, false)
    }

    /// Strokes layer `i`'s arc with the current source, in pixel space.
    public func strokeLayer(_ ctx: Context, _ i: Int, phi: Double) {
        let layer = plan.layers[i]
        let s = plan.scale
        let c = plan.center
        ctx.newPath()
        ctx.setLineWidth(plan.lineWidth * s)
        ctx.setLineCap(plan.cap)
        let from = layer.startAngle + phi, to = layer.endAngle + phi
        guard (plan.centerOffset + plan.radius) * s > Self.farPixels else {
            ctx.arc(cx: c.x * s, cy: c.y * s, radius: plan.radius * s, from: radians(from), to: radians(to))
            ctx.stroke()
            return
        }
        // A circle this large reaches past cairo's fixed-point coordinates (about ±8.4 million
        // pixels): only the part of the arc near the view is drawn, with a margin wider than the
        // view and a cap, so the clipped ends fall outside it.
        let view = plan.viewGeometry
        let margin = view.angularWidth + degrees(plan.lineWidth / plan.radius)
        let low = view.minAngle - margin, high = view.maxAngle + margin
        let turns = ((low - to) / 360).rounded(.up)
        var k = turns
        while from + 360 * k < high {
            let a = max(from + 360 * k, low), b = min(to + 360 * k, high)
            if a < b {
                ctx.arc(cx: c.x * s, cy: c.y * s, radius: plan.radius * s, from: radians(a), to: radians(b))
                ctx.stroke()
            }
            k += 1
        }
    }

    /// Beyond this many pixels from the view, arcs are drawn clipped to the view's angles.
    static let farPixels = 1_000_000.0
}
