import ArcMaskFrames
import ArcMaskValues

/// SVGA 2.x (a zlib stream) and 1.x (a ZIP), drawn with the SVGA renderer.
public enum SVGAFormat: ReadingFormat {
    public static let name = "SVGA"
    public static let inputs = "SVGA files"
    public static let honours: Set<InputSetting> = playbackSettings.union([.setImage, .setText, .hide])
    public static let capabilities: FrameCapabilities = [.drawsAtAnySize, .drawsConcurrently]

    public static func matches(_ head: [UInt8]) -> Bool {
        head.first == 0x78 || head.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }
}
