import ArcMaskCore
import ArcMaskGIF
import ArcMaskValues
import ArgumentParser
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an animated test-pattern GIF (for trying the tool and for benchmarks).",
        discussion: "--out names the GIF to write.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Canvas size, WxH.")
    var size: SizeArgument = SizeArgument(argument: "240x240")!

    @Option(help: "Number of frames.")
    var frames: Int = 24

    @Option(help: "Frame delays in centiseconds, comma-separated; repeated over the frames.")
    var delays: String = "8"

    @Option(help: "How many times the pattern goes round over the animation (more: frames differ more).")
    var turns: Int = 1

    @OptionGroup var reporting: ReportOptions

    func validate() throws {
        try output.requireOut()
        guard frames > 0 else { throw ValidationError("--frames must be positive") }
        guard turns >= 1 else { throw ValidationError("--turns must be 1 or more") }
        guard size.width <= 65535, size.height <= 65535 else { throw ValidationError("GIF sizes stop at 65535") }
        guard parsedDelays != nil else {
            throw ValidationError("--delays takes comma-separated centiseconds, e.g. 5,10,20")
        }
    }

    var parsedDelays: [Int]? {
        let values = delays.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && (0...65535).contains($0!) }) else { return nil }
        return values.map { $0! }
    }

    func run() throws {
        try reportingFailures {
            let url = try output.file()
            let progress = reporting.progress("generate", total: frames)
            try TestPattern.writeGIF(
                to: url, size: PixelSize(width: size.width, height: size.height),
                frames: frames, delays: parsedDelays!, turns: turns
            ) { _ in progress.advance() }
            progress.finish()
            emit("wrote \(try output.path): \(frames) frames of \(size.width)×\(size.height)")
        }
    }
}
