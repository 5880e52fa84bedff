internal import CCairo
import ArcMaskCore
import ArcMaskGeometry
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

    /// The composite at rotation `phi` (degrees).
    ///
    /// With `.reachable`, layers under the highest one that covers every pixel of the view
    /// with an opaque image are skipped too; when that layer is the top one, the result is
    /// its image as is.
    public func render(rotation phi: Double, images: FrameImages, layers: LayerSelection = .reachable,
                       overlay: Bool = false) throws -> PixelBuffer {
        var indexes = layers == .all ? Array(plan.layers.indices).sorted { plan.layers[$0].zIndex < plan.layers[$1].zIndex }
                                     : coverage.candidates(rotation: phi)
        var opaqueCover: Int? = nil
        if layers == .reachable {
            for (k, i) in indexes.enumerated().reversed() where coverage.coversView(i, phi: phi) {
                if try images.isOpaque(plan.layers[i].frame) { opaqueCover = k; break }
            }
        }
        if let k = opaqueCover {
            if k == indexes.count - 1 && !overlay { return try images.image(plan.layers[indexes[k]].frame) }
            indexes.removeFirst(k)
        }
        let target = try CairoSurface(width: pixelSize.width, height: pixelSize.height, format: .argb)
        let ctx = try CairoContext(target)
        for i in indexes {
            let image = try images.surface(plan.layers[i].frame)
            cairo_set_source_surface(ctx.cr, image.surface, 0, 0)
            strokeLayer(ctx, i, phi: phi)
        }
        if overlay { drawOverlay(ctx, phi: phi, layers: coverage.candidates(rotation: phi)) }
        try ctx.status()
        return target.pixelBuffer()
    }

    /// The composite at time `t` seconds.
    public func render(time t: Double, images: FrameImages, overlay: Bool = false) throws -> PixelBuffer {
        try render(rotation: plan.rotation(at: t), images: images, overlay: overlay)
    }

    /// Strokes layer `i`'s arc with the current source, in pixel space.
    func strokeLayer(_ ctx: CairoContext, _ i: Int, phi: Double) {
        let layer = plan.layers[i]
        let s = plan.scale
        let c = plan.center
        cairo_new_path(ctx.cr)
        cairo_set_line_width(ctx.cr, plan.lineWidth * s)
        cairo_set_line_cap(ctx.cr, plan.cap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_arc(ctx.cr, c.x * s, c.y * s, plan.radius * s,
                  radians(layer.startAngle + phi), radians(layer.endAngle + phi))
        cairo_stroke(ctx.cr)
    }

    /// Tints each visible slice, outlines the seams and labels the frames.
    func drawOverlay(_ ctx: CairoContext, phi: Double, layers: [Int]) {
        let s = plan.scale
        let c = plan.center
        let palette: [(Double, Double, Double)] = [(0.9, 0.2, 0.2), (0.2, 0.6, 0.95), (0.25, 0.8, 0.3), (0.95, 0.7, 0.1), (0.7, 0.3, 0.9)]
        for i in layers {
            let layer = plan.layers[i]
            let (r, g, b) = palette[layer.frame % palette.count]
            cairo_set_source_rgba(ctx.cr, r, g, b, 0.22)
            strokeLayer(ctx, i, phi: phi)
            // Seams: the arc's ends (with caps, the line the cap edge draws).
            let half = plan.cap == .square ? plan.lineWidth / 2 : 0
            for (angle, sign) in [(layer.startAngle + phi, -1.0), (layer.endAngle + phi, 1.0)] {
                let u = (cos(radians(angle)), sin(radians(angle)))
                let t = (-u.1 * sign, u.0 * sign)
                let inner = plan.radius - plan.lineWidth / 2, outer = plan.radius + plan.lineWidth / 2
                cairo_move_to(ctx.cr, (c.x + u.0 * inner + t.0 * half) * s, (c.y + u.1 * inner + t.1 * half) * s)
                cairo_line_to(ctx.cr, (c.x + u.0 * outer + t.0 * half) * s, (c.y + u.1 * outer + t.1 * half) * s)
                cairo_set_source_rgba(ctx.cr, 1, 1, 1, 0.95)
                cairo_set_line_width(ctx.cr, 3)
                cairo_set_line_cap(ctx.cr, CAIRO_LINE_CAP_BUTT)
                cairo_stroke_preserve(ctx.cr)
                cairo_set_source_rgba(ctx.cr, r * 0.6, g * 0.6, b * 0.6, 1)
                cairo_set_line_width(ctx.cr, 1.2)
                cairo_stroke(ctx.cr)
            }
        }
        // Label each frame at the middle of its visible part along the top edge.
        cairo_select_font_face(ctx.cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(ctx.cr, max(12, 0.08 * Double(pixelSize.height)))
        let model = ArcLabels(coverage: coverage)
        for (frame, x) in model.labels(phi: phi) {
            let text = "\(frame)"
            cairo_move_to(ctx.cr, x * s - 0.03 * Double(pixelSize.width), 0.14 * Double(pixelSize.height))
            cairo_text_path(ctx.cr, text)
            cairo_set_source_rgba(ctx.cr, 0, 0, 0, 0.8)
            cairo_set_line_width(ctx.cr, 4)
            cairo_stroke_preserve(ctx.cr)
            cairo_set_source_rgba(ctx.cr, 1, 1, 1, 1)
            cairo_fill(ctx.cr)
        }
    }
}

/// Where to write each visible frame's number in an overlay.
struct ArcLabels {
    let coverage: ArcCoverage

    /// (frame, x in points) for every frame owning part of the view's middle row.
    func labels(phi: Double) -> [(Int, Double)] {
        let plan = coverage.plan
        let w = plan.viewWidth, y = plan.viewHeight / 2
        let steps = 64
        let candidates = coverage.candidates(rotation: phi)
        var runs: [(frame: Int, from: Double, to: Double)] = []
        for k in 0..<steps {
            let x = (Double(k) + 0.5) / Double(steps) * w
            let top = candidates.last { coverage.covers($0, x: x, y: y, phi: phi) }
            guard let top else { continue }
            let f = plan.layers[top].frame
            if let last = runs.last, last.frame == f { runs[runs.count - 1].to = x } else { runs.append((f, x, x)) }
        }
        return runs.map { ($0.frame, ($0.from + $0.to) / 2) }
    }
}
