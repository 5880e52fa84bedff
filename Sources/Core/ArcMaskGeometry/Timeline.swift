/// A source's own schedule: frame i shows from `starts[i]` for `durations[i]` ms, looping.
public struct Timeline: Sendable, Equatable {
    public let durations: [Double]
    /// Start of each frame in ms from the epoch; `starts.last` + its duration = `period`.
    public let starts: [Double]
    public let period: Double

    public init(durationsMs: [Double]) {
        durations = durationsMs
        var t = 0.0
        var s: [Double] = []
        s.reserveCapacity(durationsMs.count)
        for d in durationsMs { s.append(t); t += d }
        starts = s
        period = t
    }

    /// Times closer than this to a frame boundary count as on it (sums of durations are not exact).
    public static let epsilonMs = 1e-6

    /// The frame shown at `t` ms after the epoch.
    public func frame(at t: Double) -> Int {
        guard period > 0 else { return 0 }
        var local = t.truncatingRemainder(dividingBy: period)
        if local < 0 { local += period }
        local += Self.epsilonMs
        if local >= period { return 0 }
        // The last start ≤ local.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= local { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Signed ms from `t` to the nearest instant at which `frame` is shown (0 when it is).
    /// Negative: the frame shows early (its time comes later).
    public func timingError(showing frame: Int, at t: Double) -> Double {
        guard period > 0 else { return 0 }
        var local = t.truncatingRemainder(dividingBy: period)
        if local < 0 { local += period }
        let start = starts[frame], end = start + durations[frame]
        if local + Self.epsilonMs >= start && local < end - Self.epsilonMs { return 0 }
        // Distances to the frame's interval, on the loop.
        func wrap(_ x: Double) -> Double {
            var v = x.truncatingRemainder(dividingBy: period)
            if v > period / 2 { v -= period }
            if v < -period / 2 { v += period }
            return v
        }
        let toStart = wrap(start - local)  // > 0: the frame begins later (shown early)
        let fromEnd = wrap(local - end)  // > 0: the frame ended before (shown late)
        return abs(toStart) <= abs(fromEnd) ? -abs(toStart) : abs(fromEnd)
    }
}
