import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFiles
import ArcMaskFontCheck
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskManifest
import ArcMaskTimerClock
import ArcMaskTimerFontPlan
import ArcMaskValues
import Foundation

/// What to export by the timer-font route.
public struct TimerFontRequest: Sendable {
    public var viewWidth: Double
    public var viewHeight: Double
    public var scale: Double
    public var family: WidgetFamily?
    public var device: String?
    public var fit: FitMode
    public var fps: Int
    /// The rate was asked for (`--widget-fps`): it is not lowered to keep the animation's pace.
    public var fpsAsked = false
    /// The loop asked for, seconds (nil: chosen by `timing`).
    public var loopSeconds: Int?
    public var timing: TimerFontTiming.Mode
    /// What translucent pixels are flattened onto (nil: `Flattening.defaultBackground`).
    public var background: Color?
    /// Memory for every picture decoded at once (as Core Text may cache them), bytes.
    public var budgetBytes: Int
    /// The lowest scale the budget may lower the pictures to.
    public var minScale: Double
    public var jobs: Int
    public var widgetFamily: WidgetFamily
    public var names: CodeNames
    /// What the widget gallery shows; nil for the input's file name and a sentence about the route.
    public var displayName: String? = nil
    public var widgetDescription: String? = nil
    /// What VoiceOver reads for the animation; nil: the display name, else the source's name.
    public var label: String? = nil
    /// How much of the timers' life the fonts are proven over, seconds (the hour wraps far beyond
    /// it are checked as well).
    public var verifySeconds: Int
    /// What the front end calls the settings, in the notes and refusals.
    public var vocabulary = SettingNames.plain

    public init(
        viewWidth: Double, viewHeight: Double, scale: Double, family: WidgetFamily? = nil, device: String? = nil,
        fit: FitMode = .fill, fps: Int = 8, loopSeconds: Int? = nil, timing: TimerFontTiming.Mode = .auto,
        background: Color? = nil, budgetBytes: Int = 30 << 20, minScale: Double = 2,
        jobs: Int = ImagePipeline.defaultJobs, widgetFamily: WidgetFamily? = nil, names: CodeNames = .standard,
        verifySeconds: Int = TimerFontExporter.provenSeconds
    ) {
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.scale = scale
        self.family = family
        self.device = device
        self.fit = fit
        self.fps = fps
        self.loopSeconds = loopSeconds
        self.timing = timing
        self.background = background
        self.budgetBytes = budgetBytes
        self.minScale = minScale
        self.jobs = jobs
        self.widgetFamily = widgetFamily ?? family ?? .small
        self.names = names
        self.verifySeconds = verifySeconds
    }
}

/// Exports an animation by the timer-font route: the loop's frames as colour glyphs in
/// `2 × fps` frame fonts and one mask font, proven by shaping every timer string, with the
/// SwiftUI view, the widget, the `UIAppFonts` entries, `manifest.json` and `INSTALL.md`.
/// All or nothing, and deterministic.
public enum TimerFontExporter {
    /// Pictures this large can render blank (the largest per-image cap seen, 2,121,055 px; see
    /// `WidgetLimits.layerPixels`).
    public static let blankImagePixels = 2_100_000

    /// Two hours of timer strings: every minute wrap and the first two hour wraps.
    public static let provenSeconds = 2 * 60 * 60
    /// Hours far into a widget's life whose wraps are proven too (one loop around each).
    public static let laterHours = [10, 100, 1000, 10_000]
    public static let plistFile = "UIAppFonts.plist"
    /// What translucent pictures are flattened onto for the dark appearance: black, the dark
    /// widget background the generated widget draws behind them (`containerBackground`).
    public static let darkBackground = Color(r: 0, g: 0, b: 0)

    /// The loop's frames, chosen and drawn; the fonts are built from them.
    public struct Pictures: Sendable {
        public let plan: TimerFontPlan
        public let timing: TimerFontTiming
        /// The source frame each loop frame shows.
        public let sourceFrames: [Int]
        public let pngs: [[UInt8]]
        public let size: PixelSize
        public let scale: Double
        public let background: Color
        /// Each loop frame's picture before and after flattening.
        public let looks: [FlattenedLook]
        public let budgetActions: [String]
        public var decodedBytes: Int { plan.frameCount * size.pixelCount * 4 }
    }

