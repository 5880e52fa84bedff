import ArcMaskCore
import ArcMaskExport
import ArcMaskFolder
import ArcMaskGeometry
import ArcMaskRuntime
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskTimerMask
import ArcMaskTimerMaskPlan
import ArcMaskValues
import ArcMaskWidgetCode
import ArgumentParser
import Foundation

extension WidgetFamily: ExpressibleByArgument {}
extension RotationRoute: ExpressibleByArgument {}
extension WidgetRoute: ExpressibleByArgument {}
extension TimerFontTiming.Mode: ExpressibleByArgument {}
extension LayerLayout: ExpressibleByArgument {}
extension ImageFormat: ExpressibleByArgument {}
extension AccentedRendering: ExpressibleByArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Write widget-ready layer images (JPEG/PNG), manifest.json, the SwiftUI view, a widget and INSTALL.md.",
        discussion: """
            Widget sizes come from a table of Apple's published sizes per device (`arcmask devices` lists them); \
            --view overrides it. Frames are resized to the widget's pixel size with a box/bilinear filter. \
            Each layer is its own image, handed to SwiftUI as encoded bytes (JPEG where it is opaque, PNG \
            where it has transparency), fitted to the limits phones enforce: the view's archive (7 MB \
            aimed at; archives of 9.3 MB have drawn black: --archive-budget), each image's pixel area \
            (718,080 px, the smallest cap seen: --max-layer-pixels) and the extension's memory (30 MB: \
            --budget). When the layers exceed the archive budget, they are first held to the source's \
            resolution (no more pixels than the source shows in the view), then frames nobody can tell \
            apart are merged (at most 1 % of pixels differ by more than 16 levels; total duration kept), \
            then the scale is lowered a quarter step at a time down to --min-scale (2), then the JPEG \
            quality down to 60, then the frame rate evenly in time (--keep-frames refuses instead). \
            --out names the output folder; outputs appear all at once; a folder that holds files needs \
            --force. The summary ends with one verdict: a FAIL (the emulator's, the timer proof's, \
            frames that flattening makes identical) writes the folder and exits 2 (--allow-defects); an \
            export in which nothing moves writes nothing and exits 2 (--allow-still). Check a folder later with \
            `arcmask check DIR`.
            """)

    @Argument(
        help: ArgumentHelp(AnimationArgument.help))
    var file: String?

    @Option(
        help:
            "Widget family: small, medium, large, extraLarge (iPad), extraLargePortrait (iOS 27), accessoryCircular, accessoryRectangular (Lock Screen)."
    )
    var family: WidgetFamily = .small

    @Option(
        help:
            "Device class for the widget size (default: the largest iPhones; the largest iPad for extraLarge; for a Live Activity, the phone whose presentation is smallest, so that it starts on every iPhone)."
    )
    var device: String?

    @Option(
        name: .customLong("view"), help: "The view's size in points, WxH, instead of the family's.",
        transform: SizeArgument.parse)
    var size: SizeArgument?

    @Option(
        name: .customLong("scale"), parsing: .unconditional,
        help:
            "Pixels per point (default: --device's own, 3 on current iPhones, 2 on iPads; a Live Activity's smallest phone's).",
        transform: PointScale.parse)
    var scaleOption: PointScale?

    var scale: Double {
        scaleOption?.value ?? WidgetSizeTable.scale(ofDevice: device, family: size == nil ? family : nil)
    }

    @Option(help: "How the masks are built.")
    var preset: Preset = .arcmask

    @OptionGroup var fit: FitOption

    @Option(
        name: .customLong("budget"), parsing: .unconditional,
        help: """
            Extension memory in MB (10⁶ bytes) the generated code may hold: the encoded layers, or the \
            decoded strip with --layout strip, or the timer-font pictures (extensions are killed around 30 MB).
            """,
        transform: Megabytes.parse)
    var budgetOption = Megabytes(30)

    var budget: Double { budgetOption.value }

    @Option(
        name: .customLong("archive-budget"), parsing: .unconditional,
        help: """
            Archive budget in MB (10⁶ bytes): the layer images plus the view stay within it (default: 7 \
            aimed at, and --keep-frames refused above 9, as archives of 9.3 MB have drawn black; a \
            budget given here is also the ceiling).
            """,
        transform: Megabytes.parse)
    var archiveBudgetOption: Megabytes?

    var archiveBudget: Double? { archiveBudgetOption?.value }

    @Option(
        name: .customLong("max-layer-pixels"), parsing: .unconditional,
        help: "Pixels per layer image (width × height), the smallest per-image cap seen by default.",
        transform: PixelCount.parse)
    var maxLayerPixelsOption = PixelCount(WidgetLimits.smallestPixelCap)

    var maxLayerPixels: Int { maxLayerPixelsOption.value }

    @Option(help: "The widget's name in the widget gallery (default: the input's file name).")
    var displayName: String?

    @Option(
        name: .customLong("description"),
        help: "The widget's description in the gallery (default: a sentence about the route).")
    var widgetDescription: String?

    @Option(
        help: """
            RRGGBB (or '#RRGGBB', quoted: in a shell # starts a comment) that transparent pixels are \
            flattened onto. Rotation route: every layer is flattened onto it (then JPEG where the format \
            is automatic); without it, layers with transparency stay PNG, and --image-format jpeg \
            flattens them onto black with a warning. Timer-font route: its pictures are always flattened \
            (stacked timers would show through them); default: FFFFFF, the widget's background in the \
            light appearance, which the widget then draws behind them. Frames that flattening makes \
            identical, or pictures it mostly erases, are a FAIL.
            """)
    var background: String?

    @Flag(
        help: """
            Export an animation in which nothing moves (a still input, or one layer left by the budget) \
            and exit 0; without it such an export says why, writes nothing and exits 2.
            """)
    var allowStill = false

    @OptionGroup(title: "Rotation route") var rotationRoute: RotationRouteOptions

    @OptionGroup(title: "Timer-font route") var timerFontRoute: TimerFontRouteOptions

    @Option(
        name: .customLong("max-lanes"), parsing: .unconditional,
        help: "Timer-mask route: the most lanes written, 1 to 1,000 (default 320, the most seen drawn on a phone).",
        transform: LaneCount.parse)
    var maxLanesOption: LaneCount?

    // The groups' settings, by the names the rest of the command uses.
    var layout: LayerLayout { rotationRoute.layout }
    var imageFormat: ImageFormat { rotationRoute.imageFormat }
    var jpegQuality: Int? { rotationRoute.jpegQualityOption?.value }
    var accented: AccentedRendering { rotationRoute.accented }
    var rotation: RotationRoute { rotationRoute.rotation }
    var loop: Int? { timerFontRoute.loopOption?.value }
    var timing: TimerFontTiming.Mode? { timerFontRoute.timing }

    /// The timer-font widget's frame rate: --widget-fps, or (until 0.11) --fps with the route.
    var widgetFPS: Double? {
        timerFontRoute.widgetFPS?.value ?? (route == .timerFont ? source.fps : nil)
    }

    /// `--fps` given with the timer-font route and no --widget-fps: its old meaning.
    var fpsMeansWidgetRate: Bool { route == .timerFont && timerFontRoute.widgetFPS == nil && source.fps != nil }

    @Option(
        name: .customLong("min-scale"), parsing: .unconditional,
        help: "The lowest scale the budget may drop the layers to: 1, 1.5, 2 or 3.", transform: PointScale.parse)
    var minScaleOption = PointScale(2)

    var minScale: Double { minScaleOption.value }

    @Flag(help: "Refuse rather than lower the frame rate when the layers do not fit the budget.")
    var keepFrames = false

    @OptionGroup var png: PNGCompressionOption

    @OptionGroup var threads: JobsOption

    @Option(
        help: """
            rotation (arc masks turned by WidgetKit's private clock-hand rotation; any frame rate) or \
            timer-font (frames as colour glyphs of timer fonts: public API, 1–15 fps, loops dividing 60 s, \
            iOS 18 or later) or timer-mask (the rotation route's layers, one per lane, under live timer-text \
            masks: public API, 1–30 fps, loops of 2 to 30 s dividing 60, at most --max-lanes lanes). Each \
            route's own settings are in its group below.
            """)
    var route: WidgetRoute = .rotation

    @Option(
        help:
            "Prefix of the generated types and files (e.g. Orbit: OrbitView, OrbitWidget), so exports can share an extension."
    )
    var name: String = CodeNames.standard.prefix

    @OptionGroup var output: OutputOptions

    @OptionGroup var reporting: ReportOptions

    @OptionGroup var source: InputOptions

    func validate() throws {
        guard file != nil && output.out != nil else {
            throw ValidationError("give FILE and --out DIR")
        }
        if let file { try requirePath(file, "FILE") }
        guard [1.0, 2, 3].contains(scale) else {
            throw ValidationError(
                "--scale takes 1, 2 or 3 (the pixels per point of iPhone and iPad screens), not \(fmt(scale))")
        }
        if layout == .strip {
            if imageFormat != .auto { throw ValidationError("--image-format applies to --layout files") }
            if jpegQuality != nil { throw ValidationError("--jpeg-quality applies to --layout files") }
        }
        if imageFormat == .png, jpegQuality != nil {
            throw ValidationError("--jpeg-quality does not apply to --image-format png")
        }
        guard FrameBudget.scales.contains(minScale) else {
            throw ValidationError("--min-scale takes 1, 1.5, 2 or 3, not \(fmt(minScale))")
        }
        guard CodeNames(name) != nil, name.utf8.count <= 64 else {
            throw ValidationError(
                "--name takes a Swift type name of at most 64 characters, starting with a capital letter (letters, digits, _), not '\(shortened(name))'"
            )
        }
        for (text, option) in [(displayName, "--display-name"), (widgetDescription, "--description")] {
            guard let text else { continue }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= 120,
                !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw ValidationError("\(option) takes one line of 1 to 120 characters, not '\(shortened(text))'")
            }
        }
        if let background, Color(hex: background) == nil || background.count > 7 {
            throw ValidationError(
                "--background takes an opaque colour as RRGGBB (or '#RRGGBB', quoted), not '\(shortened(background))'")
        }
        if layout == .strip && background != nil {
            throw ValidationError("--background applies to --layout files (a strip keeps transparency)")
        }
        if let fallback = rotationRoute.fallbackOption {
            if route != .rotation { throw ValidationError("--fallback applies to --route rotation") }
            if fallback == .timerMask && layout == .strip {
                throw ValidationError("--fallback timer-mask needs a layer file per frame: --layout files")
            }
        }
        let lanes = route == .timerMask || (route == .rotation && fallback == .timerMask)
        if !lanes, maxLanesOption != nil {
            throw ValidationError(
                "--max-lanes applies to --route timer-mask and to a rotation export's timer masks (--fallback timer-mask)"
            )
        }
        if route == .rotation && fallback == .none {
            for (given, name) in [
                (loop != nil, "--loop-seconds"), (timing != nil, "--timing"),
                (timerFontRoute.widgetFPS != nil, "--widget-fps"),
            ] where given {
                throw ValidationError(
                    "\(name) applies to --route timer-font, --route timer-mask and a rotation export's timer masks (--fallback timer-mask with --layout files)"
                )
            }
        }
        if lanes {
            if let fps = timerFontRoute.widgetFPS?.value,
                !(fps == fps.rounded() && TimerMaskPlan.rates.contains(Int(fps)))
            {
                throw ValidationError(
                    "--widget-fps takes \(WidgetRate.rule); timer masks cannot take \(fmt(fps))")
            }
            if let loop, !TimerMaskPlan.loops.contains(loop) {
                throw ValidationError(
                    "--loop-seconds takes \(LoopLength.rule); timer masks cannot take \(loop)"
                )
            }
            if route == .timerMask && layout != .files {
                throw ValidationError("--route timer-mask writes a layer file per lane: --layout files")
            }
        }
        if route == .timerFont {
            if let fps = widgetFPS, !(fps == fps.rounded() && TimerFontPlan.rates.contains(Int(fps))) {
                throw ValidationError(
                    "\(fpsMeansWidgetRate ? "--fps" : "--widget-fps") takes \(WidgetRate.rule); --route timer-font cannot take \(fmt(fps))"
                )
            }
            if let loop, !TimerFontPlan.loops.contains(loop) {
                throw ValidationError(
                    "--loop-seconds takes \(LoopLength.rule); --route timer-font cannot take \(loop)"
                )
            }
            for (given, name) in [
                (layout != .files, "--layout"), (imageFormat != .auto, "--image-format"),
                (jpegQuality != nil, "--jpeg-quality"), (archiveBudget != nil, "--archive-budget"),
                (accented != .fullColor, "--tinted"), (rotationRoute.poster != nil, "--poster"),
            ] where given {
                throw ValidationError("\(name) applies to --route rotation")
            }
        }
        if let device, WidgetSizeTable.device(device) == nil {
            throw ValidationError(unknownDevice(device))
        }
        if family.surface == .liveActivity, route != .rotation {
            throw ValidationError(
                "--family \(family.rawValue) takes --route rotation: the \(route.rawValue) route's fonts go into a Live Activity's archive, which a 109 KB font took to 2.5 MB, past the ~2 MB a Live Activity starts with (cifyr/motionary §6.3)"
            )
        }
    }

    func run() throws {
        try reportingFailures {
            let dev = device.flatMap(WidgetSizeTable.device) ?? WidgetSizeTable.defaultDevice(for: family)
            let view: (width: Double, height: Double)
            if let size {
                view = (Double(size.width), Double(size.height))
            } else if let s = dev.size(family) {
                view = s
            } else {
                throw OutputError(
                    path: try output.path,
                    "\(dev.id) has no \(family.rawValue) size in the table; the classes that have one: \(WidgetSizeTable.classes(with: family).joined(separator: ", "))"
                )
            }
            // Until 0.11, --fps with the timer-font route and no --widget-fps is the widget's rate
            // (the source then plays at its own).
            var input = source
            if fpsMeansWidgetRate {
                input.fpsOption = nil
                note(
                    "with --route timer-font the widget's rate is --widget-fps; --fps resamples the input (as on every route) from \(Spellings.nextRelease)"
                )
            }
            let frames = try input.open(file!, scale: Int(scale))
            if let poster = rotationRoute.poster, poster.value >= frames.frameCount {
                throw UsageError("--poster \(poster.value): the animation's frames are 0 to \(frames.frameCount - 1)")
            }
            // Said before the work, and again in --json's warnings.
            let advice = [
                Self.cutAdvice(frames, route: route), Self.loopNote(frames),
                Self.presentationWarning(family: family, view: view, scale: scale),
            ].compactMap { $0 }
            for a in advice { warn(a) }
            let folder = try output.folder(protecting: source.inputFiles(of: frames, named: file!))
            // Written again with --force: the earlier export's files go, the user's own stay.
            folder.replacing = ExportFiles.listed(inFolder: folder.destination)
            if route == .timerFont {
                try exportTimerFonts(frames, view: view, device: dev.id, into: folder, advice: advice)
                return
            }
            var request = ExportRequest(
                viewWidth: view.width, viewHeight: view.height, scale: scale,
                family: size == nil ? family : nil, device: size == nil ? dev.id : nil,
                preset: preset, fit: fit.fit,
                limits: limits, budget: BudgetPolicy(minScale: minScale, keepFrames: keepFrames),
                layout: layout, imageFormat: imageFormat, jpegQuality: jpegQuality,
                compression: png.value, jobs: threads.jobs, widgetFamily: family,
                names: CodeNames(name)!, rotation: rotation, accented: accented)
            request.background = background.flatMap { Color(hex: $0) }
            request.displayName = displayName
            request.widgetDescription = widgetDescription
            request.posterFrame = rotationRoute.poster?.value
            let manifest: ExportManifest
            let masks = TimerMaskRequest(
                rotation: request, fps: timerFontRoute.widgetFPS.map { Int($0.value) }, loopSeconds: loop,
                timing: timing.map { TimerLoopTiming.Mode(rawValue: $0.rawValue) ?? .auto } ?? .auto,
                maxLanes: maxLanesOption?.value ?? TimerMaskPlan.defaultMaxLanes)
            if route == .timerMask {
                let lanes = try TimerMaskExporter.schedule(frames, masks).plan.lanes.count
                manifest = try finish(frames, into: folder, total: lanes, advice: advice) { line in
                    try TimerMaskExporter.run(
                        source: frames, request: masks, into: folder,
                        progress: ExportProgress(stage: { line.stage($0, total: $1) }, advance: { line.advance() }))
                }
            } else {
                let fallback = self.fallback
                manifest = try finish(frames, into: folder, total: frames.frameCount, advice: advice) { line in
                    let rotation = try Exporter.run(
                        source: frames, request: request, into: folder,
                        progress: ExportProgress(stage: { line.stage($0, total: $1) }, advance: { line.advance() }))
                    guard fallback == .timerMask else { return rotation }
                    return try TimerMaskExporter.fallback(rotation, source: frames, request: masks, into: folder)
                }
            }
            let path = try output.path
            let proof = try manifest.timerMask.map { _ in
                // The lanes proved with the written font.
                try TimerMaskFolderCheck.run(folder: path, manifest: manifest)
            }
            var outcome = Outcome()
            var lines =
                route == .timerMask && proof != nil
                ? Self.timerMaskSummary(manifest, proof: proof!, path: path, sourceFrames: frames.frameCount)
                : Self.summary(manifest, path: path)
            if route == .timerMask, let proof {
                // The lanes decide; the rotation is described, not judged.
                outcome.require(proof.passed, "the timer masks show wrong frames: \(proof.defects.first ?? "")")
            } else {
                outcome.require(manifest.emulator.passed, Emulate.failureReason(manifest.emulator.verdictText))
                outcome.passDetail = Emulate.passDetail(manifest.emulator.verdictText)
                if let proof, let t = manifest.timerMask, let timing = manifest.timing {
                    lines.append(
                        "  where the rotation is missing, timer masks: \(counted(t.lanes.count, "lane")) over a \(t.loopSeconds) s loop (\(fmt((Double(t.lanes.count) / Double(t.loopSeconds) * 10).rounded() / 10)) a second; the animation \(timing.sentence))"
                    )
                    lines.append("  \(proof.summary)")
                    lines += proof.defects.prefix(5).map { "    \($0)" }
                    lines.append(
                        "  timing of the masks: \(RefreshJitter.sentence(refreshHz: proof.refreshHz.map(Double.init)))")
                    outcome.require(proof.passed, "the timer masks show wrong frames: \(proof.defects.first ?? "")")
                } else {
                    lines.append("  no timer masks: where the rotation is missing the view shows the first frame")
                }
            }
            for p in manifest.flattening ?? [] {
                lines.append("  flattening: \(p)")
                outcome.fail(p)
            }
            let still = Self.stillReason(frames: frames, layers: manifest.frames.count, what: "layer")
            if let still { judgeStill(still, lines: &lines, outcome: &outcome) }
            lines.append("  \(outcome.line)")
            if !reporting.json { emit(lines.joined(separator: "\n")) }
            // The folder is written either way (to look at); a FAIL is an exit status, as emulate's.
            if !outcome.passed && !rotationRoute.allowDefects {
                throw ExitCode(ExitStatus.defectsFound.rawValue)
            }
        }
    }

    /// Why nothing moves in an export of `layers` distinct pictures (`what`s), or nil when
    /// something does: a still input, or a budget that left one.
    static func stillReason(frames: FrameSource, layers: Int, what: String) -> String? {
        guard layers <= 1 else { return nil }
        if frames.frameCount <= 1 {
            return "nothing moves: the input is a still (one frame), so the widget shows one picture"
        }
        return
            "nothing moves: of the animation's \(frames.frameCount) frames the budget left one \(what); raise the budget (--archive-budget, --budget) or lower --min-scale"
    }

    /// A still export, written because `--allow-still` asks for one (`finish` refuses the others
    /// before writing), says so.
    func judgeStill(_ reason: String, lines: inout [String], outcome: inout Outcome) {
        guard allowStill else { return }
        lines.append("  still: \(reason) (as --allow-still asks)")
    }

    /// What a rotation export carries for phones without the rotation: timer masks unless
    /// `--fallback none` or a strip (which has no file per lane).
    var fallback: ExportFallback {
        guard route == .rotation else { return .none }
        // A Live Activity's archive (~2 MB) has no room for the lanes' images and fonts.
        if family.surface == .liveActivity { return rotationRoute.fallbackOption ?? .none }
        return rotationRoute.fallbackOption ?? (layout == .files ? .timerMask : .none)
    }

    /// The phone's limits as the options set them.
    var limits: WidgetLimits {
        // A budget the user gives is also the ceiling --keep-frames may not pass.
        // Without one, the surface's: a Live Activity's archive is its own, smaller, ceiling.
        let archive = archiveBudget.map { Int($0 * 1_000_000) }
        let surface = WidgetLimits.standard(for: family)
        return WidgetLimits(
            archiveBytes: archive ?? surface.archiveBytes, archiveCeilingBytes: archive ?? surface.archiveCeilingBytes,
            layerPixels: maxLayerPixels, extensionBytes: Int(budget * 1_000_000))
    }

    /// The rotation export's summary: what was written, each figure against its limit, the
    /// quality kept, the emulator's verdict and what fitting did.
    static func summary(_ m: ExportManifest, path: String) -> [String] {
        let e = m.emulator
        let what =
            m.strip.map { "\($0) (\(counted(m.frames.count, "cell")))" }
            ?? "\(counted(m.images.count, "layer image")) (\(Set(m.images.map { ($0.file as NSString).pathExtension.uppercased() }).sorted().joined(separator: "/")))"
        let q = m.quality
        var lines = [
            "wrote \(path): \(what), \((m.timerMask?.fonts.map(\.file) ?? []).map { $0 + ", " }.joined())manifest.json, \(m.codeFiles.joined(separator: ", ")) (rotation: \(m.rotation))",
            "  \(counted(m.frames.count, "layer")) of \(m.pixelWidth)×\(m.pixelHeight) px for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt view at \(fmt(m.scale))×\(m.jpegQuality.map { ", JPEG quality \($0)" } ?? ""); SSIM mean \(String(format: "%.4f", q.meanSSIM)), worst \(String(format: "%.4f", q.worstSSIM))",
        ]
        lines += m.limits.lines.map { "  \($0)" }
        lines.append(
            "  emulator, every phase at \(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(e.allPhases.map(Emulate.everyPhase) ?? "\(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame at phase 0")\(e.phaseOffsetMs > 0 ? "; the loop runs \(fmt(e.phaseOffsetMs)) ms ahead of the timeline (its phase follows the wall clock)" : "")"
        )
        lines += m.budgetActions.map { "  budget: \($0)" }
        return lines
    }

    /// The timer-mask export's summary: the lanes, the loop and its timing, the font, the limit
    /// figures, the proof with the written font, and the rotation's verdict for where it turns.
    static func timerMaskSummary(
        _ m: ExportManifest, proof: TimerMaskFolderCheck, path: String, sourceFrames: Int? = nil
    ) -> [String] {
        guard let t = m.timerMask, let timing = m.timing else { return summary(m, path: path) }
        let e = m.emulator
        var lines = [
            "wrote \(path): \(counted(m.images.count, "layer image")), \(t.fonts.map(\.file).joined(separator: ", ")), manifest.json, \(m.codeFiles.joined(separator: ", ")) (route: timer-mask)",
            "  \(counted(t.lanes.count, "lane")) over a \(t.loopSeconds) s loop: the animation plays \(timing.plays) time\(timing.plays == 1 ? "" : "s") a loop at \(fmt(timing.speed))× its pace; \(m.pixelWidth)×\(m.pixelHeight) px for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt view\(m.jpegQuality.map { ", JPEG quality \($0)" } ?? ""); SSIM mean \(String(format: "%.4f", m.quality.meanSSIM))",
        ]
        // Lanes come at the widget's rate: frames shorter than a lane are not shown.
        let perPlay = Double(t.lanes.count) / Double(max(1, timing.plays))
        if let sourceFrames, perPlay < Double(sourceFrames) - 0.5 {
            lines.append(
                "  each play shows about \(Int(perPlay.rounded())) of the animation's \(sourceFrames) frames: a lane lasts \(fmt(1000 * Double(t.loopSeconds) / Double(max(1, t.lanes.count)))) ms, so shorter frames are skipped (--widget-fps, --max-lanes)"
            )
        }
        lines += m.limits.lines.map { "  \($0)" }
        lines.append("  \(proof.summary)")
        lines += proof.defects.prefix(5).map { "    \($0)" }
        lines.append("  timing: \(RefreshJitter.sentence(refreshHz: proof.refreshHz.map(Double.init)))")
        lines.append(
            "  rotation, where it turns (the view plays the timer masks first, so it does not decide), every phase at \(e.refreshHz.map { fmt($0) }.joined(separator: "/")) Hz: \(e.allPhases.map(Emulate.everyPhase) ?? "\(e.torn) torn, \(e.gap) gap, \(e.wrongFrame) wrong frame at phase 0")"
        )
        lines += m.budgetActions.map { "  budget: \($0)" }
        return lines
    }

    /// The timer-font route: fonts, code and manifest, with the shaping proof in the summary.
    func exportTimerFonts(
        _ frames: FrameSource, view: (width: Double, height: Double), device: String, into folder: OutputFolder,
        advice: [String]
    )
        throws
    {
        var request = TimerFontRequest(
            viewWidth: view.width, viewHeight: view.height, scale: scale,
            family: size == nil ? family : nil, device: size == nil ? device : nil, fit: fit.fit,
            fps: widgetFPS.map { Int($0) } ?? 8, loopSeconds: loop, timing: timing ?? .auto,
            background: background.flatMap { Color(hex: $0) },
            budgetBytes: Int(budget * 1_000_000), minScale: minScale, jobs: threads.jobs, widgetFamily: family,
            names: CodeNames(name)!)
        request.displayName = displayName
        request.widgetDescription = widgetDescription
        let drawn = Set(try TimerFontExporter.schedule(frames, request: request).sourceFrames).count
        let manifest = try finish(frames, into: folder, total: drawn + 1, advice: advice) {
            line in try TimerFontExporter.run(source: frames, request: request, into: folder) { line.advance() }
        }
        let p = manifest.proof
        var outcome = Outcome()
        outcome.require(p.passed, "the fonts show \(counted(p.wrongFrames, "wrong frame"))")
        let fontBytes = manifest.frameFonts.reduce(manifest.maskFont.bytes) { $0 + $1.bytes }
        let later = p.windows.dropFirst().map { String($0.fromSeconds / 3600 + 1) }
        var lines = [
            "wrote \(try output.path): \(counted(manifest.frameFonts.count, "frame font")) + \(manifest.maskFont.file), manifest.json, \(manifest.codeFiles.joined(separator: ", ")) (route: timer-font)",
            "  \(manifest.frames.count) frames at \(manifest.fps) fps in a \(manifest.loopSeconds) s loop: the animation \(manifest.timing.sentence)",
            "  \(manifest.pixelWidth)×\(manifest.pixelHeight) px pictures for a \(fmt(manifest.viewWidth))×\(fmt(manifest.viewHeight)) pt view at \(fmt(manifest.scale))× on \(manifest.background), \(String(format: "%.1f", Double(manifest.decodedBytes) / 1_000_000)) MB decoded (budget \(fmt(budget)) MB), \(String(format: "%.2f", Double(fontBytes) / 1_000_000)) MB of fonts",
            "  fonts shaped by HarfBuzz: \(p.instants) instants over \(p.windows.first.map { fmt(Double($0.seconds) / 3600) } ?? "0") h of timer strings\(later.isEmpty ? "" : " and the wraps into hours \(later.joined(separator: ", "))"), \(p.stringsShaped) strings, \(counted(p.wrongFrames, "wrong frame")): the fonts \(p.passed ? "show" : "do not show") the flattened pictures",
            "  timing: \(RefreshJitter.sentence(refreshHz: [60, 120]))",
        ]
        lines += manifest.budgetActions.map { "  budget: \($0)" }
        // The proof is fidelity to the flattened pictures; this is the pictures' fidelity to the animation.
        let flattening = manifest.flattening ?? []
        for f in flattening {
            lines.append("  flattening: \(f)")
            outcome.fail(f)
        }
        if manifest.flattening == [] {
            lines.append(
                "  flattened onto \(manifest.background): the pictures keep the animation (frames stay distinct and visible)"
            )
        }
        let still =
            flattening.isEmpty
            ? Self.stillReason(frames: frames, layers: Set(manifest.frames.map(\.pictureDigest)).count, what: "picture")
            : nil
        if let still { judgeStill(still, lines: &lines, outcome: &outcome) }
        lines.append("  \(outcome.line)")
        if !reporting.json { emit(lines.joined(separator: "\n")) }
        if !outcome.passed && !rotationRoute.allowDefects {
            throw ExitCode(ExitStatus.defectsFound.rawValue)
        }
    }
}

