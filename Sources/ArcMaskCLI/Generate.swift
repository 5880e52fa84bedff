import ArcMaskCore
import ArcMaskGIF
import ArcMaskValues
import ArgumentParser
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an animated test-pattern GIF (for trying the tool and for benchmarks).")

    @Option(name: .customLong("out"), help: "The GIF to write.")
    var out: String

    @Option(help: "Canvas size, WxH.")
    var size: SizeArgument = SizeArgument(argument: "240x240")!

    @Option(help: "Number of frames.")
    var frames: Int = 24

    @Option(help: "Frame delays in centiseconds, comma-separated; repeated over the frames.")
    var delays: String = "8"

    @Flag(help: "Replace OUT if it exists.")
    var force = false

    @Flag(help: "No progress line.")
    var quiet = false

    func validate() throws {
        guard frames > 0 else { throw ValidationError("--frames must be positive") }
        guard size.width <= 65535, size.height <= 65535 else { throw ValidationError("GIF sizes stop at 65535") }
        guard parsedDelays != nil else { throw ValidationError("--delays takes comma-separated centiseconds, e.g. 5,10,20") }
    }

    var parsedDelays: [Int]? {
        let values = delays.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && (0...65535).contains($0!) }) else { return nil }
        return values.map { $0! }
    }

    func run() throws {
        try reportingFailures {
            let url = URL(fileURLWithPath: out)
            if FileManager.default.fileExists(atPath: out) && !force {
                throw OutputError(path: out, "exists; use --force to replace it")
            }
            let progress = ProgressLine("generate", total: frames, quiet: quiet)
            try TestPattern.writeGIF(to: url, size: PixelSize(width: size.width, height: size.height),
                                     frames: frames, delays: parsedDelays!) { _ in progress.advance() }
            progress.finish()
            emit("wrote \(out): \(frames) frames of \(size.width)×\(size.height)")
        }
    }
}
