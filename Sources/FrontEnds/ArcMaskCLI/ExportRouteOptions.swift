import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerFontPlan
import ArcMaskTimerMaskPlan
import ArcMaskValues
import ArgumentParser
import Foundation

// The options only some routes take. `export` declares each group hidden, so its short help
// holds what every route takes; `arcmask help export --route NAME` shows a route's groups
// (`ExportHelp`). `ExportRules` refuses each where its route is not.

/// How layer images are made and drawn (rotation and timer-mask routes): the masks' preset,
/// the images' format and compression, how they draw on tinted home screens, the poster frame,
/// and how the view reaches the rotation.
struct LayerOptions: ParsableArguments {
    @Option(help: "How the masks are built (default: arcmask).")
    var preset: Preset?

    @Option(
        help: "auto (JPEG where a layer is opaque, PNG where it has transparency), jpeg or png; --layout files.")
    var imageFormat: ImageFormat = .auto

    @Option(
        name: .customLong("jpeg-quality"), parsing: .unconditional,
        help: "A fixed JPEG quality, 1 to 100 (default: 90, lowered to 60 at most to fit the archive).",
        transform: JPEGQuality.parse)
    var jpegQualityOption: JPEGQuality?

    @OptionGroup var png: PNGCompressionOption

    @Option(
        help: """
            How decoded frames are resized to the layers: auto (the nearest pixel where a layer enlarges the \
            picture \(Int(ResampleMode.nearestFrom)) times or more, so pixel art stays sharp; filtered \
            otherwise), smooth or nearest.
            """)
    var resample: ResampleMode?

    @Option(
        name: .customLong("tinted"),
        help: """
            Where the system does not keep colours (tinted and clear home screens of iOS 18+; for poster \
            the Lock Screen too): full-color (the frames keep their colours), accented (tinted with the \
            home screen: colour replaced, alpha kept), alpha (the frames' luminance as their opacity) or \
            poster (the --poster frame, still, as its luminance).
            """)
    var accented: AccentedRendering = .fullColor

    @Option(
        parsing: .unconditional,
        help:
            "Which frame is the poster: shown still on Always-On displays, and by --tinted poster (default: the first).",
        transform: FrameIndex.parse)
    var poster: FrameIndex?

    @Option(
        name: .customLong("rotation-access"),
        help: """
            How the generated view reaches WidgetKit's clock-hand rotation (the timer-mask view turns too, \
            where it can): runtime (default: looked up at run time; no SDK declaration; turns on iOS 26.1), \
            silgen (the exported symbol), package (octree/ClockHandRotationKit); all three rest on private \
            API. none: public API only (no rotation compiled in; the view plays its timer masks or its poster).
            """)
    var rotationOption: RotationAccess?

    var jpegQuality: Int? { jpegQualityOption?.value }
    var rotation: RotationAccess { rotationOption ?? .runtime }

    func validate() throws {
        if imageFormat == .png, jpegQuality != nil {
            throw ValidationError("--jpeg-quality does not apply to --image-format png")
        }
    }
}

/// The phone limits layer images are fitted to (rotation and timer-mask routes), besides the
/// extension's memory that every route has.
struct ArchiveOptions: ParsableArguments {
    @Option(
        name: .customLong("archive-budget"), parsing: .unconditional,
        help: """
            The view's archive in MB (10⁶ bytes): the layer images plus the view stay within it (default: 7 \
            aimed at, and --keep-frames refused above 9, as archives of 9.3 MB have drawn black; a \
            budget given here is also the ceiling).
            """,
        transform: Megabytes.parse)
    var archiveBudgetOption: Megabytes?

    @Option(
        name: .customLong("max-layer-pixels"), parsing: .unconditional,
        help:
            "Pixels per layer image (width × height; default: the smallest per-image cap seen); fitting lowers the scale to meet it.",
        transform: PixelCount.parse)
    var maxLayerPixelsOption: PixelCount?

    @Flag(help: "Refuse rather than lower the frame rate when the layers do not fit the budget.")
    var keepFrames = false

    var archiveBudget: Double? { archiveBudgetOption?.value }
    var maxLayerPixels: Int { maxLayerPixelsOption?.value ?? WidgetLimits.smallestPixelCap }
}

