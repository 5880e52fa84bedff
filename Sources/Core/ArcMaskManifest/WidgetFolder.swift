import ArcMaskBudget
import ArcMaskEmulator
import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// The folder a widget plays: layer images and `manifest.json`. `arcmask export` and
/// ArcMaskKit's `prepare` both describe what they wrote with `WidgetFolder.manifest`, so the
/// same layers give the same manifest, byte for byte, whichever wrote them.
public enum WidgetFolder {
    /// What a layer writer produced (the layer images are already in the folder).
    public struct Layers: Sendable {
        public var groups: [FrameGroup]
        public var scale: Double
        public var size: PixelSize
        /// The JPEG quality the lossy layers were written at.
        public var quality: Int
        public var columns: Int
        /// Where each layer lies: its own file at (0, 0), or a cell of the strip.
        public var cells: [Cell]
        public var images: [ExportManifest.Image]
        public var figures: LimitFigures
        public var meanSSIM: Double
        public var worstSSIM: Double
        /// What the fit did and warns about, in order.
        public var notes: [BudgetNote]
        /// Which bound held the layers' resolution (the device's unless the fit says otherwise).
        public var resolution: ResolutionRecord? = nil
        /// Per layer: the largest difference of its source frames from the frame it shows (nil
        /// where frames were dropped for the frame rate, or not measured).
        public var differences: [Double?] = []
        /// What flattening translucent layers did to the animation (`FlattenedLook.problems`).
        public var flattening: [String] = []
        /// What the fit cost, when `ArchiveFitter` fitted them.
        public var report: FitReport? = nil

        public struct Cell: Sendable, Equatable {
            public var x: Int
            public var y: Int
            public var file: String
            public init(x: Int, y: Int, file: String) {
                self.x = x
                self.y = y
                self.file = file
            }
        }

        public init(
            groups: [FrameGroup], scale: Double, size: PixelSize, quality: Int, columns: Int, cells: [Cell],
            images: [ExportManifest.Image], figures: LimitFigures, meanSSIM: Double, worstSSIM: Double,
            notes: [BudgetNote]
        ) {
            self.groups = groups
            self.scale = scale
            self.size = size
            self.quality = quality
            self.columns = columns
            self.cells = cells
            self.images = images
            self.figures = figures
            self.meanSSIM = meanSSIM
            self.worstSSIM = worstSSIM
            self.notes = notes
        }

        /// Layer files fitted by `ArchiveFitter`, each its own image at (0, 0).
        public init(fitted: ArchiveFitter.Result, limits: WidgetLimits) {
            let size = fitted.size
            let images = fitted.records.map {
                ExportManifest.Image(
                    file: $0.file, bytes: $0.bytes, digest: $0.digest, width: size.width, height: size.height)
            }
            let ssims = fitted.records.map(\.ssim)
            self.init(
                groups: fitted.groups, scale: fitted.scale, size: size, quality: fitted.quality, columns: 1,
                cells: fitted.records.map { Cell(x: 0, y: 0, file: $0.file) }, images: images,
                figures: LimitFigures(
                    layout: .files, images: images, layers: images.count, layerSize: size, limits: limits),
                // The mean of equal figures can round a hair below their minimum: held at or above it.
                meanSSIM: max(ssims.reduce(0, +) / Double(max(1, ssims.count)), ssims.min() ?? 1),
                worstSSIM: ssims.min() ?? 1,
                notes: fitted.notes)
            resolution = fitted.resolution
            report = fitted.report
            differences = fitted.groups.map { g in
                if g.first == g.last { return 0 }
                guard let s = fitted.similarity, s.sameRun(g.first, g.last), s.runStart[g.first] == g.shown else {
                    return nil
                }
                return (g.first...g.last).map { s.difference[$0] }.max()
            }
        }
    }