    /// - Parameter progress: called once per picture drawn, then once per font.
    public static func run(
        source: FrameSource, request r: TimerFontRequest, into folder: StagedFolder,
        progress: (@Sendable () -> Void)? = nil
    ) throws -> TimerFontManifest {
        let pictures = try draw(source, request: r, progress: progress)
        let (fonts, proof) = try provenFonts(
            pictures, source: source, request: r, baseName: r.names.prefix, whose: "the generated fonts",
            progress: progress)
        var files: [(String, [UInt8])] = fonts.frameFonts.map { ($0.fileName, $0.bytes) }
        files.append((fonts.maskFont.fileName, fonts.maskFont.bytes))
        let dark = try darkAppearance(source, request: r, light: pictures, progress: progress)
        if let dark { files += dark.fonts.frameFonts.map { ($0.fileName, $0.bytes) } }
        for (name, bytes) in files { try folder.write(bytes, as: name) }
        var manifest = Self.manifest(source, request: r, pictures: pictures, fonts: fonts, proof: proof, dark: dark)
        manifest.fidelity = fidelity(
            sourceFrames: pictures.sourceFrames, fps: pictures.plan.fps, timing: pictures.timing,
            durationsMs: source.durations, paceAsked: r.loopSeconds != nil || r.timing != .auto)
        try writeCode(manifest, request: r, into: folder)
        return manifest
    }

    /// Fonts of `pictures`, proven; a font that shows a wrong frame is refused, naming `whose`.
    static func provenFonts(
        _ pictures: Pictures, source: FrameSource, request r: TimerFontRequest, baseName: String, whose: String,
        progress: (@Sendable () -> Void)?
    ) throws -> (TimerFonts, TimerFontVerifier.Report) {
        let fonts = try TimerFonts.build(
            plan: pictures.plan, pictures: pictures.pngs, size: pictures.size, baseName: baseName)
        progress?()
        let proof = try prove(fonts, seconds: r.verifySeconds)
        guard proof.passed else {
            let m = proof.mismatches[0]
            throw InputError(
                file: source.name,
                "\(whose) show the wrong frame at \(m.timeSeconds) s (\(m.why), frame \(m.intendedFrame) intended)")
        }
        return (fonts, proof)
    }

    /// Translucent pictures flattened onto the light background would show a white tile in the
    /// dark appearance: a second set, flattened onto the dark background, in fonts of its own
    /// (proven as the first), which the view takes there. Nil when a background was asked for or
    /// every picture is opaque.
    static func darkAppearance(
        _ source: FrameSource, request r: TimerFontRequest, light pictures: Pictures,
        progress: (@Sendable () -> Void)?
    ) throws -> (pictures: Pictures, fonts: TimerFonts)? {
        guard r.background == nil, pictures.looks.contains(where: \.translucent) else { return nil }
        var darkRequest = r
        darkRequest.background = Self.darkBackground
        let darkPictures = try draw(source, request: darkRequest, progress: progress)
        guard darkPictures.plan == pictures.plan, darkPictures.size == pictures.size else {
            throw InputError(file: source.name, "the dark appearance's pictures came out of another plan")
        }
        let (darkFonts, _) = try provenFonts(
            darkPictures, source: source, request: r, baseName: r.names.prefix + "Dark",
            whose: "the dark appearance's fonts", progress: progress)
        return (darkPictures, darkFonts)
    }

