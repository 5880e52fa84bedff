import ArcMaskGeometry
import Foundation

/// What the widget shows at the view's centre over one rotation: the frame sequence the
/// plan really plays, to compare with the source's timeline (order, speed, durations).
public struct WidgetSchedule: Sendable {
    public struct Segment: Sendable, Equatable {
        public var frame: Int
        /// Rotation range, degrees.
        public var from: Double
        public var to: Double
    }

    public let segments: [Segment]
    public let periodMs: Double

    public init(_ coverage: ArcCoverage) {
        let plan = coverage.plan
        periodMs = plan.periodSeconds * 1000
        // The centre point lies at 270° and `centerOffset` from the circle centre; a square
        // cap widens a layer there by asin(half width / distance).
        let half = plan.cap == .square ? plan.lineWidth / 2 : 0
        let delta = degrees(asin(min(1, half / plan.centerOffset)))
        func norm(_ a: Double) -> Double { let v = a.truncatingRemainder(dividingBy: 360); return v < 0 ? v + 360 : v }
        var cuts = Set<Double>([0])
        for l in plan.layers {
            cuts.insert(norm(270 - l.endAngle - delta))
            cuts.insert(norm(270 - l.startAngle + delta))
        }
        let sorted = cuts.sorted() + [360]
        var segs: [Segment] = []
        for k in 0..<(sorted.count - 1) where sorted[k + 1] - sorted[k] > 1e-12 {
            let mid = (sorted[k] + sorted[k + 1]) / 2
            var best: (z: Int, frame: Int)? = nil
            for i in coverage.candidates(rotation: mid) {
                let l = plan.layers[i]
                var a = l.startAngle + mid - delta
                a -= 360 * ((a - 270) / 360).rounded(.up)   // largest a + 360k ≤ 270
                if a + (l.endAngle - l.startAngle) + 2 * delta >= 270, best == nil || l.zIndex > best!.z {
                    best = (l.zIndex, l.frame)
                }
            }
            guard let frame = best?.frame else { continue }
            if let last = segs.last, last.frame == frame, abs(last.to - sorted[k]) < 1e-9 {
                segs[segs.count - 1].to = sorted[k + 1]
            } else {
                segs.append(Segment(frame: frame, from: sorted[k], to: sorted[k + 1]))
            }
        }
        // Join the segment that wraps through 0°.
        if segs.count > 1, segs.first!.frame == segs.last!.frame, segs.first!.from == 0, segs.last!.to == 360 {
            let last = segs.removeLast()
            segs[0].from = last.from - 360
        }
        segments = segs
    }

    /// Milliseconds per rotation each frame is shown at the centre.
    public func shownMs(frameCount: Int) -> [Double] {
        var out = [Double](repeating: 0, count: frameCount)
        for s in segments where s.frame < frameCount { out[s.frame] += (s.to - s.from) / 360 * periodMs }
        return out
    }

    /// Steps between consecutive segments: +1 forward, −1 backward (mod frame count).
    public func steps(frameCount n: Int) -> (forward: Int, backward: Int) {
        var f = 0, b = 0
        for k in 0..<segments.count {
            let a = segments[k].frame, c = segments[(k + 1) % segments.count].frame
            if c == (a + 1) % n { f += 1 } else if c == (a - 1 + n) % n { b += 1 }
        }
        return (f, b)
    }
}
