import Foundation

/// The rotations at which what the analytic model sees can change, so that a whole turn can be
/// judged exactly: between two neighbouring critical rotations every answer of `observe` is the
/// same, and one look in the middle stands for the whole interval.
///
/// `AnalyticModel` decides from the side of a few points on which each layer's edges lie:
/// - which frames own pixels, from the first and last pixel centres of the top and bottom rows
///   against the seams (radial lines, or lines offset by half the stroke for square caps);
/// - gaps, from five probes (1/8 pixel inside the corners, and the bottom edge's middle)
///   against each layer's band sector and square caps, where the band's curved edges pass them
///   (`DrawnBand.edgeCrossings`), and from the rotations at which a strip along the bottom edge
///   starts and ends (`DrawnBand.stripRotations`).
///
/// An edge is the line {P : (y − cy)·cos r − (x − cx)·sin r = k} for an edge angle r and a
/// tangential offset k; it passes through a point at distance ρ and angle θ from the circle's
/// centre when ρ·sin(θ − r) = k, that is at r = θ − asin(k/ρ) (the branch near the view). A
/// square cap's rectangle also ends where the point's projection on the edge's radius is R ± w/2:
/// at r = θ ± acos((R ± w/2)/ρ). Two cases are not decided by these points alone, and are sampled
/// finer by the caller (`fineStepDegrees`): a strip under two pixels wide, for which the model
/// looks at every row (`isNarrow`), and two butt ends that meet, whose antialiased pixels the model
/// measures (added here at every sixth of a pixel the seam crosses on the top and bottom rows).
extension AnalyticModel {
    /// Every critical rotation, degrees in [0, 360), sorted, without repeats.
    public func criticalRotations() -> [Double] {
        let plan = coverage.plan
        let s = plan.scale
        let cx = plan.viewWidth / 2, cy = plan.viewHeight / 2 + plan.centerOffset
        let w = Double(plan.pixelWidth), h = Double(plan.pixelHeight)
        let top = 0.5 / s, bottom = (h - 0.5) / s, left = 0.5 / s, right = (w - 0.5) / s
        let inset = 1 / (8 * s)
        let vw = plan.viewWidth, vh = plan.viewHeight
        let points: [(Double, Double)] = [
            (left, top), (right, top), (left, bottom), (right, bottom),
            (inset, inset), (vw - inset, inset), (inset, vh - inset), (vw - inset, vh - inset), (vw / 2, vh - inset),
        ]
        let polar = points.map { p -> (rho: Double, theta: Double) in
            let dx = p.0 - cx, dy = p.1 - cy
            return ((dx * dx + dy * dy).squareRoot(), atan2(dy, dx))
        }
        let half = plan.cap == .square ? plan.lineWidth / 2 : 0
        let offsets = half > 0 ? [-half, 0, half] : [0]
        var edges: [Double] = []
        edges.reserveCapacity(plan.layers.count * 2)
        for l in plan.layers {
            edges.append(l.startAngle)
            edges.append(l.endAngle)
        }
        edges = Self.unique(edges.map(Self.norm))
        var out: [Double] = []
        out.reserveCapacity(edges.count * polar.count * (offsets.count + (half > 0 ? 4 : 0)))
        for (rho, theta) in polar where rho > 0 {
            var through: [Double] = []
            for k in offsets where abs(k) < rho { through.append(theta - asin(k / rho)) }
            if half > 0 {
                for radial in [plan.radius - half, plan.radius + half] where abs(radial) <= rho {
                    let a = acos(radial / rho)
                    through += [theta - a, theta + a]
                }
            }
            for r in through {
                let d = degrees(r)
                for e in edges { out.append(Self.norm(d - e)) }
            }
        }
        // Curves that stray from the circle: where their band's edges pass the gap probes, and
        // where a strip along the bottom edge starts and ends.
        let band = coverage.band
        for (rho, theta) in polar.suffix(5) where rho > 0 {
            let d = degrees(theta)
            for i in plan.layers.indices where band.innerExcursion[i] > 0 || band.outerExcursion[i] > 0 {
                for e in band.edgeCrossings(i, rho: rho) { out.append(Self.norm(d - e)) }
            }
        }
        for (a, b) in band.stripRotations { out += [Self.norm(a), Self.norm(b)] }
        // Butt ends that meet: the model measures the seam's pixels on the top and bottom rows.
        if plan.cap == .butt {
            let seams = Self.unique(AnalyticModel.abuttingSeams(plan.layers).map(Self.norm))
            if !seams.isEmpty {
                let fractions = [0, 0.1464466, 0.8535534]
                // Where the seam slants across a pixel or more between the top and bottom rows,
                // the model calls it a gap whatever the fractions: only columns near the centre
                // line (a slant under two pixels) need them.
                let reach = 2 * (cy - top) / max(1e-9, (bottom - top) * s)
                let lo = max(0, Int(((cx - reach) * s).rounded(.down)) - 1)
                let hi = min(plan.pixelWidth, Int(((cx + reach) * s).rounded(.up)) + 1)
                // Columns past a budget are taken at a stride (wide views of many abutting
                // seams, the widgetnimation preset's): the seam's gap is then resolved to a few pixels.
                let budget = 60_000
                let columns = max(0, hi - lo + 1)
                let stride = max(1, (columns * 6 * seams.count + budget - 1) / budget)
                for y in [top, bottom] where lo <= hi {
                    for j in Swift.stride(from: lo, through: hi, by: stride) {
                        for f in fractions {
                            let x = (Double(j) + f) / s
                            let d = degrees(atan2(y - cy, x - cx))
                            for e in seams { out.append(Self.norm(d - e)) }
                        }
                    }
                }
            }
        }
        return Self.unique(out)
    }

    /// A step small enough that no seam moves more than a quarter pixel across the view, degrees:
    /// the spacing at which the caller samples rotations where the model looks at every row.
    public var fineStepDegrees: Double {
        let view = coverage.view
        return degrees(1 / (4 * coverage.plan.scale * max(1e-9, view.farthestRadius)))
    }

    static func norm(_ a: Double) -> Double {
        let v = a.truncatingRemainder(dividingBy: 360)
        let w = v < 0 ? v + 360 : v
        return w >= 360 ? 0 : w
    }

    /// Sorted, with values closer than 10⁻¹² degree merged.
    static func unique(_ values: [Double]) -> [Double] {
        let sorted = values.sorted()
        var out: [Double] = []
        out.reserveCapacity(sorted.count)
        for v in sorted where out.last.map({ v - $0 > 1e-12 }) ?? true { out.append(v) }
        return out
    }
}
