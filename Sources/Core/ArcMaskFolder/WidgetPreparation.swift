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
/// not written: the front end adds what it decides after the fit (timer masks) and writes it once.
public enum WidgetPreparation {
    /// What to prepare: the folder's description, the source's frame durations and the budget.
    public struct Request: Sendable {
        public var description: WidgetFolder.Description
        /// Each source frame's duration, ms (the browsers' rule already applied).
        public var durationsMs: [Double]
        /// The scale asked for; the pixel cap may lower it.
        public var scale: Double
        public var limits: WidgetLimits
        public var policy: BudgetPolicy
        /// A fixed JPEG quality, or nil to let the fit choose.
        public var jpegQuality: Int?
        /// The largest side a layer may have (the writer's drawing limit).
        public var maxLayerSide: Int
        /// The front end's names for the budget's settings.
        public var vocabulary: BudgetVocabulary
        /// The source draws at any size (SVG, SVGA, Lottie): no resolution bound but the device's.
        public var scalableSource: Bool = false
        /// The colour transparent pixels are flattened onto where a layer cannot hold them (the
        /// writer's; black unless the front end says).
        public var background: Color? = nil

        /// Source pixels per point the layers need at most (nil for a scalable source).
        public var sourceScale: Double? {
            let d = description
            guard !scalableSource, d.sourceWidth > 0, d.sourceHeight > 0 else { return nil }
            return ResolutionBound.sourceScale(
                source: PixelSize(width: d.sourceWidth, height: d.sourceHeight), viewWidth: d.viewWidth,
                viewHeight: d.viewHeight, fit: d.fit)
        }

        public init(
            description: WidgetFolder.Description, durationsMs: [Double], scale: Double, limits: WidgetLimits,
            policy: BudgetPolicy, jpegQuality: Int?, maxLayerSide: Int, vocabulary: BudgetVocabulary
        ) {
            self.description = description
            self.durationsMs = durationsMs
            self.scale = scale
            self.limits = limits
            self.policy = policy
            self.jpegQuality = jpegQuality
            self.maxLayerSide = maxLayerSide
            self.vocabulary = vocabulary
        }
    }

    /// What was prepared: the manifest (not yet written), and every budget note, typed.
    public struct Outcome: Sendable {
        public var manifest: ExportManifest
        public var notes: [BudgetNote]
        /// What the fit cost (nil for layers a front end laid out itself).
        public var report: FitReport? = nil
    }

    /// The highest scale the per-image pixel cap allows, and what that did.
    public static func startScale(_ r: Request) -> (scale: Double, notes: [BudgetNote]) {
        let d = r.description
        let start = WidgetFolder.highestScale(
            within: r.limits.layerPixels, maxSide: r.maxLayerSide, viewWidth: d.viewWidth, viewHeight: d.viewHeight,
            scale: r.scale)
        let notes = WidgetFolder.pixelCapNotes(
            from: r.scale, to: start, viewWidth: d.viewWidth, viewHeight: d.viewHeight, limits: r.limits,
            maxSide: r.maxLayerSide, minScale: r.policy.minScale)
        return (start, notes)
    }

    /// Fits the layers to the limits through `writer` (each its own file, written into
    /// `folder`), then plans and judges the masks.
    /// - Throws: `BudgetError` when the layers cannot fit; `PlanFailure` when the masks cannot
    ///   be planned; whatever the writer or the folder throws.
    public static func run(
        _ r: Request, writer: some LayerWriting, folder: FitFolder, progress: FitProgress = .none
    ) throws -> Outcome {
        let (start, notes) = startScale(r)
        let d = r.description
        let layers = try WidgetFolder.fitFiles(
            durations: r.durationsMs, viewWidth: d.viewWidth, viewHeight: d.viewHeight, startScale: start,
            limits: r.limits, policy: r.policy, format: d.imageFormat, quality: r.jpegQuality,
            vocabulary: r.vocabulary, source: PixelSize(width: d.sourceWidth, height: d.sourceHeight),
            sourceScale: r.sourceScale, background: (r.background ?? .black).hexRGB, writer: writer, folder: folder,
            names: d.names, progress: progress)
        var outcome = try describe(r, layers: layers, notes: notes)
        outcome.report = layers.report
        return outcome
    }

    /// Plans and judges the masks for layers a front end laid out itself (a strip).
    public static func describe(_ r: Request, layers: WidgetFolder.Layers, notes: [BudgetNote]) throws -> Outcome {
        let manifest = try WidgetFolder.manifest(r.description, layers: layers, notes: notes, vocabulary: r.vocabulary)
        return Outcome(manifest: manifest, notes: notes + layers.notes)
    }
}
