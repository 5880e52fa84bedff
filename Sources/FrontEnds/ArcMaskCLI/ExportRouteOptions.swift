import ArcMaskFolder
import ArcMaskTimerFontPlan
import ArcMaskTimerMaskPlan
import ArgumentParser
import Foundation

/// The rotation route's own settings (`export`): how layers are laid out and encoded, how they
/// draw on tinted home screens, and how the generated view reaches the rotation.
struct RotationRouteOptions: ParsableArguments {
    @Option(
        help: """
            files (each layer its own image, handed over as encoded bytes) or strip (one sprite sheet that \
            the view decodes in the extension and crops; counts its decoded size against --budget).
            """)
    var layout: LayerLayout = .files

    @Option(
        help: "auto (JPEG where a layer is opaque, PNG where it has transparency), jpeg or png; --layout files.")
    var imageFormat: ImageFormat = .auto

    @Option(
        name: .customLong("jpeg-quality"), parsing: .unconditional,
        help: "A fixed JPEG quality, 1 to 100 (default: 90, lowered to 60 at most to fit the archive).",
        transform: JPEGQuality.parse)
    var jpegQualityOption: JPEGQuality?

    var jpegQuality: Int? { jpegQualityOption?.value }

    @Option(
        name: .customLong("tinted"),
        help: """
            Where the system does not keep colours (tinted and clear home screens of iOS 18+; for poster \
            the Lock Screen too): full-color (the frames keep their colours), accented (tinted with the \
            home screen: colour replaced, alpha kept), alpha (the frames' luminance as their opacity) or \
            poster (the poster frame, still, as its luminance).
            """)
    var accented: AccentedRendering = .fullColor

    @Option(
        parsing: .unconditional,
        help:
            "The source frame the view shows still where it holds still: on Always-On displays, and with --tinted poster (default: the first).",
        transform: FrameIndex.parse)
    var poster: FrameIndex?

    @Option(
        name: .customLong("rotation-access"),
        help: """
            How the generated view reaches WidgetKit's clock-hand rotation: runtime (looked up at run time; \
            no SDK declaration; turns on iOS 26.1), silgen (the exported symbol), package \
            (octree/ClockHandRotationKit). All rest on private API.
            """)
    var rotation: RotationRoute = .runtime

    @Option(
        name: .customLong("fallback"),
        help: """
            timer-mask (default with --layout files: the mask font and the lanes go with the layers, so the \
            view plays by live timer-text masks where the rotation is missing; --widget-fps, --loop-seconds, \
            --timing and --max-lanes shape them) or none.
            """)
    var fallbackOption: ExportFallback?

    @Flag(
        help: """
            Write the folder and exit 0 even when the emulator's verdict is FAIL (for the presets that \
            reproduce flawed public widgets); without it such an export is written and exits 2.
            """)
    var allowDefects = false
}

/// The timer-font route's own settings (`export --route timer-font`): the widget's rate, the
/// loop and how the animation fits it.
struct TimerFontRouteOptions: ParsableArguments {
    @Option(
        name: .customLong("widget-fps"), parsing: .unconditional,
        help: """
            The widget's frame rate: \(WidgetRate.rule) (default 8). --fps resamples the input, as on every \
            route.
            """,
        transform: WidgetRate.parse)
    var widgetFPS: WidgetRate?

    @Option(
        name: .customLong("loop-seconds"), parsing: .unconditional,
        help: "The loop's length in seconds: \(LoopLength.rule) (default: chosen by --timing).",
        transform: LoopLength.parse)
    var loopOption: LoopLength?

    var loop: Int? { loopOption?.value }

    @Option(
        help: """
            repeat (keep the animation's pace, repeated a whole number of times per loop), \
            scale (stretch or squeeze it in time to a loop) or auto (repeat when a loop fits, else scale).
            """)
    var timing: TimerFontTiming.Mode?

}

/// What a rotation export carries for phones where the rotation is missing.
enum ExportFallback: String, CaseIterable, ExpressibleByArgument {
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
