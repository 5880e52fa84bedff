import ArcMaskCompositor
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

    @Option(
        parsing: .unconditional, help: "Seconds after the epoch (suffix ms for milliseconds, e.g. 250ms).",
        transform: InstantSeconds.parse)
    var time: InstantSeconds?

    @Option(parsing: .unconditional, help: "Rotation angle in degrees, instead of --time.", transform: Degrees.parse)
    var angle: Degrees?

    @OptionGroup var output: OutputOptions

    @OptionGroup var fit: FitOption

    @Flag(help: "Draw the slices, seams and frame numbers over the picture.")
    var overlay = false

    @OptionGroup var reporting: ReportOptions

    /// What `--json` prints: the input (`file`, as every command names it), the picture written
    /// (`output`), the rotation drawn and the frames it shows.
    struct Report: Encodable {
        var file: String
        var output: String
        var timeMs: Double?
        var rotationDegrees: Double
        var frames: [Int]
        var gap: Bool
    }

    func validate() throws {
        try options.requireSize()
        try options.validateViewPixels()
        try output.requireOut()
        guard (time == nil) != (angle == nil) else { throw ValidationError("give exactly one of --time and --angle") }
    }

    func run() throws {
        try reportingFailures {
            let url = try output.file()
            let (source, plan) = try options.load()
            let phi = angle?.value ?? plan.rotation(at: time!.value)
            let compositor = ArcCompositor(plan: plan)
            let images = FrameImages(source: source, pixelSize: compositor.pixelSize, fit: fit.fit)
            let picture =
                overlay
                ? try Overlay.render(compositor, rotation: phi, images: images)
                : try compositor.render(rotation: phi, images: images)
            try PNG.write(
                picture, to: url, compression: .balanced,
                protecting: options.source.inputFiles(of: source, named: options.file).map { URL(fileURLWithPath: $0) })
            let seen = AnalyticModel(plan).observe(rotation: phi)
            if reporting.json {
                return emit(
                    try jsonString(
                        Report(
                            file: options.file, output: try output.path, timeMs: time.map { $0.value * 1000 },
                            rotationDegrees: phi, frames: seen.frames, gap: seen.gap)))
            }
            let frames = seen.frames.map(String.init).joined(separator: ", ")
            emit(
                "wrote \(try output.path): φ = \(String(format: "%.4f", phi))°, showing frame\(seen.frames.count == 1 ? "" : "s") \(frames)\(seen.gap ? ", with uncovered pixels" : "")"
            )
        }
    }
}
