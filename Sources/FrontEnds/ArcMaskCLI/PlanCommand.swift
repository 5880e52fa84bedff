import ArcMaskEmulator
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskValues
import ArgumentParser
import Foundation

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Compute the arc masks: radius, stroke, caps, period, and each layer's slice and frame.")

    @OptionGroup var options: PlanOptions

    @OptionGroup var reporting: ReportOptions

    func validate() throws { try options.requireSize() }

    func run() throws {
        try reportingFailures {
            let (frames, plan) = try options.load()
            InputDamage.warnAll(frames)
            guard reporting.json else {
                let note = InputDamage.verdictNote(frames)
                return emit(Self.describe(plan) + (note.isEmpty ? "" : "\n  planned" + note))
            }
            emit(
                try jsonString(
                    WithInputWarnings(body: Judged(body: plan, outcome: Self.verdict(plan)), frames: frames),
                    file: options.file))
        }
    }

    /// The plan's own verdict, its tear rate: a seam that crosses the view within its budget (a
    /// slower one is seen torn over more than a refresh). The corners are covered. The emulator
    /// judges the rest (`emulate`).
    static func verdict(_ p: ArcPlan) -> Outcome {
        let f = p.figures
        var outcome = Outcome()
        if let budget = f.seamBudgetMs {
            outcome.require(
                f.seamCrossingMs <= budget,
                "a seam crosses the view in \(fmt(f.seamCrossingMs)) ms, over its \(fmt((budget * 1000).rounded() / 1000)) ms budget",
                part: "seam")
        }
        outcome.require(
            f.cornerMarginPoints >= 0, "the corners are uncovered by \(fmt(-f.cornerMarginPoints)) pt", part: "corners")
        return outcome
    }

    static func describe(_ p: ArcPlan) -> String {
        let f = p.figures
        var lines = [
            "\(p.preset.rawValue) plan for a \(fmt(p.viewWidth))×\(fmt(p.viewHeight)) pt view at \(fmt(p.scale))× (\(p.pixelWidth)×\(p.pixelHeight) px)",
            "  radius \(fmt(p.radius)) pt, stroke \(fmt(p.lineWidth)) pt, \(p.cap.rawValue) caps, circle centre \(fmt(p.centerOffset)) pt below the view centre",
            "  period \(fmt(p.periodSeconds * 1000)) ms (\(p.direction.rawValue)), \(counted(p.layers.count, "layer")) for \(counted(p.frameCount, "frame"))",
            "  seam crosses the view in \(fmt(f.seamCrossingMs)) ms\(f.seamBudgetMs.map { " (budget \(fmt(($0 * 1000).rounded() / 1000)) ms)" } ?? ""): caught torn at \(percent(min(1, f.seamCrossingMs * 120 / 1000))) of hand-offs at 120 Hz, \(percent(min(1, f.seamCrossingMs * 60 / 1000))) at 60 Hz, for one refresh each",
            "  switch lag \(fmt(f.switchLagMs)) ms; corner margin \(fmt(f.cornerMarginPoints)) pt\(f.cornerMarginPoints < 0 ? " (UNCOVERED)" : "")",
            "  at most \(f.maxFrames) frames at this radius; layers take \(fmt(Double(f.layerMemoryBytes) / 1_048_576)) MB decoded",
            "  " + curvesText(p),
            "  layer  frame  start°        end°          sweep°        curves",
        ]
        for l in p.layers.prefix(64) {
            lines.append(
                pad(String(l.zIndex), 7, right: true) + pad(String(l.frame), 7, right: true) + "  "
                    + pad(String(format: "%.4f", l.startAngle), 12) + "  " + pad(String(format: "%.4f", l.endAngle), 12)
                    + "  " + pad(String(format: "%.4f", l.sweep), 12) + "  " + String(l.curves.count))
        }
        if p.layers.count > 64 { lines.append("  … \(p.layers.count - 64) more (see --json)") }
        return lines.joined(separator: "\n")
    }

    /// "drawn as 20 cubic curves, the widest 22.5°: at most 0.035 pt from the circle", and how
    /// the curves were chosen.
    static func curvesText(_ p: ArcPlan) -> String {
        let count = p.layers.reduce(0) { $0 + $1.curves.count }
        let widest = p.layers.map(\.widestCurve).max() ?? 0
        let how =
            p.preset == .arcmask
            ? "each within \(fmt(CurveRule.tolerancePoints)) pt of the circle"
            : "one addArc per slice, split as Core Graphics is assumed to: a curve per quarter turn or less"
        return
            "drawn as \(counted(count, "cubic curve")), the widest \(fmt((widest * 1000).rounded() / 1000))°: at most \(fmt((p.largestCurveDistance * 1000).rounded() / 1000)) pt from the circle (\(how))"
    }
}
