import ArcMaskCore
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

extension FitMode: ExpressibleByArgument {}

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
    var maxSvgaBytes = ByteCount(SVGALimits.default.maxInflatedBytes)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVGA: refuse images inside the file with more pixels than this.", visibility: .hidden),
        transform: PixelCount.parse)
    var maxImagePixels = PixelCount(SVGALimits.default.maxImagePixels)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "SVGA: refuse path data with more commands than this per shape or clip.", visibility: .hidden),
        transform: ItemCount.parse)
    var maxPathCommands = ItemCount(SVGALimits.default.maxPathCommands)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVG: refuse files larger than this many bytes.", visibility: .hidden),
        transform: ByteCount.parse)
    var maxSvgBytes = ByteCount(SVGLimits.default.maxFileBytes)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("SVG: refuse files with more elements than this.", visibility: .hidden),
        transform: ItemCount.parse)
    var maxSvgElements = ItemCount(SVGLimits.default.maxElements)

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

    var svgLimits: SVGLimits {
        SVGLimits(maxFileBytes: maxSvgBytes.value, maxElements: maxSvgElements.value, maxPixels: maxPixels.value)
    }

    var svgaLimits: SVGALimits {
        var l = SVGALimits()
        l.maxFrames = maxFrames.value
        l.maxViewBoxPixels = maxPixels.value
        l.maxInflatedBytes = maxSvgaBytes.value
        l.maxImagePixels = maxImagePixels.value
        l.maxPathCommands = maxPathCommands.value
        return l
    }

    /// Ends the run with a clear error (and no partial output) if `file` takes longer than --timeout.
    func armWatchdog(for file: String) {
        Watchdog.arm(seconds: timeout.value) {
            "arcmask: \(file): took longer than \(timeout) s (the limit; raise it with --timeout)"
        }
    }
}

