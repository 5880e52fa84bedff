import ArcMaskFiles
import ArcMaskFrames
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an animated test-pattern GIF (for trying the tool and for benchmarks), or an example SVGA.",
        discussion:
            "--out names the file to write. --svga writes a 300×300 gift banner whose keys an app fills: avatar (an image, clipped to a circle), name (a text placeholder), ribbon, halo.vector."
    )

    @OptionGroup var output: OutputOptions

    @Option(name: .customLong("canvas"), help: "Canvas size in pixels, WxH.", transform: SizeArgument.parse)
    var size = SizeArgument(width: 240, height: 240)

    @Option(
        name: .customLong("frames"), parsing: .unconditional, help: "Number of frames.", transform: PatternFrames.parse)
    var framesOption = PatternFrames(24)

    var frames: Int { framesOption.value }

    @Option(help: "Frame delays in centiseconds, comma-separated; repeated over the frames.")
    var delays: String = "8"

    @Option(
        name: .customLong("turns"), parsing: .unconditional,
        help: "How many times the pattern goes round over the animation (more: frames differ more).",
        transform: TurnCount.parse)
    var turnsOption = TurnCount(1)

    var turns: Int { turnsOption.value }

    @Option(
        name: .customLong("max-pixels"), parsing: .unconditional,
        help: "Refuse canvases with more pixels than this (the ceiling every command reads with).",
        transform: PixelCount.parse)
    var maxPixels = PixelCount(DecodeLimits.defaultMaxCanvasPixels)

    @Option(
        name: .customLong("max-decoded-bytes"), parsing: .unconditional,
        help:
            "Refuse patterns whose frames, decoded once each, make more bytes than this (4 GiB: about half a minute of work).",
        transform: ByteCount.parse)
    var maxDecodedBytes = ByteCount(4 << 30)

    @Flag(help: "Write the example SVGA gift banner instead of a GIF.")
    var svga = false

    @OptionGroup var reporting: ReportOptions

    func validate() throws {
        try output.requireOut()
        if svga && (frames != 24 || delays != "8" || turns != 1 || size.width != 240 || size.height != 240) {
            throw ValidationError("--svga writes a fixed example; --canvas, --frames, --delays and --turns shape GIFs")
        }
        guard parsedDelays != nil else {
            throw ValidationError("--delays takes comma-separated centiseconds, e.g. 5,10,20")
        }
        try checkWork()
    }

    /// The canvas and the whole pattern, bounded before a pixel is drawn.
    func checkWork() throws {
        do {
            try ViewLimits.check(
                width: size.width, height: size.height, maxPixels: maxPixels.value,
                what: "--canvas \(size.width)x\(size.height)", option: "--max-pixels")
        } catch let e as UsageError { throw ValidationError(e.message) }
        let pixels = size.width * size.height  // each side ≤ 32,767: no overflow
        let bytes = pixels.multipliedReportingOverflow(by: frames * 4)
        if bytes.overflow || bytes.partialValue > maxDecodedBytes.value {
            throw ValidationError(
                "\(frames) frames of \(size.width)×\(size.height) make \(bytes.overflow ? "too many" : grouped(bytes.partialValue)) bytes decoded, over the limit of \(grouped(maxDecodedBytes.value)); use fewer --frames or a smaller --canvas, or raise --max-decoded-bytes"
            )
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
            if svga {
                try AtomicFile.write(Samples.giftBannerSVGA(), to: url)
                try report(
                    Written(kind: "svga", width: 300, height: 300, frames: Samples.giftBannerFrames, delaysCs: [5]),
                    "wrote \(try output.path): SVGA gift banner, 300×300, \(Samples.giftBannerFrames) frames at 20 fps")
                return
            }
            let progress = reporting.progress("generate", total: frames)
            try Samples.writeTestPatternGIF(
                to: url, size: PixelSize(width: size.width, height: size.height),
                frames: frames, delays: parsedDelays!, turns: turns
            ) { _ in progress.advance() }
            progress.finish()
            try report(
                Written(kind: "gif", width: size.width, height: size.height, frames: frames, delaysCs: parsedDelays!),
                "wrote \(try output.path): \(counted(frames, "frame")) of \(size.width)×\(size.height)")
        }
    }

    /// What `generate` wrote, for `--json`.
    struct Written: Encodable {
        let kind: String
        let width: Int
        let height: Int
        let frames: Int
        /// The delays, centiseconds, repeated over the frames.
        let delaysCs: [Int]
        var output = ""
    }

    /// The line, or with `--json` the figures.
    func report(_ written: Written, _ line: String) throws {
        guard reporting.json else { return emit(line) }
        var w = written
        w.output = try output.path
        emit(try jsonString(w))
    }
}
