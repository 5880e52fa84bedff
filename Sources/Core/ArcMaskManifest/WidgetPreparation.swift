import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// Preparing one widget folder, as both front ends do it: `arcmask export` and ArcMaskKit's
/// `prepare` call `run` with their own layer writer (cairo and libjpeg-turbo, or ImageIO) and
/// their own names for the settings; everything that decides happens here.
///
/// The steps: the per-image pixel cap sets the highest scale (`startScale`); `ArchiveFitter`
/// chooses scale, quality, merges and frame rate and has the writer write the layers; the masks
/// are planned for the layers' durations and judged by the emulator. The manifest is returned,
/// not written: the front end adds what it decides after the fit (a route's sections) and writes it once.
public enum WidgetPreparation {
    /// What was prepared: the manifest (not yet written), and every budget note, typed.
    public struct Outcome: Sendable {
        public var manifest: ExportManifest
        public var notes: [BudgetNote]
        /// What the fit cost (nil for layers a front end laid out itself).
        public var report: FitReport? = nil
    }

    /// Source pixels per point the layers need at most (nil for a scalable source).
    public static func sourceScale(_ s: WidgetSettings, source: WidgetSource) -> Double? {
        guard !source.scalable, source.canvas.width > 0, source.canvas.height > 0 else { return nil }
        return ResolutionBound.sourceScale(
            source: source.canvas, viewWidth: s.viewWidth, viewHeight: s.viewHeight, fit: s.fit)
    }

    /// The highest scale the per-image pixel cap allows (layers at most `maxLayerSide` a side,
    /// the writer's drawing limit), and what that did.
    public static func startScale(_ s: WidgetSettings, maxLayerSide: Int) -> (scale: Double, notes: [BudgetNote]) {
        let start = WidgetFolder.highestScale(
            within: s.limits.layerPixels, maxSide: maxLayerSide, viewWidth: s.viewWidth, viewHeight: s.viewHeight,
            scale: s.scale)
        let notes = WidgetFolder.pixelCapNotes(
            from: s.scale, to: start, viewWidth: s.viewWidth, viewHeight: s.viewHeight, limits: s.limits,
            maxSide: maxLayerSide, minScale: s.budget.minScale)
        return (start, notes)
    }

    /// Fits the layers to the limits through `writer` (each its own file, written into
    /// `folder`), then plans and judges the masks.
    /// - Throws: `BudgetError` when the layers cannot fit; `PlanFailure` when the masks cannot
    ///   be planned; whatever the writer or the folder throws.
    /// - Parameters:
    ///   - maxLayerSide: the largest side a layer may have (the writer's drawing limit).
    ///   - vocabulary: what the front end calls the budget's settings, in its messages and the
    ///     manifest's notes.
    public static func run(
        _ s: WidgetSettings, source: WidgetSource, maxLayerSide: Int, vocabulary: BudgetVocabulary,
        writer: some LayerWriting, folder: FitDestination, progress: FitProgress = .none
    ) throws -> Outcome {
        let (start, notes) = startScale(s, maxLayerSide: maxLayerSide)
        let layers = try WidgetFolder.fitFiles(
            durations: source.durationsMs, viewWidth: s.viewWidth, viewHeight: s.viewHeight, startScale: start,
            limits: s.limits, policy: s.budget, format: s.imageFormat, quality: s.jpegQuality,
            vocabulary: vocabulary, source: source.canvas, sourceScale: sourceScale(s, source: source),
            background: (s.background ?? .black).hexRGB, writer: writer, folder: folder, names: s.names,
            progress: progress, drawings: s.drawings)
        var outcome = try describe(s, source: source, layers: layers, notes: notes, vocabulary: vocabulary)
        outcome.report = layers.report
        return outcome
    }

    /// Plans and judges the masks for layers a front end laid out itself (a strip).
    public static func describe(
        _ s: WidgetSettings, source: WidgetSource, layers: WidgetFolder.Layers, notes: [BudgetNote],
        vocabulary: BudgetVocabulary
    ) throws -> Outcome {
        let manifest = try WidgetFolder.manifest(
            s, source: source, layers: layers, notes: notes, vocabulary: vocabulary)
        return Outcome(manifest: manifest, notes: notes + layers.notes)
    }
}
