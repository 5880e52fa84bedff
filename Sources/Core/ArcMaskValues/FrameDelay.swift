/// How long a frame of an animated image plays, as browsers play it: a delay of 10 ms or less
/// (0 included) plays as 100 ms; any longer delay as written. GIF, APNG, WebP and every reader
/// that takes delays from a container (the CLI's decoders, ArcMaskKit's ImageIO reader) use this
/// one rule.
public enum FrameDelay {
    /// Delays at or under this many milliseconds are too short to be meant.
    public static let tooShortMs = 10.0
    /// What such delays play as.
    public static let substituteMs = 100.0

    /// The duration a browser gives a frame whose delay is `delayMs` (as written, unclamped).
    public static func browserMs(_ delayMs: Double) -> Double {
        delayMs.isFinite && delayMs > tooShortMs ? delayMs : substituteMs
    }
}
