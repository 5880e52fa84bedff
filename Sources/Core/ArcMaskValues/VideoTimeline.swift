/// When each frame of a clip is on screen, from its presentation timestamps, and the frames a
/// cut (a start and a length) or a constant rate shows: the rules alone, in pure Swift, for
/// video and AVIF sequences alike, read by FFmpeg and libavif on the command line and by
/// AVFoundation in ArcMaskKit.
public struct VideoTimeline: Sendable, Equatable {
    /// Presentation times in seconds, ascending and distinct, counted from the first frame's
    /// (frame k is on screen from `times[k]` until `times[k + 1]`).
    public let times: [Double]
    /// How long the last frame lasts, in seconds.
    public let lastDuration: Double
    /// The first frame's presentation time in the stream, in seconds (a start offset).
    public let origin: Double
    /// Each frame's duration, computed from whole timestamps (so a 1/25 s frame is 0.04 s
    /// exactly as a Double can hold it, not a difference of two rounded times).
    private let durations: [Double]

    /// Frames at `timestamps` (in ticks of `numerator`/`denominator` seconds, in any order;
    /// repeats are one frame). The last frame lasts its own duration when the stream says
    /// (`lastDuration`), else one frame at `frameRate`, else as long as the frame before it.
    public init(
        timestamps: [Int64], numerator: Int64 = 1, denominator: Int64, lastDuration: Double? = nil,
        frameRate: Double? = nil
    ) {
        let sorted = Array(Set(timestamps)).sorted()
        let first = sorted.first ?? 0
        let num = Double(max(numerator, 1)), den = Double(max(denominator, 1))
        func seconds(_ ticks: Int64) -> Double { Double(ticks) * num / den }
        origin = seconds(first)
        times = sorted.map { seconds($0 &- first) }
        var last: Double
        if let d = lastDuration, d > 0, d.isFinite {
            last = d
        } else if let r = frameRate, r > 0, r.isFinite {
            last = 1 / r
        } else if sorted.count > 1 {
            last = seconds(sorted[sorted.count - 1] &- sorted[sorted.count - 2])
        } else {
            last = 0.1
        }
        self.lastDuration = last
        durations = sorted.indices.map { k in k + 1 < sorted.count ? seconds(sorted[k + 1] &- sorted[k]) : last }
    }

    /// Frames with the given durations in seconds, one after another.
    public init(durations: [Double]) {
        var t = 0.0
        var times: [Double] = []
        for d in durations {
            times.append(t)
            t += max(d, 0)
        }
        self.times = times
        self.durations = durations.map { max($0, 0) }
        lastDuration = durations.last.map { max($0, 0) } ?? 0
        origin = 0
    }

    public var count: Int { times.count }

    /// The clip's length in seconds: the last frame's start plus its duration.
    public var length: Double { (times.last ?? 0) + lastDuration }

    /// How long frame `k` is on screen, in seconds.
    public func duration(_ k: Int) -> Double { durations[k] }

    /// The frame on screen at `t` seconds (the first before the first frame's time, the last
    /// after the end).
    public func frame(at t: Double) -> Int {
        var lo = 0, hi = times.count - 1
        guard hi >= 0 else { return 0 }
        if t <= times[0] { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Whether frame rates vary: the spread between the shortest and the longest frame
    /// (the last one aside) is more than a millisecond.
    public var isVariableRate: Bool {
        guard times.count > 2 else { return false }
        let d = (0..<(times.count - 1)).map(duration)
        return (d.max()! - d.min()!) > 0.001
    }

    /// A frame as shown: which source frame, for how many seconds.
    public struct Shown: Sendable, Equatable {
        public var source: Int
        public var duration: Double
        public init(source: Int, duration: Double) {
            self.source = source
            self.duration = duration
        }
    }

    /// The frames shown from `start` seconds for `duration` seconds (to the end when nil):
    /// the first is the one on screen at `start`, shortened to what is left of it; the last
    /// is cut at the end. Durations add up to the cut's length.
    public func cut(start: Double = 0, duration: Double? = nil) -> [Shown] {
        guard !times.isEmpty else { return [] }
        let begin = min(max(start, 0), length)
        let end = duration.map { min(begin + max($0, 0), length) } ?? length
        guard end > begin else { return [Shown(source: frame(at: begin), duration: 0)] }
        var out: [Shown] = []
        var k = frame(at: begin)
        var t = begin
        while k < times.count, t < end {
            let next = k + 1 < times.count ? times[k + 1] : length
            let stop = min(next, end)
            // Whole frames keep their exact durations; the cut's ends are measured.
            let d = t == times[k] && stop == next ? durations[k] : stop - t
            if d > 0 { out.append(Shown(source: k, duration: d)) }
            t = stop
            k += 1
        }
        return out
    }

    /// The frames of `shown` (played one after another) sampled at `fps`: frame j shows what
    /// is on screen at j / fps, each for 1 / fps seconds, as many as fill the length (at
    /// least one).
    public static func resample(_ shown: [Shown], fps: Double) -> [Shown] {
        guard fps > 0, fps.isFinite, !shown.isEmpty else { return shown }
        let total = shown.reduce(0) { $0 + $1.duration }
        let n = max(1, Int((total * fps).rounded()))
        var out: [Shown] = []
        out.reserveCapacity(n)
        var k = 0
        var start = 0.0
        for j in 0..<n {
            let t = Double(j) / fps
            while k + 1 < shown.count, start + shown[k].duration <= t {
                start += shown[k].duration
                k += 1
            }
            out.append(Shown(source: shown[k].source, duration: 1 / fps))
        }
        return out
    }
}
