import ArcMaskValues

/// A kind of input the entry point reads, as the one refusal sees it: what its inputs are called,
/// the reading settings it takes and what its sources can do. Each format module declares its own;
/// the entry point (`FrameSources`) refuses the settings a format does not honour, in one place.
public protocol ReadingFormat: Sendable {
    /// A short name for messages and reports ("GIF", "SVGA").
    static var name: String { get }
    /// Its inputs, in the plural, for messages ("GIF files", "video clips", "image sequences").
    static var inputs: String { get }
    /// The reading settings it takes; `FrameSources` refuses the others before opening a file.
    static var honours: Set<InputSetting> { get }
    /// The most its sources can do (a source may do less: SVGA with custom drawings draws on one thread).
    static var capabilities: FrameCapabilities { get }
}

extension ReadingFormat {
    /// A frame range, a reversal and a rate: what every format that plays frames takes.
    public static var playbackSettings: Set<InputSetting> { [.range, .reverse, .framesPerSecond] }
}
