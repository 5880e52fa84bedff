import ArcMaskCore
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskSVG
import ArcMaskSequence
import ArcMaskSVGA
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

extension FitMode: ExpressibleByArgument {}

/// Ceilings on inputs, shared by every command that reads one.
struct LimitOptions: ParsableArguments {
    @Option(help: "Refuse canvases with more pixels than this.")
    var maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels

    @Option(help: "Refuse inputs with more frames than this.")
    var maxFrames: Int = DecodeLimits.defaultMaxFrames

    @Option(help: "Refuse inputs whose frames, decoded once each, make more bytes than this.")
    var maxDecodedBytes: Int = DecodeLimits.defaultMaxDecodedBytes

    @Option(help: "SVGA: refuse files that inflate past this many bytes.")
    var maxSvgaBytes: Int = SVGALimits.default.maxInflatedBytes

    @Option(help: "SVGA: refuse images inside the file with more pixels than this.")
    var maxImagePixels: Int = SVGALimits.default.maxImagePixels

    @Option(help: "SVGA: refuse path data with more commands than this per shape or clip.")
    var maxPathCommands: Int = SVGALimits.default.maxPathCommands

    @Option(help: "SVG: refuse files larger than this many bytes.")
    var maxSvgBytes: Int = SVGLimits.default.maxFileBytes

    @Option(help: "SVG: refuse files with more elements than this.")
    var maxSvgElements: Int = SVGLimits.default.maxElements

    @Option(help: "Give up on an input after this many seconds (SVG and SVGA rendering included).")
    var timeout: Double = 600

    var limits: DecodeLimits {
        DecodeLimits(maxCanvasPixels: maxPixels, maxFrames: maxFrames, maxDecodedBytes: maxDecodedBytes)
    }

    var svgLimits: SVGLimits {
        SVGLimits(maxFileBytes: maxSvgBytes, maxElements: maxSvgElements, maxPixels: maxPixels)
    }

    var svgaLimits: SVGALimits {
        var l = SVGALimits()
        l.maxFrames = maxFrames
        l.maxViewBoxPixels = maxPixels
        l.maxInflatedBytes = maxSvgaBytes
        l.maxImagePixels = maxImagePixels
        l.maxPathCommands = maxPathCommands
        return l
    }

    func validate() throws {
        for (name, value) in [
            ("--max-pixels", maxPixels), ("--max-frames", maxFrames), ("--max-decoded-bytes", maxDecodedBytes),
            ("--max-svga-bytes", maxSvgaBytes), ("--max-image-pixels", maxImagePixels),
            ("--max-path-commands", maxPathCommands), ("--max-svg-bytes", maxSvgBytes),
            ("--max-svg-elements", maxSvgElements),
        ]
        where value <= 0 {
            throw ValidationError("\(name) must be positive")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    /// Ends the run with a clear error (and no partial output) if `file` takes longer than --timeout.
    func armWatchdog(for file: String) {
        Watchdog.arm(seconds: timeout) {
            "arcmask: \(file): took longer than \(fmt(timeout)) s (the limit; raise it with --timeout)"
        }
    }
}

/// How to read an animation: limits, and the settings only SVGA files and image sequences use.
struct InputOptions: ParsableArguments {
    @Option(help: "SVGA: play frames A..B only. Sequences: the numbers A..B of the pattern (both inclusive).")
    var range: ClosedRange<Int>?

    @Flag(help: "SVGA and sequences: play backwards.")
    var reverse = false

    @Option(help: "SVGA: resample to this many frames per second. Sequences: the frame rate (default 25).")
    var fps: Double?

    @Option(help: "Sequences: each frame's duration in ms, comma-separated (instead of --fps).")
    var durations: String?

    @Option(help: "Sequences: how many times the animation plays (0 = forever).")
    var loops: Int = 0

    @Flag(help: "Sequences: skip missing numbers with a warning instead of stopping.")
    var allowGaps = false

    @Flag(
        help:
            "SVG and SVGA: draw every frame anew instead of reusing renders kept in the cache folder (ARCMASK_CACHE_DIR, default ~/.cache/arcmask/renders)."
    )
    var noRenderCache = false

    @OptionGroup var limits: LimitOptions

    @OptionGroup var dynamic: DynamicOptions

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps takes a rate in (0, 240]") }
        if fps != nil && durations != nil { throw ValidationError("give --fps or --durations, not both") }
        if durations != nil && parsedDurations == nil {
            throw ValidationError("--durations takes positive milliseconds separated by commas, e.g. 40,40,80")
        }
        if loops < 0 { throw ValidationError("--loops takes 0 (forever) or a number of plays") }
    }

    private var parsedDurations: [Double]? {
        guard let durations else { return nil }
        let values = durations.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! > 0 && $0!.isFinite }) else { return nil }
        return values.map { $0! }
    }

    /// The settings for opening files: `scale` picks `@Sx` variants in sequences.
    func sourceOptions(scale: Int? = nil) -> SourceOptions {
        var options = SourceOptions(
            limits: limits.limits, svgaLimits: limits.svgaLimits,
            svgaSequence: SVGASequence(range: range, reverse: reverse, fps: fps),
            renderCache: noRenderCache ? nil : RenderCache())
        options.svgLimits = limits.svgLimits
        options.sequence.range = range
        options.sequence.reverse = reverse
        options.sequence.fps = fps ?? 25
        options.sequence.durations = parsedDurations
        options.sequence.loops = loops
        options.sequence.allowGaps = allowGaps
        options.sequence.scale = scale
        return options
    }

    /// Opens `path` through the library's one entry point, with the time limit armed.
    func open(_ path: String, scale: Int? = nil) throws -> FrameSource {
        limits.armWatchdog(for: path)
        var options = sourceOptions(scale: scale)
        if FrameSources.isSequence(path) {
            options.svgaSequence = SVGASequence()  // range, reverse and rate went to options.sequence
        }
        if !dynamic.isEmpty { options.svgaContent = try dynamic.content(options: options) }
        return try FrameSources.open(path: path, options: options)
    }

    /// The files a source was read from, which no output may replace: a sequence's frame files
    /// (else the file named) and the images put into an SVGA's keys.
    func inputFiles(of source: FrameSource, named path: String) -> [String] {
        ((source as? ImageSequenceSource)?.frames.map(\.path) ?? [path]) + dynamic.imageFiles
    }
}

