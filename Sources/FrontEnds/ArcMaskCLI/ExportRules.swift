import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskTimerFontPlan
import ArcMaskTimerMaskPlan
import ArcMaskValues
import ArgumentParser
import Foundation

/// What `export` refuses because of the route or another option: one table of which route each
/// route-bound option applies to, then the checks between options. (Each option group checks
/// what it holds alone while it is read.)
enum ExportRules {
    /// An option that only some exports take: refused, naming where it applies, when given
    /// elsewhere.
    struct Rule: Sendable {
        var option: String
        var given: @Sendable (Export) -> Bool
        var applies: @Sendable (Export) -> Bool
        var place: String
    }

    static let layerRoutes = "--route rotation and --route timer-mask"
    static let loopRoutes =
        "--route timer-font, --route timer-mask and a rotation export's timer masks (--fallback timer-mask with --layout files)"

    static let rules: [Rule] = {
        func layer(_ option: String, _ given: @escaping @Sendable (Export) -> Bool) -> Rule {
            Rule(option: option, given: given, applies: { $0.route != .timerFont }, place: layerRoutes)
        }
        func loop(_ option: String, _ given: @escaping @Sendable (Export) -> Bool) -> Rule {
            Rule(option: option, given: given, applies: { $0.route == .timerFont || $0.writesLanes }, place: loopRoutes)
        }
        return [
            Rule(
                option: "--fallback", given: { $0.rotationRoute.fallbackOption != nil },
                applies: { $0.route == .rotation }, place: "--route rotation"),
            Rule(
                option: "--max-lanes", given: { $0.lanes.maxLanesOption != nil }, applies: { $0.writesLanes },
                place: "--route timer-mask and to a rotation export's timer masks (--fallback timer-mask)"),
            loop("--loop-seconds") { $0.timerLoop.loopOption != nil },
            loop("--timing") { $0.timerLoop.timing != nil },
            loop("--widget-fps") { $0.timerLoop.widgetFPS != nil },
            Rule(
                option: "--layout", given: { $0.rotationRoute.layout != .files }, applies: { $0.route == .rotation },
                place: "--route rotation"),
            layer("--preset") { $0.layers.preset != nil },
            layer("--image-format") { $0.layers.imageFormat != .auto },
            layer("--jpeg-quality") { $0.layers.jpegQuality != nil },
            layer("--png-compression") { $0.layers.png.given },
            layer("--resample") { $0.layers.resample != nil },
            layer("--tinted") { $0.layers.accented != .fullColor },
            layer("--poster") { $0.layers.poster != nil },
            layer("--rotation-access") { $0.layers.rotationOption != nil },
            layer("--archive-budget") { $0.archive.archiveBudgetOption != nil },
            layer("--max-layer-pixels") { $0.archive.maxLayerPixelsOption != nil },
            layer("--keep-frames") { $0.archive.keepFrames },
        ]
    }()

    static func check(_ e: Export) throws {
        // The timer-mask route's layers are files: said in its own words.
        if e.route == .timerMask && e.rotationRoute.layout != .files {
            throw ValidationError("--route timer-mask writes a layer file per lane: --layout files")
        }
        for rule in rules where rule.given(e) && !rule.applies(e) {
            throw ValidationError("\(rule.option) applies to \(rule.place)")
        }
        if e.rotationRoute.layout == .strip {
            if e.layers.imageFormat != .auto { throw ValidationError("--image-format applies to --layout files") }
            if e.layers.jpegQuality != nil { throw ValidationError("--jpeg-quality applies to --layout files") }
            if e.widget.background != nil {
                throw ValidationError("--background applies to --layout files (a strip keeps transparency)")
            }
            if e.rotationRoute.fallbackOption == .timerMask {
                throw ValidationError("--fallback timer-mask needs a layer file per frame: --layout files")
            }
        }
        try checkLoop(e)
        // Public API only leaves the rotation out: the rotation route's verdict would judge
        // arcs that never turn.
        if e.layers.rotation == .none && e.route == .rotation {
            throw ValidationError(
                "--rotation-access none leaves the clock-hand rotation out: take --route timer-mask (the same layers under live timer masks) or --route timer-font, both public API"
            )
        }
        if e.family.surface == .liveActivity, e.route != .rotation {
            throw ValidationError(
                "--family \(e.family.rawValue) takes --route rotation: the \(e.route.rawValue) route's fonts go into a Live Activity's archive, which a 109 KB font took to 2.5 MB, past the ~2 MB a Live Activity starts with (cifyr/motionary §6.3)"
            )
        }
    }

    /// The widget's rate and the loop's length, against the route's own ranges.
    static func checkLoop(_ e: Export) throws {
        let (rates, loops, whose): (ClosedRange<Int>, [Int], String) =
            e.route == .timerFont
            ? (TimerFontPlan.rates, TimerFontPlan.loops, "--route timer-font")
            : (TimerMaskPlan.rates, TimerMaskPlan.loops, "timer masks")
        if let fps = e.timerLoop.widgetFPS?.value, !(fps == fps.rounded() && rates.contains(Int(fps))) {
            throw ValidationError("--widget-fps takes \(WidgetRate.rule); \(whose) cannot take \(fmt(fps))")
        }
        if let loop = e.timerLoop.loop, !loops.contains(loop) {
            throw ValidationError("--loop-seconds takes \(LoopLength.rule); \(whose) cannot take \(loop)")
        }
    }
}
