import Foundation

/// How a timer route's loop tells the animation it was given: at every instant of the loop, the
/// source frame on top against the source's own frame at that instant, at the pace the route
/// states (`TimerLoopTiming`). A route's proof shows that each refresh shows the frame its lanes
/// or fonts mean; this says whether those frames are the animation's.
///
/// Exact over the loop: the turns on top and the source's frames are intervals, so every
/// refresh, at any phase, falls in a stretch counted here.
public struct SourceFidelity: Codable, Sendable, Equatable {
    /// One stretch of the loop: the source frame on top from `from` to `to` seconds.
    public struct Turn: Sendable, Equatable {
        public var frame: Int
        public var from: Double
        public var to: Double

        public init(frame: Int, from: Double, to: Double) {
            self.frame = frame
            self.from = from
            self.to = to
        }
    }

    /// The source's frames, and its plays per loop.
    public var frameCount: Int
    public var plays: Int
    /// The fewest and the most of the source's frames one play shows.
    public var fewestShownPerPlay: Int
    public var mostShownPerPlay: Int
    /// Frames missing from at least one play, and those no play shows.
    public var missing: [Int]
    public var neverShown: [Int]
    /// Missing frames that last at least two of the route's shortest lanes: their loss fails.
    public var dropped: [Int]
    /// The share of the loop on which the source's frame of that instant is on top.
    public var onTimeShare: Double
    /// The longest stretch showing a frame before its time, and after it, ms.
    public var longestEarlyMs: Double
    public var longestLateMs: Double
    /// The animation's pace in the loop relative to its own (1: kept), and whether it was asked
    /// for (a loop or a timing the user chose).
    public var speed: Double
    public var paceAsked: Bool
    /// The route's shortest lane, ms: frames shorter than two of them may drop.
    public var laneMs: Double
    /// Why the loop does not tell the animation, in words; empty when it does.
    public var failures: [String]
    /// No failure: the loop plays the animation's frames at its pace.
    public var passed: Bool

    /// A pace off the animation's own by more than this share fails, unless asked for.
    public static let paceTolerance = 0.05

