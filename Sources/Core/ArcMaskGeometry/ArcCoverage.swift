import Foundation

/// A plan prepared for fast questions about what covers the view at a rotation.
///
/// Angles here are degrees, unrotated layer angles plus the rotation φ. The view spans the
/// angles `view.minAngle…view.maxAngle` as seen from the circle centre.
public struct ArcCoverage: Sendable {
    public let plan: ArcPlan
    public let view: ViewGeometry
    /// How far a square cap reaches past an arc's end, as an angle at the band's inner edge.
    public let capAngle: Double
    /// Extra angle kept around the view when choosing layers (two pixels at the nearest radius).
    public let marginAngle: Double
    /// The bands the layers' curves stroke.
    public let band: DrawnBand
    private let buckets: [[Int32]]?
    /// Whether questions walk angular buckets (false: each question tests every layer once).
    public var usesBuckets: Bool { buckets != nil }
    private static let bucketCount = 2048

    public init(_ plan: ArcPlan) {
        self.plan = plan
        view = plan.viewGeometry
        band = DrawnBand(plan)
        let inner = max(1e-9, plan.radius - plan.lineWidth / 2)
        capAngle = plan.cap == .square ? degrees(atan((plan.lineWidth / 2) / inner)) : 0
        marginAngle = min(360, degrees(2 / (plan.scale * max(1e-9, view.nearestRadius))))
        // Each bucket lists the layers whose extended arc touches its angular range. When the
        // margins are wide (a view a few pixels across), most layers would sit in most buckets:
        // then there are no buckets and every question tests each layer once.
        let width = 360 / Double(Self.bucketCount)
        let reach = capAngle + marginAngle
        let spans = plan.layers.map { layer -> (first: Int, last: Int)? in
            let lo = layer.startAngle - reach, hi = layer.endAngle + reach
            guard hi - lo < 360 else { return nil }
            return (Int((lo / width).rounded(.down)), Int((hi / width).rounded(.down)))
        }
        var entries = 0
        for span in spans { entries += span.map { $0.last - $0.first + 1 } ?? Self.bucketCount }
        let viewBuckets = (view.maxAngle - view.minAngle + 2 * marginAngle) / width + 1
        let walk = Double(entries) * min(1, viewBuckets / Double(Self.bucketCount))
        guard walk <= Double(plan.layers.count) / 2 else {
            buckets = nil
            return
        }
        var b = [[Int32]](repeating: [], count: Self.bucketCount)
        for (i, span) in spans.enumerated() {
            guard let (first, last) = span else {
                for k in 0..<Self.bucketCount { b[k].append(Int32(i)) }
                continue
            }
            for k in first...last {
                let slot = ((k % Self.bucketCount) + Self.bucketCount) % Self.bucketCount
                if b[slot].last != Int32(i) { b[slot].append(Int32(i)) }
            }
        }
        buckets = b
    }

    /// Layers (indexes into `plan.layers`, in ZStack order) whose stroked arc can reach the
    /// view at rotation `phi`: drawing only these gives the same picture as drawing all.
    public func candidates(rotation phi: Double) -> [Int] {
        let width = 360 / Double(Self.bucketCount)
        let lo = view.minAngle - phi - marginAngle, hi = view.maxAngle - phi + marginAngle
        // A range of a full turn or more (degenerate geometry) looks at every bucket once.
        let full = !(hi - lo < 360)
        let first = full ? 0 : Int((lo / width).rounded(.down))
        let last = full ? Self.bucketCount - 1 : Int((hi / width).rounded(.down))
        var out: [Int] = []
        guard let buckets else {
            return plan.layers.indices.filter { reaches($0, phi: phi) }.sorted {
                plan.layers[$0].zIndex < plan.layers[$1].zIndex
            }
        }
        if first >= last {
            for i in buckets[((first % Self.bucketCount) + Self.bucketCount) % Self.bucketCount]
            where reaches(Int(i), phi: phi) {
                out.append(Int(i))
            }
        } else {
            var seen = Set<Int32>()
            for k in first...last {
                for i in buckets[((k % Self.bucketCount) + Self.bucketCount) % Self.bucketCount]
                where seen.insert(i).inserted {
                    if reaches(Int(i), phi: phi) { out.append(Int(i)) }
                }
            }
        }
        out.sort { plan.layers[$0].zIndex < plan.layers[$1].zIndex }
        return out
    }

