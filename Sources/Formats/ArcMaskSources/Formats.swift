import ArcMaskAPNG
import ArcMaskCore
import ArcMaskGIF
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskValues
import ArcMaskVideo
import ArcMaskWebP
import Foundation

/// GIF87a and GIF89a, decoded with giflib.
public enum GIFFormat: FrameFormat {
    public static let name = "GIF"
    public static let inputs = "GIF files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities: FrameCapabilities = .savesCanvases

    public static func matches(_ head: [UInt8]) -> Bool { head.starts(with: Array("GIF".utf8)) }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        return try PlaybackSource.over(
            GIFFrameSource(reader: reader, name: name, limits: options.limits), playback: options.playback)
    }
}

/// SVGA 2.x (a zlib stream) and 1.x (a ZIP), drawn with the SVGA renderer.
public enum SVGAFormat: FrameFormat {
    public static let name = "SVGA"
    public static let inputs = "SVGA files"
    public static let honours: Set<InputSetting> = playbackSettings.union([.setImage, .setText, .hide])
    public static let capabilities: FrameCapabilities = [.drawsAtAnySize, .drawsConcurrently]

    public static func matches(_ head: [UInt8]) -> Bool {
        head.first == 0x78 || head.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let bytes = try reader.contents(limit: options.svgaLimits.maxInflatedBytes, kind: "SVGA files")
        return try SVGAFrameSource(
            bytes: bytes, name: name,
            sequence: SVGASequence(options.playback), content: options.svgaDynamicContent, limits: options.svgaLimits,
            cache: options.renderCache)
    }
}

/// PNG and APNG: chunks read here, each frame's data decoded by libpng; a PNG without acTL is one frame.
public enum APNGFormat: FrameFormat {
    public static let name = "PNG/APNG"
    public static let inputs = "PNG files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities = FrameCapabilities()

    public static func matches(_ head: [UInt8]) -> Bool { head.starts(with: PNG.signature) }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        return try PlaybackSource.over(
            APNGFrameSource(reader: reader, name: name, limits: options.limits), playback: options.playback)
    }
}

/// Animated and still WebP, decoded by libwebp's animation decoder.
public enum WebPFormat: FrameFormat {
    public static let name = "WebP"
    public static let inputs = "WebP files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities = FrameCapabilities()

    public static func matches(_ head: [UInt8]) -> Bool { WebPContainer.matches(head) }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        return try PlaybackSource.over(
            WebPFrameSource(reader: reader, name: name, limits: options.limits), playback: options.playback)
    }
}

/// SVG, drawn by librsvg at the size it is shown: a one-frame source.
public enum SVGFormat: FrameFormat {
    public static let name = "SVG"
    public static let inputs = "SVG files"
    public static let honours: Set<InputSetting> = playbackSettings
    public static let capabilities: FrameCapabilities = .drawsAtAnySize

    public static func matches(_ head: [UInt8]) -> Bool { SVGDocument.matches(head) }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let bytes = try reader.contents(limit: options.svgLimits.maxFileBytes, kind: "SVG files")
        return try PlaybackSource.over(
            SVGFrameSource(bytes: bytes, name: name, limits: options.svgLimits, cache: options.svgCache),
            playback: options.playback)
    }
}

/// Lottie JSON, Telegram stickers (gzip) and dotLottie (ZIP with a manifest), drawn by the
/// Lottie renderer. Checked before SVGA, whose 1.x files are ZIPs too.
public enum LottieFormat: FrameFormat {
    public static let name = "Lottie/TGS/dotLottie"
    public static let inputs = "Lottie files"
    public static let honours: Set<InputSetting> = playbackSettings.union([
        .animation, .marker, .strict, .setColor, .theme, .state,
    ])
    public static let capabilities: FrameCapabilities = [.drawsAtAnySize, .drawsConcurrently]

    public static func matches(_ head: [UInt8]) -> Bool { LottieContainer.matches(head) }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let lottie = options.lottieOptions
        let bytes = try reader.contents(limit: lottie.limits.maxJSONBytes, kind: "Lottie files")
        var directory: URL? = nil
        if FileManager.default.fileExists(atPath: name) {
            directory = URL(fileURLWithPath: name).deletingLastPathComponent()
        }
        return try LottieFrameSource(
            bytes: bytes, name: name, directory: directory, options: lottie, cache: options.renderCache)
    }
}

/// Animated and still AVIF, decoded by libavif. Checked before the video containers, whose
/// reader would take an AVIF sequence for an MP4 without its alpha.
public enum AVIFFormat: FrameFormat {
    public static let name = "AVIF"
    public static let inputs = "AVIF files"
    public static let honours: Set<InputSetting> = [.framesPerSecond, .start, .length]
    public static let capabilities: FrameCapabilities = .savesCanvases

    public static func matches(_ head: [UInt8]) -> Bool { AVIFFrameSource.matches(head) }

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let video = options.videoOptions
        do {
            return try AVIFFrameSource(reader: reader, name: name, limits: options.limits, options: video)
        } catch let refused {
            // libavif 0.11 (Debian 12's) refuses sequences with an audio track; FFmpeg reads
            // their colour frames (not an alpha track, which it keeps apart).
            guard let clip = try? VideoFrameSource(reader: reader, name: name, limits: options.limits, options: video)
            else { throw refused }
            clip.warn(
                "libavif could not read the file (\((refused as? InputError)?.problem ?? "\(refused)")): decoded by FFmpeg instead, without an alpha track if it has one"
            )
            return clip
        }
    }
}

/// Video clips: any container FFmpeg's probe recognises with a video stream in it (MP4, MOV,
/// WebM, MKV, AVI …), decoded by libavcodec. Checked last: image formats FFmpeg also reads
/// belong to the formats above, and the ones none of them takes are not videos.
public enum VideoFormat: FrameFormat {
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

    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let video = options.videoOptions
        return try VideoFrameSource(reader: reader, name: name, limits: options.limits, options: video)
    }
}
