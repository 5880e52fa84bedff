import ArcMaskFrames
import ArcMaskValues

/// GIF87a and GIF89a, decoded with giflib.
public enum GIFFormat: ReadingFormat {
    public static let name = "GIF"
    public static let inputs = "GIF files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities: FrameCapabilities = .savesCanvases

    public static func matches(_ head: [UInt8]) -> Bool { head.starts(with: Array("GIF".utf8)) }
}
