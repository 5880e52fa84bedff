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
        // cap widens a layer there by asin(half width / distance). Layer i covers the centre
        // for rotations φ in [270 − end − δ, 270 − start + δ] (mod 360): a sweep over those
        // intervals, keeping the topmost active layer, gives the schedule in O(n log n).
        let half = plan.cap == .square ? plan.lineWidth / 2 : 0
        let delta = degrees(asin(min(1, half / plan.centerOffset)))
        func norm(_ a: Double) -> Double { let v = a.truncatingRemainder(dividingBy: 360); return v < 0 ? v + 360 : v }
        var events: [(at: Double, layer: Int, starts: Bool)] = []
        var always: [Int] = []
        for (i, l) in plan.layers.enumerated() {
            let width = (l.endAngle - l.startAngle) + 2 * delta
            if width >= 360 { always.append(i); continue }
            guard width > 0 else { continue }
            let from = norm(270 - l.endAngle - delta), to = from + width
            if to <= 360 {
                events += [(from, i, true), (to, i, false)]
            } else {
                events += [(from, i, true), (360, i, false), (0, i, true), (to - 360, i, false)]
            }
        }
        events.sort { $0.at != $1.at ? $0.at < $1.at : (!$0.starts && $1.starts) }
        var active = [Bool](repeating: false, count: plan.layers.count)
        for i in always { active[i] = true }
        var heap = Heap(priority: { plan.layers[$0].zIndex })
        for i in always { heap.push(i) }
        var segs: [Segment] = []
        var k = 0
        var position = 0.0
        while position < 360 {
            while k < events.count && events[k].at <= position {
                let e = events[k]
                active[e.layer] = e.starts
                if e.starts { heap.push(e.layer) }
                k += 1
            }
            let next = k < events.count ? min(360, events[k].at) : 360
            while let top = heap.top, !active[top] { heap.pop() }
            if let top = heap.top, next > position {
                let frame = plan.layers[top].frame
                if let last = segs.last, last.frame == frame, abs(last.to - position) < 1e-9 {
                    segs[segs.count - 1].to = next
                } else {
                    segs.append(Segment(frame: frame, from: position, to: next))
                }
            }
            position = next
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

    /// The frame at the view's centre at rotation `phi` degrees (nil: no layer there).
    public func frame(atRotation phi: Double) -> Int? {
        let v = phi.truncatingRemainder(dividingBy: 360)
        let x = v < 0 ? v + 360 : v
        return segments.first { x >= $0.from - 1e-9 && x < $0.to + 1e-9 }?.frame
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

/// A binary max-heap of layer indexes by priority (lazy deletion is the caller's).
struct Heap {
    private var items: [Int] = []
    let priority: (Int) -> Int

    init(priority: @escaping (Int) -> Int) { self.priority = priority }

    var top: Int? { items.first }

    mutating func push(_ x: Int) {
        items.append(x)
        var c = items.count - 1
        while c > 0 {
            let p = (c - 1) / 2
            guard priority(items[c]) > priority(items[p]) else { break }
            items.swapAt(c, p)
            c = p
        }
    }

    mutating func pop() {
        guard !items.isEmpty else { return }
        items.swapAt(0, items.count - 1)
        items.removeLast()
        var p = 0
        while true {
            let l = 2 * p + 1, r = l + 1
            var m = p
            if l < items.count && priority(items[l]) > priority(items[m]) { m = l }
            if r < items.count && priority(items[r]) > priority(items[m]) { m = r }
            if m == p { break }
            items.swapAt(p, m)
            p = m
        }
    }
}