    /// What the export warns of (the source's own warnings first: damaged data, as decoding found
    /// it, for `check`), and what flattening did to the pictures (nil: every picture was opaque).
    static func looks(
        _ source: FrameSource, request r: TimerFontRequest, pictures: Pictures,
        dark: (pictures: Pictures, fonts: TimerFonts)?
    ) -> (warnings: [String], flattening: [String]?) {
        let background = r.vocabulary.budget.background
        var warnings: [String] = source.warnings
        if r.background == nil, pictures.looks.contains(where: \.translucent) {
            warnings.append(
                "the animation has transparent pixels: each picture is drawn over the ones before it, so they are flattened onto \(hex(pictures.background)) (white, the widget's background in the light appearance) and, in frame fonts of their own, onto \(hex(Self.darkBackground)) for the dark appearance; the widget draws the same colour behind them; \(background) chooses one colour for both"
            )
        }
        let flattening =
            !pictures.looks.contains(where: \.translucent)
            ? nil
            : FlattenedLook.problems(
                pictures.looks, onto: hex(pictures.background),
                remedy: "\(background) chooses a colour the animation does not use")
                + (dark.map {
                    FlattenedLook.problems(
                        $0.pictures.looks, onto: hex($0.pictures.background),
                        remedy:
                            "\(background) chooses one colour, for both appearances, that the animation does not use")
                } ?? [])
        if pictures.size.pixelCount > Self.blankImagePixels {
            warnings.append(
                "each picture has \(pictures.size.pixelCount) pixels, over the ~\(Self.blankImagePixels) at which widgets can render images blank"
            )
        }
        return (warnings, flattening)
    }

    /// The manifest of the pictures and their fonts, as proven (its fidelity set by the caller).
    static func manifest(
        _ source: FrameSource, request r: TimerFontRequest, pictures: Pictures, fonts: TimerFonts,
        proof: TimerFontVerifier.Report, dark: (pictures: Pictures, fonts: TimerFonts)?
    ) -> TimerFontManifest {
        let (warnings, flattening) = looks(source, request: r, pictures: pictures, dark: dark)
        func font(_ f: TimerFonts.File, _ plan: TimerFontPlan, layer i: Int) -> TimerFontManifest.Font {
            .init(
                file: f.fileName, postScriptName: f.postScriptName, bytes: f.bytes.count,
                digest: PictureDigest.hex(PictureDigest.of(f.bytes)), frameLeadSeconds: plan.frameLead(i),
                maskLeadSeconds: plan.isMasked(i) ? plan.maskLead(i) : nil, underUpperMask: plan.isUpper(i))
        }
        var manifest = TimerFontManifest(
            source: (source.name as NSString).lastPathComponent, sourceWidth: source.canvasSize.width,
            sourceHeight: source.canvasSize.height,
            family: r.family?.rawValue, device: r.device, viewWidth: r.viewWidth, viewHeight: r.viewHeight,
            scale: pictures.scale, pixelWidth: pictures.size.width, pixelHeight: pictures.size.height,
            fit: r.fit.rawValue, background: hex(pictures.background),
            fps: pictures.plan.fps, loopSeconds: pictures.plan.loopSeconds, timing: pictures.timing,
            frames: pictures.sourceFrames.enumerated().map { j, f in
                .init(
                    index: j, startMs: Double(j) * 1000 / Double(pictures.plan.fps), sourceFrame: f,
                    pngBytes: pictures.pngs[j].count,
                    pictureDigest: PictureDigest.hex(PictureDigest.of(pictures.pngs[j])))
            },
            frameFonts: fonts.frameFonts.enumerated().map { i, f in font(f, pictures.plan, layer: i) },
            maskFont: .init(
                file: fonts.maskFont.fileName, postScriptName: fonts.maskFont.postScriptName,
                bytes: fonts.maskFont.bytes.count,
                digest: PictureDigest.hex(PictureDigest.of(fonts.maskFont.bytes)), frameLeadSeconds: nil,
                maskLeadSeconds: nil,
                underUpperMask: false),
            upperMaskLeadSeconds: pictures.plan.upperMaskLead,
            decodedBytes: pictures.decodedBytes, budgetBytes: r.budgetBytes, budgetActions: pictures.budgetActions,
            warnings: warnings, proof: proof, flattening: flattening, name: r.names.prefix,
            codeFiles: [r.names.viewFile, r.names.widgetFile, plistFile, "INSTALL.md"],
            displayName: r.displayName, widgetDescription: r.widgetDescription)
        manifest.label = r.label ?? r.displayName ?? ExportManifest.animationName(source.name)
        manifest.dark = dark.map { d in
            .init(
                background: hex(d.pictures.background),
                frameFonts: d.fonts.frameFonts.enumerated().map { i, f in font(f, d.pictures.plan, layer: i) },
                pictureDigests: d.pictures.pngs.map { PictureDigest.hex(PictureDigest.of($0)) })
        }
        return manifest
    }