    /// The largest scale, at most `scale` and in hundredths, at which a `viewWidth`×`viewHeight`
    /// pt layer stays within `maxPixels` (the per-image cap) and `maxSide` pixels a side.
    public static func highestScale(
        within maxPixels: Int, maxSide: Int, viewWidth: Double, viewHeight: Double, scale: Double
    ) -> Double {
        func fits(_ s: Double) -> Bool {
            let w = max(1, Int((viewWidth * s).rounded())), h = max(1, Int((viewHeight * s).rounded()))
            return w * h <= maxPixels && w <= maxSide && h <= maxSide
        }
        guard !fits(scale) else { return scale }
        var s = min(
            scale, (Double(maxPixels) / (viewWidth * viewHeight)).squareRoot(),
            Double(maxSide) / max(viewWidth, viewHeight))
        s = (s * 100).rounded(.down) / 100
        while s > 0.01 && !fits(s) { s -= 0.01 }
        return max(0.01, (s * 100).rounded() / 100)
    }

    /// What the per-image pixel cap does to the scale.
    public static func pixelCapNotes(
        from scale: Double, to start: Double, viewWidth: Double, viewHeight: Double, limits: WidgetLimits,
        maxSide: Int, minScale: Double
    ) -> [BudgetNote] {
        guard start < scale else { return [] }
        var notes: [BudgetNote] = [
            .scaleCappedByPixelCap(
                from: scale, to: start, layer: ArchiveFitter.pixels(viewWidth, viewHeight, start),
                cap: limits.layerPixels, maxSide: maxSide)
        ]
        if start < minScale { notes.append(.pixelCapBelowMinScale(scale: start, minScale: minScale)) }
        return notes
    }

    /// Each layer its own file, fitted to the archive budget by `ArchiveFitter` through `writer`,
    /// written into `folder`.
    /// The extension holds the encoded layers too: a smaller extension budget is the tighter limit.
    /// `drawings`: how many times the folder draws each layer's image (nil: once each), and the
    /// archive counted so.
    public static func fitFiles(
        durations: [Double], viewWidth: Double, viewHeight: Double, startScale: Double, limits: WidgetLimits,
        policy: BudgetPolicy, format: ImageFormat, quality: Int?, vocabulary: BudgetVocabulary,
        source: PixelSize? = nil, sourceScale: Double? = nil, background: String = "#000000",
        writer: some LayerWriting, folder: FitDestination, names: CodeNames, progress: FitProgress = .none,
        drawings: (@Sendable (_ durationsMs: [Double]) -> [Int])? = nil
    ) throws -> Layers {
        var fitted = limits
        if fitted.extensionBytes < fitted.archiveBytes {
            fitted.archiveBytes = fitted.extensionBytes
            fitted.archiveCeilingBytes = min(fitted.archiveCeilingBytes, fitted.extensionBytes)
        }
        var fitter = ArchiveFitter(
            durations: durations, viewWidth: viewWidth, viewHeight: viewHeight, limits: fitted, policy: policy,
            format: format)
        fitter.vocabulary = vocabulary
        fitter.sourceScale = sourceScale
        fitter.sourceSize = source
        fitter.background = background
        fitter.budgetSetting = limits.extensionBytes < limits.archiveBytes ? .extensionBudget : .archiveBudget
        if let drawings { fitter.drawings = drawings }
        let result = try fitter.run(
            startScale: startScale, quality: quality, writer: writer, folder: folder, layerFile: names.layerFile,
            progress: progress)
        var layers = Layers(fitted: result, limits: limits)
        if result.records.contains(where: { $0.look != nil }) {
            // A layer written as drawn is its own picture: it can neither vanish nor merge.
            let looks = result.records.enumerated().map { i, r in
                r.look
                    ?? FlattenedLook(
                        contentPixels: 0, visiblePixels: 0, translucent: false, sourceThumbnail: [],
                        flatThumbnail: [i % 2 == 0 ? 0 : 255])
            }
            layers.flattening = FlattenedLook.problems(
                looks, onto: background, picture: "layer",
                remedy: "\(vocabulary.name(.background)) chooses a colour the animation does not use")
        }
        return layers
    }

    /// The settings every folder's plan is judged with: 60 and 120 Hz displays.
    public static let emulation = EmulationSettings(refreshRates: DisplayRefresh.ratesHz, listLimit: 0)

    /// The one rule for export folders, said wherever a reading command meets one it does not
    /// play: `check DIR` checks every export; the reading commands play a rotation export's
    /// layers as the animation it ships, and take the animation itself otherwise.
    public static func folderRule(route: WidgetRoute) -> String {
        "is a \(route.rawValue) export: `arcmask check DIR` checks it (and `arcmask preview` draws it by its route); the reading commands take its animation, or a rotation export's folder"
    }

