import ArcMaskFrames
import ArcMaskValues

/// SVG, drawn by librsvg at the size it is shown: a one-frame source.
public enum SVGFormat: ReadingFormat {
    public static let name = "SVG"
    public static let inputs = "SVG files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities: FrameCapabilities = .drawsAtAnySize

    public static func matches(_ head: [UInt8]) -> Bool { SVGDocument.matches(head) }
}
