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

    /// Strokes layer `i`'s curves (`ArcLayer.curves`, as the view draws them) with the current
    /// source, in pixel space.
    public func strokeLayer(_ ctx: Context, _ i: Int, phi: Double) {
        let layer = plan.layers[i]
        let s = plan.scale
        ctx.newPath()
        ctx.setLineWidth(plan.lineWidth * s)
        ctx.setLineCap(plan.cap)
        // Curves flattened within a hundredth of a pixel: a strip is a gap from 1/8 of one deep.
        ctx.setTolerance(Self.tolerancePixels)
        let from = layer.startAngle + phi, to = layer.endAngle + phi
        guard (plan.centerOffset + plan.radius) * s > Self.farPixels else {
            trace(ctx, layer.curves, rotation: phi, from: -.infinity, to: .infinity)
            ctx.stroke()
            return
        }
        // A circle this large reaches past cairo's fixed-point coordinates (about ±8.4 million
        // pixels): only the part of the curves near the view is drawn, with a margin wider than
        // the view and a cap, so the clipped ends fall outside it.
        let view = plan.viewGeometry
        let margin = view.angularWidth + degrees(plan.lineWidth / plan.radius)
        let low = view.minAngle - margin, high = view.maxAngle + margin
        let turns = ((low - to) / 360).rounded(.up)
        var k = turns
        while from + 360 * k < high {
            if trace(ctx, layer.curves, rotation: phi + 360 * k, from: low, to: high) { ctx.stroke() }
            k += 1
        }
    }

    /// Adds to the path the part of `curves`, turned by `rotation`, between the angles `low` and
    /// `high` (degrees): whole curves, or the piece of a curve between two of its parameters (a
    /// cubic cut by de Casteljau's construction is the same curve). Whether it added anything.
    @discardableResult
    private func trace(
        _ ctx: Context, _ curves: [ArcCurve], rotation: Double, from low: Double, to high: Double
    )
        -> Bool
    {
        let s = plan.scale
        let c = plan.center
        var started = false
        for curve in curves {
            let a = curve.startAngle + rotation, b = curve.endAngle + rotation
            guard min(b, high) > max(a, low) else { continue }
            var p = curve.points(cx: c.x * s, cy: c.y * s, radius: plan.radius * s, rotation: rotation)
            if a < low || b > high {
                let t0 = a < low ? curve.parameter(atAngle: low - rotation) : 0
                let t1 = b > high ? curve.parameter(atAngle: high - rotation) : 1
                p = Self.cut(p, from: t0, to: t1)
            }
            if !started {
                ctx.move(to: p[0].x, p[0].y)
                started = true
            }
            ctx.curve(p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y)
        }
        return started
    }

    /// The piece of the cubic `p` between parameters `t0` and `t1`, as a cubic.
    static func cut(_ p: [(x: Double, y: Double)], from t0: Double, to t1: Double) -> [(x: Double, y: Double)] {
        func split(
            _ q: [(x: Double, y: Double)], _ t: Double
        ) -> (left: [(x: Double, y: Double)], right: [(x: Double, y: Double)]) {
            func lerp(_ u: (x: Double, y: Double), _ v: (x: Double, y: Double)) -> (x: Double, y: Double) {
                (u.x + (v.x - u.x) * t, u.y + (v.y - u.y) * t)
            }
            let a = lerp(q[0], q[1]), b = lerp(q[1], q[2]), d = lerp(q[2], q[3])
            let e = lerp(a, b), f = lerp(b, d)
            let g = lerp(e, f)
            return ([q[0], a, e, g], [g, f, d, q[3]])
        }
        let right = t0 > 0 ? split(p, t0).right : p
        let t = t0 < 1 ? (t1 - t0) / (1 - t0) : 1
        return t < 1 ? split(right, t).left : right
    }

    /// How far from the curves the segments cairo strokes may lie, pixels.
    static let tolerancePixels = 0.01

    /// Beyond this many pixels from the view, arcs are drawn clipped to the view's angles.
    static let farPixels = 1_000_000.0
}
