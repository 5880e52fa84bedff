import ArcMaskValues
import Foundation

/// A scale and JPEG quality the layers can be written at.
public struct ArchiveStep: Equatable, Sendable {
    public var scale: Double
    public var quality: Int

    public init(scale: Double, quality: Int) {
        self.scale = scale
        self.quality = quality
    }
}

/// Fits layer files into the archive budget (`WidgetLimits.archiveBytes`), keeping the
/// animation as far as the budget allows:
/// 1. every frame at the requested scale (already within the pixel cap) and the best JPEG
///    quality, when they fit;
/// 2. otherwise hold the layers to the source's resolution (`ResolutionBound`: pixels beyond the
///    source's are interpolated ones, which the phone makes for free);
/// 3. merge neighbouring frames nobody can tell apart (`FrameSimilarity`: at most 1 % of pixels
///    differ by more than 16 levels; `FrameBudget.merge`);
/// 4. lower the scale a quarter step at a time down to `--min-scale`, or the source's scale when
///    that is lower (softness shows far less than blocking on a moving picture);
/// 5. lower the JPEG quality along `ImageFormat.qualityLadder` down to its floor;
/// 6. lower the frame rate evenly in time (`FrameBudget.decimate`), unless `--keep-frames`,
///    which accepts up to the ceiling with a warning and refuses above it.
///
/// Each step is chosen from the encoded sizes of a sample of layers; the chosen step is then
/// encoded in full and its real size checked, stepping further when the sample was optimistic.
/// Only the pass that fits is written.
///
/// The writer draws and encodes (`LayerWriting`: two calls); the fitter decides what is read,
/// in what order, and what is kept between passes (`FitCache`), so that a GIF frame crosses
/// from the fitter to the writer twice: drawn once while reading, encoded once at the step the
/// reading pointed to (and again only for a pass at another step).
public struct ArchiveFitter {
    public struct Result: Sendable {
        public var groups: [FrameGroup]
        public var scale: Double
        public var size: PixelSize
        public var quality: Int
        public var records: [LayerRecord]
        /// What the fit did and warns about, in order.
        public var notes: [BudgetNote]
        /// Which bound held the layers' resolution.
        public var resolution: ResolutionRecord
        /// Which frames nobody can tell apart, when merging needed it.
        public var similarity: FrameSimilarity?
        /// What the fit cost.
        public var report: FitReport
    }

    /// Layers encoded to estimate a step's size.
    public static let sampleCount = 12

    public let durations: [Double]
    public let viewWidth: Double
    public let viewHeight: Double
    public let limits: WidgetLimits
    /// How many times each layer's image is drawn, for layers of these durations (ms): once
    /// each, or, for the timer-mask route, once per lane it stands under
    /// (`WidgetSettings.drawings`). The archive counts every drawing of an image.
    public var drawings: @Sendable (_ durationsMs: [Double]) -> [Int] = { Array(repeating: 1, count: $0.count) }
    public let policy: BudgetPolicy
    public let format: ImageFormat
    /// What the messages call the settings.
    public var vocabulary = BudgetVocabulary.plain
    /// Source pixels per point of the view (`ResolutionBound.sourceScale`); nil for a vector
    /// source, which the device's scale alone bounds.
    public var sourceScale: Double? = nil
    /// The source's canvas, for the notes.
    public var sourceSize: PixelSize? = nil
    /// The colour JPEG layers are flattened onto, as the notes name it ("#000000").
    public var background = "#000000"
    /// The setting that raises the budget being fitted: the extension's when its memory is the
    /// tighter limit.
    public var budgetSetting = BudgetSetting.archiveBudget
    /// Encoded bytes of each sampled frame at each step: `sampled[i][k]`.
    private var sampled: [Int: [Int]] = [:]
    /// What a full write measured against what the samples estimated: later estimates follow it.
    private var calibration = 1.0

    public init(
        durations: [Double], viewWidth: Double, viewHeight: Double, limits: WidgetLimits, policy: BudgetPolicy,
        format: ImageFormat
    ) {
        self.durations = durations
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.limits = limits
        self.policy = policy
        self.format = format
    }

    public func pixels(_ scale: Double) -> PixelSize { Self.pixels(viewWidth, viewHeight, scale) }

    /// A view's size in pixels at `scale` (at least 1×1).
    public static func pixels(_ viewWidth: Double, _ viewHeight: Double, _ scale: Double) -> PixelSize {
        PixelSize(
            width: max(1, Int((viewWidth * scale).rounded())), height: max(1, Int((viewHeight * scale).rounded())))
    }

