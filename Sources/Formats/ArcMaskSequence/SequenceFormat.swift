import ArcMaskFrames
import ArcMaskValues

/// Numbered PNG, JPEG or SVG files, a folder or a printf-style pattern (`ArcMaskSequence`).
public enum SequenceFormat: ReadingFormat {
    public static let name = "image sequence"
    public static let inputs = "image sequences"
    public static let honours = playbackSettings.union([.durations, .loops, .allowGaps])
    /// A sequence of SVG files draws at any size.
    public static let capabilities = FrameCapabilities.drawsAtAnySize
}
