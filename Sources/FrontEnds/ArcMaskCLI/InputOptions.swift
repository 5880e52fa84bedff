import ArcMaskFrames
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

/// Which part of an animation plays, and at what rate: what every format takes.
struct PlaybackOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Play frames A..B only (both inclusive; every format but video and AVIF, which cut by time: --start, --length). "
                + "Sequences: the numbers A..B of the pattern."))
    var range: ClosedRange<Int>?

    @Flag(help: "Play backwards (every format but video and AVIF).")
    var reverse = false

    @Option(
        name: .customLong("fps"), parsing: .unconditional,
        help: ArgumentHelp(
            "Resample the input to this many frames per second (vector formats and clips draw each instant; GIF, "
                + "APNG and WebP show the frame of that instant; an export's widget rate is --widget-fps). "
                + "Sequences: the frame rate (default 25)."),
        transform: FramesPerSecond.parse)
    var fpsOption: FramesPerSecond?

    @Option(
        name: .customLong("start"), parsing: .unconditional,
        help:
            "Video and AVIF: start the cut at this second (the frame on screen then is the first shown; frames: --range).",
        transform: ClipStart.parse)
    var startOption: ClipStart?

    @Option(
        name: .customLong("length"), parsing: .unconditional,
        help: "Video and AVIF: the cut's length in seconds (default: to the end).", transform: ClipLength.parse)
    var durationOption: ClipLength?

    var fps: Double? { fpsOption?.value }
}

/// Lottie's and dotLottie's own settings: which animation, segment, theme and state, and
/// colours and opacities set by keypath.
struct LottieInputOptions: ParsableArguments {
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

    func validate() throws { _ = try overrides() }

    /// The keypath settings, checked.
    func overrides() throws -> KeypathOverrides {
        var o = KeypathOverrides()
        for text in setColor {
            guard let eq = text.lastIndex(of: "="), !text[..<eq].isEmpty,
                let c = KeypathOverrides.parseColor(String(text[text.index(after: eq)...]))
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
}

/// Numbered images' own settings: each frame's duration, the plays, and gaps in the numbers.
struct SequenceInputOptions: ParsableArguments {
    @Option(help: "Sequences: each frame's duration in ms, comma-separated (instead of --fps).")
    var durations: String?

    @Option(
        parsing: .unconditional,
        help: "Sequences: how many times the animation plays before it stops (0 = for ever); a widget always loops it.",
        transform: Repeats.parse)
    var loops = Repeats(0)

    @Flag(help: "Sequences: skip missing numbers with a warning instead of stopping.")
    var allowGaps = false

    func validate() throws {
        if durations != nil && parsedDurations == nil {
            throw ValidationError(
                "--durations takes milliseconds above 0 (at most a day) separated by commas, e.g. 40,40,80, not '\(shortened(durations!))'"
            )
        }
    }

    var parsedDurations: [Double]? {
        guard let durations else { return nil }
        return (try? SpanMs.parseList(durations))?.map(\.value)
    }
}

/// Each format's own settings, the render cache and the input limits.
struct FormatOptions: ParsableArguments {
    @OptionGroup(title: "Lottie and dotLottie") var lottie: LottieInputOptions

    @OptionGroup(title: "SVGA") var dynamic: DynamicOptions

    @OptionGroup(title: "Numbered images") var sequence: SequenceInputOptions

    @Flag(
        help:
            "SVG and SVGA: draw every frame anew instead of reusing renders kept in the cache folder (ARCMASK_CACHE_DIR, default ~/.cache/arcmask/renders)."
    )
    var noRenderCache = false

    @OptionGroup var limits: LimitOptions
}

/// How to read an animation: the playback every format takes, each format's own settings and
/// the limits. Two spellings share it: ``InputOptions`` shows every group, ``ExportInputOptions``
/// keeps the format groups off `export`'s short help.
protocol AnimationInput {
    var playback: PlaybackOptions { get }
    var formats: FormatOptions { get }
}

extension AnimationInput {
    var fps: Double? { playback.fps }
    var limits: LimitOptions { formats.limits }

    /// The checks that need more than one group.
    func checkInput() throws {
        if playback.fps != nil && formats.sequence.durations != nil {
            throw ValidationError("give --fps or --durations, not both")
        }
    }

    /// The settings for opening files: `scale` picks `@Sx` variants in sequences.
    func sourceOptions(scale: Int? = nil) -> SourceOptions {
        let p = playback, f = formats
        var options = SourceOptions(
            limits: f.limits.limits, ceilings: f.limits.ceilings,
            playback: Playback(range: p.range, reverse: p.reverse, fps: p.fps),
            renderCache: f.noRenderCache ? nil : RenderCache())
        options.vocabulary = .commandLine
        options.sequence.durations = f.sequence.parsedDurations
        options.sequence.loops = f.sequence.loops.value
        options.sequence.allowGaps = f.sequence.allowGaps
        options.sequence.scale = scale
        let l = f.lottie
        options.lottie = LottieSettings(animation: l.animation, marker: l.marker, strict: l.strict)
        options.lottie.theme = l.theme
        options.lottie.state = l.state
        options.lottie.overrides = (try? l.overrides()) ?? KeypathOverrides()
        options.clip = ClipCut(start: p.startOption?.value, duration: p.durationOption?.value)
        return options
    }

    /// Opens `path` through the library's one entry point, with the time limit armed.
    func open(_ path: String, scale: Int? = nil) throws -> FrameSource {
        limits.armWatchdog(for: path)
        var options = sourceOptions(scale: scale)
        if !formats.dynamic.isEmpty { options.svgaContent = try formats.dynamic.content(options: options) }
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
        source.inputFiles + formats.dynamic.imageFiles
    }
}

/// The input settings, every group shown (`inspect`, `frames`, `plan`, `emulate`, `preview`, `render`).
struct InputOptions: ParsableArguments, AnimationInput {
    @OptionGroup var playback: PlaybackOptions

    @OptionGroup var formats: FormatOptions

    func validate() throws { try checkInput() }
}

/// The input settings of `export`: the playback shown under "Input"; each format's own
/// settings and the limits hidden from the short help (`--help-hidden` lists them), as they
/// would more than double it.
struct ExportInputOptions: ParsableArguments, AnimationInput {
    @OptionGroup(title: "Input") var playback: PlaybackOptions

    @OptionGroup(visibility: .hidden) var formats: FormatOptions

    func validate() throws { try checkInput() }
}
