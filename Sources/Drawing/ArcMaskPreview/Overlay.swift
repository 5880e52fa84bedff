import ArcMaskCairo
import ArcMaskCompositor
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// The composite with the trick made visible: each visible slice tinted, its seams outlined,
/// and each frame's number written over its part of the view.
public enum Overlay {
    /// What the widget shows at rotation `phi` (degrees), with the overlay drawn on top.
    public static func render(
        _ compositor: ArcCompositor, rotation phi: Double, images: FrameImages
    ) throws -> PixelBuffer {
        let surface = try compositor.surface(rotation: phi, images: images)
        try draw(compositor, over: surface, phi: phi)
        return surface.pixelBuffer()
    }

    /// Draws the overlay over a composite `compositor` drew at rotation `phi`.
    static func draw(_ compositor: ArcCompositor, over surface: Surface, phi: Double) throws {
        let ctx = try Context(surface)
        draw(compositor, on: ctx, phi: phi)
        try ctx.status()
    }

    static func draw(_ compositor: ArcCompositor, on ctx: Context, phi: Double) {
        let plan = compositor.plan
        let s = plan.scale
        let c = plan.center
        let palette: [Color] = [
            Color(0.9, 0.2, 0.2), Color(0.2, 0.6, 0.95), Color(0.25, 0.8, 0.3), Color(0.95, 0.7, 0.1),
            Color(0.7, 0.3, 0.9),
        ]
        for i in compositor.coverage.candidates(rotation: phi) {
            let layer = plan.layers[i]
            let tint = palette[layer.frame % palette.count]
            ctx.setSource(tint.withAlpha(0.22))
            compositor.strokeLayer(ctx, i, phi: phi)
            // Seams: the arc's ends (with caps, the line the cap edge draws).
            let half = plan.cap == .square ? plan.lineWidth / 2 : 0
            for (angle, sign) in [(layer.startAngle + phi, -1.0), (layer.endAngle + phi, 1.0)] {
                let u = (cos(radians(angle)), sin(radians(angle)))
                let t = (-u.1 * sign, u.0 * sign)
                let inner = plan.radius - plan.lineWidth / 2, outer = plan.radius + plan.lineWidth / 2
                ctx.move(to: (c.x + u.0 * inner + t.0 * half) * s, (c.y + u.1 * inner + t.1 * half) * s)
                ctx.line(to: (c.x + u.0 * outer + t.0 * half) * s, (c.y + u.1 * outer + t.1 * half) * s)
                ctx.setSource(Color(1, 1, 1, 0.95))
                ctx.setLineWidth(3)
                ctx.setLineCap(.butt)
                ctx.stroke(preserve: true)
                ctx.setSource(Color(tint.r * 0.6, tint.g * 0.6, tint.b * 0.6))
                ctx.setLineWidth(1.2)
                ctx.stroke()
            }
        }
        // Label each frame at the middle of its visible part along the top edge.
        let size = compositor.pixelSize
        ctx.setFont(size: max(12, 0.08 * Double(size.height)), bold: true)
        for (frame, x) in ArcLabels(coverage: compositor.coverage).labels(phi: phi) {
            ctx.move(to: x * s - 0.03 * Double(size.width), 0.14 * Double(size.height))
            ctx.textPath("\(frame)")
            ctx.setSource(Color(0, 0, 0, 0.8))
            ctx.setLineWidth(4)
            ctx.stroke(preserve: true)
            ctx.setSource(.white)
            ctx.fill()
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
