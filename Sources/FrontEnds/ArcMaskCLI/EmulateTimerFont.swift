import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRuntime
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskTimerMask
import ArcMaskValues
import ArgumentParser
import Foundation

/// A folder written by `export --route timer-font`: its fonts shaped by HarfBuzz for every timer
/// string the refreshes see, and the picture on top at each refresh checked against the manifest.
enum EmulateTimerFont {
    static func run(_ e: ExportCheckRequest) throws {
        let export = try reportingFailures { try TimerFontOutput(e.folder, names: .commandLine) }
        let manifestPath = (e.folder as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        let unlisted: [String] = try reportingFailures {
            ExportFiles.unlisted(
                in: e.folder,
                manifest: Data(try FileReader.contents(of: manifestPath, limit: 16 << 20, kind: "manifests")))
        }
        // Every problem with the files is listed; fonts that are not the manifest's are not shaped.
        let problems =
            export.problems
            + unlisted.map {
                "\($0): is not a file of this export (left by an earlier one, or added since?): the extension would ship it"
            }
        // The span both appearances' fonts are shaped over: `--duration`, else the export's proof's.
        let seconds = e.duration.map { max(1, Int(($0 / 1000).rounded(.up))) } ?? TimerFontExporter.provenSeconds
        var report: TimerFontEmulation? = nil
        if export.problems.isEmpty {
            report = try reportingFailures { try emulate(export, e, seconds: seconds, unlisted: unlisted) }
        }
        // The dark appearance's fonts: the export's proof again over them (every frame of every
        // window, one sample each), judged by the dark pictures' digests.
        var darkProof: TimerFontVerifier.Report? = nil
        if export.problems.isEmpty {
            darkProof = try reportingFailures {
                try export.darkVerifier().map {
                    TimerFontExporter.prove(
                        $0, loopSeconds: export.plan.loopSeconds, seconds: seconds)
                }
            }
        }
        var outcome = Outcome()
        outcome.require(problems.isEmpty, counted(problems.count, "problem"), part: "files")
        if let report {
            outcome.require(report.wrongFrame == 0, counted(report.wrongFrame, "wrong frame"), part: "fontProof")
        }
        if let darkProof {
            outcome.require(
                darkProof.passed, counted(darkProof.mismatches.count, "wrong frame") + " in the dark appearance",
                part: "darkFontProof")
        }
        if export.manifest.flattening != nil { outcome.require(true, "", part: "flattening") }
        for p in export.manifest.flattening ?? [] { outcome.fail(p, part: "flattening") }
        if e.reporting.json {
            emit(
                try jsonString(
                    Judged(
                        body: Printed(file: e.folder, problems: problems, fonts: export.fonts, emulation: report),
                        outcome: outcome)))
        } else {
            emit(
                describe(
                    export, folder: e.folder, problems: problems, report: report, darkProof: darkProof, outcome: outcome
                ))
        }
        if !outcome.passed { throw ExitCode(ExitStatus.defectsFound.rawValue) }
    }

    /// The folder's fonts shaped at every refresh of every rate and phase the request asks
    /// for, over the timer windows of `seconds`.
    private static func emulate(
        _ export: TimerFontOutput, _ e: ExportCheckRequest, seconds: Int, unlisted: [String]
    ) throws -> TimerFontEmulation {
        let rates: [Double]? = e.rates
        let verifier = try export.verifier()
        let windows = TimerFontExporter.windows(seconds: seconds, loopSeconds: export.plan.loopSeconds)
        var phases = [e.phase]
        phases += EmulationSettings.randomPhases(e.randomPhases, refreshRates: rates!, seed: 0xA5C3)
        let progress = e.reporting.progress("emulate", total: rates!.count * phases.count * windows.count)
        var report = TimerFontEmulator.run(
            verifier, refreshHz: rates!, phasesMs: phases, windows: windows
        ) { progress.advance() }
        progress.finish()
        report.unlistedFiles = unlisted
        return report
    }

    /// The JSON report: the emulation's fields, then the folder, its problems and its fonts.
    private struct Printed: Encodable {
        let file: String
        let problems: [String]
        let fonts: [TimerFontOutput.Found]
        let emulation: TimerFontEmulation?
        enum Keys: String, CodingKey { case file, problems, fonts }
        func encode(to encoder: Encoder) throws {
            try emulation?.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(file, forKey: .file)
            try c.encode(problems, forKey: .problems)
            try c.encode(fonts, forKey: .fonts)
        }
    }

    /// The text report: the emulation (or why there is none), the fonts read, the dark
    /// appearance's proof, problems, flattening, the export's warnings and the outcome.
    private static func describe(
        _ export: TimerFontOutput, folder: String, problems: [String], report: TimerFontEmulation?,
        darkProof: TimerFontVerifier.Report?, outcome: Outcome
    ) -> String {
        var lines: [String] = []
        if let report {
            lines.append(EmulationText.describe(report, folder: folder))
        } else {
            lines.append(
                "timer-font export \(folder): its fonts are not the ones the manifest describes, so they are not shaped"
            )
        }
        let read = export.fonts.filter { $0.bytes != nil }
        lines.append(
            "  \(counted(export.fonts.count, "font")) in the folder, \(read.count) read: \(read.map(\.bytes!).reduce(0, +)) bytes, each held to the manifest's size and digest"
        )
        if let darkProof, let dark = export.manifest.dark {
            lines.append(
                "  dark appearance (pictures flattened onto \(dark.background)): \(darkProof.passed ? "every frame of the proof's windows shows its picture" : "\(counted(darkProof.mismatches.count, "wrong frame"))")"
            )
        }
        for p in problems.prefix(24) { lines.append("  problem: \(p)") }
        for p in export.manifest.flattening ?? [] { lines.append("  flattening: \(p)") }
        for w in export.manifest.warnings { lines.append("  warning at export: \(w)") }
        lines.append("  \(outcome.line)")
        return lines.joined(separator: "\n")
    }
}