    /// Scales from `start` down to `minScale` in quarter steps (`start` alone when it is already lower).
    public static func scaleLadder(from start: Double, minScale: Double) -> [Double] {
        var out = [start]
        var q = (start * 4).rounded(.down) / 4
        if q > start - 0.1 { q -= 0.25 }
        while q >= minScale - 1e-9 {
            out.append(q)
            q -= 0.25
        }
        return out
    }

    /// The steps in the order they are tried: each scale at the best quality, then the
    /// qualities at the lowest scale.
    public static func steps(scales: [Double], qualities: [Int], format: ImageFormat) -> [ArchiveStep] {
        let best = qualities[0]
        var out = scales.map { ArchiveStep(scale: $0, quality: best) }
        if format != .png { out += qualities.dropFirst().map { ArchiveStep(scale: scales.last!, quality: $0) } }
        return out
    }

    /// The frames sampled: `sampleCount` spread evenly through the source.
    public var sampleIndices: [Int] {
        let n = durations.count, m = min(Self.sampleCount, n)
        return Array(Set((0..<m).map { (2 * $0 + 1) * n / (2 * m) })).sorted()
    }

    /// How many images the archive holds for these groups (`drawings`).
    func drawn(_ groups: [FrameGroup]) -> Int { drawings(groups.map(\.durationMs)).reduce(0, +) }

    /// Estimated archive bytes of `layers` layers at `steps[k]`, from the samples' mean (as
    /// calibrated by the last write); also the mean bytes of a layer image.
    public func estimate(layers: Int, _ k: Int) -> (total: Int, perLayer: Double) {
        let sizes = sampled.values.map { Double($0[k]) }
        let mean = sizes.reduce(0, +) / Double(max(1, sizes.count)) * calibration
        return (Int((mean * Double(layers)).rounded(.up)) + layers * WidgetLimits.viewBytesPerLayer, mean)
    }

    /// Fits, writing the layer files of the pass that fits into `folder`, layer `k` with image
    /// extension `e` as `layerFile(k, e)`; throws `BudgetError` when nothing fits (and then
    /// writes nothing).
    public mutating func run<W: LayerWriting>(
        startScale: Double, quality fixedQuality: Int?, writer: W, folder: FitDestination,
        layerFile: (_ layer: Int, _ fileExtension: String) -> String, progress: FitProgress = .none
    ) throws -> Result {
        let ladder = self.ladder(startScale: startScale, quality: fixedQuality)
        let cache = FitCache<W.Pixels>(folder: folder, keep: writer.traits.keep)
        let work = BoundedWork(jobs: writer.traits.jobs, name: "arcmask.fit", inlineWithOneJob: true)
        defer {
            work.drain()
            cache.close()
        }
        var report = FitReport()
        let survey = try self.survey(
            writer, steps: ladder.steps, bounded: ladder.bound != nil, cache: cache, work: work, progress: progress,
            report: &report)
        sampled = survey.sizes
        var state = try firstStep(ladder, survey: survey, writer: writer, progress: progress, report: &report)
        let images = try passThatFits(
            ladder, &state, writer: writer, cache: cache, work: work, progress: progress, report: &report)

        // The pass that fits, written: each layer file once.
        var records: [LayerRecord] = []
        for (g, image) in images.enumerated() {
            let file = layerFile(g, image.fileExtension)
            try folder.write(image.bytes, as: file)
            records.append(
                LayerRecord(
                    file: file, bytes: image.bytes.count, ssim: image.ssim, digest: LayerDigest.of(image.bytes),
                    lossy: image.lossy, flattened: image.flattened, look: image.look))
        }
        let step = ladder.steps[state.k]
        let notes = self.notes(ladder, state, records: records, startScale: startScale, quality: fixedQuality)
        let held = ladder.bound.map { step.scale <= $0 } ?? false
        report.keptBytes = cache.keptBytes
        return Result(
            groups: state.groups, scale: step.scale, size: pixels(step.scale), quality: step.quality,
            records: records, notes: notes,
            resolution: ResolutionRecord(
                bound: held ? .source : .device, sourceScale: sourceScale, deviceScale: startScale),
            similarity: state.similarity, report: report)
    }

    /// The steps a fit may take, largest first, and the source's resolution when it bounds them.
    struct Ladder {
        /// The source's resolution, when below the start scale: the first step down, and the
        /// floor when it is below the lowest scale (going lower would drop source pixels as well).
        var bound: Double?
        var steps: [ArchiveStep]
        var qualities: [Int]
    }

    /// Where a fit stands: the step, the layers' groups and what was done to reach them.
    struct FitState {
        var k = 0
        var groups: [FrameGroup]
        /// The groups before any frame was dropped (merges only).
        var merged: [FrameGroup] = []
        var notes: [BudgetNote] = []
        var similarity: FrameSimilarity? = nil
        /// Whether the source's resolution was the first step down.
        var bounded = false
        var decimated = false
    }