    public static let manifestFile = "manifest.json"

    /// The manifest of `layers`: the masks planned for the layers' durations and judged by the
    /// emulator. Nothing is written: the front end writes `manifest.json` once, when every part
    /// of it is decided (the timer masks included).
    /// - Throws: `PlanFailure` when the masks cannot be planned.
    /// - Parameters:
    ///   - notes: what was decided before the fit (the pixel cap), ahead of the fit's own.
    ///   - vocabulary: the front end's names for the budget's settings, in the manifest's words.
    public static func manifest(
        _ d: WidgetSettings, source: WidgetSource, layers: Layers, notes: [BudgetNote] = [],
        vocabulary: BudgetVocabulary
    ) throws -> ExportManifest {
        let plan: ArcPlan
        do {
            plan = try ArcPlanner.plan(
                PlanRequest(
                    viewWidth: d.viewWidth, viewHeight: d.viewHeight, scale: layers.scale,
                    durationsMs: layers.groups.map(\.durationMs), preset: d.preset))
        } catch {
            throw PlanFailure(preset: d.preset, error: error)
        }
        let verdict = Emulator.run(plan, model: AnalyticModel(plan), settings: emulation)
        var frames: [ExportManifest.Frame] = []
        for (g, group) in layers.groups.enumerated() {
            let arc = plan.layers.first { $0.frame == g }
            let cell = layers.cells[g]
            frames.append(
                .init(
                    index: g, sourceFrames: Array(group.first...group.last), durationMs: group.durationMs,
                    startAngle: arc?.startAngle ?? 0, endAngle: arc?.endAngle ?? 0,
                    x: cell.x, y: cell.y, width: layers.size.width, height: layers.size.height, file: cell.file,
                    shownFrame: group.shown, difference: g < layers.differences.count ? layers.differences[g] : nil))
        }
        var manifest = ExportManifest(
            ExportManifest.Common(
                source: source.name, sourceWidth: source.canvas.width, sourceHeight: source.canvas.height,
                preset: plan.preset, family: d.family, device: d.device,
                viewWidth: d.viewWidth, viewHeight: d.viewHeight, scale: layers.scale,
                pixelWidth: layers.size.width, pixelHeight: layers.size.height, fit: d.fit,
                plan: plan, layout: d.layout, imageFormat: d.imageFormat,
                jpegQuality: layers.images.contains { $0.file.hasSuffix(".jpg") } ? layers.quality : nil,
                strip: d.layout == .strip ? layers.images.first?.file : nil, stripColumns: layers.columns,
                frames: frames, images: layers.images, limits: layers.figures,
                quality: .init(meanSSIM: layers.meanSSIM, worstSSIM: layers.worstSSIM),
                // A route whose layers are not frames counts them in its own word.
                budgetActions: (notes + layers.notes).actions(d.counting(in: vocabulary)),
                warnings: (notes + layers.notes).warnings(vocabulary)
                    + WidgetLimits.surfaceWarnings(family: d.widgetFamily, layers: frames.count),
                emulator: .init(verdict),
                resolution: layers.resolution
                    ?? ResolutionRecord(bound: .device, sourceScale: nil, deviceScale: layers.scale),
                name: d.names.prefix, widgetFamily: d.widgetFamily, rotation: d.rotation,
                accented: d.accented, codeFiles: d.codeFiles, displayName: d.displayName,
                widgetDescription: d.widgetDescription, posterFrame: d.posterFrame,
                flattening: layers.flattening.isEmpty ? nil : layers.flattening))
        manifest.label = d.label ?? d.displayName ?? ExportManifest.animationName(source.name)
        return manifest
    }

    /// The manifest as written: sorted keys, pretty-printed.
    public static func manifestJSON(_ m: ExportManifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(m))
    }
}

/// The masks cannot be planned for these layers.
public struct PlanFailure: Error, Sendable, CustomStringConvertible {
    public let preset: Preset
    public let error: PlanError

    public func message(_ names: PlanVocabulary) -> String {
        "cannot plan the \(preset.rawValue) masks: \(error.message(names))"
    }

    public var description: String { message(.plain) }
}
