import ArcMaskCore
import ArcMaskGIF
import ArcMaskRender
import ArgumentParser
import Foundation

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every composited frame as a canvas-sized RGBA PNG, plus frames.json.",
        discussion: "Outputs appear all at once: they are written to a hidden staging folder and moved into DIR at the end.")

    @Argument(help: "The GIF or SVGA to read.")
    var file: String

    @Option(name: .customLong("out"), help: "Folder for frame-0000.png … and frames.json.")
    var out: String

    @Flag(help: "Write into a folder that already holds files (same-named files are replaced).")
    var force = false

    @Option(help: "PNG compression level, 0 (fastest) to 9 (smallest).")
    var compression: Int = 1

    @Flag(help: "Print the frames.json report on stdout instead of a summary line.")
    var json = false

    @Flag(help: "No progress line.")
    var quiet = false

    @OptionGroup var limits: LimitOptions

    @OptionGroup var sequence: SequenceOptions

    func validate() throws {
        guard (0...9).contains(compression) else { throw ValidationError("--compression takes 0 to 9") }
    }

    func run() throws {
        try reportingFailures {
            let input = URL(fileURLWithPath: file)
            let gif = try openFrameSource(file, limits: limits, sequence: sequence)
            let folder = try OutputFolder(URL(fileURLWithPath: out), force: force, protecting: [input])
            let writer = ParallelPNGWriter(compression: PNG.Compression(level: compression))
            let progress = ProgressLine("frames", total: gif.frameCount, quiet: quiet)
            for i in 0..<gif.frameCount {
                let frame = try gif.frame(at: i)
                try writer.submit(frame, to: folder.url(for: String(format: "frame-%04d.png", i))) {
                    progress.advance()
                }
            }
            try writer.finish()
            progress.finish()
            let json = try (gif as? GIFFrameSource).map { try jsonString($0.report) } ?? jsonString(SourceReport(gif))
            try AtomicFile.write(Array(json.utf8), to: folder.url(for: "frames.json"))
            try folder.commit()
            for w in gif.warnings { warn(w) }
            if self.json {
                emit(json)
            } else {
                let damaged = (gif as? GIFFrameSource)?.damaged == true
                emit("wrote \(gif.frameCount) frames (\(gif.canvasSize)) and frames.json to \(out)\(damaged ? " (input is damaged; see warnings)" : "")")
            }
        }
    }
}

/// frames.json for sources other than GIF: the canvas and each frame's duration.
struct SourceReport: Encodable {
    struct Frame: Encodable { var index: Int; var durationMs: Double }
    var file: String
    var width: Int
    var height: Int
    var frameCount: Int
    var durationMs: Double
    var frames: [Frame]

    init(_ s: FrameSource) {
        file = s.name
        width = s.canvasSize.width
        height = s.canvasSize.height
        frameCount = s.frameCount
        durationMs = s.totalDuration
        frames = (0..<s.frameCount).map { Frame(index: $0, durationMs: s.duration(at: $0)) }
    }
}
