import ArcMaskCore
import ArcMaskIO
import ArcMaskPreview
import ArcMaskValues
import ArgumentParser
import Foundation

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write pictures of the arc-masked timeline: timeline.png, arcs.png, handoff.png and index.html.",
        discussion: "--out names the folder to write them to.")

    @OptionGroup var options: PlanOptions

    @OptionGroup var output: OutputOptions

    @OptionGroup var fit: FitOption

    @OptionGroup var reporting: ReportOptions

    @Option(help: "The display refresh rate the pictures sample, Hz.")
    var refresh: Double = 120

    func validate() throws {
        try output.requireOut()
        guard refresh > 0, refresh <= 1000 else { throw ValidationError("--refresh takes a rate in Hz, up to 1000") }
    }

    func run() throws {
        try reportingFailures {
            let (source, plan) = try options.load()
            let folder = try output.folder(protecting: options.source.inputFiles(of: source, named: options.file))
            let progress = reporting.progress("preview", total: 4)
            let preview = Preview(plan: plan, source: source, refreshHz: refresh, fit: fit.fit)
            let pictures: [(String, () throws -> PixelBuffer)] = [
                ("timeline.png", { try preview.timelineSheet() }), ("arcs.png", { try preview.arcsDiagram() }),
                ("handoff.png", { try preview.handoffChart() }),
            ]
            // Pictures are drawn here, one after another (the preview's frame cache is not shared);
            // the image pipeline encodes and writes each while the next is drawn.
            let pipeline = ImagePipeline()
            for (name, draw) in pictures {
                let picture = try draw()
                try pipeline.write({ picture }, to: folder.url(for: name), compression: .balanced) {
                    progress.advance()
                }
            }
            try pipeline.finish()
            try AtomicFile.write(Array(preview.page().utf8), to: folder.url(for: "index.html"))
            progress.advance()
            progress.finish()
            try folder.commit()
            let r = preview.report
            if reporting.json {
                emit(try jsonString(r))
                return
            }
            emit(
                """
                wrote \(try output.path): timeline.png, arcs.png, handoff.png, index.html
                  \(plan.preset.rawValue) at \(fmt(refresh)) Hz: \(r.clean) clean, \(r.torn) torn, \(r.gap) gap, \(r.wrongFrame) wrong frame of \(r.samples) refreshes → \(r.verdictText)
                  phase: \(r.phaseText)
                """)
        }
    }
}
