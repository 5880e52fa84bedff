import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRuntime
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskValues
import ArgumentParser
import Foundation

extension WidgetFamily: ExpressibleByArgument {}
extension RotationAccess: ExpressibleByArgument {}
extension WidgetRoute: ExpressibleByArgument {}
extension TimerFontTiming.Mode: ExpressibleByArgument {}
extension LayerLayout: ExpressibleByArgument {}
extension ImageFormat: ExpressibleByArgument {}
extension AccentedRendering: ExpressibleByArgument {}

/// `arcmask export`: an animation into what a widget extension needs, by one of three routes.
/// Its short help holds the options every route takes; each route's own are in hidden groups,
/// which `arcmask help export --route NAME` shows (`ExportHelp`).
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Write widget-ready layer images (JPEG/PNG), manifest.json, the SwiftUI view, a widget and INSTALL.md.",
        discussion: """
            Widget sizes come from a table of Apple's published sizes per device (`arcmask devices` lists \
            them); --view overrides it. Frames are fitted to the limits phones enforce: the view's archive, \
            each image's pixel area and the extension's memory (--memory-budget). --out names the output \
            folder; outputs appear all at once; a folder that holds files needs --force. The summary ends \
            with one verdict: a FAIL (the emulator's, the timer proof's, frames that flattening makes \
            identical) writes the folder and exits 2 (--allow-defects); an export in which nothing moves \
            writes nothing and exits 2 (--allow-still). Check a folder later with `arcmask check DIR`. \
            Each route's own options: `arcmask help export --route rotation|timer-mask|timer-font`; each \
            format's (Lottie, dotLottie, SVGA, numbered images) and the input limits: \
            `arcmask export --help-hidden`.
            """)

    @Argument(help: ArgumentHelp(AnimationArgument.help))
    var file: String?

    @OptionGroup(title: "Widget") var widget: WidgetOptions
    @OptionGroup(title: "What is written") var code: CodeOptions
    @OptionGroup(title: "Fitting") var fitting: FittingOptions
    @OptionGroup(title: "Verdict") var verdict: VerdictOptions
    @OptionGroup var source: ExportInputOptions
    @OptionGroup(title: "Output and run") var output: OutputOptions
    @OptionGroup(title: "Output and run") var reporting: ReportOptions
    @OptionGroup(title: "Output and run") var threads: JobsOption

    // Each route's own groups: parsed always, shown by `arcmask help export --route NAME`.
    @OptionGroup(title: "Layers and view", visibility: .hidden) var layers: LayerOptions
    @OptionGroup(title: "Phone limits", visibility: .hidden) var archive: ArchiveOptions
    @OptionGroup(title: "Rotation route", visibility: .hidden) var rotationRoute: RotationRouteOptions
    @OptionGroup(title: "Timer loop", visibility: .hidden) var timerLoop: TimerLoopOptions
    @OptionGroup(title: "Timer loop", visibility: .hidden) var lanes: LaneOptions

    var route: WidgetRoute { code.route }
    var family: WidgetFamily { widget.family }
    var scale: Double { widget.scale }

    /// What a rotation export carries for phones without the rotation: timer masks where they
    /// play the animation (`auto`) unless `--fallback` says otherwise or a strip (which has no
    /// file per lane).
    var fallback: ExportFallback {
        guard route == .rotation else { return .none }
        // A Live Activity's archive (~2 MB) has no room for the lanes' images and fonts.
        if family.surface == .liveActivity { return rotationRoute.fallbackOption ?? .none }
        // A strip has no file per lane: auto comes to none (timer-mask is refused, `ExportRules`).
        if rotationRoute.layout == .strip, rotationRoute.fallbackOption != .timerMask { return .none }
        return rotationRoute.fallbackOption ?? .auto
    }

    /// Whether the export may write timer masks: the timer-mask route, or a rotation export's fallback.
    var writesLanes: Bool { route == .timerMask || (route == .rotation && fallback != .none) }

    /// The phone's limits as the options set them.
    var limits: WidgetLimits {
        // A budget the user gives is also the ceiling --keep-frames may not pass.
        // Without one, the surface's: a Live Activity's archive is its own, smaller, ceiling.
        let archiveBytes = archive.archiveBudget.map { Int($0 * 1_000_000) }
        let surface = WidgetLimits.standard(for: family)
        return WidgetLimits(
            archiveBytes: archiveBytes ?? surface.archiveBytes,
            archiveCeilingBytes: archiveBytes ?? surface.archiveCeilingBytes,
            layerPixels: archive.maxLayerPixels, extensionBytes: Int(fitting.memoryBudget * 1_000_000))
    }

    func validate() throws {
        guard file != nil && output.out != nil else {
            throw ValidationError("give FILE and --out DIR")
        }
        if let file { try requirePath(file, "FILE") }
        try ExportRules.check(self)
    }

    func run() throws {
        try reportingFailures {
            let job = try ExportJob(self)
            if route == .timerFont {
                try TimerFontExport.run(job)
            } else {
                try LayerExport.run(job)
            }
        }
    }
}
