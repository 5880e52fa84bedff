import ArcMaskValues

/// Any frame source played as a `Playback` says: a range of its frames, reversed, resampled to
/// a rate. The frames are the base's own, picked per step; nothing is decoded until asked for.
/// `over(_:playback:)` keeps what the base can do: a base that draws at any size still does.
public class PlaybackSource: FrameSource {
    public let base: FrameSource
    public let playback: Playback
    /// The base frame each step shows.
    public let frames: [Int]
    private let stepDurations: [Double]

    /// `base` played as `playback` says; `base` itself when the playback changes nothing.
    public static func over(_ base: FrameSource, playback: Playback) throws -> FrameSource {
        guard !playback.isIdentity else { return base }
        if let scalable = base as? ScalableFrameSource {
            return try ScalablePlaybackSource(scalable, playback: playback)
        }
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
}

/// A playback over a source that draws at any size.
final class ScalablePlaybackSource: PlaybackSource, ScalableFrameSource {
    private let scalable: ScalableFrameSource

    init(_ base: ScalableFrameSource, playback: Playback) throws {
        scalable = base
        try super.init(base, playback: playback)
    }

    func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        try scalable.frame(at: frames[index], size: size, fit: fit)
    }
}
