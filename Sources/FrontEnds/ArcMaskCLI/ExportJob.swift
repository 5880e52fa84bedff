import ArcMaskBudget
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRuntime
import ArcMaskTimerFont
import ArcMaskValues
import ArgumentParser
import Foundation

/// One export under way: the command's settings resolved (device, view), the frames opened,
/// the advice said, and the output folder staged. Both routes' runs (`LayerExport`,
/// `TimerFontExport`) take it and end with `finish`.
struct ExportJob {
    let command: Export
    /// The device class whose size and scale are used.
    let device: WidgetSizeTable.Device
    /// The view's size in points.
    let view: (width: Double, height: Double)
    let frames: FrameSource
    /// What was said before the work (the clip, the loop, a Live Activity's size), for `--json`.
    let advice: [String]
    let folder: CommandLineOutput

    init(_ command: Export) throws {
        self.command = command
        let widget = command.widget
        device = widget.device.flatMap(WidgetSizeTable.device) ?? WidgetSizeTable.defaultDevice(for: widget.family)
        if let size = widget.size {
            view = (Double(size.width), Double(size.height))
        } else if let s = device.size(widget.family) {
            // A Live Activity's presentation holds whole pixels: its layers round down, never up
            // (52.33 pt at 3× is 156 px, not 157), so ActivityKit starts it.
            view = widget.family.surface == .liveActivity ? WidgetSizeTable.wholePixels(s, scale: command.scale) : s
        } else {
            throw OutputError(
                path: try command.output.path,
                "\(device.id) has no \(widget.family.rawValue) size in the table; the classes that have one: \(WidgetSizeTable.classes(with: widget.family).joined(separator: ", "))"
            )
        }
        let file = command.file!
        frames = try command.source.open(file, scale: Int(command.scale))
        if let poster = command.layers.poster, poster.value >= frames.frameCount {
            throw UsageError("--poster \(poster.value): the animation's frames are 0 to \(frames.frameCount - 1)")
        }
        // Said before the work, and again in --json's warnings.
        advice = [
            ExportAdvice.cutAdvice(frames, route: command.route), ExportAdvice.loopNote(frames),
            ExportAdvice.presentationWarning(
                family: widget.family, view: view, scale: command.scale,
                asked: widget.size != nil || widget.device != nil || widget.scaleOption != nil),
        ].compactMap { $0 }
        for a in advice { warn(a) }
        folder = try command.output.folder(protecting: command.source.inputFiles(of: frames, named: file))
        // Written again with --force: the earlier export's files go, the user's own stay.
        folder.replacing = ExportFiles.listed(inFolder: folder.destination)
    }

    /// The family and device a request names: none when --view gives the size.
    var namedFamily: WidgetFamily? { command.widget.size == nil ? command.family : nil }
    var namedDevice: String? { command.widget.size == nil ? device.id : nil }

    /// Runs a route's export with a progress line, commits the folder and reports the warnings
    /// (the manifest's, the source's; the advice was said before). It returns the manifest, for
    /// the route's summary and verdict (`conclude`).
    func finish<M: PrintedManifest>(total: Int, _ run: (ProgressLine) throws -> M) throws -> M {
        let progress = command.reporting.progress("export", total: total)
        let manifest: M
        do {
            manifest = try run(progress)
        } catch let error as BudgetError {
            throw InputError(file: command.file!, error.message)
        }
        progress.finish()
        // Nothing moves: refused before anything is written, unless asked for.
        if !command.verdict.allowStill, let pictures = manifest.distinctPictures,
            let still = ExportAdvice.stillReason(frames: frames, layers: pictures, what: "layer")
        {
            folder.abort()
            warn("\(still); nothing written: --allow-still exports it as a still")
            var outcome = Outcome()
            outcome.fail("\(still); nothing written: --allow-still exports it as a still", part: "still")
            if command.reporting.json {
                emit(
                    try jsonString(
                        Judged(
                            body: NothingWritten(file: command.file!, warnings: frames.warnings + advice),
                            outcome: outcome),
                        file: command.file!))
            } else {
                emit("  \(outcome.line)")
            }
            throw ExitCode(ExitStatus.defectsFound.rawValue)
        }
        try folder.commit()
        for w in InputDamage.unique(manifest.warnings + frames.warnings) { warn(w) }
        return manifest
    }

    /// Ends the summary with the verdict: printed unless --json, and exit 2 on a FAIL unless
    /// --allow-defects. A still export, written because --allow-still asks for one (`finish`
    /// refuses the others before writing), says so first.
    /// With --json it prints the manifest with every warning and the folder written (the file
    /// keeps neither), a top-level `passed` and the verdict's parts.
    func conclude<M: PrintedManifest>(_ lines: [String], _ outcome: Outcome, still: String?, manifest: M) throws {
        var lines = lines
        if let still, command.verdict.allowStill { lines.append("  still: \(still) (as --allow-still asks)") }
        if let crop = ExportAdvice.cropNote(canvas: frames.canvasSize, view: view, fit: command.widget.fit.fit) {
            lines.append("  \(crop)")
        }
        lines.append("  \(outcome.line)\(InputDamage.verdictNote(frames))")
        if command.reporting.json {
            var printed = manifest
            printed.output = try command.output.path
            printed.warnings = InputDamage.unique(printed.warnings + frames.warnings + advice)
            emit(try jsonString(Judged(body: printed, outcome: outcome), file: command.file!))
        } else {
            emit(lines.joined(separator: "\n"))
        }
        // The folder is written either way (to look at); a FAIL is an exit status, as emulate's.
        if !outcome.passed && !command.verdict.allowDefects {
            throw ExitCode(ExitStatus.defectsFound.rawValue)
        }
    }
}

/// What `export --json` prints when nothing was written: the input and the warnings.
private struct NothingWritten: Encodable {
    let file: String
    let warnings: [String]
}

/// What `export --json` prints of a route's manifest: every warning, and where it was written.
protocol PrintedManifest: Encodable {
    var warnings: [String] { get set }
    var output: String? { get set }
    /// Distinct pictures the widget shows (1: nothing moves); nil when flattening made them
    /// alike (its own FAIL says so).
    var distinctPictures: Int? { get }
}

extension ExportManifest: PrintedManifest {
    var warnings: [String] {
        get { common.warnings }
        set { common.warnings = newValue }
    }
    var output: String? {
        get { common.output }
        set { common.output = newValue }
    }
    var distinctPictures: Int? { common.frames.count }
}
extension TimerFontManifest: PrintedManifest {
    var distinctPictures: Int? { (flattening ?? []).isEmpty ? Set(frames.map(\.pictureDigest)).count : nil }
}
