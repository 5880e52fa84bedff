import ArcMaskCairo
import ArcMaskGeometry

/// The raster model: renders each reachable layer's stroked-arc mask with the compositor's
/// own path code into an 8-bit coverage surface, then traces every pixel to its frames.
///
/// Per pixel, going down the ZStack, a layer contributes its coverage times what the layers
/// above left uncovered. The frame with the largest contribution owns the pixel when it
/// contributes at least half; the pixel is a gap when less than 7/8 of it is covered. So a
/// seam pixel counts for the frame covering most of it, and the hairline left where two
/// antialiased butt ends meet counts as a gap where it makes a pixel visibly translucent.
public final class RasterModel: CoverageModel {
    public var kind: CoverageModelKind { .raster }
    public let compositor: ArcCompositor
    private var masks: [Surface] = []

    public init(_ plan: ArcPlan) {
        compositor = ArcCompositor(plan: plan)
    }

    public func observe(rotation phi: Double) -> Observation {
        let plan = compositor.plan
        let size = compositor.pixelSize
        let layers = compositor.coverage.candidates(rotation: phi)
        do {
            while masks.count < layers.count {
                masks.append(try Surface(width: size.width, height: size.height, format: .alpha))
            }
            for (slot, i) in layers.enumerated() {
                let mask = masks[slot]
                let ctx = try Context(mask)
                ctx.clear()
                ctx.setSource(.black)
                compositor.strokeLayer(ctx, i, phi: phi)
                try ctx.status()
                mask.flush()
            }
        } catch {
            preconditionFailure("cairo failed while tracing: \(error)")
        }
        var firstColumn = [Int](repeating: .max, count: layers.count)  // per layer: left-most column owned
        var gap = false
        let frames = layers.map { plan.layers[$0].frame }
        let strides = masks.prefix(layers.count).map(\.stride)
        let data = masks.prefix(layers.count).map(\.data)
        var contributions = [Double](repeating: 0, count: layers.count)
        for y in 0..<size.height {
            for x in 0..<size.width {
                var remaining = 1.0
                for k in stride(from: layers.count - 1, through: 0, by: -1) {
                    let c = Double(data[k][y * strides[k] + x]) / 255 * remaining
                    contributions[k] = c
                    remaining -= c
                }
                if 1 - remaining < 7.0 / 8 { gap = true }
                var best = -1, bestValue = 0.0
                for k in 0..<layers.count where contributions[k] > bestValue {
                    best = k; bestValue = contributions[k]
                }
                if best >= 0 && bestValue >= 0.5 && firstColumn[best] > x { firstColumn[best] = x }
            }
        }
        var owned: [Int: Int] = [:]  // frame → left-most column owned
        for (k, x) in firstColumn.enumerated() where x != .max { owned[frames[k]] = min(owned[frames[k]] ?? .max, x) }
        return Observation(frames: owned.sorted { $0.value < $1.value }.map(\.key), gap: gap)
    }
}