extension Export {
    /// Layers larger than a Live Activity family's presentation on some iPhone: ActivityKit may
    /// not start the activity there (`WidgetSizeTable.presentationsSmaller`).
    static func presentationWarning(
        family: WidgetFamily, view: (width: Double, height: Double), scale: Double
    )
        -> String?
    {
        let w = Int((view.width * scale - 1e-9).rounded(.up)), h = Int((view.height * scale - 1e-9).rounded(.up))
        let over = WidgetSizeTable.presentationsSmaller(than: w, h, family: family)
        guard !over.isEmpty else { return nil }
        let shown = over.prefix(4).map { "\($0.device.id) (\($0.width)×\($0.height) px)" }.joined(separator: ", ")
        let more = over.count > 4 ? " and \(over.count - 4) more" : ""
        return
            "layers of \(w)×\(h) px are larger than the \(family.rawValue) presentation on \(shown)\(more): ActivityKit may not start the Live Activity there; without --device, --view and --scale the layers fit every iPhone"
    }

    /// An animation that plays a number of times and stops: a widget has no end, so it loops.
    static func loopNote(_ frames: FrameSource) -> String? {
        guard frames.frameCount > 1, frames.loopMode != .forever else { return nil }
        return
            "the animation \(frames.loopMode) and stops; a widget cannot stop, so it loops it for ever (to end on a frame, cut the animation to it and export that frame as a still with --allow-still)"
    }

