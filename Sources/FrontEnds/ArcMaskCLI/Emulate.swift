import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFontCheck
import ArcMaskFrames
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

enum EmulationMode: String, ExpressibleByArgument, CaseIterable { case analytic, raster }

struct Emulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Judge the rotation (or a timer-font export) at every phase of the display's refreshes: gaps, wrong frames, seams.",
        discussion: """
            A folder written by `export` is checked by `arcmask check DIR`, which emulate DIR runs too until \
            \(Spellings.nextRelease); inspect, frames, plan and preview play a rotation export's layers as the \
            animation it ships. `check` judges a rotation export as a widget project \
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

            Exit status: 0 when nothing --fail-on names fails at any phase: torn, a seam that takes longer \
            to cross the view than its budget (a seam within it is still caught on a share of refreshes, \
            counted as torn and reported as the tear rate, but does not fail); gap, a refresh with no \
            layer over some pixel; wrong-frame, a frame other than the animation's (and the loop plays \
            forward at the right speed). \(ExitStatus.defectsFound.rawValue) otherwise (so widget projects \
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
    var refreshOption = DisplayRefresh.rates.map { Hertz(Double($0)) }

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

    @Option(
        help: """
            What fails the check, comma-separated: torn (a seam slower than its budget; torn refreshes \
            within it are counted, not failed), gap, wrong-frame.
            """)
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
    var isExportFolder: Bool { TimerFontOutput.isExport(options.file) }

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

    /// A folder check with this command's options.
    var folderCheck: ExportCheckRequest {
        ExportCheckRequest(
            folder: options.file, rates: rates!, phase: phase, randomPhases: randomPhases, duration: duration,
            criteria: criteria!, absolutePhase: absolutePhase, tolerance: tolerance, reporting: reporting)
    }

    func run() throws {
        if route == .timerFont { return try EmulateTimerFont.run(folderCheck) }
        if isExportFolder {
            note("emulate DIR is now check DIR; emulate takes animations (folders until \(Spellings.nextRelease))")
            return try EmulateExport.run(folderCheck)
        }
        let (report, frames): (EmulationReport, FrameSource) = try reportingFailures {
            let (frames, plan) = try options.load()
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
            return (report, frames)
        }
        InputDamage.warnAll(frames)
        if reporting.json {
            emit(try jsonString(WithInputWarnings(body: report, frames: frames), file: options.file))
        } else {
            emit(EmulationText.describe(report) + InputDamage.verdictNote(frames))
        }
        if !report.passed { throw ExitCode(ExitStatus.defectsFound.rawValue) }
    }
}
