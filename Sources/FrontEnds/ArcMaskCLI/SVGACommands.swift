import ArcMaskCore
import ArcMaskIO
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

struct SVGACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "svga",
        abstract: "Render SVGA frames with their keys filled (inspect describes SVGA files).",
        subcommands: [RenderFrame.self])

    struct RenderFrame: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Render one SVGA frame to a PNG, with the keys filled as an app fills them.",
            discussion:
                "--out names the PNG to write. --set-image, --set-text (with --text-style) and --hide fill the keys `inspect` lists."
        )

        @Argument(help: "The SVGA file.")
        var file: String

        @Option(
            name: .customLong("frame"), parsing: .unconditional, help: "The frame to render (0-based).",
            transform: FrameIndex.parse)
        var frameOption = FrameIndex(0)

        var frame: Int { frameOption.value }

        @OptionGroup var output: OutputOptions

        @Option(
            name: .customLong("pixels"), help: "Output size in pixels, WxH (default: the viewBox).",
            transform: SizeArgument.parse)
        var size: SizeArgument?

        @OptionGroup var limits: LimitOptions

        @OptionGroup var dynamic: DynamicOptions

        func validate() throws {
            try requirePath(file, "FILE")
            try output.requireOut()
            if let size {
                do {
                    try ViewLimits.check(
                        width: size.width, height: size.height, maxPixels: limits.maxPixels.value,
                        what: "--pixels \(size.width)x\(size.height)", option: "--max-pixels")
                } catch let e as UsageError { throw ValidationError(e.message) }
            }
        }

        func run() throws {
            try reportingFailures {
                let url = try output.file()
                limits.armWatchdog(for: file)
                let movie = try SVGAReader.read(path: file, limits: limits.svgaLimits)
                guard frame >= 0 && frame < movie.frameCount else {
                    throw InputError(file: file, "has frames 0…\(movie.frameCount - 1); there is no frame \(frame)")
                }
                var options = SourceOptions(limits: limits.limits, svgaLimits: limits.svgaLimits)
                options.vocabulary = .commandLine
                options.svgLimits = limits.svgLimits
                let content = try dynamic.content(options: options)
                let source = try SVGAFrameSource(movie: movie, name: file, size: size?.pixelSize, content: content)
                let picture = try source.frame(at: frame)
                try PNG.write(
                    picture, to: url, compression: .balanced,
                    protecting: ([file] + dynamic.imageFiles).map { URL(fileURLWithPath: $0) })
                for w in source.warnings { warn(w) }
                emit(
                    "wrote \(try output.path): frame \(frame) of \(movie.frameCount), \(picture.width)×\(picture.height)"
                )
            }
        }
    }
}

extension DescribeOptions {
    /// Prints an SVGA movie's report: a summary, or JSON.
    static func describe(_ m: SVGAMovie, file: String, json: Bool) throws {
        let r = SVGAReport(m, file: file)
        if json { emit(try jsonString(r)); return }
        let shapes = r.shapes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        emit(
            """
            \(file): SVGA \(m.version), \(m.container.rawValue)
              viewBox \(fmt(m.viewBoxWidth))×\(fmt(m.viewBoxHeight)), \(m.frameCount) frames at \(m.fps) fps (\(fmt(m.durationMs)) ms)
              \(r.sprites) sprites (\(r.matteSprites) mattes, \(r.maskedSprites) masked, \(r.vectorSprites) vector), \(m.images.count) images, \(m.audios.count) audio
              shapes drawn: \(shapes.isEmpty ? "none" : shapes); clip paths on \(r.clipPathFrames) sprite frames
            """
                + m.audios.map {
                    "\n  audio '\($0.key)': frames \($0.startFrame)–\($0.endFrame), from \($0.startTimeMs) ms of \($0.totalTimeMs) ms, \($0.byteCount) bytes"
                }.joined())
        emit(keyTable(r.keys, emptyKeys: r.emptyKeys))
    }

    /// The keys an app can fill, one line each: kind, the file's image size, the layout a
    /// replaced image or a text fills, and the frames where the key shows.
    static func keyTable(_ keys: [SVGAKey], emptyKeys: [String]) -> String {
        let width = keys.map(\.key.count).max() ?? 3
        var lines = ["  keys (--set-image, --set-text, --hide):"]
        for k in keys {
            let image = k.imageWidth.map { "image \($0)×\(k.imageHeight!) px" } ?? "no image"
            let layout = k.layoutWidth.map { "layout \(fmt($0))×\(fmt(k.layoutHeight!))" } ?? "no layout"
            let sprites = k.sprites == 1 ? "" : ", \(k.sprites) sprites"
            let mattes = k.mattes == 0 ? "" : " (\(k.mattes) matte\(k.mattes == 1 ? "" : "s"))"
            lines.append(
                "    \(k.key.padding(toLength: width, withPad: " ", startingAt: 0))  \(k.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  \(image), \(layout), frames \(k.visibleFramesText)\(sprites)\(mattes)"
            )
        }
        lines.append(
            emptyKeys.isEmpty
                ? "  placeholders (keys without an image in the file): none"
                : "  placeholders (keys without an image in the file): \(emptyKeys.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }
}
