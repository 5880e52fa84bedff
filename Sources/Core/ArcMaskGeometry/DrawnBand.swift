import Foundation

/// A strip of the view the band of one layer leaves uncovered along the view's bottom edge,
/// where the layer's curves stray from the circle farther than the band's margin.
public struct BandStrip: Codable, Sendable, Equatable {
    /// The layer (index into the plan's layers) and the frame it shows.
    public var layer: Int
    public var frame: Int
    /// How far above the view's bottom edge the band's inner edge reaches at worst, points (at
    /// most the view's height: the whole view uncovered).
    public var depthPoints: Double
    /// How much of a turn it shows, degrees (to be read as a share of the period).
    public var degrees: Double

    public init(layer: Int, frame: Int, depthPoints: Double, degrees: Double) {
        self.layer = layer
        self.frame = frame
        self.depthPoints = depthPoints
        self.degrees = degrees
    }
}

/// The bands the layers' curves stroke (`ArcLayer.curves`), as the phone fills them: each curve's
/// stroke lies between its offset curves (`CurveShape`), which stray outward from the circle's
/// band by up to the curve's distance from the circle. Curves within 10⁻⁶ pt of their circle
/// are taken as the circle.
///
/// Outward only: the inner edge rises toward the view, and where it rises past the view's bottom
/// edge it leaves a strip of background there (`strips`); the outer edge only covers more.
public struct DrawnBand: Sendable {
    struct Piece: Sendable {
        let start: Double
        let end: Double
        let mid: Double
        /// Index into `shapes`; nil: drawn as its circle.
        let shape: Int?
    }

    let radius: Double
    let half: Double
    let shapes: [CurveShape]
    let pieces: [[Piece]]
    /// Per layer: the farthest its inner and outer edges stray past the circle band's, points.
    public let innerExcursion: [Double]
    public let outerExcursion: [Double]
    /// The layers whose inner edge leaves a strip of the view uncovered (see `BandStrip`).
    public let strips: [BandStrip]
    /// The rotations (degrees in [0, 360), sorted, disjoint) at which some strip shows.
    public let stripRotations: [(Double, Double)]

    /// Curves closer to their circle than this are drawn as the circle, points.
    static let negligible = 1e-6

    public init(_ plan: ArcPlan) {
        radius = plan.radius
        half = plan.lineWidth / 2
        var shapes: [CurveShape] = []
        var bySweep: [Double: Int] = [:]
        var pieces: [[Piece]] = []
        var inner: [Double] = [], outer: [Double] = []
        for layer in plan.layers {
            var row: [Piece] = []
            var i = 0.0, o = 0.0
            for c in layer.curves {
                var index: Int? = nil
                if c.deviation(radius: plan.radius) > Self.negligible {
                    if let k = bySweep[c.sweep] {
                        index = k
                    } else {
                        shapes.append(CurveShape(sweepDegrees: c.sweep, radius: plan.radius, halfWidth: half))
                        index = shapes.count - 1
                        bySweep[c.sweep] = index
                    }
                    i = max(i, shapes[index!].peak.inner)
                    o = max(o, shapes[index!].peak.outer)
                }
                row.append(Piece(start: c.startAngle, end: c.endAngle, mid: c.midAngle, shape: index))
            }
            pieces.append(row)
            inner.append(i)
            outer.append(o)
        }
        self.shapes = shapes
        self.pieces = pieces
        innerExcursion = inner
        outerExcursion = outer
        (strips, stripRotations) = Self.strips(plan, shapes: shapes, pieces: pieces, inner: inner)
    }

    /// Is the point at distance `rho` from the centre and unrotated angle `theta` (degrees, inside
    /// layer `i`'s arc) inside the layer's band?
    public func contains(_ i: Int, rho: Double, theta: Double) -> Bool {
        let lo = radius - half, hi = radius + half
        guard rho >= lo, rho <= hi + outerExcursion[i] else { return false }
        if rho >= lo + innerExcursion[i] && rho <= hi { return true }
        let row = pieces[i]
        guard let piece = row.first(where: { theta <= $0.end }) ?? row.last, let k = piece.shape else {
            return rho <= hi
        }
        let shape = shapes[k]
        let psi = radians(theta - piece.mid)
        if rho - lo < shape.peak.inner, rho - lo < shape.excursion(atAngle: psi, side: -1) { return false }
        if rho > hi, rho - hi > shape.excursion(atAngle: psi, side: 1) { return false }
        return true
    }

