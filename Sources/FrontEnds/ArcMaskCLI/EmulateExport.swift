import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRotationRoute
import ArcMaskRuntime
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskTimerMask
import ArcMaskValues
import ArgumentParser
import Foundation

/// What a folder check asks for: the folder, the refreshes it is judged at and how, and how the
/// result is reported. `check DIR` asks with its defaults; `emulate DIR` with its options.
struct ExportCheckRequest {
    var folder: String
    var rates: [Double] = DisplayRefresh.ratesHz
    var phase: Double = 0
    var randomPhases = 0
    var duration: Double? = nil
    var criteria: Set<DefectKind> = Set(DefectKind.allCases)
    var absolutePhase = false
    var tolerance = EmulationSettings.defaultToleranceMs
    var reporting: ReportOptions
}

/// `emulate DIR` (now `check DIR`): a folder written by `export`, checked as a widget project ships it.
/// A timer-font folder is shaped (`EmulateTimerFont`); a rotation folder's manifest, images and code
/// checked and its plan emulated, its timer-mask lanes played with its font.
enum EmulateExport {
    /// A folder written by `export`: a rotation export is checked here, a timer-font one shaped.
    static func run(_ e: ExportCheckRequest) throws {
        let reporting = e.reporting, rates: [Double]? = e.rates
        let path = (e.folder as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        let data = try reportingFailures {
            try FileReader.contents(of: path, limit: ExportCheck.maxManifestBytes, kind: "manifests")
        }
        guard ExportCheck.isRotationManifest(data) else { return try EmulateTimerFont.run(e) }
        let check: ExportCheck = try reportingFailures {
            var phases = [e.phase]
            phases += EmulationSettings.randomPhases(e.randomPhases, refreshRates: rates!, seed: 0xA5C3)
            let settings = EmulationSettings(
                refreshRates: rates!, phasesMs: phases, durationMs: e.duration, criteria: e.criteria, listLimit: 0,
                absolutePhase: e.absolutePhase, toleranceMs: e.tolerance)
            return try ExportCheck.run(e.folder, settings: settings, names: .commandLine)
        }
        // The timer-mask lanes the folder carries, played with its font (once the folder itself
        // has no problem).
        let manifest = try? JSONDecoder().decode(ExportManifest.self, from: Data(data))
        let lanes: TimerMaskExportCheck? = try reportingFailures {
            guard let manifest, manifest.timerMask != nil, check.problems.isEmpty,
                check.fonts.allSatisfy({ $0.bytes != nil })
            else { return nil }
            return try TimerMaskExportCheck.run(
                folder: e.folder, manifest: manifest, rates: rates!.map { Int($0.rounded()) })
        }
        // One verdict, last. A timer-mask export is judged by its lanes; the rotation is its
        // second engine, described but not deciding.
        let maskRoute = manifest?.route == .timerMask
        var outcome = Outcome()
        outcome.require(check.problems.isEmpty, counted(check.problems.count, "problem"), part: "files")
        if !maskRoute {
            outcome.require(
                check.emulator.passed, EmulationText.failureReason(check.emulator.verdictText), part: "emulator")
            outcome.passDetail = EmulationText.passDetail(check.emulator.verdictText)
        }
        if let lanes {
            outcome.require(true, "", part: "timerMasks")
            for failure in lanes.failures { outcome.fail(failure, part: "timerMasks") }
        }
        // What the export judged of its flattened layers, recorded in the manifest, judges the folder too.
        if let flattening = manifest?.flattening {
            outcome.require(true, "", part: "flattening")
            for p in flattening { outcome.fail(p, part: "flattening") }
        }
        if reporting.json {
            // The folder's figures as ever, the lanes' proof beside them when there are lanes,
            // and the one verdict.
            struct Both: Encodable {
                let folder: ExportCheck
                let timerMasks: TimerMaskExportCheck?
                /// What the export warned of, from the manifest (a damaged input among them).
                let warnings: [String]
                enum Keys: String, CodingKey { case timerMasks, warnings }

                func encode(to encoder: Encoder) throws {
                    try folder.encode(to: encoder)
                    var c = encoder.container(keyedBy: Keys.self)
                    try c.encodeIfPresent(timerMasks, forKey: .timerMasks)
                    try c.encode(warnings, forKey: .warnings)
                }
            }
            let both = Both(folder: check, timerMasks: lanes, warnings: manifest?.warnings ?? [])
            emit(try jsonString(Judged(body: both, outcome: outcome), file: e.folder))
        } else {
            var lines = [EmulationText.describe(check, decides: !maskRoute)]
            if let lanes {
                lines.append("  \(lanes.summary)")
                if let f = lanes.fidelity { lines.append("  timer masks against the animation: \(f.sentence)") }
                for d in lanes.defects { lines.append("    \(d)") }
                if let a = lanes.archiveProblem { lines.append("    \(a)") }
                for f in lanes.fidelity?.failures ?? [] { lines.append("    \(f)") }
            }
            for p in manifest?.flattening ?? [] { lines.append("  flattening: \(p)") }
            // What the export warned of (a damaged input among them) stays with the folder.
            for w in manifest?.warnings ?? [] { lines.append("  warning at export: \(w)") }
            lines.append("  \(outcome.line)")
            emit(lines.joined(separator: "\n"))
        }
        if !outcome.passed { throw ExitCode(ExitStatus.defectsFound.rawValue) }
    }
}
