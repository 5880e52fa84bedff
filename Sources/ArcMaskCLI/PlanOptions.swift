import ArcMaskCore
import ArcMaskGeometry
import ArcMaskValues
import ArgumentParser
import Foundation

extension Preset: ExpressibleByArgument {}

/// The options every plan-based command shares: which file, which view, which preset.
struct PlanOptions: ParsableArguments {
    @Argument(help: "The animation (GIF, SVGA, APNG, WebP, SVG or an image sequence).")
    var file: String

    @Option(help: "The view's size in points, WxH (e.g. 170x170 for systemSmall on 6.7\" iPhones).")
    var size: SizeArgument?

    @Option(help: "Pixels per point.")
    var scale: Double = 3

    @Option(help: "How the masks are built: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset: Preset = .arcmask

    @Option(name: .customLong("plan-refresh"), help: "arcmask preset: the refresh rate (Hz) seams are sized for.")
    var planRefresh: Double = 120

    @Option(help: "arcmask preset: the longest a seam may take to cross the view, as a fraction of one refresh.")
    var seamFraction: Double = 1.0 / 8

    @OptionGroup var source: InputOptions

    func validate() throws {
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale takes a value in (0, 8]") }
        guard planRefresh > 0 else { throw ValidationError("--plan-refresh must be positive") }
        guard seamFraction > 0, seamFraction <= 1 else {
            throw ValidationError("--seam-fraction takes a value in (0, 1]")
        }
    }

    /// Commands that plan masks need the view's size.
    func requireSize() throws {
        guard size != nil else { throw ValidationError("give the view's size with --size WxH (points), e.g. 170x170") }
    }

    /// Opens the source and plans its masks.
    func load() throws -> (FrameSource, ArcPlan) {
        try requireSize()
        let size = self.size!
        let frames = try source.open(file)
        let request = PlanRequest(
            viewWidth: Double(size.width), viewHeight: Double(size.height), scale: scale,
            durationsMs: frames.durations, preset: preset, refreshHz: planRefresh,
            seamFraction: seamFraction)
        do {
            return (frames, try ArcPlanner.plan(request))
        } catch {
            throw InputError(file: file, "cannot plan the \(preset.rawValue) masks: \(error.description)")
        }
    }
}
