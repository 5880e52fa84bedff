/// How a source's frames are played: which of them (a range of frame indexes), in which
/// direction, and at which rate. One value for every format: raster formats (GIF, APNG, WebP,
/// SVG) get it from `PlaybackSource`, which picks their frames; formats that draw any instant
/// (SVGA, Lottie, image sequences, video clips) apply it when they read their own timeline.
public struct Playback: Sendable, Equatable, Codable {
    /// First and last frame (inclusive); nil plays them all.
    public var range: ClosedRange<Int>?
    public var reverse: Bool
    /// Resample to this many frames per second; nil keeps the source's own timing.
    public var fps: Double?

    /// The highest rate a playback takes.
    public static let maxFPS = 240.0

    public init(range: ClosedRange<Int>? = nil, reverse: Bool = false, fps: Double? = nil) {
        self.range = range
        self.reverse = reverse
        self.fps = fps
    }

    /// Plays every frame, forward, at the source's own timing.
    public var isIdentity: Bool { range == nil && !reverse && fps == nil }

    /// The source frame each step shows, and how long each step lasts (ms), for a source whose
    /// frames last `durationsMs`. Resampling shows, at each step's start, the frame the selected
    /// frames show at that instant; the loop keeps its length to within one step.
    public func schedule(durationsMs: [Double]) throws(PlaybackError) -> (frames: [Int], durationsMs: [Double]) {
        let count = durationsMs.count
        var order = Array(0..<count)
        if let range {
            guard range.lowerBound >= 0, range.upperBound < count else {
                throw PlaybackError(
                    setting: .range,
                    message: "range \(range.lowerBound)..\(range.upperBound) is outside frames 0..\(count - 1)")
            }
            order = Array(range)
        }
        if reverse { order.reverse() }
        guard let fps else { return (order, order.map { durationsMs[$0] }) }
        guard fps > 0, fps <= Self.maxFPS else {
            throw PlaybackError(setting: .fps, message: "a rate of \(fps) frames per second is outside (0, 240]")
        }
        let total = order.reduce(0) { $0 + durationsMs[$1] }
        let step = 1000 / fps
        let steps = max(1, Int((total / step).rounded()))
        guard steps <= 1_000_000 else {
            throw PlaybackError(setting: .fps, message: "\(steps) frames at \(fps) per second are too many")
        }
        var frames: [Int] = []
        frames.reserveCapacity(steps)
        var i = 0, end = order.isEmpty ? 0 : durationsMs[order[0]]
        for k in 0..<steps {
            let t = Double(k) * step
            // A step that starts on a boundary shows the next frame (within rounding of the sums).
            while i < order.count - 1 && t >= end - 1e-6 {
                i += 1
                end += durationsMs[order[i]]
            }
            frames.append(order[i])
        }
        return (frames, Array(repeating: step, count: steps))
    }
}

/// A playback that does not fit the source: which setting, and why.
public struct PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Setting: Sendable, Equatable { case range, fps }
    public let setting: Setting
    public let message: String
    public var description: String { message }
}
