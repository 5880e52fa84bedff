import ArcMaskCore
import ArcMaskExport
import ArcMaskRender
import ArcMaskSVGA
import ArcMaskValues
import ArgumentParser
import Foundation

struct SVGACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "svga",
        abstract: "Read SVGA animations: describe them, render frames.",
        subcommands: [Info.self, RenderFrame.self])

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Describe an SVGA file: container, canvas, timing, sprites, images, audio.")

        @Argument(help: "The SVGA file.")
        var file: String

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var limits: LimitOptions

        struct Report: Encodable {
            var file: String, version: String, container: String
            var viewBoxWidth: Double, viewBoxHeight: Double, fps: Int, frames: Int, durationMs: Double
            var sprites: Int, matteSprites: Int, vectorSprites: Int, maskedSprites: Int
            var images: [String: [Int]]
            var audios: [[String: Int]]
            var audioKeys: [String]
            var shapes: [String: Int]
            var clipPathFrames: Int
        }

        func run() throws {
            try reportingFailures {
                limits.armWatchdog(for: file)
                let m = try SVGAReader.read(path: file, limits: limits.svgaLimits)
                var shapes: [String: Int] = [:]
                var clips = 0
                for s in m.sprites {
                    for f in s.frames where f.alpha > 0 {
                        if f.clipPath != nil { clips += 1 }
                        for sh in f.shapes {
                            switch sh.geometry {
                            case .path: shapes["path", default: 0] += 1
                            case .rect: shapes["rect", default: 0] += 1
                            case .ellipse: shapes["ellipse", default: 0] += 1
                            }
                        }
                    }
                }
                let r = Report(file: file, version: m.version, container: m.container.rawValue,
                               viewBoxWidth: m.viewBoxWidth, viewBoxHeight: m.viewBoxHeight, fps: m.fps, frames: m.frameCount,
                               durationMs: m.durationMs, sprites: m.sprites.count,
                               matteSprites: m.sprites.filter(\.isMatte).count,
                               vectorSprites: m.sprites.filter { $0.imageKey.hasSuffix(".vector") }.count,
                               maskedSprites: m.sprites.filter { $0.matteKey != nil }.count,
                               images: m.images.mapValues { [$0.width, $0.height] },
                               audios: m.audios.map { ["startFrame": $0.startFrame, "endFrame": $0.endFrame, "startTimeMs": $0.startTimeMs, "totalTimeMs": $0.totalTimeMs, "bytes": $0.byteCount] },
                               audioKeys: m.audios.map(\.key), shapes: shapes, clipPathFrames: clips)
                if json { emit(try jsonString(r)); return }
                emit("""
                \(file): SVGA \(m.version), \(m.container.rawValue)
                  viewBox \(fmt(m.viewBoxWidth))×\(fmt(m.viewBoxHeight)), \(m.frameCount) frames at \(m.fps) fps (\(fmt(m.durationMs)) ms)
                  \(r.sprites) sprites (\(r.matteSprites) mattes, \(r.maskedSprites) masked, \(r.vectorSprites) vector), \(m.images.count) images, \(m.audios.count) audio
                  shapes drawn: \(shapes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ").isEmpty ? "none" : shapes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); clip paths on \(clips) sprite frames
                """ + m.audios.map { "\n  audio '\($0.key)': frames \($0.startFrame)–\($0.endFrame), from \($0.startTimeMs) ms of \($0.totalTimeMs) ms, \($0.byteCount) bytes" }.joined())
            }
        }
    }

    struct RenderFrame: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "render", abstract: "Render one SVGA frame to a PNG.")

        @Argument(help: "The SVGA file.")
        var file: String

        @Option(help: "The frame to render (0-based).")
        var frame: Int = 0

        @Option(name: .customLong("out"), help: "The PNG to write.")
        var out: String

        @Option(help: "Output size WxH (default: the viewBox).")
        var size: SizeArgument?

        @Flag(help: "Replace OUT if it exists.")
        var force = false

        @OptionGroup var limits: LimitOptions

        func run() throws {
            try reportingFailures {
                if FileManager.default.fileExists(atPath: out) && !force { throw OutputError(path: out, "exists; use --force to replace it") }
                limits.armWatchdog(for: file)
                let movie = try SVGAReader.read(path: file, limits: limits.svgaLimits)
                guard frame >= 0 && frame < movie.frameCount else {
                    throw InputError(file: file, "has frames 0…\(movie.frameCount - 1); there is no frame \(frame)")
                }
                let source = try SVGAFrameSource(movie: movie, name: file, size: size.map { PixelSize(width: $0.width, height: $0.height) })
                let picture = try source.frame(at: frame)
                try PNG.write(picture, to: URL(fileURLWithPath: out), compression: .balanced, protecting: [URL(fileURLWithPath: file)])
                for w in source.warnings { warn(w) }
                emit("wrote \(out): frame \(frame) of \(movie.frameCount), \(picture.width)×\(picture.height)")
            }
        }
    }
}
