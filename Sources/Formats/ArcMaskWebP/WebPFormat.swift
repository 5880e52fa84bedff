import ArcMaskFrames
import ArcMaskValues

/// Animated and still WebP, decoded by libwebp's animation decoder.
public enum WebPFormat: ReadingFormat {
    public static let name = "WebP"
    public static let inputs = "WebP files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities = FrameCapabilities()

    public static func matches(_ head: [UInt8]) -> Bool { WebPContainer.matches(head) }
}
