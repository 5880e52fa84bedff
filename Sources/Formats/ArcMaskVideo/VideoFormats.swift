import ArcMaskFrames
import ArcMaskValues

/// Animated and still AVIF, decoded by libavif. Checked before the video containers, whose
/// reader would take an AVIF sequence for an MP4 without its alpha.
public enum AVIFFormat: ReadingFormat {
    public static let name = "AVIF"
    public static let inputs = "AVIF files"
    public static let honours: Set<InputSetting> = [.framesPerSecond, .start, .length]
    public static let capabilities: FrameCapabilities = .savesCanvases

    public static func matches(_ head: [UInt8]) -> Bool { AVIFFrameSource.matches(head) }
}

/// Video clips: any container FFmpeg's probe recognises with a video stream in it (MP4, MOV,
/// WebM, MKV, AVI …), decoded by libavcodec. Checked last: image formats FFmpeg also reads
/// belong to the formats above, and the ones none of them takes are not videos.
public enum VideoFormat: ReadingFormat {
    public static let name = "video"
    public static let inputs = "video clips"
    public static let honours: Set<InputSetting> = [.framesPerSecond, .start, .length]
    public static let capabilities: FrameCapabilities = .savesCanvases

    /// Demuxers of single pictures and text, which FFmpeg probes but which are not clips.
    static let notClips = [
        "image2", "tty", "png", "jpeg", "gif", "webp", "svg", "bmp", "tiff", "apng", "ico", "dds", "exr", "pbm", "pgm",
        "ppm", "pam", "qoi", "avif", "jpegxl",
    ]

    public static func matches(_ head: [UInt8]) -> Bool {
        guard let probed = VideoProbe.containerName(head) else { return false }
        return !probed.hasSuffix("_pipe") && !notClips.contains { probed == $0 || probed.hasPrefix($0 + ",") }
    }
}
