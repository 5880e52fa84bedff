import ArcMaskFrames
import ArcMaskLottie
import ArcMaskValues

/// Lottie JSON, Telegram stickers (gzip) and dotLottie (ZIP with a manifest), drawn by the
/// Lottie renderer. Checked before SVGA, whose 1.x files are ZIPs too.
public enum LottieFormat: ReadingFormat {
    public static let name = "Lottie/TGS/dotLottie"
    public static let inputs = "Lottie files"
    public static let honours: Set<InputSetting> = playbackSettings.union([
        .animation, .marker, .strict, .setColor, .theme, .state,
    ])
    public static let capabilities: FrameCapabilities = [.drawsAtAnySize, .drawsConcurrently]

    public static func matches(_ head: [UInt8]) -> Bool { LottieContainer.matches(head) }
}