    func ladder(startScale: Double, quality fixedQuality: Int?) -> Ladder {
        let bound = sourceScale.flatMap { $0 * ResolutionBound.tolerance < startScale ? $0 : nil }
            .map(ResolutionBound.layerScale)
        let scales =
            bound.map { [startScale] + Self.scaleLadder(from: $0, minScale: min(policy.minScale, $0)) }
            ?? Self.scaleLadder(from: startScale, minScale: policy.minScale)
        let qualities = fixedQuality.map { [$0] } ?? ImageFormat.qualityLadder
        return Ladder(
            bound: bound, steps: Self.steps(scales: scales, qualities: qualities, format: format), qualities: qualities)
    }

    /// The step the sampled sizes point to: the source's resolution first, then frames nobody
    /// can tell apart merged as far as the budget asks, then resolution, then quality.
    mutating func firstStep<W: LayerWriting>(
        _ ladder: Ladder, survey: (sizes: [Int: [Int]], similarity: FrameSimilarity?), writer: W,
        progress: FitProgress, report: inout FitReport
    ) throws -> FitState {
        let target = limits.archiveBytes, steps = ladder.steps
        var state = FitState(
            groups: durations.enumerated().map { FrameGroup(first: $0, last: $0, shown: $0, durationMs: $1) })
        if estimate(layers: drawn(state.groups), 0).total > target, ladder.bound != nil {
            // Every frame does not fit at the device's scale: first drop the pixels the source lacks.
            state.k = 1
            state.bounded = true
        }
        if estimate(layers: drawn(state.groups), state.k).total > target {
            let measured = try survey.similarity ?? compare(writer, progress: progress, report: &report)
            state.similarity = measured
            let perLayer = estimate(layers: 1, state.k).perLayer + Double(WidgetLimits.viewBytesPerLayer)
            let capacity = max(1, Int(Double(target) / perLayer))
            let before = state.groups.count
            state.groups = FrameBudget.merge(state.groups, similarity: measured, target: capacity)
            if state.groups.count < before {
                state.notes.append(
                    .merged(
                        frames: before, layers: state.groups.count,
                        largestShare: FrameBudget.largestDifference(state.groups, measured)))
            }
            while state.k < steps.count - 1, estimate(layers: drawn(state.groups), state.k).total > target {
                state.k += 1
            }
        }
        state.merged = state.groups
        return state
    }

    /// Encodes passes until one fits: a step down (or, at the last step, fewer layers in
    /// proportion to the excess) after each that does not, at most eight; with keep-frames, the
    /// last step over the aim but within the ceiling. The images of the pass that fits.
    mutating func passThatFits<W: LayerWriting>(
        _ ladder: Ladder, _ state: inout FitState, writer: W, cache: FitCache<W.Pixels>, work: BoundedWork,
        progress: FitProgress, report: inout FitReport
    ) throws -> [LayerImage] {
        let target = limits.archiveBytes, reserve = WidgetLimits.viewBytesPerLayer, steps = ladder.steps
        var perLayer = estimate(layers: 1, state.k).perLayer
        var attempt = 0
        while true {
            attempt += 1
            let step = steps[state.k]
            if !policy.keepFrames, estimate(layers: drawn(state.groups), state.k).total > target {
                let count = Int(Double(target) / (perLayer + Double(reserve)) * 0.97)
                guard count >= 1 else { throw refusal(step, perLayer: perLayer, layers: 1, noRoom: true) }
                state.groups = FrameBudget.decimate(state.merged, to: min(count, state.merged.count))
                state.decimated = true
            }
            let images = try pass(
                state.groups, step: step, writer: writer, cache: cache, work: work, progress: progress,
                report: &report)
            let counts = drawings(state.groups.map(\.durationMs))
            let imageBytes = images.reduce(0) { $0 + $1.bytes.count }
            let drawnBytes = zip(images, counts).reduce(0) { $0 + $1.0.bytes.count * $1.1 }
            let total = drawnBytes + counts.reduce(0, +) * reserve
            perLayer = Double(imageBytes) / Double(max(1, images.count))
            calibration *= perLayer / max(1, estimate(layers: 1, state.k).perLayer)
            if total <= target { return images }
            if policy.keepFrames && state.k == steps.count - 1 {
                guard total <= limits.archiveCeilingBytes else {
                    throw refusal(step, perLayer: perLayer, layers: images.count, noRoom: false)
                }
                state.notes.append(.archiveOverAim(bytes: total, aim: target))
                return images
            }
            guard attempt < 8 else { throw refusal(step, perLayer: perLayer, layers: images.count, noRoom: false) }
            if state.k < steps.count - 1 {
                state.k += 1
                while state.k < steps.count - 1, estimate(layers: drawn(state.groups), state.k).total > target {
                    state.k += 1
                }
                perLayer = estimate(layers: 1, state.k).perLayer
            } else {
                // At the last step already: fewer layers, in proportion to the excess.
                let count = Int(Double(state.groups.count) * Double(target) / Double(total) * 0.97)
                guard count >= 1 else { throw refusal(step, perLayer: perLayer, layers: 1, noRoom: true) }
                state.groups = FrameBudget.decimate(state.merged, to: count)
                state.decimated = true
            }
        }
    }