    /// The unrotated angles (degrees) at which an edge of layer `i`'s band passes the distance
    /// `rho` from the centre where its curves stray from the circle (the circle's own edges are
    /// the caller's).
    public func edgeCrossings(_ i: Int, rho: Double) -> [Double] {
        var out: [Double] = []
        for piece in pieces[i] {
            guard let k = piece.shape else { continue }
            let shape = shapes[k]
            for side in [-1.0, 1] {
                guard let (u1, u2) = shape.crossings(level: rho - (radius + side * half), side: side) else { continue }
                for u in [u1, u2] {
                    let psi = degrees(shape.angle(u, side: side))
                    out += [piece.mid + psi, piece.mid - psi]
                }
            }
        }
        return out
    }

    /// Is a strip showing at rotation `phi` (degrees)?
    public func stripShows(rotation phi: Double) -> Bool {
        guard !stripRotations.isEmpty else { return false }
        let v = phi.truncatingRemainder(dividingBy: 360)
        let x = v < 0 ? v + 360 : v
        var lo = 0, hi = stripRotations.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if stripRotations[mid].1 < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < stripRotations.count && stripRotations[lo].0 <= x
    }

    /// The strips along the view's bottom edge: the row of points 1/8 pixel above it (a pixel is a
    /// gap when under 7/8 of it is covered), at every pixel's centre and 1/8 pixel inside each
    /// corner. A point is uncovered while its distance from the centre lies below the inner
    /// edge: from the rising to the falling crossing of its level on either side of a curve's
    /// middle. Each layer's rotations are merged, and all layers' for the model's questions.
    static func strips(
        _ plan: ArcPlan, shapes: [CurveShape], pieces: [[Piece]], inner: [Double]
    ) -> ([BandStrip], [(Double, Double)]) {
        let s = plan.scale
        let view = plan.viewGeometry
        let lo = plan.radius - plan.lineWidth / 2
        let c = plan.center
        let inset = 1 / (8 * s)
        let y = plan.viewHeight - inset
        let xs = [inset] + (0..<plan.pixelWidth).map { (Double($0) + 0.5) / s } + [plan.viewWidth - inset]
        let probes = xs.map { x -> (level: Double, theta: Double) in
            let dx = x - c.x, dy = y - c.y
            return ((dx * dx + dy * dy).squareRoot() - lo, degrees(atan2(dy, dx)))
        }
        guard let lowest = probes.map(\.level).min(), inner.contains(where: { $0 > lowest }) else { return ([], []) }
        var strips: [BandStrip] = []
        var all: [(Double, Double)] = []
        for (i, row) in pieces.enumerated() where inner[i] > lowest {
            var spans: [(Double, Double)] = []
            for piece in row {
                guard let k = piece.shape, shapes[k].peak.inner > lowest else { continue }
                let shape = shapes[k]
                for p in probes {
                    guard let (u1, u2) = shape.crossings(level: p.level, side: -1) else { continue }
                    let a = degrees(shape.angle(u1, side: -1)), b = degrees(shape.angle(u2, side: -1))
                    // Uncovered while the point's unrotated angle lies in mid ± (a, b).
                    spans.append((p.theta - piece.mid - b, b - a))
                    spans.append((p.theta - piece.mid + a, b - a))
                }
            }
            let merged = merge(spans)
            guard !merged.isEmpty else { continue }
            strips.append(
                BandStrip(
                    layer: i, frame: plan.layers[i].frame,
                    depthPoints: min(plan.viewHeight, inner[i] - (view.nearestRadius - lo)),
                    degrees: merged.reduce(0) { $0 + $1.1 - $1.0 }))
            all += merged.map { ($0.0, $0.1 - $0.0) }
        }
        return (strips, merge(all))
    }

    /// Intervals given as (start, length) in degrees, folded onto [0, 360), sorted and merged.
    static func merge(_ spans: [(Double, Double)]) -> [(Double, Double)] {
        var pieces: [(Double, Double)] = []
        for (start, length) in spans where length > 0 {
            guard length < 360 else { return [(0, 360)] }
            let v = start.truncatingRemainder(dividingBy: 360)
            let a = v < 0 ? v + 360 : v
            if a + length <= 360 {
                pieces.append((a, a + length))
            } else {
                pieces.append((a, 360))
                pieces.append((0, a + length - 360))
            }
        }
        pieces.sort { $0.0 < $1.0 }
        var out: [(Double, Double)] = []
        for p in pieces {
            if let last = out.last, p.0 <= last.1 {
                out[out.count - 1].1 = max(last.1, p.1)
            } else {
                out.append(p)
            }
        }
        return out
    }
}
