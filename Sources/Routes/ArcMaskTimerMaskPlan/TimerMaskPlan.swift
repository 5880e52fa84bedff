import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerClock

/// The schedule of the timer-mask route: the animation's pictures stacked one per lane, each
/// under live timer masks (`Text(date, style: .timer)` in a font whose glyphs are a solid
/// square on the second that opens a period and nothing on the others), so that the system's
/// renderer, not the widget, decides which picture shows (public API only).
///
/// Measured on a phone by cifyr/motionary (docs/widget-animation-surface.md §4.1–4.1.1, iPhone
/// 17 Pro, iOS 27.0): 60 to 320 such lanes draw and animate at 16 and 32 fps, gating holds at
/// 1/32 s, and mask periods that divide 60 work up to 30 s.
///
/// Lanes are stacked bottom to top in the order they come on top. Lane `i` is meant to be on top
/// from `a(i)` to the next lane's `a(i + 1)` within a loop of `P` seconds; every time is
/// measured from the view's reference date. Its mask has period `P` and lead `P − a(i)`, so it
/// draws for one second from `a(i)` in every loop: the lanes drawn at `t` are those that came
/// on top less than a second ago, and the highest of them — the latest — shows.
///
/// The wrap: a lane that comes on top in the loop's last second would still draw during the
/// next loop's first second, above the lanes that should show then. Those lanes carry a second,
/// shared mask (period `P`, lead 1: on only during the loop's last second), so each is cut off
/// at the loop's end. Lane 0 has no mask: it shows whenever nothing above it draws.
public struct TimerMaskPlan: Sendable, Equatable, Codable {
    /// A timer mask: the font of period `periodSeconds`, started `leadSeconds` before the
    /// reference date. It lets its lane draw while ⌊t + lead⌋ is a multiple of the period.
    public struct Mask: Sendable, Equatable, Hashable, Codable {
        public let periodSeconds: Int
        public let leadSeconds: Double

        public init(periodSeconds: Int, leadSeconds: Double) {
            self.periodSeconds = periodSeconds
            self.leadSeconds = leadSeconds
        }

        /// Whether the mask draws (its timer's shaped text has ink) `t` seconds after the
        /// reference date.
        public func draws(at t: Double) -> Bool {
            let s = TimerClock.secondsField(elapsed: TimerClock.elapsed(at: t, lead: leadSeconds))
            return s % periodSeconds == 0
        }
    }

    /// One picture under its masks.
    public struct Lane: Sendable, Equatable, Codable {
        public init(frame: Int, onTopFromSeconds: Double, onTopToSeconds: Double, masks: [Mask]) {
            self.frame = frame
            self.onTopFromSeconds = onTopFromSeconds
            self.onTopToSeconds = onTopToSeconds
            self.masks = masks
        }

        /// The loop's frame its picture holds.
        public let frame: Int
        /// When, within the loop, it is meant to be the lane shown: [from, to) seconds.
        public let onTopFromSeconds: Double
        public let onTopToSeconds: Double
        /// It draws while all of these draw (none: always).
        public let masks: [Mask]
    }

    public let fps: Int
    public let loopSeconds: Int
    /// Bottom to top.
    public let lanes: [Lane]

    /// Frame rates the design supports: up to 30 frames a second (a lane's mask draws for one
    /// second, so every instant has `fps` lanes drawn).
    public static let rates = 1...30
    /// Loop lengths: periods that divide a minute (so a timer's seconds field keeps the phase
    /// across minutes and hours) up to 30 s; a one-second loop leaves no second for the wrap.
    public static let loops = [2, 3, 4, 5, 6, 10, 12, 15, 20, 30]
    /// The most lanes drawn on a phone (`TimerMaskSettings.defaultMaxLanes`).
    public static let defaultMaxLanes = TimerMaskSettings.defaultMaxLanes