    /// A clip longer than the route plays well, in the route's own terms: the timer-font route's
    /// loops end at 60 s; the rotation route fits any length, by dropping frames.
    static func cutAdvice(_ frames: FrameSource, route: WidgetRoute) -> String? {
        guard frames.timeBase == .timestamps else { return nil }
        let seconds = frames.totalDuration / 1000
        // A clip of 60 s and a few milliseconds is a 60 s clip.
        guard seconds > 60.05 else { return nil }
        let length = String(format: "%.1f", seconds)
        switch route {
        case .timerFont, .timerMask:
            return
                "the clip plays \(length) s; a \(route.rawValue) loop lasts at most \(route == .timerMask ? 30 : 60) s, so it is sped up to fit: "
                + "cut it with --start and --length (for example --length 6) to keep its pace"
        case .rotation:
            return "the clip plays \(length) s; the rotation keeps its length by dropping frames to fit the "
                + "budget: cut it with --start and --length (for example --length 6) to keep more of its frames"
        }
    }
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
    var distinctPictures: Int? { frames.count }
}
extension TimerFontManifest: PrintedManifest {
    var distinctPictures: Int? { (flattening ?? []).isEmpty ? Set(frames.map(\.pictureDigest)).count : nil }
}

extension Export {
    /// Runs a route's export with a progress line, commits the folder and reports the warnings
    /// (the manifest's, the source's; the clip advice was said before). With --json it also
    /// prints the manifest with every warning and the folder written (the file keeps neither).
    /// It returns the manifest, for the route's summary and verdict.
    func finish<M: PrintedManifest>(
        _ frames: FrameSource, into folder: OutputFolder, total: Int, advice: [String],
        _ run: (ProgressLine) throws -> M
    ) throws -> M {
        let progress = reporting.progress("export", total: total)
        let manifest: M
        do {
            manifest = try run(progress)
        } catch let error as BudgetError {
            throw InputError(file: file!, error.message)
        }
        progress.finish()
        // Nothing moves: refused before anything is written, unless asked for.
        if !allowStill, let pictures = manifest.distinctPictures,
            let still = Self.stillReason(frames: frames, layers: pictures, what: "layer")
        {
            folder.abort()
            warn("\(still); nothing written: --allow-still exports it as a still")
            if !reporting.json { emit("  → FAIL (\(still); nothing written: --allow-still exports it as a still)") }
            throw ExitCode(ExitStatus.defectsFound.rawValue)
        }
        try folder.commit()
        for w in manifest.warnings + frames.warnings { warn(w) }
        guard reporting.json else { return manifest }
        var printed = manifest
        printed.output = try output.path
        printed.warnings += frames.warnings + advice
        emit(try jsonString(printed, file: file!))
        return manifest
    }
}
