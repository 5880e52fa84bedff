import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskValues
import Dispatch
import Foundation

/// Exports an animation by the rotation route: the frames under arc masks turned by WidgetKit's
/// rotation, as a layer file per frame (`Exporter`, which the timer-mask route shares) or as
/// one strip, which only this route writes: the generated code decodes it whole and crops a
/// cell per layer.
public enum RotationExporter {
    /// The strip's width stays under this many pixels.
    public static let maxStripWidth = 4096

    /// The layers and the manifest, then the manifest and the code written, once.
    /// - Parameter progress: told each stage as it starts (reading, comparing, writing) and each
    ///   item done in it.
    public static func run(
        source: FrameSource, settings s: WidgetSettings, writing w: ExportWriting = ExportWriting(),
        into folder: StagedFolder, progress: ExportProgress? = nil
    ) throws -> ExportManifest {
        let manifest = try prepare(source: source, settings: s, writing: w, into: folder, progress: progress)
        try Exporter.finish(manifest, settings: s, into: folder)
        return manifest
    }

    /// Writes the layer images (a file per frame, or one strip) and returns the manifest that
    /// describes them, unwritten.
    public static func prepare(
        source: FrameSource, settings: WidgetSettings, writing w: ExportWriting = ExportWriting(),
        into folder: StagedFolder, progress: ExportProgress? = nil
    ) throws -> ExportManifest {
        guard settings.layout == .strip else {
            return try Exporter.prepare(
                source: source, settings: settings, writing: w, into: folder, progress: progress)
        }
        let s = Exporter.withCodeFiles(settings)
        return try Exporter.reading(source, names: s.vocabulary) {
            let (start, notes) = WidgetPreparation.startScale(s, maxLayerSide: Resampler.maxDrawnSide)
            let layers = try stripLayers(source, s, w, startScale: start, folder: folder, progress: progress?.advance)
            return Exporter.recordingDamage(
                try WidgetPreparation.describe(
                    s, source: Exporter.widgetSource(source), layers: layers, notes: notes,
                    vocabulary: s.vocabulary.budget
                ).manifest, of: source)
        }
    }

    /// One strip, fitted to the extension's memory (the generated code decodes it to crop it).
    static func stripLayers(
        _ source: FrameSource, _ r: WidgetSettings, _ w: ExportWriting, startScale: Double, folder: StagedFolder,
        progress: (@Sendable () -> Void)?
    ) throws -> WidgetFolder.Layers {
        // The source's resolution bounds the layers when frames would be lost (none for vector sources).
        let sourceScale: Double? =
            source.capabilities.contains(.drawsAtAnySize)
            ? nil
            : ResolutionBound.sourceScale(
                source: source.canvasSize, viewWidth: r.viewWidth, viewHeight: r.viewHeight, fit: r.fit)
        // The frames compared (a decoding pass) only when they do not fit as they are.
        let full = ArchiveFitter.pixels(r.viewWidth, r.viewHeight, startScale)
        var similarity: FrameSimilarity? = nil
        if source.frameCount * full.pixelCount * 4 > r.limits.extensionBytes {
            similarity = try FrameSimilarity.measure(source)
        }
        // The code decodes the whole strip, padding cells included: when the padding pushes the
        // strip over the budget, fit again to a budget smaller by the padding.
        var budget = r.limits.extensionBytes
        var decision = try FrameBudget.fit(
            durations: source.durations, viewWidth: r.viewWidth, viewHeight: r.viewHeight,
            scale: startScale, budgetBytes: budget, policy: r.budget, similarity: similarity,
            vocabulary: r.vocabulary.budget, sourceScale: sourceScale, sourceSize: source.canvasSize)
        var grid = stripGrid(
            cells: decision.groups.count, cell: decision.pixelSize, budgetBytes: r.limits.extensionBytes)
        for _ in 0..<4 {
            let decoded = grid.columns * grid.rows * decision.pixelSize.pixelCount * 4
            guard decoded > r.limits.extensionBytes else { break }
            budget -= decoded - r.limits.extensionBytes
            guard budget > 0 else { break }
            decision = try FrameBudget.fit(
                durations: source.durations, viewWidth: r.viewWidth, viewHeight: r.viewHeight,
                scale: startScale, budgetBytes: budget, policy: r.budget, similarity: similarity,
                vocabulary: r.vocabulary.budget, sourceScale: sourceScale, sourceSize: source.canvasSize)
            grid = stripGrid(
                cells: decision.groups.count, cell: decision.pixelSize, budgetBytes: r.limits.extensionBytes)
        }
        let layersSource = GroupedSource.over(source, groups: decision.groups)
        let size = decision.pixelSize, n = layersSource.frameCount
        let (columns, rows) = grid
        let name = r.names.stripFile
        try writeStrip(
            layersSource, size: size, fit: r.fit, resample: r.resample, columns: columns, rows: rows,
            url: folder.url(for: name),
            compression: w.compression, jobs: w.jobs, progress: progress)
        let (bytes, digest) = try LayerDigest.ofFile(folder.url(for: name).path)
        let image = ExportManifest.Image(
            file: name, bytes: bytes, digest: digest, width: columns * size.width, height: rows * size.height)
        var layers = WidgetFolder.Layers(
            groups: decision.groups, scale: decision.scale, size: size, quality: 0, columns: columns,
            cells: (0..<n).map { .init(x: ($0 % columns) * size.width, y: ($0 / columns) * size.height, file: name) },
            images: [image],
            figures: LimitFigures(layout: .strip, images: [image], layers: n, layerSize: size, limits: r.limits),
            meanSSIM: 1, worstSSIM: 1, notes: decision.actions + [.stripArchiveEstimate])
        let held = sourceScale.map { decision.scale < startScale && decision.scale <= ResolutionBound.layerScale($0) }
        layers.resolution = ResolutionRecord(
            bound: held == true ? .source : .device, sourceScale: sourceScale, deviceScale: startScale)
        layers.differences = decision.groups.map { g in
            if g.first == g.last { return 0 }
            guard let s = similarity, s.sameRun(g.first, g.last), s.runStart[g.first] == g.shown else { return nil }
            return (g.first...g.last).map { s.difference[$0] }.max()
        }
        return layers
    }

