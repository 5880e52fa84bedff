import ArcMaskLayerExport
import ArcMaskManifest
import ArgumentParser
import Foundation

/// The help screens of `export`'s routes: `arcmask help export --route NAME` (or
/// `arcmask export --help --route NAME`) prints the route's own options, which `export --help`
/// leaves out. Each screen is a command type that is never run: it declares the same option
/// groups `Export` does, titled and shown, so each option's help is written once.
enum ExportHelp {
    static let screens: [(route: WidgetRoute, type: ParsableCommand.Type)] = [
        (.rotation, RotationHelp.self), (.timerMask, TimerMaskHelp.self), (.timerFont, TimerFontHelp.self),
    ]

    static let helpFlags: Set<String> = ["-h", "--help", "-help", "--help-hidden"]

    /// The route's screen when `args` ask for export's help with `--route`; nil otherwise. A
    /// route that does not exist is a usage error.
    static func screen(for args: [String]) throws -> String? {
        let options = Array(args.prefix { $0 != "--" })
        let asked =
            options.starts(with: ["help", "export"])
            || (options.first == "export" && options.contains(where: helpFlags.contains))
        guard asked else { return nil }
        var name: String?
        for (k, a) in options.enumerated() {
            if a == "--route", k + 1 < options.count { name = options[k + 1] }
            if a.hasPrefix("--route=") { name = String(a.dropFirst("--route=".count)) }
        }
        guard let name else { return nil }
        guard let screen = screens.first(where: { $0.route.rawValue == name }) else {
            throw ValidationError(
                "--route takes \(screens.map(\.route.rawValue).joined(separator: ", ")), not '\(shortened(name))'")
        }
        return screen.type.helpMessage(includeHidden: options.contains("--help-hidden"), columns: nil)
    }
}

/// `arcmask help export --route rotation`.
struct RotationHelp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "The rotation route's own options (every route's: arcmask export --help).",
        usage: "arcmask export FILE --out DIR [--route rotation] [<options>]",
        discussion: """
            Arc masks turned by WidgetKit's private clock-hand rotation play the layers at any frame rate. \
            When the layers exceed the archive budget, they are first held to the source's resolution (no \
            more pixels than the source shows in the view), then frames nobody can tell apart are merged \
            (at most 1 % of pixels differ by more than 16 levels; total duration kept), then the scale is \
            lowered a quarter step at a time down to --min-scale, then the JPEG quality down to 60, then \
            the frame rate evenly in time (--keep-frames refuses instead). With --layout files the export \
            also carries timer masks that play where the rotation is missing, when they play every frame at \
            the animation's pace (--fallback auto; timer-mask writes them anyway, judged); the timer-mask \
            options shape them.
            """,
        helpNames: [])

    @OptionGroup(title: "Layers and view") var layers: LayerOptions
    @OptionGroup(title: "Phone limits") var archive: ArchiveOptions
    @OptionGroup(title: "Rotation route") var rotation: RotationRouteOptions
    @OptionGroup(title: "Timer masks") var loop: TimerLoopOptions
    @OptionGroup(title: "Timer masks") var lanes: LaneOptions
}

/// `arcmask help export --route timer-mask`.
struct TimerMaskHelp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "The timer-mask route's own options (every route's: arcmask export --help).",
        usage: "arcmask export FILE --out DIR --route timer-mask [<options>]",
        discussion: """
            The rotation route's layers, one per lane, under live timer-text masks: public API, 1–30 \
            lanes a second, loops of 2 to 30 s dividing a minute. The layers are fitted as the rotation \
            route's; the view also turns where the rotation is there (--rotation-access). Layers are \
            files: --layout strip and --fallback are refused.
            """,
        helpNames: [])

    @OptionGroup(title: "Layers and view") var layers: LayerOptions
    @OptionGroup(title: "Phone limits") var archive: ArchiveOptions
    @OptionGroup(title: "Timer masks") var loop: TimerLoopOptions
    @OptionGroup(title: "Timer masks") var lanes: LaneOptions
}

/// `arcmask help export --route timer-font`.
struct TimerFontHelp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "The timer-font route's own options (every route's: arcmask export --help).",
        usage: "arcmask export FILE --out DIR --route timer-font [<options>]",
        discussion: """
            Frames as colour glyphs of timer fonts: public API, 1–15 pictures a second, loops dividing a \
            minute, iOS 18 or later. Its pictures are always flattened onto --background (default \
            FFFFFF); --memory-budget counts every picture decoded. Live Activity families, and the layer \
            and phone-limit options of the other routes, are refused.
            """,
        helpNames: [])

    @OptionGroup(title: "Timer fonts") var loop: TimerLoopOptions
}