    /// - Parameters:
    ///   - turns: what is on top over one loop, in order from 0 to `timing.loopSeconds`.
    ///   - durationsMs: the source's frames.
    ///   - laneMs: the route's shortest lane (1/30 s for the timer masks).
    ///   - paceAsked: the pace was asked for, so a pace off the animation's does not fail.
    ///   - excused: frames the layers under the lanes do not hold (the budget dropped them, which
    ///     its own notes say): missing, but not failing here.
    public init(
        turns: [Turn], durationsMs: [Double], timing: TimerLoopTiming, laneMs: Double, paceAsked: Bool,
        excused: Set<Int> = []
    ) {
        let n = durationsMs.count
        let total = durationsMs.reduce(0, +)
        frameCount = n
        plays = timing.plays
        speed = timing.speed
        self.paceAsked = paceAsked
        self.laneMs = laneMs
        let loop = Double(timing.loopSeconds)
        // Loop seconds per ms of the animation, and one play's length in the loop.
        let k = 1 / (timing.speed * 1000)
        let play = total * k
        var starts: [Double] = []
        var s = 0.0
        for d in durationsMs {
            starts.append(s)
            s += d
        }
        // Which frames each play shows: a turn shows its frame in every play whose time for that
        // frame it meets, give or take a lane (a frame starts on the lanes' grid).
        var shown = [Set<Int>](repeating: [], count: max(1, timing.plays))
        let slack = laneMs / 1000
        for t in turns where t.to - t.from > 1e-9 && (0..<n).contains(t.frame) {
            let a = starts[t.frame] * k, b = (starts[t.frame] + durationsMs[t.frame]) * k
            for p in -1...shown.count {
                let lo = Double(p) * play + a - slack, hi = Double(p) * play + b + slack
                if min(t.to, hi) > max(t.from, lo) {
                    shown[((p % shown.count) + shown.count) % shown.count].insert(t.frame)
                }
            }
        }
        let counts = shown.map(\.count)
        fewestShownPerPlay = counts.min() ?? 0
        mostShownPerPlay = counts.max() ?? 0
        let all = Set(0..<n)
        var missingAny = Set<Int>()
        for set in shown { missingAny.formUnion(all.subtracting(set)) }
        missing = missingAny.sorted()
        let union = shown.reduce(Set<Int>()) { $0.union($1) }
        neverShown = all.subtracting(union).sorted()
        dropped = missing.filter { !excused.contains($0) && durationsMs[$0] * k * 1000 >= 2 * laneMs - 1e-6 }

        // The source's frame at each instant: cut every turn where the source's frame changes.
        var onTime = 0.0, early = 0.0, late = 0.0
        for t in turns where t.to > t.from {
            var x = t.from
            var stretch = 0.0
            var stretchLate = false
            func close() {
                if stretch > 0 {
                    if stretchLate { late = max(late, stretch) } else { early = max(early, stretch) }
                }
                stretch = 0
            }
            while x < t.to - 1e-12 {
                let p = play > 0 ? (x / play).rounded(.down) : 0
                let local = (x - p * play) / k  // ms into the play
                let g = Self.frame(at: local, starts: starts, durations: durationsMs)
                let end = min(t.to, p * play + (starts[g] + durationsMs[g]) * k)
                let y = end > x + 1e-12 ? end : t.to
                if g == t.frame {
                    onTime += y - x
                    close()
                } else {
                    // Late when the frame shown had its time before this instant, in this play or the one before.
                    let before = g > t.frame || (g < t.frame && t.frame - g > n / 2)
                    if stretch > 0 && before != stretchLate { close() }
                    stretchLate = before
                    stretch += y - x
                }
                x = y
            }
            close()
        }
        onTimeShare = loop > 0 ? min(1, onTime / loop) : 0
        longestEarlyMs = early * 1000
        longestLateMs = late * 1000

        var failures: [String] = []
        if !dropped.isEmpty {
            let names = dropped.prefix(8).map { "\($0) (\(Self.ms(durationsMs[$0])) ms)" }.joined(separator: ", ")
            let more = dropped.count > 8 ? " and \(dropped.count - 8) more" : ""
            failures.append(
                "frame\(dropped.count == 1 ? "" : "s") \(names)\(more) \(dropped.count == 1 ? "is" : "are") missing from some plays, though each lasts at least two lanes (\(Self.ms(2 * laneMs)) ms)"
            )
        }
        if !paceAsked && abs(timing.speed - 1) > Self.paceTolerance {
            failures.append(
                "plays at \(String(format: "%.3g", timing.speed))× the animation's own pace (a \(Self.ms(total)) ms play lasts \(Self.ms(play * 1000)) ms), more than \(Int(Self.paceTolerance * 100)) % off"
            )
        }
        self.failures = failures
        passed = failures.isEmpty
    }

    /// "each play shows 16 of 16 frames; the source's frame of the instant is on top 96 % of the
    /// loop (at most 16.7 ms early, 16.7 ms late); at 1.008× its pace".
    public var sentence: String {
        let plays =
            fewestShownPerPlay == mostShownPerPlay
            ? "each play shows \(fewestShownPerPlay) of \(frameCount) frames"
            : "each play shows \(fewestShownPerPlay) to \(mostShownPerPlay) of \(frameCount) frames"
        let never = neverShown.isEmpty ? "" : " (never shown: \(Self.list(neverShown)))"
        let share = String(format: "%.0f", onTimeShare * 100)
        return
            "\(plays)\(never); the animation's frame of the instant is on top \(share) % of the loop (at most \(Self.ms(longestEarlyMs)) ms early, \(Self.ms(longestLateMs)) ms late); at \(String(format: "%.3g", speed))× its pace"
    }

    /// The frame showing at `ms` into a play (as `TimerLoopTiming.frame`), found by bisection
    /// over the frames' `starts`.
    static func frame(at ms: Double, starts: [Double], durations: [Double]) -> Int {
        var lo = 0, hi = starts.count - 1
        // The last frame whose start is at or before `ms` (a microsecond's tolerance keeps exact
        // boundaries on the later frame).
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= ms + 0.001 { lo = mid } else { hi = mid - 1 }
        }
        return max(0, lo)
    }

    static func list(_ frames: [Int]) -> String {
        frames.prefix(12).map(String.init).joined(separator: ", ") + (frames.count > 12 ? " …" : "")
    }

    static func ms(_ x: Double) -> String {
        let r = (x * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