    /// The manifest, the view, the widget, the fonts' plist and the guide, each written once
    /// through the staged folder.
    static func writeCode(
        _ manifest: TimerFontManifest, request r: TimerFontRequest, into folder: StagedFolder
    )
        throws
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try folder.write(Array(try encoder.encode(manifest)), as: WidgetFolder.manifestFile)
        try folder.write(
            Array(TimerFontViewFile.generate(manifest: manifest, names: r.names, vocabulary: r.vocabulary).utf8),
            as: r.names.viewFile)
        try folder.write(
            Array(
                TimerFontViewFile.widget(
                    manifest: manifest, family: r.widgetFamily, names: r.names, vocabulary: r.vocabulary
                ).utf8),
            as: r.names.widgetFile)
        try folder.write(Array(TimerFontViewFile.appFonts(manifest.fontFiles).utf8), as: plistFile)
        try folder.write(
            Array(
                TimerFontViewFile.installGuide(
                    manifest: manifest, family: r.widgetFamily, names: r.names, vocabulary: r.vocabulary
                ).utf8),
            as: "INSTALL.md")
    }

    /// The loop's timing and plan, and the source frame each loop frame shows (its start's).
    public static func schedule(
        _ source: FrameSource, request r: TimerFontRequest
    ) throws -> (
        timing: TimerFontTiming, plan: TimerFontPlan, sourceFrames: [Int]
    ) {
        var timing: TimerFontTiming
        let plan: TimerFontPlan
        let d = source.durations.reduce(0, +)
        do {
            timing = try TimerFontTiming.choose(durationMs: d, loopSeconds: r.loopSeconds, mode: r.timing)
            var fps = r.fps
            if r.timing == .auto && r.loopSeconds == nil && !fitsBudget(loop: timing.loopSeconds, r) {
                // Keeping the pace would not fit: a loop that fits within the pace's tolerance
                // (`SourceFidelity.paceTolerance`) at the full rate first, so no picture is lost;
                // then fewer pictures a second (unless the rate was asked for); then the closest
                // pace among the loops that fit.
                let fitting = TimerFontPlan.loops.filter { fitsBudget(loop: $0, r) }
                let near =
                    try fitting.isEmpty ? nil : TimerFontTiming.choose(durationMs: d, among: fitting, mode: .scale)
                let lower =
                    r.fpsAsked ? nil : (1..<r.fps).reversed().first { fitsBudget(loop: timing.loopSeconds, r, fps: $0) }
                if let near, abs(near.speed - 1) <= SourceFidelity.paceTolerance {
                    timing = near
                } else if let lower {
                    fps = lower
                } else if let near {
                    timing = near
                }
            }
            plan = try TimerFontPlan(fps: fps, loopSeconds: timing.loopSeconds)
        } catch {
            throw InputError(file: source.name, error.message(r.vocabulary.plan))
        }
        let durations = source.durations
        let sourceFrames = (0..<plan.frameCount).map { j in
            TimerFontTiming.frame(
                at: timing.animationTime(atLoopSeconds: Double(j) / Double(plan.fps)), durations: durations)
        }
        return (timing, plan, sourceFrames)
    }

    /// Whether a loop's pictures fit the budget at the lowest scale the request allows.
    static func fitsBudget(loop: Int, _ r: TimerFontRequest, fps: Int? = nil) -> Bool {
        let least = FrameBudget.scales.filter { $0 <= r.scale && $0 >= r.minScale }.min() ?? r.scale
        return (fps ?? r.fps) * loop * pixelSize(r, scale: least).pixelCount * 4 <= r.budgetBytes
    }

    /// The loop's pictures against the source: picture j shows its source frame for 1/fps s;
    /// frames shorter than two pictures may drop, and a pace not asked for fails past 5 %.
    public static func fidelity(
        sourceFrames: [Int], fps: Int, timing: TimerFontTiming, durationsMs: [Double], paceAsked: Bool
    ) -> SourceFidelity {
        var turns: [SourceFidelity.Turn] = []
        for (j, f) in sourceFrames.enumerated() {
            let from = Double(j) / Double(fps), to = Double(j + 1) / Double(fps)
            if let last = turns.last, last.frame == f {
                turns[turns.count - 1].to = to
            } else {
                turns.append(SourceFidelity.Turn(frame: f, from: from, to: to))
            }
        }
        return SourceFidelity(
            turns: turns, durationsMs: durationsMs, timing: timing, laneMs: 1000 / Double(fps), paceAsked: paceAsked)
    }

    /// The pictures' size at `scale` pixels per point.
    static func pixelSize(_ r: TimerFontRequest, scale s: Double) -> PixelSize {
        PixelSize(width: Int((r.viewWidth * s).rounded()), height: Int((r.viewHeight * s).rounded()))
    }

    /// Chooses the loop, fits the budget and draws the loop's pictures: resized to the widget,
    /// flattened onto the background, encoded as PNGs (on the pipeline's threads).
    public static func draw(
        _ source: FrameSource, request r: TimerFontRequest, progress: (@Sendable () -> Void)? = nil
    ) throws -> Pictures {
        let (timing, plan, sourceFrames) = try schedule(source, request: r)
        // Budget: every picture decoded at once; lower the scale step by step.
        var actions: [String] = []
        let budget = r.vocabulary.budget, planned = r.vocabulary.plan
        if r.timing == .auto, r.loopSeconds == nil,
            let closest = try? TimerFontTiming.choose(
                durationMs: source.durations.reduce(0, +), loopSeconds: nil, mode: .auto),
            closest.loopSeconds != timing.loopSeconds
        {
            // The budget chose the loop: say what the pace would have been and what it is.
            let least = FrameBudget.scales.filter { $0 <= r.scale && $0 >= r.minScale }.min() ?? r.scale
            let need = plan.fps * closest.loopSeconds * pixelSize(r, scale: least).pixelCount * 4
            actions.append(
                "pace: the loop closest to the animation's own pace is \(closest.loopSeconds) s (\(closest.sentence.replacingOccurrences(of: "plays ", with: ""))), whose \(plan.fps * closest.loopSeconds) pictures need \(FrameBudget.megabytes(need)) decoded even at \(FrameBudget.fmtScale(least))×, over the \(FrameBudget.megabytes(r.budgetBytes)) budget; it \(timing.sentence) instead (raise \(budget.extensionBudget), or choose \(planned.loopSeconds))"
            )
        } else if !timing.keepsPace {
            actions.append("pace: no loop that divides 60 s holds the animation at its own pace; it \(timing.sentence)")
        }
        if plan.fps < r.fps {
            let least = FrameBudget.scales.filter { $0 <= r.scale && $0 >= r.minScale }.min() ?? r.scale
            let need = r.fps * timing.loopSeconds * pixelSize(r, scale: least).pixelCount * 4
            actions.append(
                "rate: \(plan.fps) pictures a second keep the animation's pace in a \(timing.loopSeconds) s loop; \(r.fps) would need \(FrameBudget.megabytes(need)) decoded even at \(FrameBudget.fmtScale(least))×, over the \(FrameBudget.megabytes(r.budgetBytes)) budget (raise \(budget.extensionBudget), or choose \(planned.framesPerSecond))"
            )
        }
        var scale = r.scale
        func size(_ s: Double) -> PixelSize { pixelSize(r, scale: s) }
        func bytes(_ s: Double) -> Int { plan.frameCount * size(s).pixelCount * 4 }
        if bytes(scale) > r.budgetBytes {
            let lower = FrameBudget.scales.filter { $0 < scale && $0 >= r.minScale }
            guard let fits = lower.first(where: { bytes($0) <= r.budgetBytes }) else {
                let least = lower.last ?? scale
                throw BudgetError(
                    .picturesOverBudget(
                        pictures: plan.frameCount, picture: size(least), needed: bytes(least), budget: r.budgetBytes,
                        scale: least),
                    message:
                        "\(plan.frameCount) pictures of \(size(least).width)×\(size(least).height) px need \(FrameBudget.megabytes(bytes(least))) decoded, over the \(FrameBudget.megabytes(r.budgetBytes)) budget even at \(FrameBudget.fmtScale(least))×; lower \(planned.framesPerSecond), choose a shorter \(planned.loopSeconds) (or \(planned.timing) scale), lower \(budget.minScale), or raise \(budget.extensionBudget)"
                )
            }
            actions.append(
                "scale \(FrameBudget.fmtScale(scale))× → \(FrameBudget.fmtScale(fits))× (\(FrameBudget.megabytes(bytes(scale))) → \(FrameBudget.megabytes(bytes(fits))) decoded)"
            )
            scale = fits
        }
        let pixels = size(scale)
        guard pixels.height >= 16, pixels.width >= 1 else {
            throw InputError(
                file: source.name,
                "a \(pixels.width)×\(pixels.height) px picture is too small for a font (16 px high at least)")
        }

        // Only the source frames the loop shows are drawn, once each.
        let distinct = Array(Set(sourceFrames)).sorted()
        let background = r.background ?? Flattening.defaultBackground
        let pipeline = ImagePipeline(jobs: r.jobs)
        defer { pipeline.drain() }
        let store = PictureStore()
        let fit = r.fit
        for f in distinct {
            let cell: @Sendable () throws -> PixelBuffer
            if source.capabilities.contains(.drawsAtAnySize) {
                cell = try source.deferredFrame(f) { try Resampler.frame($1, of: $0, size: pixels, fit: fit) }
            } else {
                let frame = try source.frame(at: f)
                cell = { try Resampler.resized(frame, to: pixels, fit: fit) }
            }
            try pipeline.submit(cell) { image in
                let drawn = Flattening.measured(image, onto: background)
                store.set(f, try PNG.encode(drawn.image, compression: .small), drawn.look)
                progress?()
            }
        }
        try pipeline.finish()
        let pngs = sourceFrames.map { store.get($0)!.png }
        return Pictures(
            plan: plan, timing: timing, sourceFrames: sourceFrames, pngs: pngs, size: pixels, scale: scale,
            background: background, looks: sourceFrames.map { store.get($0)!.look }, budgetActions: actions)
    }

    /// The first `seconds` of the timers, then a stretch of two loops around each later hour wrap.
    public static func windows(seconds: Int, loopSeconds: Int) -> [TimerFontVerifier.Window] {
        [TimerFontVerifier.Window(fromSeconds: 0, seconds: seconds)]
            + laterHours.filter { $0 * 3600 > seconds }.map {
                TimerFontVerifier.Window(fromSeconds: $0 * 3600 - loopSeconds, seconds: 2 * loopSeconds)
            }
    }

    /// Shapes every timer string of the first `seconds` (one instant in each frame) and a loop
    /// around each of the later hour wraps.
    public static func prove(_ fonts: TimerFonts, seconds: Int) throws -> TimerFontVerifier.Report {
        let verifier = try TimerFontVerifier(
            plan: fonts.plan, frameFonts: fonts.frameFonts.map(\.bytes), maskFont: fonts.maskFont.bytes,
            pictures: fonts.pictures, pixelSize: fonts.pixelSize)
        return prove(verifier, loopSeconds: fonts.plan.loopSeconds, seconds: seconds)
    }

    /// The proof over `verifier`'s fonts: every frame of every window (`windows`), one sample each.
    public static func prove(_ verifier: TimerFontVerifier, loopSeconds: Int, seconds: Int) -> TimerFontVerifier.Report
    {
        var report: TimerFontVerifier.Report? = nil
        for w in windows(seconds: seconds, loopSeconds: loopSeconds) {
            let r = verifier.verify(from: w.fromSeconds, seconds: w.seconds, samplesPerFrame: 1)
            report = report?.adding(r) ?? r
        }
        return report!
    }

    static func hex(_ c: Color) -> String {
        func two(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + two(c.r) + two(c.g) + two(c.b)
    }
}

/// PNGs and what flattening kept, by source frame, filled from the pipeline's threads.
private final class PictureStore: @unchecked Sendable {
    private let lock = NSLock()
    private var pictures: [Int: (png: [UInt8], look: FlattenedLook)] = [:]
    func set(_ frame: Int, _ png: [UInt8], _ look: FlattenedLook) { lock.withLock { pictures[frame] = (png, look) } }
    func get(_ frame: Int) -> (png: [UInt8], look: FlattenedLook)? { lock.withLock { pictures[frame] } }
}