    /// Lanes for the loop's frames `kept` (increasing, from 0; all `fps × loopSeconds` frames by
    /// default): each kept frame is on top until the next kept one, so dropping frames keeps the
    /// loop's length.
    public init(fps: Int, loopSeconds: Int, kept: [Int]? = nil, handlesWrap: Bool = true) throws(PlanError) {
        guard Self.rates.contains(fps) else {
            throw PlanError(
                problem: "the timer-mask route cannot play \(fps) frames a second",
                suggestion: "choose \(PlanSetting.framesPerSecond.token) from 1 to 30")
        }
        guard Self.loops.contains(loopSeconds) else {
            throw PlanError(
                problem: "a \(loopSeconds) s loop does not fit the timer-mask route",
                suggestion: "loops last one of \(Self.loops.map(String.init).joined(separator: ", ")) s")
        }
        let count = fps * loopSeconds
        let frames = kept ?? Array(0..<count)
        guard frames.first == 0, zip(frames, frames.dropFirst()).allSatisfy({ $0 < $1 }), frames.last! < count else {
            throw PlanError(
                problem: "the kept frames must rise from frame 0 and stay below the loop's \(count)",
                suggestion: "keep every n-th frame, starting with the first")
        }
        // A lane's mask draws for one second: the next lane must come on top within it.
        for (a, b) in zip(frames, frames.dropFirst() + [count]) where b - a > fps {
            throw PlanError(
                problem: "frames \(a) to \(b) would leave more than a second without a lane coming on top",
                suggestion: "keep at least one frame each second")
        }
        let period = Double(loopSeconds)
        var lanes: [Lane] = []
        for (k, frame) in frames.enumerated() {
            let from = Double(frame) / Double(fps)
            let to = Double(k + 1 < frames.count ? frames[k + 1] : count) / Double(fps)
            var masks: [Mask] = []
            if frame > 0 {
                // Lead P − a, so ⌊t + lead⌋ reaches a multiple of P at t = a (mod P).
                masks.append(Mask(periodSeconds: loopSeconds, leadSeconds: period - from))
                if handlesWrap && from > period - 1 {
                    masks.append(Mask(periodSeconds: loopSeconds, leadSeconds: 1))
                }
            }
            lanes.append(Lane(frame: frame, onTopFromSeconds: from, onTopToSeconds: to, masks: masks))
        }
        self.init(fps: fps, loopSeconds: loopSeconds, lanes: lanes)
    }

    /// Lanes as a folder's manifest gives them (not checked here: `TimerMaskCheck` proves them).
    public init(fps: Int, loopSeconds: Int, lanes: [Lane]) {
        self.fps = fps
        self.loopSeconds = loopSeconds
        self.lanes = lanes
    }

    /// Whether lane `i` draws `t` seconds after the reference date.
    public func draws(lane i: Int, at t: Double) -> Bool { lanes[i].masks.allSatisfy { $0.draws(at: t) } }

    /// The highest lane drawn at `t` (nil: none, a black widget).
    public func topLane(at t: Double) -> Int? {
        for i in stride(from: lanes.count - 1, through: 0, by: -1) where draws(lane: i, at: t) { return i }
        return nil
    }

