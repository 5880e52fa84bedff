import ArcMaskCore
import ArcMaskIO
import ArcMaskSources
import ArgumentParser
import Foundation

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every composited frame as a canvas-sized RGBA PNG, plus frames.json.",
        discussion: """
            --out names the folder for frame-0000.png … and frames.json. Outputs appear all at once: they are \
            written to a hidden staging folder and moved into the folder at the end.
            """)

    @Argument(help: "The animation to read.")
    var file: String

    @OptionGroup var output: OutputOptions

    @OptionGroup var png: PNGCompressionOption

    @OptionGroup var threads: JobsOption

    @OptionGroup var reporting: ReportOptions

    @OptionGroup var source: InputOptions

    func validate() throws {
        try requirePath(file, "FILE")
        try output.requireOut()
    }

    func run() throws {
        try reportingFailures {
            let frames = try source.open(file)
            let folder = try output.folder(protecting: source.inputFiles(of: frames, named: file))
            let pipeline = ImagePipeline(jobs: threads.jobs, writingInto: folder)
            let progress = reporting.progress("frames", total: frames.frameCount)
            // Vector formats draw on the pipeline's threads; the others decode here, in order.
            for i in 0..<frames.frameCount {
                try pipeline.write(
                    try frames.deferredFrame(i) { try $0.frame(at: $1) },
                    to: folder.url(for: String(format: "frame-%04d.png", i)),
                    compression: png.value
                ) { progress.advance() }
            }
            try pipeline.finish()
            progress.finish()
            let json = try jsonString(SourceReports.portableReport(of: frames))
            try AtomicFile.write(Array(json.utf8), to: folder.url(for: "frames.json"))
            try folder.commit()
            for w in frames.warnings { warn(w) }
            if reporting.json {
                emit(json)
            } else {
                let damaged = SourceReports.isDamaged(frames)
                emit(
                    "wrote \(frames.frameCount) frames (\(frames.canvasSize)) and frames.json to \(try output.path)\(damaged ? " (input is damaged; see warnings)" : "")"
                )
            }
        }
    }
}
