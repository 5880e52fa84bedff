import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues

/// PNG and APNG: chunks read here, each frame's data decoded by libpng; a PNG without acTL is one frame.
public enum APNGFormat: ReadingFormat {
    public static let name = "PNG/APNG"
    public static let inputs = "PNG files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities = FrameCapabilities()

    public static func matches(_ head: [UInt8]) -> Bool { head.starts(with: PNG.signature) }
}
