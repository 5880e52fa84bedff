import ArcMaskValues
import Foundation

/// What one refresh shows, as a coverage model sees it.
public struct Observation: Sendable, Equatable {
    /// Frames that own at least one pixel, left to right.
    public var frames: [Int]
    /// Some part of the view shows the background (no layer, or a seam with both edges antialiased).
    public var gap: Bool

    public init(frames: [Int], gap: Bool) {
        self.frames = frames
        self.gap = gap
    }
}

/// Answers "what shows at rotation φ": exactly from geometry, or by tracing rendered pixels.
///
/// Both models count pixels the same way:
/// - a frame **owns** a pixel when it contributes at least half of it (for a straight edge
///   through a pixel, that is the side holding the pixel's centre);
/// - a pixel is a **gap** when less than 7/8 of it is covered (uncovered slivers thinner than
///   1/8 pixel, and seams where two antialiased edges meet but leave less than that, do not count).
public protocol CoverageModel {
    /// Which model this is, as reports name it.
    var kind: CoverageModelKind { get }
    func observe(rotation phi: Double) -> Observation
}

/// The two ways coverage is computed: exact geometry, or stroked arcs rasterised by cairo.
public enum CoverageModelKind: String, Codable, Sendable, CaseIterable {
    case analytic, raster
}

/// The exact-geometry model: no raster. Seams are straight lines near the view (radial lines
/// for butt caps, lines offset by half the stroke for square caps), so which frames own pixel
/// centres is decided on the first and last pixel rows (every row when a strip is narrower
/// than two pixels); gaps are tested at points 1/8 pixel inside the view's corners and its
/// bottom edge, against the band the layers' curves stroke (`DrawnBand`), sectors and caps, at
/// seams where two butt ends meet, and along the whole bottom edge where curves stray from the
/// circle past the band's margin (`DrawnBand.strips`).
public struct AnalyticModel: CoverageModel, Sendable {
    public var kind: CoverageModelKind { .analytic }
    public let coverage: ArcCoverage
    private let abutting: [Double]
    private let pixelWidth: Int
    private let pixelHeight: Int
    private let scale: Double

    public init(_ plan: ArcPlan) {
        coverage = ArcCoverage(plan)
        pixelWidth = plan.pixelWidth
        pixelHeight = plan.pixelHeight
        scale = plan.scale
        abutting = plan.cap == .butt ? AnalyticModel.abuttingSeams(plan.layers) : []
    }

    /// Unrotated angles where one layer's butt end meets another's start with no overlap.
    static func abuttingSeams(_ layers: [ArcLayer]) -> [Double] {
        func norm(_ a: Double) -> Double { let v = a.truncatingRemainder(dividingBy: 360); return v < 0 ? v + 360 : v }
        let starts = layers.map { norm($0.startAngle) }.sorted()
        var out: [Double] = []
        for l in layers {
            let e = norm(l.endAngle)
            if starts.contains(where: { abs($0 - e) < 1e-9 || abs(abs($0 - e) - 360) < 1e-9 }) { out.append(e) }
        }
        return out
    }

    public func observe(rotation phi: Double) -> Observation { look(rotation: phi).observation }

    /// Whether, at rotation φ, a strip under two pixels wide makes the model look at every pixel
    /// row (then what it sees can change between `criticalRotations()`).
    public func isNarrow(rotation phi: Double) -> Bool { look(rotation: phi).narrow }

    /// What `observe` answers, and whether it looked at every row (`isNarrow`).
    public func look(rotation phi: Double) -> (observation: Observation, narrow: Bool) {
        let plan = coverage.plan
        var candidates = coverage.candidates(rotation: phi)
        // Layers under one that covers the whole view cannot show.
        if let k = candidates.lastIndex(where: { coverage.coversView($0, phi: phi) }) {
            if k == candidates.count - 1 {
                return (Observation(frames: [plan.layers[candidates[k]].frame], gap: false), false)
            }
            candidates.removeFirst(k)
        }
        let shapes = candidates.compactMap { i -> Strip? in
            guard let (s, e) = coverage.rotatedInterval(i, phi: phi) else { return nil }
            return Strip(layer: i, frame: plan.layers[i].frame, start: s, end: e)
        }
        let top = 0.5 / scale, bottom = (Double(pixelHeight) - 0.5) / scale
        var owned = ownership(shapes, rows: [top, bottom])
        let narrow = owned.narrow
        if narrow {
            owned = ownership(shapes, rows: (0..<pixelHeight).map { (Double($0) + 0.5) / scale })
        }
        var frames: [Int] = []
        for (frame, _) in owned.frames.sorted(by: { $0.value < $1.value }) where !frames.contains(frame) {
            frames.append(frame)
        }
        return (Observation(frames: frames, gap: hasGap(candidates, phi: phi)), narrow)
    }

    /// One candidate layer at this rotation: its arc, shifted to lie over the view.
    struct Strip {
        let layer: Int
        let frame: Int
        let start: Double
        let end: Double
    }

