import ArcMaskBudget
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRotationRoute
import ArcMaskRuntime
import ArcMaskTimerClock
import ArcMaskTimerMask
import ArcMaskTimerMaskPlan
import ArcMaskValues
import ArgumentParser
import Foundation

/// The routes that write layer images: rotation (with its timer masks unless `--fallback none`)
/// and timer-mask. Builds the requests from the command, runs the export, proves the lanes with
/// the written font, and judges: the rotation's emulator decides a rotation export, the lanes'
/// proof a timer-mask one.
enum LayerExport {
    /// The folder's settings, from the command's options.
    static func settings(_ job: ExportJob) -> WidgetSettings {
        let c = job.command, layers = c.layers
        var s = WidgetSettings(
            viewWidth: job.view.width, viewHeight: job.view.height, scale: c.scale,
            family: job.namedFamily, device: job.namedDevice,
            preset: layers.preset ?? .arcmask, fit: c.widget.fit.fit,
            limits: c.limits,
            budget: BudgetPolicy(minScale: c.fitting.minScale, keepFrames: c.archive.keepFrames),
            layout: c.rotationRoute.layout, imageFormat: layers.imageFormat, jpegQuality: layers.jpegQuality,
            widgetFamily: c.family, names: c.code.names, rotation: layers.rotation, accented: layers.accented)
        s.vocabulary = .commandLine
        s.background = c.widget.background.flatMap { Color(hex: $0) }
        s.resample = layers.resample ?? .auto
        s.displayName = c.code.displayName
        s.label = c.code.label
        s.widgetDescription = c.code.widgetDescription
        s.posterFrame = layers.poster?.value
        return s
    }

    /// The timer masks the folder carries, from the command's options: by the timer-mask route,
    /// as the rotation's fallback, or none.
    static func masks(_ job: ExportJob) -> TimerMaskSettings? {
        let c = job.command, loop = c.timerLoop
        let use: TimerMaskSettings.Use? =
            c.route == .timerMask ? .route : c.fallback != .none ? .fallback : nil
        return use.map {
            TimerMaskSettings(
                use: $0, fps: loop.widgetFPS.map { Int($0.value) }, loopSeconds: loop.loop,
                timing: loop.timing.map { TimerLoopTiming.Mode(rawValue: $0.rawValue) ?? .auto } ?? .auto,
                maxLanes: c.lanes.maxLanesOption?.value ?? TimerMaskPlan.defaultMaxLanes,
                // The default fallback (`--fallback auto`) only where it plays the animation.
                whenFaithful: $0 == .fallback && c.fallback == .auto)
        }
    }

    static func run(_ job: ExportJob) throws {
        let c = job.command, frames = job.frames, folder = job.folder.staged
        let settings = settings(job), masks = masks(job)
        let writing = ExportWriting(compression: c.layers.png.value, jobs: c.threads.jobs)
        // Each stage says its own count as it starts (the lanes by the timer-mask route).
        let manifest = try job.finish(total: frames.frameCount) { line in
            if masks == nil {
                return try RotationExporter.run(
                    source: frames, settings: settings, writing: writing, into: folder, progress: progress(line))
            }
            return try TimerMaskExporter.export(
                source: frames, settings: settings, masks: masks, writing: writing, into: folder,
                progress: progress(line))
        }
        let path = try c.output.path
        let proof = try manifest.timerMask.map { _ in
            // The lanes proved with the written font.
            try TimerMaskExportCheck.run(folder: path, manifest: manifest)
        }
        var outcome = Outcome()
        var lines: [String]
        if c.route == .timerMask, let proof {
            lines = ExportSummary.timerMask(manifest, proof: proof, path: path, sourceFrames: frames.frameCount)
            // The lanes decide; the rotation is described, not judged.
            outcome.require(true, "", part: "timerMasks")
            for failure in proof.failures { outcome.fail(failure, part: "timerMasks") }
        } else {
            lines = ExportSummary.rotation(manifest, path: path)
            outcome.require(
                manifest.emulator.passed, EmulationText.failureReason(manifest.emulator.verdictText), part: "emulator")
            outcome.passDetail = EmulationText.passDetail(manifest.emulator.verdictText)
            if let proof, let t = manifest.timerMask, let timing = manifest.timing {
                lines += ExportSummary.fallbackLanes(t, timing: timing, proof: proof)
                outcome.require(true, "", part: "timerMasks")
                for failure in proof.failures { outcome.fail(failure, part: "timerMasks") }
            } else {
                let anyway =
                    c.fallback == .auto
                    ? " (--fallback timer-mask writes them anyway, judged against the animation)" : ""
                lines.append("  no timer masks: where the rotation is missing the view shows the first frame\(anyway)")
            }
        }
        if manifest.flattening != nil { outcome.require(true, "", part: "flattening") }
        if let note = ExportAdvice.resampleNote(
            frames, layer: PixelSize(width: manifest.pixelWidth, height: manifest.pixelHeight), fit: settings.fit,
            mode: settings.resample)
        {
            lines.append("  \(note)")
        }
        for p in manifest.flattening ?? [] {
            lines.append("  flattening: \(p)")
            outcome.fail(p, part: "flattening")
        }
        let still = ExportAdvice.stillReason(frames: frames, layers: manifest.frames.count, what: "layer")
        try job.conclude(lines, outcome, still: still, manifest: manifest)
    }

    /// The export's progress, staged, on the command's progress line.
    static func progress(_ line: ProgressLine) -> ExportProgress {
        ExportProgress(stage: { line.stage($0, total: $1) }, advance: { line.advance() })
    }
}
