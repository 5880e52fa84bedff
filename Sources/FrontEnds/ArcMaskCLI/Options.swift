import ArcMaskFrames
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

extension FitMode: ExpressibleByArgument {}
extension ResampleMode: ExpressibleByArgument {}

/// What an animation argument takes, said once for every command that reads one.
enum AnimationArgument {
    /// Every format an input may be in, as help texts list them.
    static let formats =
        "GIF, APNG, WebP, SVG, SVGA, Lottie/TGS/dotLottie, video clips (MP4, MOV, WebM, MKV…), AVIF and numbered "
        + "images (a folder, or a pattern such as anim/frame%03d.png)"

    static let help = "The animation: \(formats)."
}

/// Ceilings on inputs, shared by every command that reads one. Hidden from the short help: the
/// defaults fit every real animation; `--help-hidden` and docs/limits.md list them.
struct LimitOptions: ParsableArguments {
    @Option(
        parsing: .unconditional, help: ArgumentHelp("Refuse canvases with more pixels than this.", visibility: .hidden),
        transform: PixelCount.parse)
    var maxPixels = PixelCount(DecodeLimits.defaultMaxCanvasPixels)

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Refuse inputs with more frames than this.", visibility: .hidden),
        transform: FrameCount.parse)
    var maxFrames = FrameCount(DecodeLimits.defaultMaxFrames)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Refuse inputs whose frames, decoded once each, make more bytes than this.", visibility: .hidden),
        transform: ByteCount.parse)
    var maxDecodedBytes = ByteCount(DecodeLimits.defaultMaxDecodedBytes)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVGA: refuse files that inflate past this many bytes.", visibility: .hidden),
        transform: ByteCount.parse)
    var maxSvgaBytes = ByteCount(FormatCeilings.default.svgaInflatedBytes)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVGA: refuse images inside the file with more pixels than this.", visibility: .hidden),
        transform: PixelCount.parse)
    var maxImagePixels = PixelCount(FormatCeilings.default.svgaImagePixels)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "SVGA: refuse path data with more commands than this per shape or clip.", visibility: .hidden),
        transform: ItemCount.parse)
    var maxPathCommands = ItemCount(FormatCeilings.default.svgaPathCommands)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVG: refuse files larger than this many bytes.", visibility: .hidden),
        transform: ByteCount.parse)
    var maxSvgBytes = ByteCount(FormatCeilings.default.svgFileBytes)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVG: refuse files with more elements than this.", visibility: .hidden),
        transform: ItemCount.parse)
    var maxSvgElements = ItemCount(FormatCeilings.default.svgElements)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Give up on an input after this many seconds (SVG and SVGA rendering included).", visibility: .hidden),
        transform: TimeoutSeconds.parse)
    var timeout = TimeoutSeconds(600)

    var limits: DecodeLimits {
        DecodeLimits(
            maxCanvasPixels: maxPixels.value, maxFrames: maxFrames.value, maxDecodedBytes: maxDecodedBytes.value)
    }

    var ceilings: FormatCeilings {
        FormatCeilings(
            svgaInflatedBytes: maxSvgaBytes.value, svgaImagePixels: maxImagePixels.value,
            svgaPathCommands: maxPathCommands.value, svgFileBytes: maxSvgBytes.value,
            svgElements: maxSvgElements.value)
    }

    /// Ends the run with a clear error (and no partial output) if `file` takes longer than --timeout.
    func armWatchdog(for file: String) {
        Watchdog.arm(seconds: timeout.value) {
            "arcmask: \(file): took longer than \(timeout) s (the limit; raise it with --timeout)"
        }
    }
}

extension ClosedRange<Int>: @retroactive ExpressibleByArgument {
    /// "A..B" with 0 ≤ A ≤ B ≤ 9,999,999.
    public init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b,
            FrameIndex.range.contains(b)
        else { return nil }
        self = a...b
    }
}

/// `--fit`: how frames fill a view of another shape.
struct FitOption: ParsableArguments {
    @Option(help: "How frames fill the view: fill (crop) or fit (bars).")
    var fit: FitMode = .fill
}

extension PNG.Compression.Preset: ExpressibleByArgument {}

/// `--png-compression`: the preset for commands that write many PNGs.
struct PNGCompressionOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "PNG compression: fast, balanced (default) or small. Every preset stores the same pixels (indexed when a frame has 256 colours or fewer).",
            valueName: "preset"))
    var pngCompression: PNG.Compression.Preset?

    @Option(parsing: .unconditional, help: .hidden, transform: CompressionLevel.parse)
    var compression: CompressionLevel?

    /// The preset; the older `--compression 0…9` maps 0–3 to fast, 4–7 to balanced, 8–9 to small.
    var value: PNG.Compression {
        compression.map { PNG.Compression(level: $0.value) } ?? PNG.Compression(pngCompression ?? .balanced)
    }

    /// Whether either spelling was given.
    var given: Bool { pngCompression != nil || compression != nil }
}

/// `--jobs`: how many threads draw and encode images.
struct JobsOption: ParsableArguments {
    @Option(
        name: .customLong("jobs"), parsing: .unconditional,
        help:
            "Threads that draw, resize and encode frames (default: one per core). Outputs are the same for any number.",
        transform: ThreadCount.parse)
    var jobsOption = ThreadCount(min(ImagePipeline.defaultJobs, 256))

    var jobs: Int { jobsOption.value }
}

/// Where a command writes, and whether it may replace what is there.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("out"), help: "Where to write: a file or a folder, as the command's description says.")
    var out: String?

    @Flag(
        help:
            "Replace an existing output file, or write into a folder that already holds files (same-named files are replaced)."
    )
    var force = false

    func validate() throws {
        if let out { try requirePath(out, "--out") }
    }

    /// The path, required unless the command says otherwise.
    var path: String {
        get throws {
            guard let out else { throw ValidationError("give --out") }
            return out
        }
    }

    /// For commands that always write: refuses a command line without --out.
    func requireOut() throws {
        if out == nil { throw ValidationError("give --out") }
    }

    /// The output file's URL, refused when it exists and --force is not given.
    func file() throws -> URL {
        let path = try path
        try OutputError.refuseReplacing(path, force: force)
        return URL(fileURLWithPath: path)
    }

    /// An output folder written all or nothing, locked against other runs until it is committed.
    func folder(protecting inputs: [String]) throws -> CommandLineOutput {
        let url = URL(fileURLWithPath: try path)
        return try CommandLineOutput(
            url, force: force, protecting: inputs.map { URL(fileURLWithPath: $0) },
            guardedBy: OutputLock(for: url))
    }
}

/// `--json`, declared once: every command that can print JSON takes it from here.
struct JSONOption: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}

/// How results are reported: JSON for machines, and no progress line on request.
struct ReportOptions: ParsableArguments {
    @OptionGroup var format: JSONOption
    var json: Bool { format.json }

    @Flag(help: "No progress line on stderr (results still print on stdout).")
    var quiet = false

    /// A progress line on stderr (on a terminal only, never with --quiet or --json).
    func progress(_ label: String, total: Int) -> ProgressLine {
        ProgressLine(label, total: total, quiet: quiet || json)
    }
}

/// Refuses an empty path (it names nothing; an empty --out would otherwise mean the current folder).
func requirePath(_ path: String, _ what: String) throws {
    if path.isEmpty { throw ValidationError("\(what) takes a path; an empty one names nothing") }
}