    /// The lane meant to be on top at `t`.
    public func intendedLane(at t: Double) -> Int {
        let p = Double(loopSeconds)
        var x = t.truncatingRemainder(dividingBy: p)
        if x < 0 { x += p }
        // The last lane whose window starts at or before x (lanes rise in time).
        var lo = 0, hi = lanes.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lanes[mid].onTopFromSeconds <= x + 1e-12 { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The distinct masks, by period and lead (what the view and the proof shape).
    public var masks: [Mask] {
        Array(Set(lanes.flatMap(\.masks))).sorted {
            ($0.periodSeconds, $0.leadSeconds) < ($1.periodSeconds, $1.leadSeconds)
        }
    }
}

/// What the lanes show at display refreshes, against what they are meant to show: at every
/// refresh the highest lane whose masks all draw must hold the frame meant for that instant,
/// and wherever the frame shown changes between two refreshes the change is found (to 0.1 ms)
/// and must lie within `tolerance` of a hand-off the plan intends.
public struct TimerMaskCheck: Sendable, Equatable {
    public enum Defect: Sendable, Equatable, CustomStringConvertible {
        /// No lane draws: the widget shows black.
        case nothingDrawn(at: Double)
        /// A lane holding another frame than the one meant to show is on top.
        case wrongFrame(at: Double, shownLane: Int, shownFrame: Int, intendedFrame: Int)
        /// The frame shown changes `offBy` seconds from the hand-off meant there.
        case lateHandOff(at: Double, offBy: Double, toLane: Int)

        public var description: String {
            switch self {
            case .nothingDrawn(let t): "at \(Self.clock(t)): no lane draws (black)"
            case .wrongFrame(let t, let lane, let shown, let intended):
                "at \(Self.clock(t)): lane \(lane) shows frame \(shown), frame \(intended) is meant"
            case .lateHandOff(let t, let off, let lane):
                "at \(Self.clock(t)): the hand-off to lane \(lane) is \(Self.ms(off)) ms off"
            }
        }

        /// An instant as seconds and as the timer's clock ("3600.250 s (1:00:00.250)").
        static func clock(_ t: Double) -> String {
            let whole = Int(t.rounded(.down))
            let frac = Int(((t - t.rounded(.down)) * 1000).rounded())
            let ms = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
            return "\(whole).\(ms) s (\(TimerClock.text(elapsed: whole)).\(ms))"
        }

        static func ms(_ x: Double) -> String { String(Int((x * 1000).rounded())) }
    }

    public let refreshes: Int
    public let handOffs: Int
    public let defects: [Defect]
    public var passed: Bool { defects.isEmpty }

    public init(refreshes: Int, handOffs: Int, defects: [Defect]) {
        self.refreshes = refreshes
        self.handOffs = handOffs
        self.defects = defects
    }

    /// Whether a mask of the model draws when its timer shows `elapsed` whole seconds: its
    /// seconds field is a multiple of its period.
    public static func modelDraws(periodSeconds: Int, elapsed: Int) -> Bool {
        TimerClock.secondsField(elapsed: elapsed) % periodSeconds == 0
    }

    /// Every refresh of a `hz` display from `start` for `seconds`, each mask read by `draws`
    /// (whether a mask of a period draws when its timer shows so many whole seconds; by default
    /// the timer's text as the plan models it; a proof passes the written fonts).
    public static func run(
        _ plan: TimerMaskPlan, hz: Int, start: Double = 0, seconds: Double, tolerance: Double = 0.001,
        maxDefects: Int = 20, draws: (_ periodSeconds: Int, _ elapsed: Int) -> Bool = modelDraws
    ) -> TimerMaskCheck {
        TimerMaskTimeline(plan, start: start, seconds: seconds, draws: draws).check(
            hz: hz, tolerance: tolerance, maxDefects: maxDefects)
    }
}

/// Which lane is on top over a stretch of time, exactly, and the refreshes checked against it.
///
/// A mask's timer shows ⌊t + lead⌋ whole seconds, so whether it draws changes only at the
/// instants e − lead; a lane draws over the stretches where all its masks do. Sweeping those
/// stretches gives the lane on top as pieces of time with one top lane each, computed once for
/// every rate, and each refresh is looked up in them: the proof walks every refresh, as ever,
/// without asking every lane at every refresh. A refresh within 10⁻⁹ s of a piece's edge, where
/// the rounding of t + lead decides, is asked directly.
public struct TimerMaskTimeline: Sendable {
    public let plan: TimerMaskPlan
    public let start: Double
    public let seconds: Double
    /// Piece edges from `start` to the window's end (one more than `tops`).
    let cuts: [Double]
    /// The lane on top over each piece (−1: none).
    let tops: [Int32]
    /// For each piece's start: the highest lane that can draw there, whichever way the rounding
    /// of a timer's t + lead falls (the tops on both sides, and every lane whose drawing starts
    /// or stops there); lanes above it draw on neither side.
    let scans: [Int32]
    /// What `draws` answered, by period: the first elapsed second asked and each answer from it.
    private let answers: [Int: (first: Int, drawn: [Bool])]
    /// Each lane's masks as (lead, the period's answers' first second, index into `table`).
    private let laneMasks: [[(lead: Double, first: Int, answers: Int)]]
    /// Every period's answers, side by side.
    private let table: [[Bool]]

    /// - Parameter draws: whether a mask of a period draws when its timer shows so many whole
    ///   seconds; asked once for each (period, second) the window reaches, on this thread.
    public init(_ plan: TimerMaskPlan, start: Double, seconds: Double, draws: (Int, Int) -> Bool) {
        self.plan = plan
        self.start = start
        self.seconds = seconds
        let end = start + max(0, seconds)
        let answers = Self.ask(plan, from: start, to: end, draws: draws)
        self.answers = answers
        let periods = answers.keys.sorted()
        table = periods.map { answers[$0]!.drawn }
        laneMasks = plan.lanes.map { lane in
            lane.masks.map { m in
                let k = periods.firstIndex(of: m.periodSeconds) ?? -1
                return (m.leadSeconds, k >= 0 ? answers[m.periodSeconds]!.first : 0, k)
            }
        }
        let events = Self.drawingEvents(plan, from: start, to: end, answers: answers)
        (cuts, tops, scans) = Self.sweep(events, laneCount: plan.lanes.count, from: start, to: end)
    }

    /// Every answer the window from `start` to `end` needs, asked once per period and second:
    /// by period, the first second asked and whether a mask draws at each second from it.
    private static func ask(
        _ plan: TimerMaskPlan, from start: Double, to end: Double, draws: (Int, Int) -> Bool
    ) -> [Int: (first: Int, drawn: [Bool])] {
        var ranges: [Int: (Int, Int)] = [:]
        for mask in plan.masks {
            let first = Int((start + mask.leadSeconds).rounded(.down))
            let last = Int((end + mask.leadSeconds).rounded(.down))
            let r = ranges[mask.periodSeconds] ?? (first, last)
            ranges[mask.periodSeconds] = (min(r.0, first), max(r.1, last))
        }
        var answers: [Int: (first: Int, drawn: [Bool])] = [:]
        for (period, r) in ranges where r.0 <= r.1 {
            answers[period] = (r.0, (r.0...r.1).map { draws(period, $0) })
        }
        return answers
    }

    /// Where a lane starts or stops drawing: at `t`, lane `lane` opens (its masks all draw from
    /// there) or closes. Sorted by time, a close before an open at the same instant.
    private typealias Event = (t: Double, lane: Int32, opens: Bool)

    /// Each lane's drawing stretches within [start, end] (where all its masks draw), as events.
    private static func drawingEvents(
        _ plan: TimerMaskPlan, from start: Double, to end: Double, answers: [Int: (first: Int, drawn: [Bool])]
    ) -> [Event] {
        func drawn(_ period: Int, _ e: Int) -> Bool {
            guard let a = answers[period], e >= a.first, e - a.first < a.drawn.count else { return false }
            return a.drawn[e - a.first]
        }
        var events: [Event] = []
        for (i, lane) in plan.lanes.enumerated() {
            var stretches: [(Double, Double)] = [(start, end)]
            for mask in lane.masks {
                var own: [(Double, Double)] = []
                let first = Int((start + mask.leadSeconds).rounded(.down))
                let last = Int((end + mask.leadSeconds).rounded(.down))
                if first <= last {
                    for e in first...last where drawn(mask.periodSeconds, e) {
                        let a = Double(e) - mask.leadSeconds, b = a + 1
                        if let l = own.last, abs(l.1 - a) < 1e-12 {
                            own[own.count - 1].1 = b
                        } else {
                            own.append((a, b))
                        }
                    }
                }
                stretches = intersect(stretches, own)
            }
            for (a, b) in stretches {
                let lo = max(a, start), hi = min(b, end)
                guard hi > lo else { continue }
                events.append((lo, Int32(i), true))
                events.append((hi, Int32(i), false))
            }
        }
        events.sort { $0.t != $1.t ? $0.t < $1.t : (!$0.opens && $1.opens) }
        return events
    }

    /// A max-heap of lanes; a lane no longer drawing stays in it until it comes to the top.
    private struct LaneHeap {
        private(set) var heap: [Int32] = []

        var first: Int32? { heap.first }

        mutating func push(_ x: Int32) {
            heap.append(x)
            var c = heap.count - 1
            while c > 0, heap[(c - 1) / 2] < heap[c] {
                heap.swapAt(c, (c - 1) / 2)
                c = (c - 1) / 2
            }
        }

        mutating func pop() {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var m = p
                if l < heap.count && heap[l] > heap[m] { m = l }
                if r < heap.count && heap[r] > heap[m] { m = r }
                if m == p { break }
                heap.swapAt(p, m)
                p = m
            }
        }
    }

    /// Sweeps the sorted events from `start` to `end` into pieces with one top lane each: the
    /// pieces' edges, each piece's top lane (−1: none) and the highest lane that can draw at
    /// its start (see `scans`).
    private static func sweep(
        _ events: [Event], laneCount: Int, from start: Double, to end: Double
    ) -> (cuts: [Double], tops: [Int32], scans: [Int32]) {
        var active = [Int32](repeating: 0, count: laneCount)
        var heap = LaneHeap()  // stale entries dropped when seen
        var cuts: [Double] = [start], tops: [Int32] = [], scans: [Int32] = []
        var k = 0
        var position = start
        while position < end {
            var moved: Int32 = -1  // the highest lane whose drawing starts or stops here
            while k < events.count && events[k].t <= position {
                let e = events[k]
                active[Int(e.lane)] += e.opens ? 1 : -1
                if e.opens { heap.push(e.lane) }
                moved = max(moved, e.lane)
                k += 1
            }
            while let top = heap.first, active[Int(top)] <= 0 { heap.pop() }
            let next = k < events.count ? min(end, events[k].t) : end
            let top = heap.first ?? -1
            if let last = tops.last, last == top {
                cuts[cuts.count - 1] = next
            } else {
                scans.append(max(top, tops.last ?? -1, moved))
                tops.append(top)
                cuts.append(next)
            }
            position = next
        }
        if tops.isEmpty {
            tops.append(-1)
            scans.append(Int32(laneCount - 1))
            cuts.append(end)
        }
        return (cuts, tops, scans)
    }

    /// Sorted, disjoint stretches in both lists.
    static func intersect(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let lo = max(a[i].0, b[j].0), hi = min(a[i].1, b[j].1)
            if hi > lo { out.append((lo, hi)) }
            if a[i].1 < b[j].1 { i += 1 } else { j += 1 }
        }
        return out
    }

