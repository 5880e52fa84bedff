import ArcMaskCore
import ArcMaskExport
import ArcMaskRender
import ArcMaskValues
import ArgumentParser
import Foundation

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write pictures of the arc-masked timeline: timeline.png, arcs.png, handoff.png and index.html.")

    @OptionGroup var options: PlanOptions

    @Option(name: .customLong("out"), help: "Output folder.")
    var out: String

    @Option(help: "The display refresh rate the pictures sample, Hz.")
    var refresh: Double = 120

    @Option(help: "How frames fill the view: fill (crop) or fit (bars).")
    var fit: FitModeArgument = .fill

    @Flag(help: "Write into a folder that already holds files.")
    var force = false

    @Flag(help: "No progress line.")
    var quiet = false

    func validate() throws {
        guard refresh > 0, refresh <= 1000 else { throw ValidationError("--refresh takes a rate in Hz, up to 1000") }
    }

    func run() throws {
        try reportingFailures {
            let (source, plan) = try options.load()
            let folder = try OutputFolder(URL(fileURLWithPath: out), force: force, protecting: [URL(fileURLWithPath: options.file)])
            let progress = ProgressLine("preview", total: 4, quiet: quiet)
            let preview = Preview_(plan: plan, source: source, refreshHz: refresh, fit: FitMode(rawValue: fit.rawValue)!)
            try PNG.write(preview.timelineSheet(), to: folder.url(for: "timeline.png"), compression: .balanced)
            progress.advance()
            try PNG.write(preview.arcsDiagram(), to: folder.url(for: "arcs.png"), compression: .balanced)
            progress.advance()
            try PNG.write(preview.handoffChart(), to: folder.url(for: "handoff.png"), compression: .balanced)
            progress.advance()
            try AtomicFile.write(Array(preview.page().utf8), to: folder.url(for: "index.html"))
            progress.advance()
            progress.finish()
            try folder.commit()
            let r = preview.report
            emit("""
            wrote \(out): timeline.png, arcs.png, handoff.png, index.html
              \(plan.preset.rawValue) at \(fmt(refresh)) Hz: \(r.clean) clean, \(r.torn) torn, \(r.gap) gap, \(r.wrongFrame) wrong frame of \(r.samples) refreshes
            """)
        }
    }
}

typealias Preview_ = ArcMaskExport.Preview
