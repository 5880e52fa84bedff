import ArcMaskCore
import ArcMaskGIF
import ArcMaskSVGA
import ArcMaskSources
import ArgumentParser
import Foundation

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a GIF (canvas, frames, delays, disposals, loop count, damage) or an SVGA file.")

    @OptionGroup var described: DescribeOptions

    func run() throws {
        try reportingFailures {
            try described.describe()
        }
    }

    static func table(_ r: GIFReport) -> String {
        let loop =
            r.loopCount.map { $0 == 0 ? "loops forever" : "loop count \($0) (\($0 + 1) plays)" }
            ?? "no loop extension (plays once)"
        var lines = [
            "\(r.file): \(r.version), canvas \(r.width)×\(r.height), \(r.frameCount) frame\(r.frameCount == 1 ? "" : "s"), \(loop), \(format(ms: r.durationMs)) per play\(r.damaged ? ", DAMAGED" : "")",
            "frame  rectangle             delay  duration  disposal    transparent  palette  interlaced",
        ]
        for f in r.frames {
            let rect = "\(f.x),\(f.y) \(f.width)×\(f.height)"
            lines.append(
                pad(String(f.index), 5, right: true) + "  " + pad(rect, 20) + "  "
                    + pad("\(f.delayCentiseconds)cs", 5, right: true) + "  "
                    + pad("\(Int(f.durationMs)) ms", 8, right: true) + "  " + pad(f.disposal, 10) + "  "
                    + pad(f.transparentIndex.map(String.init) ?? "-", 11) + "  "
                    + pad(f.localPalette ? "local" : "global", 7) + "  " + (f.interlaced ? "yes" : "no")
                    + (f.truncated ? "  (truncated)" : ""))
        }
        for w in r.warnings { lines.append("warning: \(w)") }
        return lines.joined(separator: "\n")
    }
}

func format(ms: Double) -> String {
    ms >= 1000 ? String(format: "%.2f s", ms / 1000) : String(format: "%.0f ms", ms)
}

extension DescribeOptions {
    /// Opens the file once, through the library's entry point, and prints its format's report.
    func describe() throws {
        limits.armWatchdog(for: file)
        let options = SourceOptions(limits: limits.limits, svgaLimits: limits.svgaLimits)
        let source = try FrameSources.open(path: file, options: options)
        if let svga = source as? SVGAFrameSource { return try describe(svga.movie) }
        let report = SourceReports.report(of: source)
        if let gif = report as? GIFReport, !reporting.json { return emit(Inspect.table(gif)) }
        emit(try jsonString(report))
    }
}