extension ClosedRange<Int>: @retroactive ExpressibleByArgument {
    /// "A..B" with 0 ≤ A ≤ B.
    public init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else { return nil }
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
            "PNG compression: fast, balanced or small. Every preset stores the same pixels (indexed when a frame has 256 colours or fewer).",
            valueName: "preset"))
    var pngCompression: PNG.Compression.Preset = .balanced

    @Option(help: .hidden)
    var compression: Int?

    func validate() throws {
        if let compression, !(0...9).contains(compression) {
            throw ValidationError("--compression takes 0 to 9 (or use --png-compression fast|balanced|small)")
        }
    }

    /// The preset; the older `--compression 0…9` maps 0–3 to fast, 4–7 to balanced, 8–9 to small.
    var value: PNG.Compression {
        compression.map(PNG.Compression.init(level:)) ?? PNG.Compression(pngCompression)
    }
}

/// `--jobs`: how many threads draw and encode images.
struct JobsOption: ParsableArguments {
    @Option(help: "Threads that draw, resize and encode frames (default: one per core). Outputs are the same for any number.")
    var jobs: Int = ImagePipeline.defaultJobs

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs takes 1 to 256") }
    }
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
    func folder(protecting inputs: [String]) throws -> OutputFolder {
        let url = URL(fileURLWithPath: try path)
        return try OutputFolder(
            url, force: force, protecting: inputs.map { URL(fileURLWithPath: $0) },
            guardedBy: OutputLock(for: url))
    }
}

/// How results are reported: JSON for machines, and no progress line on request.
struct ReportOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "No progress line.")
    var quiet = false

    /// A progress line on stderr (on a terminal only, never with --quiet or --json).
    func progress(_ label: String, total: Int) -> ProgressLine {
        ProgressLine(label, total: total, quiet: quiet || json)
    }
}

/// What `svga info` takes: a file, limits, and how to report.
struct DescribeOptions: ParsableArguments {
    @Argument(help: "The file to describe.")
    var file: String

    @OptionGroup var reporting: ReportOptions

    @OptionGroup var limits: LimitOptions
}

/// "WxH" on the command line.
struct SizeArgument: ExpressibleByArgument, Sendable {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
    }

    var pixelSize: PixelSize { PixelSize(width: width, height: height) }

    /// How `--help` shows a default: "240x240".
    var defaultValueDescription: String { "\(width)x\(height)" }
}
