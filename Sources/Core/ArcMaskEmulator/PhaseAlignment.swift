import ArcMaskGeometry

/// The constant shift between what a widget shows and the source's timeline.
///
/// The rotation follows the wall clock, not the moment the widget appears, so a widget that
/// plays the loop in order and at the right speed but starts elsewhere in it plays correctly:
/// nobody watching a loop can tell where it began. The emulator therefore compares each
/// refresh with the timeline shifted by one offset, the same for every refresh of the run,
/// chosen to agree with as many refreshes as possible.
public struct PhaseAlignment: Sendable, Equatable {
    /// The widget at time t shows what the timeline shows at t + `offsetMs`; in [0, period).
    public var offsetMs: Double
    /// Refreshes showing exactly one frame (the ones a phase can make right or wrong).
    public var considered: Int
    /// Of those, the ones that agree with the timeline at the offset.
    public var agreeing: Int

    public init(offsetMs: Double, considered: Int, agreeing: Int) {
        self.offsetMs = offsetMs
        self.considered = considered
        self.agreeing = agreeing
    }

    /// One refresh that showed a single frame.
    public struct Observation: Sendable {
        public var timeMs: Double
        public var frame: Int

        public init(timeMs: Double, frame: Int) {
            self.timeMs = timeMs
            self.frame = frame
        }
    }

    /// No shift: frame 0 starts at the rotation's epoch.
    public static func absolute(
        _ observations: [Observation], timeline: Timeline, toleranceMs: Double = 0
    ) -> PhaseAlignment {
        PhaseAlignment(
            offsetMs: 0, considered: observations.count,
            agreeing: agreeing(observations, timeline: timeline, offset: 0, toleranceMs: toleranceMs))
    }

    /// The offset that makes the most refreshes agree with the timeline.
    ///
    /// Every offset that reaches the most agreeing refreshes is equally right; among them the
    /// report prefers, in order: 0 (the plan already starts frame 0 at the epoch), an offset
    /// that starts a frame of the timeline at the epoch (a whole number of frames, nearest 0
    /// first), one that lines a hand-off of the widget up with its frame's start
    /// (`handoffOffsets`, nearest 0 first), and the middle of the best range nearest 0.
    ///
    /// A refresh at t showing f agrees at offset d when d lies in
    /// [start(f) − t − tolerance, start(f) + duration(f) − t + tolerance) modulo the period;
    /// sorting those ranges' ends answers "how many agree at d" with two binary searches, and
    /// the best count is reached at one of the ranges' starts.
    public static func best(
        _ observations: [Observation], timeline: Timeline, toleranceMs: Double = 0, handoffOffsets: [Double] = []
    ) -> PhaseAlignment {
        let period = timeline.period
        guard period > 0, !observations.isEmpty else {
            return absolute(observations, timeline: timeline, toleranceMs: toleranceMs)
        }
        var opens: [Double] = [], closes: [Double] = []
        opens.reserveCapacity(observations.count + 8)
        closes.reserveCapacity(observations.count + 8)
        var always = 0
        for o in observations {
            let duration = timeline.durations[o.frame] + 2 * toleranceMs
            guard timeline.durations[o.frame] > 0 else { continue }
            if duration >= period {
                always += 1
                continue
            }
            let a = wrap(timeline.starts[o.frame] - Timeline.epsilonMs - toleranceMs - o.timeMs, period)
            let b = a + duration
            if b <= period {
                opens.append(a)
                closes.append(b)
            } else {
                opens += [a, 0]
                closes += [period, b - period]
            }
        }
        opens.sort()
        closes.sort()
        func count(_ d: Double) -> Int { always + upperBound(opens, d) - upperBound(closes, d) }

        let most = opens.map(count).max() ?? always
        func distance(_ d: Double) -> Double { min(d, period - d) }
        func accepted(_ d: Double) -> PhaseAlignment? {
            let d = wrap(d, period)
            guard count(d) == most else { return nil }
            // Confirm with the classification itself (offsets on a frame boundary are sensitive to rounding).
            let n = agreeing(observations, timeline: timeline, offset: d, toleranceMs: toleranceMs)
            return n == most ? PhaseAlignment(offsetMs: d, considered: observations.count, agreeing: n) : nil
        }
        if let zero = accepted(0) { return zero }
        for d in timeline.starts.sorted(by: { distance($0) < distance($1) }) {
            if let found = accepted(d) { return found }
        }
        for d in handoffOffsets.map({ wrap($0, period) }).sorted(by: { distance($0) < distance($1) }) {
            if let found = accepted(d) { return found }
        }
        // The middle of the best range nearest 0: a range starts at an open reaching `most`
        // and ends at the first close after it.
        var bestMid: Double?
        for a in opens where count(a) == most {
            let i = upperBound(closes, a)
            let end = i < closes.count ? closes[i] : period
            let mid = (a + end) / 2
            if bestMid == nil || distance(mid) < distance(bestMid!) { bestMid = mid }
        }
        let d = wrap(bestMid ?? 0, period)
        return PhaseAlignment(
            offsetMs: d, considered: observations.count,
            agreeing: agreeing(observations, timeline: timeline, offset: d, toleranceMs: toleranceMs))
    }

    /// Does showing `frame` at `t` agree with the timeline: is it the frame the timeline
    /// shows then, or one it shows within `toleranceMs`?
    public static func agrees(frame: Int, at t: Double, timeline: Timeline, toleranceMs: Double) -> Bool {
        timeline.frame(at: t) == frame || abs(timeline.timingError(showing: frame, at: t)) <= toleranceMs
    }

    /// Refreshes that agree with the timeline shifted by `offset`.
    static func agreeing(
        _ observations: [Observation], timeline: Timeline, offset: Double, toleranceMs: Double
    ) -> Int {
        observations.reduce(0) {
            $0 + (agrees(frame: $1.frame, at: $1.timeMs + offset, timeline: timeline, toleranceMs: toleranceMs) ? 1 : 0)
        }
    }

    /// The offset as a position in the timeline, in frames: 2.5 is halfway through frame 2.
    public func frames(in timeline: Timeline) -> Double {
        guard timeline.period > 0 else { return 0 }
        if offsetMs + Timeline.epsilonMs >= timeline.period { return 0 }
        let f = timeline.frame(at: offsetMs)
        let duration = timeline.durations[f]
        let into = max(0, offsetMs - timeline.starts[f])
        return Double(f) + (duration > 0 ? min(into, duration) / duration : 0)
    }
}

/// `x` modulo `period`, in [0, period).
func wrap(_ x: Double, _ period: Double) -> Double {
    let v = x.truncatingRemainder(dividingBy: period)
    let w = v < 0 ? v + period : v
    return w >= period ? 0 : w
}

/// How many elements of the sorted `values` are < `x`.
func lowerBound(_ values: [Double], _ x: Double) -> Int {
    var lo = 0, hi = values.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if values[mid] < x { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// How many elements of the sorted `values` are ≤ `x`.
func upperBound(_ values: [Double], _ x: Double) -> Int {
    var lo = 0, hi = values.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if values[mid] <= x { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
