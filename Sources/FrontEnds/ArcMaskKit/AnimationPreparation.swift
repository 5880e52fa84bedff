import ArcMaskBudget
import ArcMaskFiles
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// An animation as `prepare` sees it before drawing: its name, canvas and frame durations (the
/// browsers' rule already applied).
public struct PreparedSource: Sendable, Equatable {
    /// The file's name (its last path component goes into the manifest), also used in messages.
    public var name: String
    /// The canvas's width, px.
    public var canvasWidth: Int
    /// The canvas's height, px.
    public var canvasHeight: Int
    /// How long each frame shows, ms, in order: each more than 0 and at most an hour.
    public var durationsMs: [Double]
    /// What reading it passed over or noticed (a long clip, an image not drawn): the manifest's
    /// warnings.
    public var warnings: [String]

    /// A source of `durationsMs.count` frames on a `canvasWidth` × `canvasHeight` px canvas;
    /// `warnings` (none by default) go into the manifest.
    public init(name: String, canvasWidth: Int, canvasHeight: Int, durationsMs: [Double], warnings: [String] = []) {
        self.name = name
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.durationsMs = durationsMs
        self.warnings = warnings
    }
}

/// The platform-neutral half of `prepare`: the pixel cap, the budget fit (`ArchiveFitter`, the
/// export's), the plan, the emulator's verdict and `manifest.json` (`WidgetFolder.manifest`, the
/// export's), written into a staging folder that replaces the destination in one rename. The
/// layer writer, which draws and encodes, is the platform's (ImageIO on Apple systems).
public enum AnimationPreparation {
    /// The largest side a layer may have (ImageIO and Core Graphics take more; the per-image
    /// pixel cap is far tighter anyway).
    public static let maxLayerSide = 32_767
    /// Frames refused before any is decoded.
    public static let maxFrames = 10_000
    /// The longest a frame may last, ms (an hour).
    public static let maxDurationMs = 3_600_000.0

    /// What the budget's messages call the settings: `PrepareOptions`' properties.
    public static let vocabulary = BudgetVocabulary(
        archiveBudget: "limits.archiveBytes", extensionBudget: "limits.extensionBytes",
        layerPixels: "limits.layerPixels",
        minScale: "budget.minScale", keepFrames: "budget.keepFrames")

    /// Prepares `source` into `destination`.
    /// - Parameters:
    ///   - replacing: replace a folder already at `destination` (in one step: a widget reading
    ///     it sees the old folder or the new one); otherwise an existing folder is an error.
    ///   - codeFiles: the code files the manifest lists (none: ArcMaskKit's view is in the app).
    ///   - vocabulary: what the budget's messages call the settings (`PrepareOptions`' names).
    ///   - progress: told each stage and item of the fit; its check stops the work (cancellation).
    ///   - writer: draws and encodes the layers (the fitter writes them into the staging folder).
    public static func run<W: LayerWriting>(
        source: PreparedSource, options: PrepareOptions, destination: URL, replacing: Bool,
        codeFiles: [String] = [], names: CodeNames = .standard, vocabulary: BudgetVocabulary = vocabulary,
        progress: FitProgress = .none, writer: W
    ) throws -> ExportManifest {
        try measured(
            source: source, options: options, destination: destination, replacing: replacing, codeFiles: codeFiles,
            names: names, vocabulary: vocabulary, progress: progress, writer: writer
        ).manifest
    }

    /// `run`, and what the fit cost (passes, draws, kept bytes): for the bench and the tests.
    @_spi(Measuring) public static func measured<W: LayerWriting>(
        source: PreparedSource, options: PrepareOptions, destination: URL, replacing: Bool,
        codeFiles: [String] = [], names: CodeNames = .standard, vocabulary: BudgetVocabulary = vocabulary,
        progress: FitProgress = .none, writer: W
    ) throws -> (manifest: ExportManifest, report: FitReport?) {
        try options.validate()
        let view = try options.resolved()
        try validate(source, acceptsStill: options.acceptsStill, posterFrame: options.posterFrame)
        let staging = try stage(destination, replacing: replacing)
        do {
            let settings = options.settings(view: view, names: names, codeFiles: codeFiles)
            let described = WidgetSource(
                name: source.name, canvas: PixelSize(width: source.canvasWidth, height: source.canvasHeight),
                durationsMs: source.durationsMs)
            let outcome: WidgetPreparation.Outcome
            do {
                outcome = try WidgetPreparation.run(
                    settings, source: described, maxLayerSide: maxLayerSide, vocabulary: vocabulary, writer: writer,
                    folder: staging, progress: progress)
            } catch let error as BudgetError {
                throw PrepareError(.budget, error.message)
            } catch let failure as PlanFailure {
                throw PrepareError(.input, failure.message(.plain))
            } catch let error as FitCacheError {
                throw PrepareError(.frame(error.frame), "was not kept between passes (\(error.reason))")
            } catch let failure as StagedFolder.Failure {
                throw PrepareError(failure)
            }
            var manifest = outcome.manifest
            if let masks = options.maskSettings {
                manifest = try timerMasks(masks, over: manifest, durationsMs: source.durationsMs, names: names)
            }
            manifest.warnings = source.warnings + manifest.warnings
            do {
                // Written once, with everything decided.
                try staging.write(try WidgetFolder.manifestJSON(manifest), as: WidgetFolder.manifestFile)
                // Readable by the widget while the phone is locked (`AppGroupProtection`).
                do { try AppGroupProtection.apply(to: staging.staging) } catch {
                    throw PrepareError(
                        .folder(destination.path),
                        "cannot set its files' data protection (\(error.localizedDescription))", code: .cannotWrite)
                }
                try staging.commit()
            } catch let failure as StagedFolder.Failure {
                throw PrepareError(failure)
            }
            return (manifest, outcome.report)
        } catch {
            staging.abort()
            throw error
        }
    }
}

