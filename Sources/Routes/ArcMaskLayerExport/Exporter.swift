import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskManifest
import ArcMaskValues
import Dispatch
import Foundation

/// How the command line's writer draws and encodes: facts of the writer, not of the folder
/// (the folder's settings are `WidgetSettings`). The files are the same for any number of jobs.
public struct ExportWriting: Sendable {
    public var compression: PNG.Compression
    /// Threads that draw, resize and encode.
    public var jobs: Int

    public init(compression: PNG.Compression = .balanced, jobs: Int = ImagePipeline.defaultJobs) {
        self.compression = compression
        self.jobs = jobs
    }
}

/// What an export reports as it goes: each stage as it starts ("reading", "comparing",
/// "writing") with its number of items, and each item done.
public struct ExportProgress: Sendable {
    /// Told each stage as it starts, with its number of items.
    public var stage: @Sendable (String, Int) -> Void
    /// Told each item done in the current stage.
    public var advance: @Sendable () -> Void

    /// A progress report of `stage` and `advance`.
    public init(stage: @escaping @Sendable (String, Int) -> Void, advance: @escaping @Sendable () -> Void) {
        self.stage = stage
        self.advance = advance
    }

    /// The fitter's progress, its stages named as the export names them ("reading", "writing").
    public var fit: FitProgress {
        let stage = stage
        return FitProgress(stage: { stage($0.rawValue, $1) }, advance: advance)
    }
}

/// Writes what a widget extension needs to play an animation from layer images: a JPEG or PNG
/// per frame, `manifest.json`, the SwiftUI view, a widget and `INSTALL.md`, into an output
/// folder, all or nothing. The rotation and timer-mask routes both write through it. Deterministic: the same inputs give
/// byte-identical files.
public enum Exporter {
    /// Bytes of saved canvases a source may keep while an export reads it.
    public static let exportCheckpointBytes = 12 << 20

    /// The largest scale, at most `scale` and in hundredths, at which a `viewWidth`×`viewHeight`
    /// pt layer stays within `maxPixels` and within cairo's 32,767 px a side.
    public static func scale(within maxPixels: Int, viewWidth: Double, viewHeight: Double, scale: Double) -> Double {
        WidgetFolder.highestScale(
            within: maxPixels, maxSide: Resampler.maxDrawnSide, viewWidth: viewWidth, viewHeight: viewHeight,
            scale: scale)
    }

    /// The layer files and the manifest, then the manifest and the code written (`prepare`,
    /// then `finish`): an export of one layer file per frame without timer masks.
    /// - Parameter progress: told each stage as it starts (reading, comparing, writing) and each
    ///   item done in it.
    public static func run(
        source: FrameSource, settings s: WidgetSettings, writing w: ExportWriting = ExportWriting(),
        into folder: StagedFolder, progress: ExportProgress? = nil
    ) throws -> ExportManifest {
        let manifest = try prepare(source: source, settings: s, writing: w, into: folder, progress: progress)
        try finish(manifest, settings: s, into: folder)
        return manifest
    }

    /// The source as the core sees it: its name, canvas and durations, and whether it draws at any size.
    public static func widgetSource(_ source: FrameSource) -> WidgetSource {
        WidgetSource(
            name: source.name, canvas: source.canvasSize, durationsMs: source.durations,
            scalable: source.capabilities.contains(.drawsAtAnySize))
    }

    /// `settings` with the names of the code files the folder will hold.
    public static func withCodeFiles(_ settings: WidgetSettings) -> WidgetSettings {
        var s = settings
        s.codeFiles = ExportCode.codeFiles(names: s.names, family: s.widgetFamily)
        return s
    }

    /// Runs `body`, which reads `source` for an export: fitting reads in passes from the first
    /// frame, sampling a few frames between them, so a few saved canvases serve
    /// (`exportCheckpointBytes`); a plan that cannot be made is the source's error.
    public static func reading<T>(
        _ source: FrameSource, names: SettingNames, _ body: () throws -> T
    ) throws -> T {
        let savedBudget = source.checkpointBudget
        if source.capabilities.contains(.savesCanvases) {
            source.checkpointBudget = min(savedBudget, exportCheckpointBytes)
        }
        defer { source.checkpointBudget = savedBudget }
        do {
            return try body()
        } catch let failure as PlanFailure {
            throw InputError(file: source.name, failure.message(names.plan))
        }
    }

    /// Writes a layer file per frame into `folder` and returns the manifest that describes
    /// them, unwritten: what a route adds over the layers (the timer masks) is decided before
    /// `finish` writes the manifest and the code, once. A strip is the rotation route's own
    /// layout (`RotationExporter`).
    public static func prepare(
        source: FrameSource, settings: WidgetSettings, writing w: ExportWriting = ExportWriting(),
        into folder: StagedFolder, progress: ExportProgress? = nil
    ) throws -> ExportManifest {
        guard settings.layout == .files else {
            throw InputError(file: source.name, "this route writes a layer file per frame, not a strip")
        }
        let s = withCodeFiles(settings)
        return try reading(source, names: s.vocabulary) {
            let writer = SourceLayerWriter(
                source: source, format: s.imageFormat, fit: s.fit, compression: w.compression, jobs: w.jobs,
                background: s.background, resample: s.resample)
            return recordingDamage(
                try WidgetPreparation.run(
                    s, source: widgetSource(source), maxLayerSide: Resampler.maxDrawnSide,
                    vocabulary: s.vocabulary.budget,
                    writer: writer, folder: folder, progress: progress?.fit ?? .none
                ).manifest, of: source)
        }
    }

    /// The manifest with the source's own warnings first (damaged data, clipped frames, as
    /// decoding found them), so `check` knows the folder was made from the frames that could be read.
    public static func recordingDamage(_ m: ExportManifest, of source: FrameSource) -> ExportManifest {
        var m = m
        let own = source.warnings.filter { !m.warnings.contains($0) }
        m.warnings = own + m.warnings
        return m
    }

    /// Writes `manifest.json` and the code that plays the folder (the view, the widget,
    /// `INSTALL.md`), each once.
    public static func finish(_ manifest: ExportManifest, settings s: WidgetSettings, into folder: StagedFolder) throws
    {
        for (name, bytes) in try ExportCode.files(
            manifest, names: s.names, family: s.widgetFamily, vocabulary: s.vocabulary)
        {
            try folder.write(bytes, as: name)
        }
    }
}
