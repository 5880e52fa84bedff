import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskFontCheck
import ArcMaskFrames
import ArcMaskIO
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskPreview
import ArcMaskRotationRoute
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskTimerMask
import ArcMaskValues
import ArgumentParser
import Foundation

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract:
            "Write pictures of the arc-masked timeline: timeline.png, arcs.png, handoff.png, looks.png and index.html.",
        discussion: """
            --out names the folder to write them to. With --route timer-font, FILE is a folder written by \
            `export --route timer-font`, and the pictures are timeline.png (what the widget shows in each \
            frame of the loop, drawn from the fonts) and layers.png (two seconds of the stacked timers and \
            their masks). With --route timer-mask, FILE is a folder that carries timer masks (written by \
            `export --route timer-mask`, or any rotation export with layer files), and the pictures are \
            timeline.png (the lane on top in each turn, as the mask font draws it), lanes.png (the lanes \
            over the loop's first seconds) and index.html (the loop played offline).
            """)

    @OptionGroup var options: PlanOptions

    @Option(
        help:
            "rotation (an animation's arc masks; needs --view), timer-font (a folder written by export --route timer-font) or timer-mask (a folder that carries timer masks)."
    )
    var route: WidgetRoute = .rotation

    @OptionGroup var output: OutputOptions

    @OptionGroup var fit: FitOption

    @OptionGroup var reporting: ReportOptions

    @Option(
        name: .customLong("refresh"), parsing: .unconditional,
        help: "The display refresh rate the pictures sample, Hz.",
        transform: Hertz.parse)
    var refreshOption = Hertz(120)

    var refresh: Double { refreshOption.value }

    @OptionGroup var sampling: SampleLimit

    @Option(
        help:
            "What the widget asks where the system does not keep colours (looks.png), as export's --tinted: full-color, accented, alpha or poster."
    )
    var tinted: AccentedRendering = .fullColor

    @Option(
        parsing: .unconditional,
        help: "The frame shown still where the widget holds still (Always-On, --tinted poster).",
        transform: FrameIndex.parse)
    var poster = FrameIndex(0)

    func validate() throws {
        if route == .rotation { try options.requireSize() }
        try output.requireOut()
    }

    func run() throws {
        if route == .timerFont { return try runTimerFont() }
        if route == .timerMask { return try runTimerMask() }
        try reportingFailures {
            let (source, plan) = try options.load()
            _ = try sampling.check(plan, EmulationSettings(refreshRates: [refresh]), fix: "give a lower --refresh")
            let folder = try output.folder(protecting: options.source.inputFiles(of: source, named: options.file))
            let progress = reporting.progress("preview", total: 5)
            let preview = Preview(plan: plan, source: source, refreshHz: refresh, fit: fit.fit)
            let pipeline = ImagePipeline(writingInto: folder.staged)
            let done: @Sendable () -> Void = { progress.advance() }
            // The hand-off chart reads the emulation only: a pipeline thread draws it while this
            // thread draws the pictures that composite frames (they share one frame cache), and
            // other threads encode each picture as it is finished.
            try pipeline.write({ try preview.handoffChart() }, to: folder.url(for: "handoff.png"), completion: done)
            guard poster.value < plan.frameCount else {
                throw UsageError(
                    "--poster \(poster.value): the animation's frames are 0 to \(plan.frameCount - 1)")
            }
            let family =
                options.family?.rawValue ?? "\(fmt(plan.viewWidth))×\(fmt(plan.viewHeight)) pt"
            for (name, draw) in [
                ("timeline.png", { try preview.timelineSheet() }), ("arcs.png", { try preview.arcsDiagram() }),
                ("looks.png", { try preview.looksSheet(tinted: tinted, poster: poster.value, family: family) }),
            ] as [(String, () throws -> PixelBuffer)] {
                let picture = try draw()
                try pipeline.write({ picture }, to: folder.url(for: name), completion: done)
            }
            let page = try preview.page(tinted: tinted, poster: poster.value)
            try pipeline.finish()
            try AtomicFile.write(Array(page.utf8), to: folder.url(for: "index.html"))
            progress.advance()
            progress.finish()
            try folder.commit()
            let r = preview.report
            var outcome = Outcome()
            outcome.require(r.passed, EmulationText.failureReason(r.verdictText), part: "emulator")
            InputDamage.warnAll(source)
            if reporting.json {
                emit(
                    try jsonString(
                        WithInputWarnings(
                            body: Judged(body: Written(report: r, output: try output.path), outcome: outcome),
                            frames: source), file: options.file))
                return
            }
            emit(
                """
                wrote \(try output.path): timeline.png, arcs.png, handoff.png, looks.png, index.html
                  \(plan.preset.rawValue) at \(fmt(refresh)) Hz, the refreshes drawn (phase 0): \(r.clean) clean, \(r.torn) torn, \(r.gap) gap, \(counted(r.wrongFrame, "wrong frame")) of \(r.samples)
                  phase: \(r.phaseText)
                  → \(r.verdictText)\(InputDamage.verdictNote(source))
                """)
        }
    }

    func runTimerMask() throws {
        try reportingFailures {
            let path = options.file
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                throw InputError(file: path, "is not a folder: --route timer-mask previews an export folder")
            }
            let manifestPath = (path as NSString).appendingPathComponent(WidgetFolder.manifestFile)
            let manifest = try ExportCheck.manifest(inFolder: path)
            guard manifest.timerMask != nil else {
                throw InputError(
                    file: manifestPath, location: "timerMask",
                    "is missing: the folder carries no timer masks (a strip, or exported with --fallback none)")
            }
            let preview = try TimerMaskPreview(folder: path, manifest: manifest)
            let inputs =
                [path] + manifest.images.map { (path as NSString).appendingPathComponent($0.file) }
                + (manifest.timerMask?.fonts ?? []).map { (path as NSString).appendingPathComponent($0.file) }
            let folder = try output.folder(protecting: inputs)
            let progress = reporting.progress("preview", total: 3)
            let pipeline = ImagePipeline(jobs: 1, writingInto: folder.staged)
            let done: @Sendable () -> Void = { progress.advance() }
            let sheet = try preview.timelineSheet()
            try pipeline.write({ sheet }, to: folder.url(for: "timeline.png"), completion: done)
            let chart = try preview.laneChart()
            try pipeline.write({ chart }, to: folder.url(for: "lanes.png"), completion: done)
            let page = try preview.page()
            try pipeline.finish()
            try AtomicFile.write(Array(page.utf8), to: folder.url(for: "index.html"))
            progress.advance()
            progress.finish()
            try folder.commit()
            let section = preview.section
            let changes = preview.handOffs()
            let black = changes.filter { $0.lane == nil }.count
            // The lanes against the source's own frames and pace, as export and check judge them.
            let fidelity = TimerMaskExportCheck.fidelity(section, timing: manifest.timing)
            var outcome = Outcome()
            outcome.require(black == 0, "\(counted(black, "turn")) with no lane drawn (black)", part: "lanes")
            if let fidelity {
                outcome.require(
                    fidelity.passed,
                    "the timer masks do not play the animation: \(fidelity.failures.joined(separator: "; "))",
                    part: "animation")
            }
            if reporting.json {
                struct Report: Encodable {
                    let lanes: Int
                    let loopSeconds: Int
                    let fidelity: SourceFidelity?
                    let handOffs: [HandOff]
                    struct HandOff: Encodable {
                        let fromSeconds: Double
                        let lane: Int?
                        let frame: Int?
                    }
                }
                emit(
                    try jsonString(
                        Judged(
                            body: Written(
                                report: Report(
                                    lanes: section.lanes.count, loopSeconds: section.loopSeconds, fidelity: fidelity,
                                    handOffs: changes.map {
                                        .init(
                                            fromSeconds: $0.from, lane: $0.lane,
                                            frame: $0.lane.map { section.lanes[$0].frame })
                                    }), output: try output.path), outcome: outcome), file: options.file))
                return
            }
            emit(
                """
                wrote \(try output.path): timeline.png, lanes.png, index.html
                  timer masks: \(counted(section.lanes.count, "lane")) over a \(section.loopSeconds) s loop, \(changes.count) turns on top as the mask font draws them\(black > 0 ? ", \(black) with no lane (BLACK)" : "")
                """)
            if let fidelity {
                emit(
                    (["  timer masks against the animation: \(fidelity.sentence)"]
                        + fidelity.failures.map { "    \($0)" }).joined(separator: "\n"))
            }
            emit("  \(outcome.line)")
        }
    }

    func runTimerFont() throws {
        let report: TimerFontEmulation = try reportingFailures {
            let export = try TimerFontOutput(options.file, names: .commandLine)
            let inputs =
                [options.file] + export.manifest.fontFiles.map { (options.file as NSString).appendingPathComponent($0) }
            let folder = try output.folder(protecting: inputs)
            let progress = reporting.progress("preview", total: 3)
            let verifier = try export.verifier()
            let preview = try TimerFontPreview(
                plan: export.plan, verifier: verifier, frameFonts: export.frameFonts, pixelSize: export.pixelSize)
            let pipeline = ImagePipeline(jobs: 1, writingInto: folder.staged)
            let done: @Sendable () -> Void = { progress.advance() }
            // The verifier keeps what it shaped: the pictures are drawn here, encoded on the pipeline.
            let sheet = try preview.frameSheet()
            try pipeline.write({ sheet }, to: folder.url(for: "timeline.png"), completion: done)
            let layers = try preview.layerChart()
            try pipeline.write({ layers }, to: folder.url(for: "layers.png"), completion: done)
            let report = TimerFontEmulator.run(
                verifier, refreshHz: [refresh], phasesMs: [0],
                windows: [.init(fromSeconds: 0, seconds: export.plan.loopSeconds)])
            try pipeline.finish()
            progress.advance()
            progress.finish()
            try folder.commit()
            return report
        }
        var outcome = Outcome()
        outcome.require(report.passed, counted(report.wrongFrame, "wrong frame"), part: "fontProof")
        if reporting.json {
            emit(
                try jsonString(
                    Judged(body: Written(report: report, output: try output.path), outcome: outcome),
                    file: options.file))
            return
        }
        emit(
            """
            wrote \(try output.path): timeline.png, layers.png
              timer-font at \(fmt(refresh)) Hz over one \(report.loopSeconds) s loop: \(report.clean) clean, \(counted(report.wrongFrame, "wrong frame")) of \(report.samples) refreshes → \(report.passed ? "PASS" : "FAIL")
            """)
    }
}
