import ArcMaskCompositor
import ArcMaskCore
import ArcMaskEmulator
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskValues
import Dispatch
import Foundation

/// What to export.
public struct ExportRequest: Sendable {
    public var viewWidth: Double
    public var viewHeight: Double
    public var scale: Double
    public var family: WidgetFamily?
    public var device: String?
    public var preset: Preset
    public var fit: FitMode
    public var budgetBytes: Int
    /// How far the budget may go (scale floor, whether frames may be dropped).
    public var budget: BudgetPolicy
    public var perFramePNG: Bool
    public var compression: PNG.Compression
    /// Threads that draw, resize and encode (the files are the same for any number).
    public var jobs: Int
    /// The family the generated widget declares (the view's size may come from elsewhere).
    public var widgetFamily: WidgetFamily
    /// Type and file names of the generated code.
    public var names: CodeNames
    /// How the generated view reaches the clock-hand rotation.
    public var rotation: RotationRoute

    public init(
        viewWidth: Double, viewHeight: Double, scale: Double, family: WidgetFamily? = nil, device: String? = nil,
        preset: Preset = .arcmask, fit: FitMode = .fill, budgetBytes: Int = 30 << 20,
        budget: BudgetPolicy = BudgetPolicy(), perFramePNG: Bool = false, compression: PNG.Compression = .balanced,
        jobs: Int = ImagePipeline.defaultJobs, widgetFamily: WidgetFamily? = nil, names: CodeNames = .standard,
        rotation: RotationRoute = .runtime
    ) {
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.scale = scale
        self.family = family
        self.device = device
        self.preset = preset
        self.fit = fit
        self.budgetBytes = budgetBytes
        self.budget = budget
        self.perFramePNG = perFramePNG
        self.compression = compression
        self.jobs = jobs
        self.widgetFamily = widgetFamily ?? family ?? .small
        self.names = names
        self.rotation = rotation
    }
}

/// Writes widget-ready frames: a strip (or one PNG per frame), `manifest.json` and
/// `ArcMaskView.swift`, into an output folder, all or nothing. Deterministic: the same
/// inputs give byte-identical files.
public enum Exporter {
    /// Images this large can render blank in a widget.
    public static let blankImagePixels = 2_100_000
    /// The strip's width stays under this many pixels.
    public static let maxStripWidth = 4096