    /// Does layer `i`'s extended arc overlap the view's angles at rotation `phi`?
    func reaches(_ i: Int, phi: Double) -> Bool {
        rotatedInterval(i, phi: phi) != nil
    }

    /// Layer `i`'s arc at rotation `phi`, shifted by whole turns to lie over the view;
    /// nil when it does not reach the view.
    public func rotatedInterval(_ i: Int, phi: Double) -> (start: Double, end: Double)? {
        let layer = plan.layers[i]
        let a = layer.startAngle + phi - capAngle - marginAngle
        let b = layer.endAngle + phi + capAngle + marginAngle
        let c = view.minAngle, d = view.maxAngle
        if b - a >= 360 {
            // A full turn or more: shift it so it starts at or before the view.
            let m = ((c - (layer.startAngle + phi)) / 360).rounded(.down)
            let start = layer.startAngle + phi + 360 * m, end = layer.endAngle + phi + 360 * m
            // An arc of a full turn (a still's ring) covers every angle: its interval reaches past the view.
            return (start, layer.endAngle - layer.startAngle >= 360 ? max(end, d + 1) : end)
        }
        let m = ((c - b) / 360).rounded(.up)
        guard a + 360 * m <= d else { return nil }
        return (layer.startAngle + phi + 360 * m, layer.endAngle + phi + 360 * m)
    }

    /// Does layer `i` cover the whole view, every pixel completely (its arc's ends at least
    /// two pixels outside the view's angles, and its drawn band at least two pixels beyond it)?
    public func coversView(_ i: Int, phi: Double) -> Bool {
        guard bandMarginPixels - band.innerExcursion[i] * plan.scale >= 2, let (s, e) = rotatedInterval(i, phi: phi)
        else { return false }
        return s <= view.minAngle - marginAngle && e >= view.maxAngle + marginAngle
    }

    /// How far the circle's stroked band reaches past the view's nearest and farthest points, in
    /// pixels, from the geometry itself (a plan's figures may describe another view); a layer's
    /// curves take up to `band.innerExcursion` of it on the inner side.
    public var bandMarginPixels: Double {
        let half = plan.lineWidth / 2
        return min(view.nearestRadius - (plan.radius - half), (plan.radius + half) - view.farthestRadius) * plan.scale
    }

    /// Is the point (x, y) (view points) covered by layer `i` at rotation `phi`:
    /// inside the band its curves stroke, within its arc's angles, or inside one of its square caps?
    public func covers(_ i: Int, x: Double, y: Double, phi: Double) -> Bool {
        let layer = plan.layers[i]
        let cx = plan.viewWidth / 2, cy = plan.viewHeight / 2 + plan.centerOffset
        let dx = x - cx, dy = y - cy
        let rho = (dx * dx + dy * dy).squareRoot()
        let half = plan.lineWidth / 2
        let a = layer.startAngle + phi, b = layer.endAngle + phi
        if rho >= plan.radius - half && rho <= plan.radius + half + band.outerExcursion[i] {
            var theta = degrees(atan2(dy, dx))
            theta += 360 * ((a - theta) / 360).rounded(.up)  // smallest θ + 360k ≥ a
            if theta <= b && band.contains(i, rho: rho, theta: theta - phi) { return true }
        }
        guard plan.cap == .square else { return false }
        for (angle, sign) in [(b, 1.0), (a, -1.0)] {
            let ux = cos(radians(angle)), uy = sin(radians(angle))
            let r = dx * ux + dy * uy - plan.radius
            let s = (-dx * uy + dy * ux) * sign
            if abs(r) <= half && s >= 0 && s <= half { return true }
        }
        return false
    }
}
