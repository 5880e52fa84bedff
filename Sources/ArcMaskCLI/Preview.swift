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
            let pipeline = ImagePipeline()
            let done: @Sendable () -> Void = { progress.advance() }
            // The hand-off chart reads the emulation only: a pipeline thread draws it while this
            // thread draws the pictures that composite frames (they share one frame cache), and
            // other threads encode each picture as it is finished.
            try pipeline.write({ try preview.handoffChart() }, to: folder.url(for: "handoff.png"), completion: done)
            for (name, draw) in [
                ("timeline.png", { try preview.timelineSheet() }), ("arcs.png", { try preview.arcsDiagram() }),
            ] as [(String, () throws -> PixelBuffer)] {
                let picture = try draw()
                try pipeline.write({ picture }, to: folder.url(for: name), completion: done)
            }
            let page = try preview.page()
            try pipeline.finish()
            try AtomicFile.write(Array(page.utf8), to: folder.url(for: "index.html"))
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
