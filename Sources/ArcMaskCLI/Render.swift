import ArcMaskCore
import ArcMaskEmulator
import ArcMaskGeometry
import ArcMaskRender
import ArcMaskValues
import ArgumentParser
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw what the widget shows at an instant, with the real stroked-arc masks.")

    @OptionGroup var options: PlanOptions

    @Option(help: "Seconds after the epoch (suffix ms for milliseconds, e.g. 250ms).")
    var time: String?

    @Option(help: "Rotation angle in degrees, instead of --time.")
    var angle: Double?

    @Option(name: .customLong("out"), help: "The PNG to write.")
    var out: String

    @Option(help: "How frames fill the view: fill (crop) or fit (bars).")
    var fit: FitModeArgument = .fill

    @Flag(help: "Draw the slices, seams and frame numbers over the picture.")
    var overlay = false

    @Flag(help: "Replace OUT if it exists.")
    var force = false

    func validate() throws {
        guard (time == nil) != (angle == nil) else { throw ValidationError("give exactly one of --time and --angle") }
        if let time, parseSeconds(time) == nil { throw ValidationError("--time takes seconds, e.g. 0.25 or 250ms") }
    }

    func run() throws {
        try reportingFailures {
            let (source, plan) = try options.load()
            let url = URL(fileURLWithPath: out)
            if FileManager.default.fileExists(atPath: out) && !force {
                throw OutputError(path: out, "exists; use --force to replace it")
            }
            let phi = angle ?? plan.rotation(at: parseSeconds(time!)!)
            let compositor = ArcCompositor(plan: plan)
            let images = FrameImages(source: source, pixelSize: compositor.pixelSize, fit: FitMode(rawValue: fit.rawValue)!)
            let picture = try compositor.render(rotation: phi, images: images, overlay: overlay)
            try PNG.write(picture, to: url, compression: .balanced, protecting: [URL(fileURLWithPath: options.file)])
            let seen = AnalyticModel(plan).observe(rotation: phi)
            emit("wrote \(out): φ = \(String(format: "%.4f", phi))°, showing frame\(seen.frames.count == 1 ? "" : "s") \(seen.frames.map(String.init).joined(separator: ", "))\(seen.gap ? ", with uncovered pixels" : "")")
        }
    }
}

/// "0.25", "0.25s" or "250ms" → seconds.
func parseSeconds(_ s: String) -> Double? {
    if s.hasSuffix("ms") { return Double(s.dropLast(2)).map { $0 / 1000 } }
    if s.hasSuffix("s") { return Double(s.dropLast()) }
    return Double(s)
}