    /// - Parameter progress: called once per layer image made.
    public static func run(
        source: FrameSource, request r: ExportRequest, into folder: OutputFolder,
        progress: (@Sendable () -> Void)? = nil
    ) throws -> ExportManifest {
        // 1. Fit the budget. Thumbnails (a decoding pass) only when the frames do not fit as they are.
        let full = PixelSize(
            width: Int((r.viewWidth * r.scale).rounded()), height: Int((r.viewHeight * r.scale).rounded()))
        var thumbnails: [[UInt8]]? = nil
        if source.frameCount * full.pixelCount * 4 > r.budgetBytes {
            thumbnails = try (0..<source.frameCount).map { FrameBudget.thumbnail(try source.frame(at: $0)) }
        }
        let decision = try FrameBudget.fit(
            durations: source.durations, viewWidth: r.viewWidth, viewHeight: r.viewHeight,
            scale: r.scale, budgetBytes: r.budgetBytes, policy: r.budget, thumbnails: thumbnails)
        let layersSource = GroupedSource.over(source, groups: decision.groups)
        let size = decision.pixelSize

        // 2. Plan and check it.
        let plan: ArcPlan
        do {
            plan = try ArcPlanner.plan(
                PlanRequest(
                    viewWidth: r.viewWidth, viewHeight: r.viewHeight, scale: decision.scale,
                    durationsMs: layersSource.durations, preset: r.preset))
        } catch {
            throw InputError(file: source.name, "cannot plan the \(r.preset.rawValue) masks: \(error.description)")
        }
        let verdict = Emulator.run(
            plan, model: AnalyticModel(plan), mode: "analytic",
            settings: EmulationSettings(refreshRates: [60, 120], listLimit: 0))

        // 3. Images: one strip streamed band by band, or a PNG per frame written on every core.
        let n = layersSource.frameCount
        let columns = r.perFramePNG ? 1 : max(1, min(n, maxStripWidth / size.width))
        let rows = (n + columns - 1) / columns
        let stripName = r.perFramePNG ? nil : r.names.stripFile
        var frames: [ExportManifest.Frame] = []
        for g in 0..<n {
            let group = decision.groups[g]
            let arc = plan.layers.first { $0.frame == g }
            frames.append(
                .init(
                    index: g, sourceFrames: Array(group.first...group.last), durationMs: group.durationMs,
                    startAngle: arc?.startAngle ?? 0, endAngle: arc?.endAngle ?? 0,
                    x: r.perFramePNG ? 0 : g % columns * size.width, y: r.perFramePNG ? 0 : g / columns * size.height,
                    width: size.width, height: size.height,
                    file: stripName ?? r.names.frameFile(g)))
        }
        try writeImages(
            layersSource, size: size, fit: r.fit, columns: columns, rows: rows, stripName: stripName, names: r.names,
            folder: folder, compression: r.compression, jobs: r.jobs, progress: progress)

        // 4. Manifest and Swift code.
        var warnings: [String] = []
        if size.pixelCount > blankImagePixels {
            warnings.append(
                "each layer image has \(size.pixelCount) pixels, over the ~\(blankImagePixels) at which widgets can render images blank"
            )
        }
        let manifest = ExportManifest(
            source: source.name, sourceWidth: source.canvasSize.width, sourceHeight: source.canvasSize.height,
            preset: plan.preset.rawValue, family: r.family?.rawValue, device: r.device,
            viewWidth: r.viewWidth, viewHeight: r.viewHeight, scale: decision.scale,
            pixelWidth: size.width, pixelHeight: size.height, fit: r.fit.rawValue,
            plan: plan, strip: stripName, stripColumns: columns,
            frames: frames, decodedBytes: decision.layerBytes, budgetBytes: r.budgetBytes,
            budgetActions: decision.actions,
            warnings: warnings,
            emulator: .init(
                refreshHz: verdict.refreshHz, samples: verdict.samples, torn: verdict.torn, gap: verdict.gap,
                wrongFrame: verdict.wrongFrame, reversed: verdict.reversed, speedRatio: verdict.speedRatio,
                phaseOffsetMs: verdict.phaseOffsetMs, frameZeroStartsMs: verdict.frameZeroStartsMs,
                toleranceMs: verdict.toleranceMs, passed: verdict.passed),
            name: r.names.prefix, rotation: r.rotation.rawValue,
            codeFiles: [r.names.viewFile, r.names.widgetFile, "INSTALL.md"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(manifest), to: folder.url(for: "manifest.json"))
        try AtomicFile.write(
            Array(ViewFile.generate(manifest: manifest, layers: plan.layers, names: r.names, route: r.rotation).utf8),
            to: folder.url(for: r.names.viewFile))
        try AtomicFile.write(
            Array(WidgetFile.generate(source: source.name, family: r.widgetFamily, names: r.names).utf8),
            to: folder.url(for: r.names.widgetFile))
        try AtomicFile.write(
            Array(
                InstallGuide.generate(manifest: manifest, family: r.widgetFamily, names: r.names, route: r.rotation)
                    .utf8),
            to: folder.url(for: "INSTALL.md"))
        return manifest
    }

    /// Decodes on this thread while the image pipeline resizes and encodes on every core;
    /// sources that draw concurrently (vector formats) draw on the pipeline's threads too.
    static func writeImages(
        _ source: FrameSource, size: PixelSize, fit: FitMode, columns: Int, rows: Int,
        stripName: String?, names: CodeNames, folder: OutputFolder, compression: PNG.Compression, jobs: Int,
        progress: (@Sendable () -> Void)?
    ) throws {
        let n = source.frameCount
        let pipeline = ImagePipeline(jobs: jobs)
        // Vector sources draw at the layer size (on the pipeline's threads when they can);
        // the others decode here, in order, and are resized on the pipeline's threads.
        func cell(_ g: Int) throws -> @Sendable () throws -> PixelBuffer {
            if source is ScalableFrameSource {
                return try source.deferredFrame(g) { try Resampler.frame($1, of: $0, size: size, fit: fit) }
            }
            let frame = try source.frame(at: g)
            return { try Resampler.resized(frame, to: size, fit: fit) }
        }
        guard let stripName else {
            for g in 0..<n {
                try pipeline.write(
                    try cell(g), to: folder.url(for: names.frameFile(g)),
                    compression: compression, completion: progress)
            }
            try pipeline.finish()
            return
        }
        let png = try PNGStreamWriter(
            url: folder.url(for: stripName), width: columns * size.width, height: rows * size.height,
            compression: compression)
        // Cells arrive out of order; bands go to the writer in order on one queue, at most one
        // waiting (the writer deflates them on every core).
        let strip = StripAssembler(columns: columns, cell: size, frameCount: n)
        let encoding = DispatchQueue(label: "arcmask.strip")
        let waitingBands = DispatchSemaphore(value: 1)
        for g in 0..<n {
            try pipeline.submit(try cell(g)) { image in
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