    /// Columns and rows of a strip of `cells` cells: as wide as `maxStripWidth` allows (wide
    /// bands deflate best), unless its empty cells, which the code decodes too, put it over
    /// `budgetBytes`; then the grid at least half as wide with the fewest empty cells.
    static func stripGrid(cells n: Int, cell: PixelSize, budgetBytes: Int) -> (columns: Int, rows: Int) {
        let widest = max(1, min(n, maxStripWidth / max(1, cell.width)))
        var best = (columns: widest, rows: (n + widest - 1) / widest)
        guard best.columns * best.rows * cell.pixelCount * 4 > budgetBytes else { return best }
        for c in stride(from: widest, through: (widest + 1) / 2, by: -1) {
            let rows = (n + c - 1) / c
            if c * rows - n < best.columns * best.rows - n { best = (c, rows) }
            if best.columns * best.rows == n { break }
        }
        return best
    }

    /// Streams the strip band by band: decodes on this thread while the image pipeline resizes
    /// on every core; sources that draw concurrently (vector formats) draw on its threads too.
    static func writeStrip(
        _ source: FrameSource, size: PixelSize, fit: FitMode, resample: ResampleMode = .smooth, columns: Int,
        rows: Int, url: URL, compression: PNG.Compression, jobs: Int, progress: (@Sendable () -> Void)?
    ) throws {
        let n = source.frameCount
        let pipeline = ImagePipeline(jobs: jobs)
        defer { pipeline.drain() }
        let png = try PNGStreamWriter(
            url: url, width: columns * size.width, height: rows * size.height, compression: compression)
        // Cells arrive out of order; bands go to the writer in order on one queue, at most one
        // waiting (the writer deflates them on every core).
        let strip = StripAssembler(columns: columns, cell: size, frameCount: n)
        let encoding = DispatchQueue(label: "arcmask.strip")
        let waitingBands = DispatchSemaphore(value: 1)
        do {
            for g in 0..<n {
                try pipeline.submit(try LayerWriter.cell(source, g, size: size, fit: fit, resample: resample)) {
                    image in
                    progress?()
                    strip.place(image, frame: g) { band in
                        waitingBands.wait()
                        encoding.async {
                            defer { waitingBands.signal() }
                            guard pipeline.failure == nil else { return }
                            do { try png.append(band) } catch { pipeline.record(error) }
                        }
                    }
                }
            }
            try pipeline.finish()
        } catch {
            try? pipeline.finish()
            encoding.sync {}
            throw error
        }
        encoding.sync {}
        if let error = pipeline.failure { throw error }
        try png.finish()
    }
}

/// Collects resized cells into bands (rows of the strip) and hands out each band, in order,
/// once all its cells are there. The last band is padded with transparent cells.
final class StripAssembler: @unchecked Sendable {
    let columns: Int
    let cell: PixelSize
    let frameCount: Int
    private let lock = NSLock()
    private var bands: [Int: (pixels: PixelBuffer, filled: Int)] = [:]
    private var nextBand = 0

    init(columns: Int, cell: PixelSize, frameCount: Int) {
        self.columns = columns
        self.cell = cell
        self.frameCount = frameCount
    }

    private func cellsIn(_ band: Int) -> Int { min(columns, frameCount - band * columns) }

    /// Places frame `g`'s cell and hands the bands that became ready to `deliver`, in strip
    /// order (under the assembler's lock, so deliveries keep that order).
    func place(_ image: PixelBuffer, frame g: Int, deliver: (PixelBuffer) -> Void) {
        let band = g / columns, column = g % columns
        lock.withLock {
            // Taken out of the dictionary so the band's pixels are not copied when written.
            var entry =
                bands.removeValue(forKey: band) ?? (PixelBuffer(width: columns * cell.width, height: cell.height), 0)
            let rowBytes = cell.width * 4, bandWidth = entry.pixels.width
            entry.pixels.bytes.withUnsafeMutableBytes { dst in
                image.bytes.withUnsafeBytes { src in
                    for y in 0..<cell.height {
                        (dst.baseAddress! + (y * bandWidth + column * cell.width) * 4)
                            .copyMemory(from: src.baseAddress! + y * rowBytes, byteCount: rowBytes)
                    }
                }
            }
            entry.filled += 1
            bands[band] = entry
            while let b = bands[nextBand], b.filled == cellsIn(nextBand) {
                bands[nextBand] = nil
                nextBand += 1
                deliver(b.pixels)
            }
        }
    }
}