    /// What the fit did, in order: the source's resolution first (it was the first step, and it
    /// lost nothing), the merges, the scale and quality lowered, the frame rate, the flattening,
    /// and a summary when anything was done.
    func notes(
        _ ladder: Ladder, _ state: FitState, records: [LayerRecord], startScale: Double, quality fixedQuality: Int?
    ) -> [BudgetNote] {
        var notes = state.notes
        let step = ladder.steps[state.k]
        var lowered = startScale
        if let bound = ladder.bound, state.bounded || step.scale <= bound {
            notes.insert(
                .sourceBound(
                    source: sourceSize ?? PixelSize(width: 0, height: 0), layer: pixels(bound),
                    fromLayer: pixels(startScale), from: startScale, to: bound),
                at: 0)
            lowered = bound
        }
        if step.scale < lowered {
            notes.append(.scaleLowered(from: lowered, to: step.scale, layer: pixels(step.scale)))
        }
        if fixedQuality == nil, step.quality < ladder.qualities[0], records.contains(where: \.lossy) {
            notes.append(.qualityLowered(from: ladder.qualities[0], to: step.quality))
        }
        let totalMs = durations.reduce(0, +)
        func fps(_ layers: Int) -> Double { Double(layers) / max(totalMs / 1000, 1e-9) }
        if state.decimated {
            notes.append(
                .frameRateLowered(
                    fromPerSecond: fps(state.merged.count), toPerSecond: fps(state.groups.count),
                    fromLayers: state.merged.count, toLayers: state.groups.count))
        }
        let flattened = records.filter(\.flattened).count
        if flattened > 0 { notes.append(.transparencyFlattened(layers: flattened, onto: background)) }
        if notes.contains(where: { !$0.isWarning }) {
            let bytes = records.reduce(0) { $0 + $1.bytes } + records.count * WidgetLimits.viewBytesPerLayer
            notes.append(
                .summary(
                    frames: durations.count, layers: state.groups.count, fromScale: startScale, toScale: step.scale,
                    quality: records.contains(where: \.lossy) ? step.quality : nil, layersPerSecond: nil,
                    bytes: bytes, budget: limits.archiveBytes))
        }
        return notes
    }

    /// The step `run` would settle on before writing, from `sampled` alone: the bound first,
    /// then merging (at best one layer per run, the runs of the `seen` frames read so far
    /// extrapolated to the whole source), then resolution and quality. Nil before any sample.
    func likelyStep(_ sampled: [Int: [Int]], runs: FrameSimilarity?, seen: Int, bounded: Bool, steps: Int) -> Int? {
        guard !sampled.isEmpty, steps > 0 else { return nil }
        var partial = self
        partial.sampled = sampled
        let n = durations.count, target = limits.archiveBytes
        var k = bounded && partial.estimate(layers: n, 0).total > target ? min(1, steps - 1) : 0
        if partial.estimate(layers: n, k).total <= target { return k }
        var layers = n
        if let runs, seen > 0 {
            let perRun = Double(Set(runs.runStart).count) / Double(seen)
            let reserve = Double(WidgetLimits.viewBytesPerLayer)
            let capacity = Int(Double(target) / (partial.estimate(layers: 1, k).perLayer + reserve))
            layers = min(n, max(1, capacity, Int((perRun * Double(n)).rounded(.up))))
        }
        while k < steps - 1, partial.estimate(layers: layers, k).total > target { k += 1 }
        return k
    }

    private func refusal(_ step: ArchiveStep, perLayer: Double, layers: Int, noRoom: Bool) -> BudgetError {
        let cost = BudgetError.Cost(
            layers: layers, layer: pixels(step.scale),
            bytes: Int(perLayer * Double(layers)) + layers * WidgetLimits.viewBytesPerLayer, scale: step.scale,
            quality: format == .png ? nil : step.quality)
        if noRoom {
            return BudgetError(.noLayerFits(cost, budget: limits.archiveBytes, raise: budgetSetting), names: vocabulary)
        }
        return BudgetError(.overArchiveCeiling(cost, ceiling: limits.archiveCeilingBytes), names: vocabulary)
    }
}
