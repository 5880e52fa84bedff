import ArcMaskValues

/// Any frame source played as a `Playback` says: a range of its frames, reversed, resampled to
/// a rate. The frames are the base's own, picked per step; nothing is decoded until asked for.
/// It can do what the base can: its capabilities, drawings and canvas budget are the base's.
public final class PlaybackSource: FrameSource {
    public let base: FrameSource
    public let playback: Playback
    /// The base frame each step shows.
    public let frames: [Int]
    private let stepDurations: [Double]

    /// `base` played as `playback` says; `base` itself when the playback changes nothing.
    public static func over(_ base: FrameSource, playback: Playback) throws -> FrameSource {
        guard !playback.isIdentity else { return base }
        return try PlaybackSource(base, playback: playback)
    }

    init(_ base: FrameSource, playback: Playback) throws {
        self.base = base
        self.playback = playback
        do {
            (frames, stepDurations) = try playback.schedule(durationsMs: base.durations)
        } catch {
            throw InputError(file: base.name, error.message)
        }
    }

    public var name: String { base.name }
    public var canvasSize: PixelSize { base.canvasSize }
    public var frameCount: Int { frames.count }
    public var loopMode: LoopMode { base.loopMode }
    public func duration(at index: Int) -> Double { stepDurations[index] }
    public func frame(at index: Int) throws -> PixelBuffer { try base.frame(at: frames[index]) }
    public var warnings: [String] { base.warnings }
    public var timeBase: TimeBase { base.timeBase }
    public var inputFiles: [String] { base.inputFiles }
    public var capabilities: FrameCapabilities { base.capabilities }
    public var damaged: Bool { base.damaged }
    /// The base's report, its frames as the playback steps through them.
    public func describe(into report: inout SourceReport) {
        var r = SourceReport(base)
        let steps = r.frames
        r.frameCount = frameCount
        r.durationMs = totalDuration
        r.frames = frames.enumerated().map { k, f in
            var step = steps[f]
            step.index = k
            step.sourceFrame = f
            step.durationMs = duration(at: k)
            return step
        }
        r.playback = playback
        report = r
    }
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        try base.drawn(at: frames[index], size: size, fit: fit)
    }
    public var checkpointBudget: Int {
        get { base.checkpointBudget }
        set { base.checkpointBudget = newValue }
    }
}
