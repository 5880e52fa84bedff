import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRotationRoute
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskTimerMask
import ArcMaskValues
import ArgumentParser
import Foundation

/// How `emulate`, `check` and `export` word an emulation: reports, verdict reasons and the
/// every-phase sentence.
enum EmulationText {
    /// The reason a verdict's text gives for a FAIL ("FAIL (a gap …)" → "a gap …").
    static func failureReason(_ verdictText: String) -> String {
        guard verdictText.hasPrefix("FAIL (") else { return verdictText }
        return String(verdictText.dropFirst(6).dropLast())
    }

    /// What a PASS verdict's text adds ("PASS: a seam …" → "a seam …").
    static func passDetail(_ verdictText: String) -> String? {
        verdictText.hasPrefix("PASS: ") ? String(verdictText.dropFirst(6)) : nil
    }

    /// The folder's report; the overall verdict is the caller's last line. `decides`: whether
    /// the rotation's verdict decides (not under a timer-mask export, where it only informs).
    static func describe(_ c: ExportCheck, decides: Bool = true) -> String {
        let e = c.emulator
        var lines = [
            "export folder \(c.folder): \(counted(c.layers, "layer")) in \(c.images) image\(c.images == 1 ? "" : "s") (\(c.layout) layout); manifest, images and code checked"
        ]
        lines += c.limits.lines.map { "  \($0)" }
        for f in c.fonts {
            lines.append(
                "  mask font \(f.file): \(f.bytes.map { "\($0) bytes, digest \(f.digest ?? "")" } ?? "not in the folder")"
            )
        }
        lines.append(
            "  \(decides ? "emulator" : "rotation, where it turns (the view plays the timer masks first, so it does not decide)"), every phase at \(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(e.allPhases.map(Self.everyPhase) ?? "\(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame at phase 0")\(e.reversed ? ", BACKWARDS" : "")\(decides && !e.passed ? ": FAIL" : "")"
        )
        if !c.surfaces.isEmpty { lines.append("  the plan on each surface: \(SurfaceVerdict.line(c.surfaces))") }
        for n in c.notes { lines.append("  note: \(n)") }
        for p in c.problems.prefix(24) { lines.append("  problem: \(p)") }
        if c.problems.count > 24 { lines.append("  … \(c.problems.count - 24) more problems (see --json)") }
        return lines.joined(separator: "\n")
    }

    static func describe(_ r: TimerFontEmulation, folder: String) -> String {
        let main = r.windows[0]
        let later = r.windows.dropFirst().map { String($0.fromSeconds / 3600 + 1) }
        var lines = [
            "timer-font, fonts shaped by HarfBuzz: \(r.samples) refreshes at \(r.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz over \(fmt(Double(main.seconds))) s of timer strings\(later.isEmpty ? "" : " and a loop around the wraps into hours \(later.joined(separator: ", "))") (\(r.phasesMs.count) phase\(r.phasesMs.count == 1 ? "" : "s"))",
            "  clean \(r.clean), \(counted(r.wrongFrame, "wrong frame")): the fonts show \(r.wrongFrame == 0 ? "the pictures the manifest names" : "other pictures than the manifest names")",
            "  \(fmt(r.measuredFps)) frames a second seen (\(r.fps) planned), a \(r.loopSeconds) s loop of \(r.frameCount) frames; \(r.stringsShaped) timer strings shaped",
            "  timing: \(RefreshJitter.sentence(refreshHz: r.refreshHz))",
        ]
        for d in r.defects.prefix(8) {
            lines.append(
                "  defect at \(fmt(d.timeSeconds)) s, \(fmt(d.refreshHz)) Hz: layer \(d.layer) shows \(d.shownFrame.map { "frame \($0)" } ?? "no frame of the loop"), expected frame \(d.intendedFrame)"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// A --fail-on criterion as what it fails on.
    static func criterion(_ name: String) -> String {
        name == DefectKind.torn.rawValue ? "torn (a seam slower than its budget)" : name
    }

    static func describe(_ r: EmulationReport) -> String {
        let phases =
            r.phasesMs.count == 1
            ? "phase \(fmt(r.phasesMs[0])) ms" : "\(r.phasesMs.count) phases"
        var lines = [
            "\(r.preset), \(r.mode) model, every phase at \(r.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(everyPhase(r.allPhases))",
            "  refreshes sampled at \(phases): \(r.samples) over \(fmt(r.sampledMs)) ms, clean \(r.clean), torn \(r.torn), gap \(r.gap), wrong frame \(r.wrongFrame) (that phase's picture; the verdict holds at every phase)",
            "  plays \(r.reversed ? "BACKWARDS" : "forward") at \(fmt(r.speedRatio))× speed; widget period \(fmt(r.periodSeconds * 1000)) ms, timeline \(fmt(r.timelinePeriodSeconds * 1000)) ms",
            "  phase: \(r.phaseText)",
        ]
        if let clock = r.frameZeroOnWallClock { lines.append("  wall clock: \(clock.sentence)") }
        if let low = r.lowPowerMode { lines.append("  \(low.sentence)") }
        lines += [
            "  worst timing error \(fmt(r.maxTimingErrorMs)) ms (frames within \(fmt(r.toleranceMs)) ms of their time count as right; fail on \(r.criteria.map(Self.criterion).joined(separator: ", ")))",
            "  frame  intended ms  shown ms",
        ]
        for f in r.frames.prefix(32) {
            lines.append(
                pad(String(f.frame), 7, right: true) + pad(fmt((f.intendedMs * 10).rounded() / 10), 13, right: true)
                    + pad(fmt((f.shownMs * 10).rounded() / 10), 10, right: true)
                    + (abs(f.intendedMs - f.shownMs) > 0.5 ? "  ≠" : ""))
        }
        if r.frames.count > 32 { lines.append("  … \(r.frames.count - 32) more frames (see --json)") }
        let fastest = r.refreshHz.max() ?? 120
        lines.append(
            "  hand-off   at ms   intended ms   error ms   crossing ms   seen at \(fmt(fastest)) Hz   refreshes sampled seeing it"
        )
        for h in r.handoffs.prefix(24) {
            lines.append(
                pad("\(h.from)→\(h.to)", 10, right: true) + pad(fmt(h.atMs), 8, right: true)
                    + pad(fmt(h.intendedAtMs), 14, right: true) + pad(h.errorMs.map { fmt($0) } ?? "–", 11, right: true)
                    + pad(fmt((h.crossingMs * 10000).rounded() / 10000), 14, right: true)
                    + pad(percent(min(1, h.crossingMs * fastest / 1000)), 16, right: true)
                    + pad(String(h.refreshesSeeingSeam), 30, right: true))
        }
        if r.handoffs.count > 24 { lines.append("  … \(r.handoffs.count - 24) more hand-offs (see --json)") }
        for s in r.defects.prefix(8) {
            var kinds: [String] = []
            if s.torn { kinds.append("torn") }
            if s.gap { kinds.append("gap") }
            if s.wrongFrame { kinds.append("wrong frame (\(fmt(s.timingErrorMs ?? 0)) ms)") }
            lines.append(
                "  defect at \(fmt(s.timeMs)) ms, \(fmt(s.refreshHz)) Hz: shows \(s.shown), expected \(s.expected): \(kinds.joined(separator: ", "))"
            )
        }
        lines.append("→ \(r.verdictText)")
        return lines.joined(separator: "\n")
    }

    /// "16 seams of 0.074 ms (budget 1.04 ms); no gap; no wrong frame": the loop over all phases.
    static func everyPhase(_ v: PhaseVerdict) -> String {
        func ms(_ x: Double) -> String { fmt((x * 1000).rounded() / 1000) }
        let seams =
            v.seams == 0
            ? "no seam in view"
            : "\(v.seams) seam\(v.seams == 1 ? "" : "s") crossing in \(v.longestSeamMs - v.meanSeamMs < 1e-6 ? ms(v.longestSeamMs) : "up to " + ms(v.longestSeamMs)) ms (budget \(ms(v.seamBudgetMs)) ms)"
        let gap = v.gapMs > 0 ? "a gap \(ms(v.gapMs)) ms of each loop" : "no gap"
        let wrong = v.wrongFrameMs > 0 ? "a wrong frame \(ms(v.wrongFrameMs)) ms of each loop" : "no wrong frame"
        return "\(seams); \(gap); \(wrong)"
    }
}