    /// x (points) where the line at `angle`, offset `k` along its tangent, crosses row `y`.
    private func lineX(angle: Double, offset k: Double, y: Double) -> Double {
        let plan = coverage.plan
        let cx = plan.viewWidth / 2, cy = plan.viewHeight / 2 + plan.centerOffset
        let r = radians(angle)
        return cx + (k - (y - cy) * cos(r)) / (-sin(r))
    }

    /// Which frames own a pixel centre on the given rows (painter's order, top layer first),
    /// with each frame's left-most owned x; `narrow` when a strip bounded by two seams is
    /// under two pixels wide somewhere, so the caller should look at every row.
    private func ownership(_ strips: [Strip], rows: [Double]) -> (frames: [Int: Double], narrow: Bool) {
        let plan = coverage.plan
        let half = plan.cap == .square ? plan.lineWidth / 2 : 0
        let view = coverage.view
        let far = 30.0
        var frames: [Int: Double] = [:]
        var narrow = false
        let ordered = strips.sorted { plan.layers[$0.layer].zIndex > plan.layers[$1.layer].zIndex }
        for y in rows {
            var covered: [(Double, Double)] = []
            for s in ordered {
                let l = s.start < view.minAngle - far ? -Double.infinity : lineX(angle: s.start, offset: -half, y: y)
                let r = s.end > view.maxAngle + far ? Double.infinity : lineX(angle: s.end, offset: half, y: y)
                guard l < r else { continue }
                var pieces = [(l, r)]
                for c in covered { pieces = pieces.flatMap { subtract($0, c) } }
                for p in pieces {
                    let first = max(0, (p.0 * scale - 0.5).rounded(.up))
                    let last = min(Double(pixelWidth - 1), (p.1 * scale - 0.5).rounded(.down))
                    if first <= last {
                        frames[s.frame] = min(frames[s.frame] ?? .infinity, max(p.0, 0))
                    }
                    let bounded = p.0 > 0 && p.1 < plan.viewWidth
                    if bounded && (p.1 - p.0) * scale < 2 { narrow = true }
                }
                covered = union(covered, (l, r))
            }
        }
        return (frames, narrow)
    }

    /// Adds an interval to a sorted list of disjoint intervals, merging overlaps (stays short
    /// however many layers overlap).
    private func union(_ list: [(Double, Double)], _ new: (Double, Double)) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var merged = new
        var placed = false
        for iv in list {
            if iv.1 < merged.0 {
                out.append(iv)
            } else if iv.0 > merged.1 {
                if !placed { out.append(merged); placed = true }
                out.append(iv)
            } else {
                merged = (min(merged.0, iv.0), max(merged.1, iv.1))
            }
        }
        if !placed { out.append(merged) }
        return out
    }

    private func subtract(_ a: (Double, Double), _ b: (Double, Double)) -> [(Double, Double)] {
        if b.1 <= a.0 || b.0 >= a.1 { return [a] }
        var out: [(Double, Double)] = []
        if b.0 > a.0 { out.append((a.0, b.0)) }
        if b.1 < a.1 { out.append((b.1, a.1)) }
        return out
    }

    private func hasGap(_ candidates: [Int], phi: Double) -> Bool {
        let plan = coverage.plan
        // Curves that stray from the circle past the band's margin: a strip along the bottom edge.
        if coverage.band.stripShows(rotation: phi) { return true }
        let inset = 1 / (8 * scale)
        let w = plan.viewWidth, h = plan.viewHeight
        let probes = [
            (inset, inset), (w - inset, inset), (inset, h - inset), (w - inset, h - inset), (w / 2, h - inset),
        ]
        for (x, y) in probes where !candidates.contains(where: { coverage.covers($0, x: x, y: y, phi: phi) }) {
            return true
        }
        // Seams where two butt ends meet: both edges are antialiased, so the pixels they cross
        // are partly transparent: 1 − f(1 − f) covered for a pixel split f : 1 − f.
        let view = coverage.view
        for seam in abutting {
            var angle = seam + phi
            angle += 360 * ((view.minAngle - coverage.marginAngle - angle) / 360).rounded(.up)
            guard angle <= view.maxAngle + coverage.marginAngle else { continue }
            let xt = lineX(angle: angle, offset: 0, y: 0.5 / scale) * scale
            let xb = lineX(angle: angle, offset: 0, y: (Double(pixelHeight) - 0.5) / scale) * scale
            let lo = max(0, min(xt, xb)), hi = min(Double(pixelWidth), max(xt, xb))
            guard lo < hi || (lo == hi && lo > 0 && lo < Double(pixelWidth)) else { continue }
            if hi - lo >= 1 { return true }
            let fl = lo - lo.rounded(.down), fh = hi - hi.rounded(.down)
            let band = (0.1464466, 0.8535534)  // f(1 − f) > 1/8
            if lo.rounded(.down) != hi.rounded(.down) {
                if fl < band.1 || fh > band.0 { return true }
            } else if fl < band.1 && fh > band.0 {
                return true
            }
        }
        return false
    }
}
