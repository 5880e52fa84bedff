import ArcMaskAPNG
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskValues
import ArcMaskVideo
import ArcMaskWebP
import Foundation

// How the entry point opens each format (each format's module declares what it reads, honours
// and can do): the settings become the format's own options here.

extension GIFFormat: FrameFormat {
    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        return try PlaybackSource.over(
            GIFFrameSource(reader: reader, name: name, limits: options.limits), playback: options.playback)
    }
}

extension SVGAFormat: FrameFormat {
    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let bytes = try reader.contents(limit: options.svgaLimits.maxInflatedBytes, kind: "SVGA files")
        return try SVGAFrameSource(
            bytes: bytes, name: name,
            sequence: SVGASequence(options.playback), content: options.svgaDynamicContent, limits: options.svgaLimits,
            cache: options.renderCache)
    }
}

extension APNGFormat: FrameFormat {
    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        return try PlaybackSource.over(
            APNGFrameSource(reader: reader, name: name, limits: options.limits), playback: options.playback)
    }
}

extension WebPFormat: FrameFormat {
    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        return try PlaybackSource.over(
            WebPFrameSource(reader: reader, name: name, limits: options.limits), playback: options.playback)
    }
}

extension SVGFormat: FrameFormat {
    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let bytes = try reader.contents(limit: options.svgLimits.maxFileBytes, kind: "SVG files")
        return try PlaybackSource.over(
            SVGFrameSource(bytes: bytes, name: name, limits: options.svgLimits, cache: options.svgCache),
            playback: options.playback)
    }
}

extension LottieFormat: FrameFormat {
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

extension AVIFFormat: FrameFormat {
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

extension VideoFormat: FrameFormat {
    public static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource {
        let video = options.videoOptions
        return try VideoFrameSource(reader: reader, name: name, limits: options.limits, options: video)
    }
}
