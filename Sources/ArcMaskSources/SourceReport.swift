import ArcMaskCore
import ArcMaskGIF

/// What `frames` writes as `frames.json` for sources without a report of their own: the
/// canvas and each frame's duration.
public struct SourceReport: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        public var index: Int
        public var durationMs: Double
    }

    public var file: String
    public var width: Int
    public var height: Int
    public var frameCount: Int
    public var durationMs: Double
    public var frames: [Frame]

    public init(_ s: FrameSource) {
        file = s.name
        width = s.canvasSize.width
        height = s.canvasSize.height
        frameCount = s.frameCount
        durationMs = s.totalDuration
        frames = (0..<s.frameCount).map { Frame(index: $0, durationMs: s.duration(at: $0)) }
    }
}

/// The report each kind of source gives (`inspect --json`, `frames.json`).
public enum SourceReports {
    /// The format's own report where it has one (GIF), else the common one.
    public static func report(of source: FrameSource) -> any Encodable {
        if let gif = source as? GIFFrameSource { return gif.report }
        return SourceReport(source)
    }

    /// The source's data is damaged (frames up to the damage were kept).
    public static func isDamaged(_ source: FrameSource) -> Bool {
        (source as? GIFFrameSource)?.damaged == true
    }
}
