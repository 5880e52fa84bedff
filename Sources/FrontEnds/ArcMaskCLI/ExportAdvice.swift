import ArcMaskBudget
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskValues
import Foundation

/// What `export` says about an input before (or instead of) the work: a clip too long for the
/// route, a loop count a widget cannot keep, a Live Activity larger than some phone's, and why
/// nothing moves.
enum ExportAdvice {
    /// Layers larger than a Live Activity family's presentation on some iPhone: ActivityKit may
    /// not start the activity there (`WidgetSizeTable.presentationsSmaller`).
    /// The layers are sized as the export sizes them (`ArchiveFitter.pixels`), so the warning and
    /// the summary give one size. `asked`: the user gave --device, --view or --scale, which the
    /// warning then names as the cause.
    static func presentationWarning(
        family: WidgetFamily, view: (width: Double, height: Double), scale: Double, asked: Bool
    ) -> String? {
        let px = ArchiveFitter.pixels(view.width, view.height, scale)
        let over = WidgetSizeTable.presentationsSmaller(than: px.width, px.height, family: family)
        guard !over.isEmpty else { return nil }
        let shown = over.prefix(4).map { "\($0.device.id) (\($0.width)×\($0.height) px)" }.joined(separator: ", ")
        let more = over.count > 4 ? " and \(over.count - 4) more" : ""
        return
            "layers of \(px.width)×\(px.height) px are larger than the \(family.rawValue) presentation on \(shown)\(more): ActivityKit may not start the Live Activity there"
            + (asked ? "; without --device, --view and --scale the layers fit every iPhone" : "")
    }

    /// What `--fit fill` cuts of a picture whose shape is not the view's: "cropped to the view
    /// (--fit fill): 44 % of the height cut; --fit fit keeps the whole picture". Nil when less
    /// than 1 % is cut, or with `--fit fit`.
    static func cropNote(canvas: PixelSize, view: (width: Double, height: Double), fit: FitMode) -> String? {
        guard fit == .fill, canvas.width > 0, canvas.height > 0, view.width > 0, view.height > 0 else { return nil }
        let sourceAspect = Double(canvas.width) / Double(canvas.height), viewAspect = view.width / view.height
        // The share of the source's width (or height) that overflows the view once it covers it.
        let (cut, side) =
            sourceAspect > viewAspect
            ? (1 - viewAspect / sourceAspect, "width") : (1 - sourceAspect / viewAspect, "height")
        guard cut >= 0.01 else { return nil }
        return
            "cropped to the view (--fit fill): \(Int((cut * 100).rounded())) % of the \(side) cut; --fit fit keeps the whole picture"
    }

    /// How the layers were resized, when it is by the nearest pixel: "resampled to the nearest
    /// pixel: the layers enlarge the picture 32× (pixel art stays sharp; --resample smooth
    /// filters it)". Nil for vector sources (drawn at size) and filtered resizes.
    static func resampleNote(_ frames: FrameSource, layer: PixelSize, fit: FitMode, mode: ResampleMode) -> String? {
        guard !frames.capabilities.contains(.drawsAtAnySize), layer.width > 0, layer.height > 0 else { return nil }
        let c = frames.canvasSize
        let a = fit.placement(of: (Double(c.width), Double(c.height)), in: (Double(layer.width), Double(layer.height)))
            .a
        guard a > 1, mode.nearest(atScale: a) else { return nil }
        return
            "resampled to the nearest pixel: the layers enlarge the picture \(fmt((a * 10).rounded() / 10))× (pixel art stays sharp; --resample smooth filters it)"
    }

    /// An animation that plays a number of times and stops: a widget has no end, so it loops.
    static func loopNote(_ frames: FrameSource) -> String? {
        guard frames.frameCount > 1, frames.loopMode != .forever else { return nil }
        return
            "the animation \(frames.loopMode) and stops; a widget cannot stop, so it loops it for ever (to end on a frame, cut the animation to it and export that frame as a still with --allow-still)"
    }

    /// A clip longer than the route plays well, in the route's own terms: the timer routes'
    /// loops end at 60 s (30 s for masks); the rotation route fits any length, by dropping frames.
    static func cutAdvice(_ frames: FrameSource, route: WidgetRoute) -> String? {
        guard frames.timeBase == .timestamps else { return nil }
        let seconds = frames.totalDuration / 1000
        // A clip of 60 s and a few milliseconds is a 60 s clip.
        guard seconds > 60.05 else { return nil }
        let length = String(format: "%.1f", seconds)
        switch route {
        case .timerFont, .timerMask:
            return
                "the clip plays \(length) s; a \(route.rawValue) loop lasts at most \(route == .timerMask ? 30 : 60) s, so it is sped up to fit: "
                + "cut it with --start and --length (for example --length 6) to keep its pace"
        case .rotation:
            return "the clip plays \(length) s; the rotation keeps its length by dropping frames to fit the "
                + "budget: cut it with --start and --length (for example --length 6) to keep more of its frames"
        }
    }

    /// Why nothing moves in an export of `layers` distinct pictures (`what`s), or nil when
    /// something does: a still input, or a budget that left one.
    static func stillReason(frames: FrameSource, layers: Int, what: String) -> String? {
        guard layers <= 1 else { return nil }
        if frames.frameCount <= 1 {
            return "nothing moves: the input is a still (one frame), so the widget shows one picture"
        }
        return
            "nothing moves: of the animation's \(frames.frameCount) frames the budget left one \(what); raise the budget (--archive-budget, --memory-budget) or lower --min-scale"
    }
}