/// How to read an animation: limits, the playback every format takes, and each format's own settings.
struct InputOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Play frames A..B only (both inclusive; every format but video and AVIF, which take --start and --length). "
                + "Sequences: the numbers A..B of the pattern."))
    var range: ClosedRange<Int>?

    @Flag(help: "Play backwards (every format but video and AVIF).")
    var reverse = false

    @Option(
        name: .customLong("fps"), parsing: .unconditional,
        help: ArgumentHelp(
            "Resample to this many frames per second (vector formats and clips draw each instant; GIF, APNG and WebP "
                + "show the frame of that instant). Sequences: the frame rate (default 25)."),
        transform: FramesPerSecond.parse)
    var fpsOption: FramesPerSecond?

    @Option(
        name: .customLong("start"), parsing: .unconditional,
        help: "Video and AVIF: start the cut at this second (the frame on screen then is the first shown).",
        transform: ClipStart.parse)
    var startOption: ClipStart?

    @Option(
        name: .customLong("length"), parsing: .unconditional,
        help: "Video and AVIF: the cut's length in seconds (default: to the end).", transform: ClipLength.parse)
    var durationOption: ClipLength?

    @Option(help: "dotLottie: the animation to play (its id; inspect lists them). Default: the manifest's initial one.")
    var animation: String?

    @Option(help: "Lottie: play only the segment of this marker (inspect lists them).")
    var marker: String?

    @Option(
        help: "dotLottie v2: apply this theme (its id; inspect lists them). Default: the animation's initial theme.")
    var theme: String?

    @Option(
        help:
            "dotLottie v2: play this state of the state machine (inspect lists them). Default: the initial state of the initial state machine."
    )
    var state: String?

    @Flag(
        help: "Lottie: refuse a file with anything the renderer leaves out (expressions, effects …) instead of warning."
    )
    var strict = false

    @Option(
        name: .customLong("set-color"),
        help:
            "Lottie: KEYPATH=#RRGGBB[AA] sets the colour of the fills and strokes it names (* one name, ** any; inspect lists keypaths). Repeatable."
    )
    var setColor: [String] = []

    @Option(
        name: .customLong("set-opacity"),
        help: "Lottie: KEYPATH=0…100 sets the opacity of the fills, strokes or layers it names. Repeatable.")
    var setOpacity: [String] = []

    /// The keypath settings, checked.
    func lottieOverrides() throws -> LottieOverrides {
        var o = LottieOverrides()
        for text in setColor {
            guard let eq = text.lastIndex(of: "="), !text[..<eq].isEmpty,
                let c = LottieOverrides.parseColor(String(text[text.index(after: eq)...]))
            else {
                throw ValidationError(
                    "--set-color takes KEYPATH=#RRGGBB or KEYPATH=#RRGGBBAA, not '\(shortened(text))'")
            }
            o.entries.append((String(text[..<eq]), .color(c)))
        }
        for text in setOpacity {
            guard let eq = text.lastIndex(of: "="), !text[..<eq].isEmpty,
                let v = Double(text[text.index(after: eq)...]),
                v >= 0, v <= 100
            else {
                throw ValidationError("--set-opacity takes KEYPATH=0…100, not '\(shortened(text))'")
            }
            o.entries.append((String(text[..<eq]), .opacity(v)))
        }
        return o
    }

    var fps: Double? { fpsOption?.value }

    @Option(help: "Sequences: each frame's duration in ms, comma-separated (instead of --fps).")
    var durations: String?

    @Option(
        parsing: .unconditional, help: "Sequences: how many times the animation plays (0 = forever).",
        transform: Repeats.parse)
    var loops = Repeats(0)

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
        _ = try lottieOverrides()
        if fps != nil && durations != nil { throw ValidationError("give --fps or --durations, not both") }
        if durations != nil && parsedDurations == nil {
            throw ValidationError(
                "--durations takes milliseconds above 0 (at most a day) separated by commas, e.g. 40,40,80, not '\(shortened(durations!))'"
            )
        }
    }

    private var parsedDurations: [Double]? {
        guard let durations else { return nil }
        return (try? SpanMs.parseList(durations))?.map(\.value)
    }

    /// The settings for opening files: `scale` picks `@Sx` variants in sequences.
    func sourceOptions(scale: Int? = nil) -> SourceOptions {
        var options = SourceOptions(
            limits: limits.limits, svgaLimits: limits.svgaLimits,
            playback: Playback(range: range, reverse: reverse, fps: fps),
            renderCache: noRenderCache ? nil : RenderCache())
        options.vocabulary = .commandLine
        options.svgLimits = limits.svgLimits
        options.sequence.durations = parsedDurations
        options.sequence.loops = loops.value
        options.sequence.allowGaps = allowGaps
        options.sequence.scale = scale
        var lottieLimits = LottieLimits()
        lottieLimits.maxFrames = limits.maxFrames.value
        options.lottie = LottieOptions(animation: animation, marker: marker, limits: lottieLimits, strict: strict)
        options.lottie.theme = theme
        options.lottie.state = state
        options.lottie.overrides = (try? lottieOverrides()) ?? LottieOverrides()
        options.lottie.maxPixels = limits.maxPixels.value
        options.video = VideoOptions(start: startOption?.value, duration: durationOption?.value)
        return options
    }

    /// Opens `path` through the library's one entry point, with the time limit armed.
    func open(_ path: String, scale: Int? = nil) throws -> FrameSource {
        limits.armWatchdog(for: path)
        var options = sourceOptions(scale: scale)
        if !dynamic.isEmpty { options.svgaContent = try dynamic.content(options: options) }
        let source = try FrameSources.open(path: path, options: options)
        // Freed frame-sized buffers are kept for the next frame — except for video, whose frames
        // come from FFmpeg's pools, where glibc's own adaptive thresholds keep the peak lower
        // (135 MB against 157 MB on 1080p frames) at the same speed.
        if source.timeBase != .timestamps { MemoryReuse.install() }
        return source
    }

    /// The files a source was read from, which no output may replace: a sequence's frame files
    /// (else the file named) and the images put into an SVGA's keys.
    func inputFiles(of source: FrameSource, named path: String) -> [String] {
        source.inputFiles + dynamic.imageFiles
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
            "PNG compression: fast, balanced or small. Every preset stores the same pixels (indexed when a frame has 256 colours or fewer).",
            valueName: "preset"))
    var pngCompression: PNG.Compression.Preset = .balanced

    @Option(parsing: .unconditional, help: .hidden, transform: CompressionLevel.parse)
    var compression: CompressionLevel?

    /// The preset; the older `--compression 0…9` maps 0–3 to fast, 4–7 to balanced, 8–9 to small.
    var value: PNG.Compression {
        compression.map { PNG.Compression(level: $0.value) } ?? PNG.Compression(pngCompression)
    }
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

    @Flag(help: "No progress line on stderr (results still print on stdout).")
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

    func validate() throws { try requirePath(file, "FILE") }
}

/// Refuses an empty path (it names nothing; an empty --out would otherwise mean the current folder).
func requirePath(_ path: String, _ what: String) throws {
    if path.isEmpty { throw ValidationError("\(what) takes a path; an empty one names nothing") }
}