extension AnimationPreparation {
    /// The manifest with timer masks over its layers, decided as `arcmask export` decides a
    /// rotation export's (`TimerMaskLayers`), among the loops whose fonts the extension carries;
    /// without them (even a lane a second over the archive budget, or lanes that would not play
    /// the animation's every frame at its pace) it says so in its warnings.
    static func timerMasks(
        _ masks: TimerMaskSettings, over m: ExportManifest, durationsMs: [Double], names: CodeNames
    ) throws -> ExportManifest {
        var manifest = m
        let fitted: TimerMaskLayers.Fitted
        do {
            fitted = try TimerMaskLayers.fitted(
                m, durationsMs: durationsMs, fps: masks.fps, loopSeconds: masks.loopSeconds, mode: masks.timing,
                maxLanes: masks.maxLanes, loops: masks.loops ?? TimerMaskPlan.loops, whenFaithful: masks.whenFaithful,
                font: { TimerMaskLayers.font(prefix: names.prefix, periodSeconds: $0) })
        } catch {
            throw PrepareError(.options, "timerMasks: \(error.problem)")
        }
        if let problem = fitted.problem {
            manifest.warnings.append("no timer masks: \(problem)")
            return manifest
        }
        manifest.timerMask = fitted.section
        manifest.timing = fitted.timing
        return manifest
    }

    /// A source's figures, checked before anything is allocated for them.
    static func validate(_ source: PreparedSource, acceptsStill: Bool = false, posterFrame: Int? = nil) throws {
        guard !source.durationsMs.isEmpty else { throw PrepareError(.input, "holds no frames") }
        guard source.durationsMs.count <= maxFrames else {
            throw PrepareError(
                .input, "holds \(source.durationsMs.count) frames, over the limit of \(maxFrames)", code: .tooManyFrames
            )
        }
        if let k = source.durationsMs.firstIndex(where: { !($0.isFinite && $0 > 0 && $0 <= maxDurationMs) }) {
            throw PrepareError(
                .frame(k),
                "lasts \(source.durationsMs[k]) ms; a frame lasts more than 0 and at most \(Int(maxDurationMs)) ms")
        }
        if let poster = posterFrame, !(0..<source.durationsMs.count).contains(poster) {
            throw PrepareError(
                .options,
                "posterFrame \(poster) is not one of the \(source.durationsMs.count) frames (0 to \(source.durationsMs.count - 1))"
            )
        }
        guard source.canvasWidth > 0, source.canvasHeight > 0 else {
            throw PrepareError(.input, "its canvas \(source.canvasWidth)×\(source.canvasHeight) px is empty")
        }
        guard source.durationsMs.count > 1 || acceptsStill else {
            throw PrepareError(
                .input, "\(source.name) holds one picture, not an animation (acceptsStill takes it as a still)",
                code: .notAnimated)
        }
    }
}

extension AnimationPreparation {
    /// The destination staged as ArcMaskKit writes it: replaced in one step when `replacing`
    /// (a widget reading it sees the old folder or the new one), otherwise refused if it exists;
    /// its parent must exist. Staging folders of killed runs beside it are removed first.
    static func stage(_ destination: URL, replacing: Bool) throws -> StagedFolder {
        let place = PrepareError.Place.folder(destination.path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue,
            !replacing
        {
            throw PrepareError(place, "exists; pass replacing: true to replace it", code: .destinationExists)
        }
        do {
            return try StagedFolder(destination, existing: replacing ? .replace : .refuse)
        } catch {
            throw PrepareError(error)
        }
    }
}

extension PrepareError {
    /// A staging failure in ArcMaskKit's words.
    init(_ failure: StagedFolder.Failure) {
        let place = Place.folder(failure.path)
        switch failure.kind {
        case .notAFolder: self.init(place, "exists and is not a folder")
        case .notEmpty, .appeared: self.init(place, "appeared while preparing; not replaced")
        case .noParent(let parent), .parentIsFile(let parent):
            self.init(place, "its parent folder \(parent) does not exist")
        case .cannotStage(let why): self.init(place, "cannot create a folder beside it (\(why))")
        case .cannotMove(let why): self.init(place, "cannot be replaced (\(why))")
        case .folderInTheWay: self.init(place, "cannot be replaced (a folder is in the way)")
        case .cannotWrite(let why): self.init(place, "cannot be written (\(why))")
        case .writtenTwice: self.init(place, "was written twice while preparing (a bug; nothing was replaced)")
        }
    }
}

/// Which of a frame's delays ImageIO reports is its duration: the sequence's own entry for the
/// frame (where HEIF sequences keep timing), else the frame's properties, else nothing (0, a
/// still). Plain Swift, so it is tested where ImageIO is not.
public enum FrameTiming {
    /// - Parameters:
    ///   - own: the frame's delay from its own properties, ms (0 when it has none).
    ///   - sequence: the delay the file's frame-info array gives the frame, seconds.
    public static func delayMs(own: Double, sequence: Double?) -> Double {
        if let sequence, sequence.isFinite, sequence > 0 { return sequence * 1000 }
        return own
    }
}