/// The rotation route's own settings: how layers are laid out, and what the view plays where
/// the rotation is missing.
struct RotationRouteOptions: ParsableArguments {
    @Option(
        help: """
            files (each layer its own image, handed over as encoded bytes) or strip (one sprite sheet that \
            the view decodes in the extension and crops; counts its decoded size against --memory-budget).
            """)
    var layout: LayerLayout = .files

    @Option(
        name: .customLong("fallback"),
        help: """
            What a rotation view plays where the rotation is missing: auto (default with --layout files: timer \
            masks where they play every frame at the animation's pace, else the first frame), timer-mask (the \
            mask font and the lanes go with the layers, judged against the animation; the timer-mask options \
            shape them) or none (--route timer-mask plays the masks first instead).
            """)
    var fallbackOption: ExportFallback?
}

/// The timer loop's settings (timer-font route, timer-mask route and a rotation export's
/// timer masks): the widget's rate, the loop's length, and how the animation fits it.
struct TimerLoopOptions: ParsableArguments {
    @Option(
        name: .customLong("widget-fps"), parsing: .unconditional,
        help: """
            The widget's own rate, pictures a second: \(WidgetRate.rule) (default: 8 for timer fonts, the \
            source's rate for timer masks). --fps resamples the input instead.
            """,
        transform: WidgetRate.parse)
    var widgetFPS: WidgetRate?

    @Option(
        name: .customLong("loop-seconds"), parsing: .unconditional,
        help:
            "The timer loop's length in seconds: \(LoopLength.rule) (default: chosen by --timing; not --loops, a sequence's plays).",
        transform: LoopLength.parse)
    var loopOption: LoopLength?

    @Option(
        help: """
            repeat (keep the animation's pace, repeated a whole number of times per loop), \
            scale (stretch or squeeze it in time to a loop) or auto (repeat when a loop fits, else scale).
            """)
    var timing: TimerFontTiming.Mode?

    var loop: Int? { loopOption?.value }
}

/// How many lanes timer masks may have (timer-mask route and a rotation export's timer masks).
struct LaneOptions: ParsableArguments {
    @Option(
        name: .customLong("max-lanes"), parsing: .unconditional,
        help: "The most lanes written, 1 to 1,000 (default 320, the most seen drawn on a phone).",
        transform: LaneCount.parse)
    var maxLanesOption: LaneCount?
}

/// What a rotation export carries for phones where the rotation is missing.
enum ExportFallback: String, CaseIterable, ExpressibleByArgument {
    /// Timer masks where they play the animation (every frame of two lanes or more in every
    /// play, its pace within 5 %), else none, saying why.
    case auto
    case timerMask = "timer-mask"
    case none
}

/// The widget's own frame rate (`--widget-fps`). Each route has its range; a value outside every
/// range is answered with all of them, so the first error states the real rule.
struct WidgetRate: Sendable {
    let value: Double

    static let rule =
        "a whole number, \(TimerFontPlan.rates.lowerBound) to \(TimerFontPlan.rates.upperBound) with --route timer-font, \(TimerMaskPlan.rates.lowerBound) to \(TimerMaskPlan.rates.upperBound) for timer masks"

    @Sendable static func parse(_ text: String) throws -> WidgetRate {
        guard let x = Double(text.trimmingCharacters(in: .whitespaces)), x.isFinite, x == x.rounded(),
            x >= 1, x <= Double(max(TimerFontPlan.rates.upperBound, TimerMaskPlan.rates.upperBound))
        else { throw OptionValueError(description: "takes \(rule)") }
        return WidgetRate(value: x)
    }
}

/// The loop's length (`--loop-seconds`): seconds that divide a minute, a list per route.
struct LoopLength: Sendable {
    let value: Int

    static let rule =
        "\(TimerFontPlan.loops.map(String.init).joined(separator: ", ")) with --route timer-font; \(TimerMaskPlan.loops.map(String.init).joined(separator: ", ")) for timer masks"

    @Sendable static func parse(_ text: String) throws -> LoopLength {
        guard let x = Int(text.trimmingCharacters(in: .whitespaces)),
            TimerFontPlan.loops.contains(x) || TimerMaskPlan.loops.contains(x)
        else { throw OptionValueError(description: "takes \(rule)") }
        return LoopLength(value: x)
    }
}
