import ArcMaskCompositor
import ArcMaskCore
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskPreview
import ArcMaskValues
import ArgumentParser
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw what the widget shows at an instant, with the real stroked-arc masks.",
        discussion: "--out names the PNG to write.")

    @OptionGroup var options: PlanOptions

    @Option(help: "Seconds after the epoch (suffix ms for milliseconds, e.g. 250ms).")
    var time: String?

    @Option(help: "Rotation angle in degrees, instead of --time.")
    var angle: Double?

    @OptionGroup var output: OutputOptions

    @OptionGroup var fit: FitOption

    @Flag(help: "Draw the slices, seams and frame numbers over the picture.")
    var overlay = false

    func validate() throws {
        try options.requireSize()
        try output.requireOut()
        guard (time == nil) != (angle == nil) else { throw ValidationError("give exactly one of --time and --angle") }
        if let time, parseSeconds(time) == nil { throw ValidationError("--time takes seconds, e.g. 0.25 or 250ms") }
    }

    func run() throws {
        try reportingFailures {
            let url = try output.file()
            let (source, plan) = try options.load()
            let phi = angle ?? plan.rotation(at: parseSeconds(time!)!)
            let compositor = ArcCompositor(plan: plan)
            let images = FrameImages(source: source, pixelSize: compositor.pixelSize, fit: fit.fit)
            let picture =
                overlay
                ? try Overlay.render(compositor, rotation: phi, images: images)
                : try compositor.render(rotation: phi, images: images)
            try PNG.write(picture, to: url, compression: .balanced, protecting: options.source.inputFiles(of: source, named: options.file).map { URL(fileURLWithPath: $0) })
            let seen = AnalyticModel(plan).observe(rotation: phi)
            let frames = seen.frames.map(String.init).joined(separator: ", ")
            emit(
                "wrote \(try output.path): φ = \(String(format: "%.4f", phi))°, showing frame\(seen.frames.count == 1 ? "" : "s") \(frames)\(seen.gap ? ", with uncovered pixels" : "")"
            )
        }
    }
}

/// "0.25", "0.25s" or "250ms" → seconds.
func parseSeconds(_ s: String) -> Double? {
    if s.hasSuffix("ms") { return Double(s.dropLast(2)).map { $0 / 1000 } }
    if s.hasSuffix("s") { return Double(s.dropLast()) }
    return Double(s)
}
