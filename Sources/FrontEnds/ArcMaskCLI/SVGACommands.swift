import ArcMaskCompositor
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
                var options = SourceOptions(limits: limits.limits, ceilings: limits.ceilings)
                options.vocabulary = .commandLine
                options.svgaContent = try dynamic.content(options: options)
                let source = try FrameSources.open(path: file, options: options, asFormatNamed: "SVGA")
                guard frame >= 0 && frame < source.frameCount else {
                    throw InputError(file: file, "has frames 0…\(source.frameCount - 1); there is no frame \(frame)")
                }
                let picture = try Resampler.frame(
                    frame, of: source, size: size?.pixelSize ?? source.canvasSize, fit: .fit)
                try PNG.write(
                    picture, to: url, compression: .balanced,
                    protecting: ([file] + dynamic.imageFiles).map { URL(fileURLWithPath: $0) })
                for w in source.warnings { warn(w) }
                emit(
                    "wrote \(try output.path): frame \(frame) of \(source.frameCount), \(picture.width)×\(picture.height)"
                )
            }
        }
    }
}
