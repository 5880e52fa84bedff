import ArcMaskCompositor
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every composited frame as a canvas-sized RGBA PNG, plus frames.json.",
        discussion: """
            --out names the folder for frame-0000.png … and frames.json. Outputs appear all at once: they are \
            written to a hidden staging folder and moved into the folder at the end. Vector sources (SVG, SVGA, \
            Lottie) are drawn at --pixels when given, placed by --fit (fit: whole and centred on a transparent \
            canvas; fill: covering it, cropped).
            """)

    @Argument(help: ArgumentHelp(AnimationArgument.help))
    var file: String

    @OptionGroup var output: OutputOptions

    @OptionGroup var png: PNGCompressionOption

    @OptionGroup var threads: JobsOption

    @OptionGroup var reporting: ReportOptions

    @OptionGroup var source: InputOptions

    @Option(
        name: .customLong("pixels"),
        help: "SVG, SVGA and Lottie: draw each frame at WxH pixels instead of the canvas size.",
        transform: SizeArgument.parse)
    var size: SizeArgument?

    @Option(help: "With --pixels: fit (whole, centred, transparent bars) or fill (covering, cropped).")
    var fit: FitMode = .fit

    func validate() throws {
        try requirePath(file, "FILE")
        try output.requireOut()
        if let size {
            do {
                try ViewLimits.check(
                    width: size.width, height: size.height, maxPixels: source.limits.maxPixels.value,
                    what: "--pixels \(size)", option: "--max-pixels")
            } catch let e as UsageError { throw ValidationError(e.message) }
        }
    }

    func run() throws {
        try reportingFailures {
            let frames = try source.open(file)
            if size != nil && !frames.capabilities.contains(.drawsAtAnySize) {
                throw UsageError(
                    "--pixels draws vector sources (SVG, SVGA, Lottie) at that size; \(file) holds pixels: resize its frames with export or render"
                )
            }
            let target = size?.pixelSize, placement = fit
            let drawSize = size?.pixelSize ?? frames.canvasSize
            let folder = try output.folder(protecting: source.inputFiles(of: frames, named: file))
            let pipeline = ImagePipeline(
                jobs: threads.jobs, writingInto: folder.staged, imageBytes: drawSize.pixelCount * 4)
            let progress = reporting.progress("frames", total: frames.frameCount)
            // Vector formats draw on the pipeline's threads; the others decode here, in order.
            for i in 0..<frames.frameCount {
                try pipeline.write(
                    try frames.deferredFrame(i) { source, k in
                        guard let target else { return try source.frame(at: k) }
                        return try Resampler.frame(k, of: source, size: target, fit: placement)
                    },
                    to: folder.url(for: String(format: "frame-%04d.png", i)),
                    compression: png.value
                ) { progress.advance() }
            }
            try pipeline.finish()
            progress.finish()
            let report: any Encodable = frames.details?.portable ?? SourceReport(frames).portable
            let json = try jsonString(report)
            try AtomicFile.write(Array(json.utf8), to: folder.url(for: "frames.json"))
            try folder.commit()
            for w in frames.warnings { warn(w) }
            if reporting.json {
                emit(try jsonString(Written(report: report, output: try output.path), file: file))
            } else {
                let damaged = frames.damaged
                emit(
                    "wrote \(counted(frames.frameCount, "frame")) (\(drawSize)) and frames.json to \(try output.path)\(damaged ? " (input is damaged; see warnings)" : "")"
                )
            }
        }
    }
}
