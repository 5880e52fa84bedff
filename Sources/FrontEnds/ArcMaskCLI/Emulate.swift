import ArcMaskCompositor
import ArcMaskCore
import ArcMaskEmulator
import ArcMaskExport
import ArcMaskFolder
import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskTimerMask
import ArcMaskValues
import ArcMaskWidgetCode
import ArgumentParser
import Foundation

enum EmulationMode: String, ExpressibleByArgument, CaseIterable { case analytic, raster }

struct Emulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Judge the rotation (or a timer-font export) at every phase of the display's refreshes: gaps, wrong frames, seams.",
        discussion: """
            FILE may be a folder written by `export`. A rotation export is checked as a widget project \
            ships it: its manifest.json key by key, each image by its size, digest and pixel size (read \
            from its header), the limit figures (archive bytes, pixels per image, extension memory) \
            recomputed from the files on disk against the limits the export was made for, the plan \
            recomputed from the frames' durations and emulated, and the generated code compared with \
            what the manifest generates; anything over a limit or changed since the export fails. \
            A timer-font export (also with --route timer-font) is checked as follows: its fonts are \
            shaped by HarfBuzz for every timer string the refreshes see (by default over two hours, then a \
            loop around the wraps into hours 10, 100, 1000 and 10000), and the picture on top at each \
            refresh must be the intended frame's (by the digests in its manifest.json). --view, --preset, \
            --mode and the phase options are for the rotation route.

            Frames are judged against the animation's own timeline at the phase that fits best: the rotation \
            follows the wall clock, so where in its loop a widget starts is not a defect (the offset is \
            reported; --absolute-phase judges it). A plan that plays backwards or at the wrong speed fails.

            Exit status: 0 when no refresh is defective under --fail-on (and, with wrong-frame, the loop \
            plays forward at the right speed); \(ExitStatus.defectsFound.rawValue) otherwise (so widget projects \
            can run it in CI); 1 bad input; 64 bad arguments.
            """)

    @OptionGroup var options: PlanOptions

    @Option(
        help:
            "rotation (an animation's arc masks; needs --view), timer-font (a folder written by export --route timer-font) or timer-mask (a folder written by export --route timer-mask)."
    )
    var route: WidgetRoute = .rotation

    @Option(
        name: .customLong("refresh"), help: "Display refresh rates in Hz, comma-separated.",
        transform: Hertz.parseList)
    var refreshOption = [Hertz(60), Hertz(120)]

    @Option(
        name: .customLong("phase"), parsing: .unconditional,
        help: "Offset of the display's refreshes from the rotation's epoch, ms.", transform: OffsetMs.parse)
    var phaseOption = OffsetMs(0)

    @Option(
        name: .customLong("random-phases"), parsing: .unconditional,
        help: "Also sample this many random phases (seeded, reproducible).", transform: PhaseCount.parse)
    var randomPhasesOption = PhaseCount(0)

    @Option(
        name: .customLong("duration"), parsing: .unconditional,
        help: "How long to sample, ms (default: one full period).", transform: SpanMs.parse)
    var durationOption: SpanMs?

    var phase: Double { phaseOption.value }
    var randomPhases: Int { randomPhasesOption.value }
    var duration: Double? { durationOption?.value }

    @Option(help: "analytic (exact geometry) or raster (the compositor's pixels, traced).")
    var mode: EmulationMode = .analytic

    @Option(help: "Which defects fail the check: torn, gap, wrong-frame (comma-separated).")
    var failOn: String = "torn,gap,wrong-frame"

    @Flag(
        help: """
            Judge frames with frame 0 exactly at the rotation's epoch, for widgets that must stay in step \
            (default: at the phase that fits best, reported as information).
            """)
    var absolutePhase = false

    @Option(
        name: .customLong("tolerance"), parsing: .unconditional,
        help: "A frame shown within this many ms of its time in the timeline is not a wrong frame.",
        transform: ToleranceMs.parse)
    var toleranceOption = ToleranceMs(EmulationSettings.defaultToleranceMs)

    var tolerance: Double { toleranceOption.value }

    @Option(help: "The time zone the widget rotates in, to say when frame 0 starts (default: this machine's).")
    var timeZone: String?

    @Option(help: "The day to say it for, YYYY-MM-DD (default: today).")
    var day: String?

    /// The zone and day named, or this machine's zone and today.
    var wallClock: (timeZone: TimeZone, day: Date)? {
        guard let zone = timeZone.map({ TimeZone(identifier: $0) }) ?? TimeZone.current else { return nil }
        guard let day else { return (zone, Date()) }
        return FrameZeroSchedule.day(day, in: zone).map { (zone, $0) }
    }

    @OptionGroup var sampling: SampleLimit

    @Option(
        name: .customLong("max-traced-pixels"), parsing: .unconditional,
        help: "--mode raster: refuse runs that would trace more pixels than this (refreshes × the view's pixels).",
        transform: WorkCount.parse)
    var maxTracedPixels = WorkCount(20_000_000_000)

    @OptionGroup var reporting: ReportOptions

    /// Refuses a run whose samples (and, raster, traced pixels) are over their ceilings, before it starts.
    func checkWork(_ plan: ArcPlan, _ settings: EmulationSettings) throws {
        let samples = try sampling.check(
            plan, settings, fix: "shorten --duration, give fewer --refresh rates or --random-phases")
        let count = grouped(samples)
        if mode == .raster {
            let traced = samples.multipliedReportingOverflow(by: plan.pixelWidth * plan.pixelHeight)
            if traced.overflow || traced.partialValue > maxTracedPixels.value {
                throw UsageError(
                    "--mode raster would trace \(count) refreshes of \(grouped(plan.pixelWidth))×\(grouped(plan.pixelHeight)) px (\(traced.overflow ? "too many" : grouped(traced.partialValue)) pixels), over the limit of \(grouped(maxTracedPixels.value)); use --mode analytic, a shorter --duration, or raise --max-traced-pixels"
                )
            }
        }
    }

    var rates: [Double]? { refreshOption.map(\.value) }

    var criteria: Set<DefectKind>? {
        let kinds = failOn.split(separator: ",").map { DefectKind(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        return kinds.contains(where: { $0 == nil }) ? nil : Set(kinds.map { $0! })
    }

    /// Whether FILE is a folder written by `export` (then no --size is needed).
    var isExportFolder: Bool { TimerFontFolder.isExport(options.file) }

    func validate() throws {
        if route == .timerMask && !isExportFolder {
            throw ValidationError(
                "--route timer-mask takes a folder written by `export --route timer-mask` (or use `arcmask check DIR`)")
        }
        if route == .rotation && !isExportFolder { try options.requireSize() }
        if mode == .raster { try options.validateViewPixels() }
        guard criteria != nil else { throw ValidationError("--fail-on takes torn, gap and wrong-frame") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError(
                "--time-zone takes an IANA zone name such as Europe/Paris or Asia/Shanghai, not '\(timeZone)'")
        }
        if let day, wallClock == nil { throw ValidationError("--day takes a date as YYYY-MM-DD, not '\(day)'") }
    }

    func run() throws {
        if route == .timerFont { return try runTimerFont() }
        if isExportFolder {
            note("emulate DIR is now check DIR; emulate takes animations (folders until \(Spellings.nextRelease))")
            return try runExportFolder()
        }
        let report: EmulationReport = try reportingFailures {
            let (_, plan) = try options.load()
            var phases = [phase]
            phases += EmulationSettings.randomPhases(randomPhases, refreshRates: rates!, seed: 0xA5C3)
            let settings = EmulationSettings(
                refreshRates: rates!, phasesMs: phases, durationMs: duration, criteria: criteria!,
                absolutePhase: absolutePhase, toleranceMs: tolerance, wallClock: wallClock)
            try checkWork(plan, settings)
            let model: CoverageModel = mode == .analytic ? AnalyticModel(plan) : RasterModel(plan)
            let progress = reporting.progress("emulate", total: Emulator.sampleCount(plan, settings: settings))
            let report = Emulator.run(plan, model: model, settings: settings) {
                progress.advance()
            }
            progress.finish()
            return report
        }
        emit(reporting.json ? try jsonString(report, file: options.file) : Self.describe(report))
        if !report.passed { throw ExitCode(ExitStatus.defectsFound.rawValue) }
    }

    /// A folder written by `export`: a rotation export is checked here, a timer-font one shaped.
    func runExportFolder() throws {
        let path = (options.file as NSString).appendingPathComponent("manifest.json")
        let data = try reportingFailures {
            try FileReader.contents(of: path, limit: ExportFolderCheck.maxManifestBytes, kind: "manifests")
        }
        guard ExportFolderCheck.isRotationManifest(data) else { return try runTimerFont() }
        let check: ExportFolderCheck = try reportingFailures {
            var phases = [phase]
            phases += EmulationSettings.randomPhases(randomPhases, refreshRates: rates!, seed: 0xA5C3)
            let settings = EmulationSettings(
                refreshRates: rates!, phasesMs: phases, durationMs: duration, criteria: criteria!, listLimit: 0,
                absolutePhase: absolutePhase, toleranceMs: tolerance)
            return try ExportFolderCheck.run(options.file, settings: settings)
        }
        // The timer-mask lanes the folder carries, played with its font (once the folder itself
        // has no problem).
        let manifest = try? JSONDecoder().decode(ExportManifest.self, from: Data(data))
        let lanes: TimerMaskFolderCheck? = try reportingFailures {
            guard let manifest, manifest.timerMask != nil, check.problems.isEmpty else { return nil }
            return try TimerMaskFolderCheck.run(
                folder: options.file, manifest: manifest, rates: rates!.map { Int($0.rounded()) })
        }
        // One verdict, last. A timer-mask export is judged by its lanes; the rotation is its
        // second engine, described but not deciding.
        let maskRoute = manifest?.route == "timer-mask"
        var outcome = Outcome()
        if !check.problems.isEmpty { outcome.fail(counted(check.problems.count, "problem")) }
        if !maskRoute {
            outcome.require(check.emulator.passed, Self.failureReason(check.emulator.verdictText))
            outcome.passDetail = Self.passDetail(check.emulator.verdictText)
        }
        if let lanes { outcome.require(lanes.passed, "the timer masks show wrong frames") }
        if reporting.json {
            // The folder's figures as ever, the lanes' proof beside them when there are lanes,
            // and the one verdict.
            struct Both: Encodable {
                let folder: ExportFolderCheck
                let timerMasks: TimerMaskFolderCheck?
                let passed: Bool
                enum Keys: String, CodingKey { case timerMasks, passed }

                func encode(to encoder: Encoder) throws {
                    try folder.encode(to: encoder)
                    var c = encoder.container(keyedBy: Keys.self)
                    try c.encodeIfPresent(timerMasks, forKey: .timerMasks)
                    try c.encode(passed, forKey: .passed)
                }
            }
            emit(try jsonString(Both(folder: check, timerMasks: lanes, passed: outcome.passed), file: options.file))
        } else {
            var lines = [Self.describe(check, decides: !maskRoute)]
            if let lanes {
                lines.append("  \(lanes.summary)")
                for d in lanes.defects { lines.append("    \(d)") }
            }
            lines.append("  \(outcome.line)")
            emit(lines.joined(separator: "\n"))
        }
        if !outcome.passed { throw ExitCode(ExitStatus.defectsFound.rawValue) }
    }

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
    static func describe(_ c: ExportFolderCheck, decides: Bool = true) -> String {
        let e = c.emulator
        var lines = [
            "export folder \(c.folder): \(counted(c.layers, "layer")) in \(c.images) image\(c.images == 1 ? "" : "s") (\(c.layout) layout); manifest, images and code checked"
        ]
        lines += c.limits.lines.map { "  \($0)" }
        lines.append(
            "  \(decides ? "emulator" : "rotation, where it turns (the view plays the timer masks first, so it does not decide)"), every phase at \(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(e.allPhases.map(everyPhase) ?? "\(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame at phase 0")\(e.reversed ? ", BACKWARDS" : "")\(decides && !e.passed ? ": FAIL" : "")"
        )
        if !c.surfaces.isEmpty { lines.append("  the plan on each surface: \(SurfaceVerdict.line(c.surfaces))") }
        for n in c.notes { lines.append("  note: \(n)") }
        for p in c.problems.prefix(24) { lines.append("  problem: \(p)") }
        if c.problems.count > 24 { lines.append("  … \(c.problems.count - 24) more problems (see --json)") }
        return lines.joined(separator: "\n")
    }

    func runTimerFont() throws {
        let export = try reportingFailures { try TimerFontFolder(options.file) }
        let manifestPath = (options.file as NSString).appendingPathComponent("manifest.json")
        let unlisted: [String] = try reportingFailures {
            ExportFiles.unlisted(
                in: options.file,
                manifest: Data(try FileReader.contents(of: manifestPath, limit: 16 << 20, kind: "manifests")))
        }
        // Every problem with the files is listed; fonts that are not the manifest's are not shaped.
        let problems =
            export.problems
            + unlisted.map {
                "\($0): is not a file of this export (left by an earlier one, or added since?): the extension would ship it"
            }
        var report: TimerFontEmulation? = nil
        if export.problems.isEmpty {
            report = try reportingFailures {
                let verifier = try export.verifier()
                let seconds = duration.map { max(1, Int(($0 / 1000).rounded(.up))) } ?? TimerFontExporter.provenSeconds
                let windows = TimerFontExporter.windows(seconds: seconds, loopSeconds: export.plan.loopSeconds)
                var phases = [phase]
                phases += EmulationSettings.randomPhases(randomPhases, refreshRates: rates!, seed: 0xA5C3)
                let progress = reporting.progress("emulate", total: rates!.count * phases.count * windows.count)
                var report = TimerFontEmulator.run(
                    verifier, refreshHz: rates!, phasesMs: phases, windows: windows
                ) { progress.advance() }
                progress.finish()
                report.unlistedFiles = unlisted
                return report
            }
        }
        var outcome = Outcome()
        if !problems.isEmpty { outcome.fail(counted(problems.count, "problem")) }
        if let report { outcome.require(report.wrongFrame == 0, counted(report.wrongFrame, "wrong frame")) }
        for p in export.manifest.flattening ?? [] { outcome.fail(p) }
        if reporting.json {
            struct Printed: Encodable {
                let file: String
                let passed: Bool
                let problems: [String]
                let emulation: TimerFontEmulation?
                enum Keys: String, CodingKey { case file, passed, problems }
                func encode(to encoder: Encoder) throws {
                    try emulation?.encode(to: encoder)
                    var c = encoder.container(keyedBy: Keys.self)
                    try c.encode(file, forKey: .file)
                    try c.encode(passed, forKey: .passed)
                    try c.encode(problems, forKey: .problems)
                }
            }
            emit(
                try jsonString(
                    Printed(file: options.file, passed: outcome.passed, problems: problems, emulation: report)))
        } else {
            var lines: [String] = []
            if let report {
                lines.append(Self.describe(report, folder: options.file))
            } else {
                lines.append(
                    "timer-font export \(options.file): its fonts are not the ones the manifest describes, so they are not shaped"
                )
            }
            for p in problems.prefix(24) { lines.append("  problem: \(p)") }
            for p in export.manifest.flattening ?? [] { lines.append("  flattening: \(p)") }
            lines.append("  \(outcome.line)")
            emit(lines.joined(separator: "\n"))
        }
        if !outcome.passed { throw ExitCode(ExitStatus.defectsFound.rawValue) }
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
        lines += [
            "  worst timing error \(fmt(r.maxTimingErrorMs)) ms (frames within \(fmt(r.toleranceMs)) ms of their time count as right; fail on \(r.criteria.joined(separator: ",")))",
            "  frame  intended ms  shown ms",
        ]
        for f in r.frames.prefix(32) {
            lines.append(
                pad(String(f.frame), 7, right: true) + pad(fmt(f.intendedMs), 13, right: true)
                    + pad(fmt(f.shownMs), 10, right: true)
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
