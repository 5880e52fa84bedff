import ArcMaskCore
import ArcMaskExport
import ArcMaskGeometry
import ArcMaskGIF
import ArcMaskRender
import ArcMaskValues
import ArgumentParser
import Foundation

extension WidgetFamily: ExpressibleByArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write widget-ready frames (a strip PNG), manifest.json and ArcMaskView.swift.",
        discussion: """
        Widget sizes come from a table of Apple's published sizes per device (see --list-devices); \
        --size overrides it. Frames are resized to the widget's pixel size with a box/bilinear filter. \
        When the decoded layers exceed --budget, near-identical and very short frames are merged first \
        (keeping the total duration), then the scale is lowered; the export is refused when it still \
        does not fit. Outputs appear all at once; a folder that holds files needs --force.
        """)

    @Argument(help: "The animation (GIF or SVGA).")
    var file: String?

    @Option(help: "Widget family: small, medium, large, extraLarge.")
    var family: WidgetFamily = .small

    @Option(help: "Device class for the widget size (default: the largest iPhones; the largest iPad for extraLarge).")
    var device: String?

    @Option(help: "The view's size in points, WxH, instead of the family's.")
    var size: SizeArgument?

    @Option(help: "Pixels per point (2 or 3 on iPhones).")
    var scale: Double = 3

    @Option(help: "How the masks are built.")
    var preset: Preset = .arcmask

    @Option(help: "How frames fill the view: fill (crop) or fit (bars).")
    var fit: FitModeArgument = .fill

    @Option(help: "Decoded-layer memory budget in MB (widget extensions are killed around 30 MB).")
    var budget: Double = 30

    @Flag(help: "One PNG per frame instead of one strip.")
    var perFramePng = false

    @Option(name: .customLong("out"), help: "Output folder.")
    var out: String?

    @Flag(help: "Write into a folder that already holds files.")
    var force = false

    @Flag(help: "No progress line.")
    var quiet = false

    @Flag(help: "Print the manifest as JSON.")
    var json = false

    @Flag(help: "List the widget size table and exit.")
    var listDevices = false

    @OptionGroup var limits: LimitOptions

    @OptionGroup var sequence: SequenceOptions

    func validate() throws {
        guard listDevices || (file != nil && out != nil) else { throw ValidationError("give FILE and --out DIR") }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale takes a value in (0, 8]") }
        guard budget > 0 else { throw ValidationError("--budget must be positive") }
        if let device, WidgetSizeTable.device(device) == nil {
            throw ValidationError("unknown --device \(device); see --list-devices")
        }
    }

    func run() throws {
        if listDevices { emit(Self.deviceTable()); return }
        try reportingFailures {
            let dev = device.flatMap(WidgetSizeTable.device) ?? WidgetSizeTable.defaultDevice(for: family)
            let view: (width: Double, height: Double)
            if let size {
                view = (Double(size.width), Double(size.height))
            } else if let s = dev.size(family) {
                view = s
            } else {
                throw OutputError(path: out!, "\(dev.id) has no \(family.rawValue) widget (extraLarge is iPad only)")
            }
            let source = try openFrameSource(file!, limits: limits, sequence: sequence)
            let folder = try OutputFolder(URL(fileURLWithPath: out!), force: force, protecting: [URL(fileURLWithPath: file!)])
            let request = ExportRequest(viewWidth: view.width, viewHeight: view.height, scale: scale,
                                        family: size == nil ? family : nil, device: size == nil ? dev.id : nil,
                                        preset: preset, fit: FitMode(rawValue: fit.rawValue)!,
                                        budgetBytes: Int(budget * 1_048_576), perFramePNG: perFramePng)
            let progress = ProgressLine("export", total: source.frameCount, quiet: quiet || json)
            let manifest: ExportManifest
            do {
                manifest = try Exporter.run(source: source, request: request, into: folder, progress: progress)
            } catch let error as BudgetError {
                throw InputError(file: file!, error.message)
            }
            progress.finish()
            try folder.commit()
            for w in manifest.warnings + source.warnings { warn(w) }
            if json {
                emit(try jsonString(manifest))
            } else {
                let e = manifest.emulator
                var lines = [
                    "wrote \(out!): \(manifest.strip ?? "\(manifest.frames.count) frame PNGs"), manifest.json, ArcMaskView.swift",
                    "  \(manifest.frames.count) layers of \(manifest.pixelWidth)×\(manifest.pixelHeight) px for a \(fmt(manifest.viewWidth))×\(fmt(manifest.viewHeight)) pt view at \(fmt(manifest.scale))×, \(String(format: "%.1f", Double(manifest.decodedBytes) / 1_048_576)) MB decoded (budget \(fmt(budget)) MB)",
                    "  emulator (\(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz): \(e.samples) refreshes, \(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame → \(e.passed ? "PASS" : "FAIL")",
                ]
                lines += manifest.budgetActions.map { "  budget: \($0)" }
                emit(lines.joined(separator: "\n"))
            }
        }
    }

    static func deviceTable() -> String {
        var lines = ["Widget sizes in points (Apple Human Interface Guidelines, Widgets: Specifications)",
                     "device            screen      small      medium     large      extraLarge  examples"]
        for d in WidgetSizeTable.devices {
            func s(_ v: (Double, Double)?) -> String { v.map { "\(fmt($0.0))×\(fmt($0.1))" } ?? "-" }
            lines.append(pad(d.id, 18) + pad(d.screen, 12) + pad(s(d.small), 11) + pad(s(d.medium), 11) + pad(s(d.large), 11)
                         + pad(s(d.extraLarge), 12) + d.examples)
        }
        return lines.joined(separator: "\n")
    }
}
