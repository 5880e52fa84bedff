import ArcMaskManifest
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskValues
import Foundation

/// The timer-font route: fonts, code and manifest, with the shaping proof and flattening's
/// verdict in the summary.
enum TimerFontExport {
    static func request(_ job: ExportJob) -> TimerFontRequest {
        let c = job.command, loop = c.timerLoop
        var request = TimerFontRequest(
            viewWidth: job.view.width, viewHeight: job.view.height, scale: c.scale,
            family: job.namedFamily, device: job.namedDevice, fit: c.widget.fit.fit,
            fps: loop.widgetFPS.map { Int($0.value) } ?? 8, loopSeconds: loop.loop, timing: loop.timing ?? .auto,
            background: c.widget.background.flatMap { Color(hex: $0) },
            budgetBytes: Int(c.fitting.memoryBudget * 1_000_000), minScale: c.fitting.minScale, jobs: c.threads.jobs,
            widgetFamily: c.family, names: c.code.names)
        request.vocabulary = .commandLine
        request.fpsAsked = loop.widgetFPS != nil
        request.displayName = c.code.displayName
        request.label = c.code.label
        request.widgetDescription = c.code.widgetDescription
        return request
    }

    static func run(_ job: ExportJob) throws {
        let frames = job.frames, request = request(job)
        let drawn = Set(try TimerFontExporter.schedule(frames, request: request).sourceFrames).count
        let manifest = try job.finish(total: drawn + 1) { line in
            try TimerFontExporter.run(source: frames, request: request, into: job.folder.staged) { line.advance() }
        }
        let p = manifest.proof
        var outcome = Outcome()
        outcome.require(p.passed, "the fonts show \(counted(p.wrongFrames, "wrong frame"))", part: "fontProof")
        var lines = summary(manifest, path: try job.command.output.path, budget: job.command.fitting.memoryBudget)
        if let f = manifest.fidelity {
            lines.append("  pictures against the animation: \(f.sentence)")
            lines += f.failures.map { "    \($0)" }
            outcome.require(
                f.failures.isEmpty, "the fonts do not play the animation: \(f.failures.joined(separator: "; "))",
                part: "animation")
        }
        // The proof is fidelity to the flattened pictures; this is the pictures' fidelity to the animation.
        let flattening = manifest.flattening ?? []
        outcome.require(true, "", part: "flattening")
        for f in flattening {
            lines.append("  flattening: \(f)")
            outcome.fail(f, part: "flattening")
        }
        if manifest.flattening == [] {
            lines.append(
                "  flattened onto \(manifest.background): the pictures keep the animation (frames stay distinct and visible)"
            )
        }
        let still =
            flattening.isEmpty
            ? ExportAdvice.stillReason(
                frames: frames, layers: Set(manifest.frames.map(\.pictureDigest)).count, what: "picture")
            : nil
        try job.conclude(lines, outcome, still: still, manifest: manifest)
    }

    /// What was written, the loop, the pictures against the budget, and the shaping proof.
    static func summary(_ manifest: TimerFontManifest, path: String, budget: Double) -> [String] {
        let p = manifest.proof
        let fontBytes = manifest.frameFonts.reduce(manifest.maskFont.bytes) { $0 + $1.bytes }
        let later = p.windows.dropFirst().map { String($0.fromSeconds / 3600 + 1) }
        let hours = p.windows.first.map { fmt(Double($0.seconds) / 3600) } ?? "0"
        return [
            "wrote \(path): \(counted(manifest.frameFonts.count, "frame font")) + \(manifest.maskFont.file), manifest.json, \(manifest.codeFiles.joined(separator: ", ")) (route: timer-font)",
            "  \(manifest.frames.count) frames at \(manifest.fps) fps in a \(manifest.loopSeconds) s loop: the animation \(manifest.timing.sentence)",
            "  \(manifest.pixelWidth)×\(manifest.pixelHeight) px pictures for a \(fmt(manifest.viewWidth))×\(fmt(manifest.viewHeight)) pt view at \(fmt(manifest.scale))× on \(manifest.background), \(String(format: "%.1f", Double(manifest.decodedBytes) / 1_000_000)) MB decoded (budget \(fmt(budget)) MB), \(String(format: "%.2f", Double(fontBytes) / 1_000_000)) MB of fonts",
            "  fonts shaped by HarfBuzz: \(p.instants) instants over \(hours) h of timer strings\(later.isEmpty ? "" : " and the wraps into hours \(later.joined(separator: ", "))"), \(p.stringsShaped) strings, \(counted(p.wrongFrames, "wrong frame")): the fonts \(p.passed ? "show" : "do not show") the flattened pictures",
            "  timing: \(RefreshJitter.sentence(refreshHz: DisplayRefresh.ratesHz))",
        ] + manifest.budgetActions.map { "  budget: \($0)" }
    }
}