    /// The highest lane whose masks all draw at `t`, from the answers at the seconds its timers show.
    func topAsked(_ t: Double, from highest: Int) -> Int? {
        lanes: for i in stride(from: min(highest, laneMasks.count - 1), through: 0, by: -1) {
            for m in laneMasks[i] {
                guard m.answers >= 0 else { continue lanes }
                let k = TimerClock.elapsed(at: t, lead: m.lead) - m.first
                let drawn = table[m.answers]
                guard k >= 0, k < drawn.count, drawn[k] else { continue lanes }
            }
            return i
        }
        return nil
    }

    /// Every refresh of a `hz` display over the window: the top lane must hold the frame meant
    /// then (within `tolerance` s of a hand-off either frame may show), some lane must draw, and
    /// every change of the frame shown must come within `tolerance` of a hand-off meant there.
    public func check(hz: Int, tolerance: Double = 0.001, maxDefects: Int = 20) -> TimerMaskCheck {
        typealias Defect = TimerMaskCheck.Defect
        var defects: [Defect] = []
        func add(_ d: Defect) { if defects.count < maxDefects { defects.append(d) } }
        let period = Double(plan.loopSeconds)
        /// How far `t` lies from the nearest intended hand-off: the start or the end of the
        /// turn of the lane meant to be on top (turns tile the loop, so no other is nearer).
        func distanceToEdge(_ t: Double) -> Double {
            var x = t.truncatingRemainder(dividingBy: period)
            if x < 0 { x += period }
            let lane = plan.lanes[plan.intendedLane(at: t)]
            return min(abs(x - lane.onTopFromSeconds), abs(lane.onTopToSeconds - x))
        }
        var piece = 0
        func top(_ t: Double) -> Int? {
            while piece + 1 < tops.count && cuts[piece + 1] <= t { piece += 1 }
            if abs(t - cuts[piece]) < 1e-9 { return topAsked(t, from: Int(scans[piece])) }
            if abs(t - cuts[piece + 1]) < 1e-9 {
                return topAsked(t, from: piece + 1 < scans.count ? Int(scans[piece + 1]) : plan.lanes.count - 1)
            }
            let lane = tops[piece]
            return lane < 0 ? nil : Int(lane)
        }
        /// The first instant after `from` at which the frame shown is no longer `frame`.
        func change(after from: Double, before to: Double, frame: Int) -> Double {
            var j = piece
            while j > 0 && cuts[j] > from { j -= 1 }
            while j < tops.count {
                let lane = tops[j]
                if cuts[j] > from && (lane < 0 || plan.lanes[Int(lane)].frame != frame) { return min(cuts[j], to) }
                if cuts[j + 1] >= to { break }
                j += 1
            }
            return to
        }
        let n = max(0, Int((seconds * Double(hz)).rounded(.down)))
        var previous: (t: Double, lane: Int?)? = nil
        var refreshes = 0, handOffs = 0
        for k in 0...n {
            let t = start + Double(k) / Double(hz)
            let shown = top(t)
            refreshes += 1
            if let shown {
                let intended = plan.intendedLane(at: t)
                let frame = plan.lanes[shown].frame, meant = plan.lanes[intended].frame
                // Within the tolerance of a hand-off either frame may show.
                if frame != meant && distanceToEdge(t) > tolerance {
                    add(.wrongFrame(at: t, shownLane: shown, shownFrame: frame, intendedFrame: meant))
                }
            } else {
                add(.nothingDrawn(at: t))
            }
            if let p = previous, let a = p.lane, let b = shown, plan.lanes[a].frame != plan.lanes[b].frame {
                let at = change(after: p.t, before: t, frame: plan.lanes[a].frame)
                handOffs += 1
                let off = distanceToEdge(at)
                if off > tolerance { add(.lateHandOff(at: at, offBy: off, toLane: b)) }
            }
            previous = (t, shown)
        }
        return TimerMaskCheck(refreshes: refreshes, handOffs: handOffs, defects: defects)
    }
}
