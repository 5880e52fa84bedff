import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskTimerClock
import ArcMaskTimerMask
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// The summary lines a layer export prints: what was written, each figure against its limit,
/// the quality kept, the verdicts and what fitting did.
enum ExportSummary {
    /// The rotation export's summary.
    static func rotation(_ m: ExportManifest, path: String) -> [String] {
        let e = m.emulator
        let formats = Set(m.images.map { ($0.file as NSString).pathExtension.uppercased() }).sorted()
        let what =
            m.strip.map { "\($0) (\(counted(m.frames.count, "cell")))" }
            ?? "\(counted(m.images.count, "layer image")) (\(formats.joined(separator: "/")))"
        let q = m.quality
        let fonts = (m.timerMask?.fonts.map(\.file) ?? []).map { $0 + ", " }.joined()
        var lines = [
            "wrote \(path): \(what), \(fonts)manifest.json, \(m.codeFiles.joined(separator: ", ")) (rotation: \(m.rotation))",
            "  \(counted(m.frames.count, "layer")) of \(m.pixelWidth)×\(m.pixelHeight) px for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt view at \(fmt(m.scale))×\(m.jpegQuality.map { ", JPEG quality \($0)" } ?? ""); SSIM mean \(String(format: "%.4f", q.meanSSIM)), worst \(String(format: "%.4f", q.worstSSIM))",
        ]
        lines += m.limits.lines.map { "  \($0)" }
        lines.append(
            "  emulator, every phase at \(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(e.allPhases.map(EmulationText.everyPhase) ?? "\(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame at phase 0")\(e.phaseOffsetMs > 0 ? "; the loop runs \(fmt(e.phaseOffsetMs)) ms ahead of the timeline (its phase follows the wall clock)" : "")"
        )
        lines += m.budgetActions.map { "  budget: \($0)" }
        return lines
    }

    /// What a rotation export's timer masks play where the rotation is missing, and their proof.
    static func fallbackLanes(
        _ t: TimerMaskSection, timing: TimerLoopTiming, proof: TimerMaskExportCheck
    ) -> [String] {
        let perSecond = fmt((Double(t.lanes.count) / Double(t.loopSeconds) * 10).rounded() / 10)
        return [
            "  where the rotation is missing, timer masks: \(counted(t.lanes.count, "lane")) over a \(t.loopSeconds) s loop (\(perSecond) a second; the animation \(timing.sentence))"
        ] + fidelity(t, fallback: true) + [
            "  \(proof.summary)"
        ] + proof.defects.prefix(5).map { "    \($0)" } + (proof.archiveProblem.map { ["    \($0)"] } ?? []) + [
            "  timing of the masks: \(RefreshJitter.sentence(refreshHz: proof.refreshHz.map(Double.init)))"
        ]
    }

    /// What the lanes show against the animation's own frames and pace, and what fails.
    static func fidelity(_ t: TimerMaskSection, fallback: Bool = false) -> [String] {
        guard let f = t.fidelity else { return [] }
        let remedy =
            fallback
            ? "(a larger --archive-budget keeps more frames; --fallback none leaves the timer masks out)"
            : "(--max-lanes, --archive-budget or a shorter --loop-seconds keep more frames)"
        return ["  timer masks against the animation: \(f.sentence)"]
            + f.failures.map { "    \($0)" }
            + (f.dropped.isEmpty ? [] : ["    \(remedy)"])
    }

    /// The timer-mask export's summary: the lanes, the loop and its timing, the font, the limit
    /// figures, the proof with the written font, and the rotation's verdict for where it turns.
    static func timerMask(
        _ m: ExportManifest, proof: TimerMaskExportCheck, path: String, sourceFrames: Int? = nil
    ) -> [String] {
        guard let t = m.timerMask, let timing = m.timing else { return rotation(m, path: path) }
        let e = m.emulator
        var lines = [
            "wrote \(path): \(counted(m.images.count, "layer image")), \(t.fonts.map(\.file).joined(separator: ", ")), manifest.json, \(m.codeFiles.joined(separator: ", ")) (route: timer-mask)",
            "  \(counted(t.lanes.count, "lane")) over a \(t.loopSeconds) s loop: \(Set(t.lanes.map(\.frame)).count == 1 && (t.sourceDurationsMs?.count ?? 2) == 1 ? "the still, shown throughout" : "the animation " + timing.sentence); \(m.pixelWidth)×\(m.pixelHeight) px for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt view\(m.jpegQuality.map { ", JPEG quality \($0)" } ?? ""); SSIM mean \(String(format: "%.4f", m.quality.meanSSIM))",
        ]
        lines += fidelity(t)
        lines += m.limits.lines.map { "  \($0)" }
        lines.append("  \(proof.summary)")
        lines += proof.defects.prefix(5).map { "    \($0)" }
        lines += proof.archiveProblem.map { ["    \($0)"] } ?? []
        lines.append("  timing: \(RefreshJitter.sentence(refreshHz: proof.refreshHz.map(Double.init)))")
        if m.rotation == .none {
            lines.append("  rotation: left out (--rotation-access none: public API only)")
        } else {
            lines.append(
                "  rotation, where it turns (the view plays the timer masks first, so it does not decide), every phase at \(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(e.allPhases.map(EmulationText.everyPhase) ?? "\(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame at phase 0")"
            )
        }
        lines += m.budgetActions.map { "  budget: \($0)" }
        return lines
    }
}
