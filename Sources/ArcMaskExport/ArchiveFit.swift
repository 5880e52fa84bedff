import ArcMaskCompositor
import ArcMaskCore
import ArcMaskIO
import ArcMaskValues
import Foundation

/// Fits layer files into the archive budget (`WidgetLimits.archiveBytes`), keeping the
/// animation as far as the budget allows:
/// 1. every frame at the requested scale (already within the pixel cap) and the best JPEG
///    quality, when they fit;
/// 2. otherwise merge neighbouring frames nobody can tell apart (near-identical, or too short
///    to see: `FrameBudget.merge`);
/// 3. lower the scale a quarter step at a time down to `--min-scale` (softness shows far less
///    than blocking on a moving picture);
/// 4. lower the JPEG quality along `LayerEncoder.qualityLadder` down to its floor;
/// 5. lower the frame rate evenly in time (`FrameBudget.decimate`), unless `--keep-frames`,
///    which accepts up to the ceiling with a warning and refuses above it.
///
/// Each step is chosen from the encoded sizes of a sample of layers; the chosen step is then
/// written in full and its real size checked, stepping further when the sample was optimistic.
struct ArchiveFit {
    struct Step: Equatable {
        var scale: Double
        var quality: Int
    }

    struct Result {
        var groups: [FrameGroup]
        var scale: Double
        var size: PixelSize
        var quality: Int
        var records: [LayerFileRecord]
        var actions: [String]
        var warnings: [String]
    }

    /// Layers encoded to estimate a step's size.
    static let sampleCount = 12

    let source: FrameSource
    let viewWidth: Double
    let viewHeight: Double
    let limits: WidgetLimits
    let policy: BudgetPolicy
    let format: ImageFormat
    let fit: FitMode
    let compression: PNG.Compression
    let jobs: Int
    /// The option that raises the budget being fitted: `--budget` when the extension's memory
    /// is the tighter limit.
    var budgetOption = "--archive-budget"
    /// Encoded bytes of each sampled frame at each step: `sampled[i][k]`.
    private var sampled: [Int: [Int]] = [:]
    /// Every frame's thumbnail, when the survey made them (merging compares them).
    private var thumbnails: [[UInt8]]? = nil
    /// What a full write measured against what the samples estimated: later estimates follow it.
    private var calibration = 1.0

    init(
        source: FrameSource, viewWidth: Double, viewHeight: Double, limits: WidgetLimits, policy: BudgetPolicy,
        format: ImageFormat, fit: FitMode, compression: PNG.Compression, jobs: Int
    ) {
        self.source = source
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.limits = limits
        self.policy = policy
        self.format = format
        self.fit = fit
        self.compression = compression
        self.jobs = jobs
    }

    func pixels(_ scale: Double) -> PixelSize { Self.pixels(viewWidth, viewHeight, scale) }

    /// A view's size in pixels at `scale` (at least 1×1).
    static func pixels(_ viewWidth: Double, _ viewHeight: Double, _ scale: Double) -> PixelSize {
        PixelSize(width: max(1, Int((viewWidth * scale).rounded())), height: max(1, Int((viewHeight * scale).rounded())))
    }

    /// Scales from `start` down to `minScale` in quarter steps (`start` alone when it is already lower).
    static func scaleLadder(from start: Double, minScale: Double) -> [Double] {
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
    static func steps(scales: [Double], qualities: [Int], format: ImageFormat) -> [Step] {
        let best = qualities[0]
        var out = scales.map { Step(scale: $0, quality: best) }
        if format != .png { out += qualities.dropFirst().map { Step(scale: scales.last!, quality: $0) } }
        return out
    }

    /// The frames sampled: `sampleCount` spread evenly through the source.
    var sampleIndices: [Int] {
        let n = source.frameCount, m = min(Self.sampleCount, n)
        return Array(Set((0..<m).map { (2 * $0 + 1) * n / (2 * m) })).sorted()
    }

    /// Encodes the samples at every step, in one pass: each sample is resized once per scale and
    /// encoded at each of its qualities, on every core. A GIF is read once in order, making every
    /// frame's thumbnail on the way (merging needs them, and it decodes every frame to reach the
    /// samples anyway); a vector source draws each sample at each scale.
    mutating func survey(_ steps: [Step]) throws {
        let samples = Set(sampleIndices)
        let scales = Array(Set(steps.map(\.scale))).sorted(by: >)
        let format = format, compression = compression, fit = fit
        let results = Locked<[Int: [Int]]>([:])
        let pipeline = ImagePipeline(jobs: jobs)
        defer { pipeline.drain() }
        func encode(_ i: Int, _ scale: Double) -> @Sendable (PixelBuffer) throws -> Void {
            let ks = steps.indices.filter { steps[$0].scale == scale }
            return { image in
                var bytes: [(Int, Int)] = []
                var lossless: Int? = nil
                for k in ks {
                    if let lossless {
                        bytes.append((k, lossless))
                        continue
                    }
                    let layer = try LayerEncoder.encode(
                        image, format: format, quality: steps[k].quality, compression: compression, measure: false)
                    bytes.append((k, layer.bytes.count))
                    if layer.fileExtension == "png" { lossless = layer.bytes.count }
                }
                results.update { r in
                    var row = r[i] ?? Array(repeating: 0, count: steps.count)
                    for (k, b) in bytes { row[k] = b }
                    r[i] = row
                }
            }
        }
        if source is ScalableFrameSource {
            for i in samples.sorted() {
                for scale in scales {
                    try pipeline.submit(try LayerWriter.cell(source, i, size: pixels(scale), fit: fit), then: encode(i, scale))
                }
            }
        } else {
            // A GIF decodes every frame before a sample anyway: all of them are read, for their
            // thumbnails. Other sources read the samples alone.
            let whole = source is CheckpointingFrameSource
            var thumbs: [[UInt8]] = []
            for i in whole ? Array(0..<source.frameCount) : samples.sorted() {
                let frame = try source.frame(at: i)
                if whole { thumbs.append(FrameBudget.thumbnail(frame)) }
                guard samples.contains(i) else { continue }
                for scale in scales {
                    let size = pixels(scale)
                    try pipeline.submit({ try Resampler.resized(frame, to: size, fit: fit) }, then: encode(i, scale))
                }
            }
            if whole { thumbnails = thumbs }
        }
        try pipeline.finish()
        sampled = results.value
    }

    /// Estimated archive bytes of `layers` layers at `steps[k]`, from the samples' mean (as
    /// calibrated by the last write); also the mean bytes of a layer image.
    func estimate(layers: Int, _ k: Int) -> (total: Int, perLayer: Double) {
        let sizes = sampled.values.map { Double($0[k]) }
        let mean = sizes.reduce(0, +) / Double(max(1, sizes.count)) * calibration
        return (Int((mean * Double(layers)).rounded(.up)) + layers * WidgetLimits.viewBytesPerLayer, mean)
    }

    /// Fits, writing the layer files into `folder`; throws `BudgetError` when nothing fits.
    mutating func run(
        startScale: Double, quality fixedQuality: Int?, names: CodeNames, folder: OutputFolder,
        progress: (@Sendable () -> Void)?
    ) throws -> Result {
        let scales = Self.scaleLadder(from: startScale, minScale: policy.minScale)
        let qualities = fixedQuality.map { [$0] } ?? LayerEncoder.qualityLadder
        let steps = Self.steps(scales: scales, qualities: qualities, format: format)
        let durations = source.durations
        let target = limits.archiveBytes, reserve = WidgetLimits.viewBytesPerLayer
        var groups = durations.enumerated().map { FrameGroup(first: $0, last: $0, shown: $0, durationMs: $1) }
        var actions: [String] = [], warnings: [String] = []
        var k = 0

        try survey(steps)
        if estimate(layers: groups.count, 0).total > target {
            // Merge what nobody can tell apart, as far as the budget asks.
            let thumbnails = try self.thumbnails ?? (0..<source.frameCount).map {
                FrameBudget.thumbnail(try source.frame(at: $0))
            }
            self.thumbnails = nil
            let capacity = max(1, Int(Double(target) / (estimate(layers: 1, 0).perLayer + Double(reserve))))
            let before = groups.count
            groups = FrameBudget.merge(groups, durations: durations, thumbnails: thumbnails, target: capacity)
            if groups.count < before {
                actions.append(
                    "merged \(before) frames into \(groups.count) layers (near-identical or shorter than \(Int(FrameBudget.shortFrameMs)) ms; total duration kept)"
                )
            }
            // Then resolution, then quality.
            while k < steps.count - 1, estimate(layers: groups.count, k).total > target { k += 1 }
        }
        thumbnails = nil
        let merged = groups
        var decimated = false
        var records: [LayerFileRecord] = []
        var perLayer = estimate(layers: 1, k).perLayer
        for attempt in 1... {
            let step = steps[k]
            if !policy.keepFrames, estimate(layers: groups.count, k).total > target {
                let count = Int(Double(target) / (perLayer + Double(reserve)) * 0.97)
                guard count >= 1 else { throw refusal(step, perLayer: perLayer, layers: 1, noRoom: true) }
                groups = FrameBudget.decimate(merged, to: min(count, merged.count))
                decimated = true
            }
            records = try LayerWriter.write(
                GroupedSource.over(source, groups: groups), size: pixels(step.scale), fit: fit, format: format,
                quality: step.quality, compression: compression, names: names, folder: folder, jobs: jobs,
                progress: progress)
            let imageBytes = records.reduce(0) { $0 + $1.bytes }
            let total = imageBytes + records.count * reserve
            perLayer = Double(imageBytes) / Double(max(1, records.count))
            calibration *= perLayer / max(1, estimate(layers: 1, k).perLayer)
            if total <= target { break }
            if policy.keepFrames && k == steps.count - 1 {
                guard total <= limits.archiveCeilingBytes else {
                    LayerWriter.remove(records, from: folder)
                    throw refusal(step, perLayer: perLayer, layers: records.count, noRoom: false)
                }
                warnings.append(
                    "the archive holds \(FrameBudget.mb(total)) MB, over the \(FrameBudget.mb(target)) MB aimed at (--keep-frames kept every layer); archives of 9.3 MB have drawn black"
                )
                break
            }
            LayerWriter.remove(records, from: folder)
            guard attempt < 8 else { throw refusal(step, perLayer: perLayer, layers: records.count, noRoom: false) }
            if k < steps.count - 1 {
                k += 1
                while k < steps.count - 1, estimate(layers: groups.count, k).total > target { k += 1 }
                perLayer = estimate(layers: 1, k).perLayer
            } else {
                // At the last step already: fewer layers, in proportion to the excess.
                let count = Int(Double(groups.count) * Double(target) / Double(total) * 0.97)
                guard count >= 1 else { throw refusal(step, perLayer: perLayer, layers: 1, noRoom: true) }
                groups = FrameBudget.decimate(merged, to: count)
                decimated = true
            }
        }

        let step = steps[k]
        if step.scale < startScale {
            actions.append(
                "lowered the scale from \(FrameBudget.fmtScale(startScale))× to \(FrameBudget.fmtScale(step.scale))× (\(pixels(step.scale)) px layers)"
            )
        }
        if fixedQuality == nil, step.quality < qualities[0], records.contains(where: \.lossy) {
            actions.append("lowered the JPEG quality from \(qualities[0]) to \(step.quality)")
        }
        let totalMs = durations.reduce(0, +)
        func fps(_ layers: Int) -> String { String(format: "%.1f", Double(layers) / max(totalMs / 1000, 1e-9)) }
        if decimated {
            actions.append(
                "lowered the frame rate from \(fps(merged.count)) to \(fps(groups.count)) layers per second: \(merged.count) → \(groups.count) layers, each showing the frame at the middle of an equal slot (total duration kept)"
            )
        }
        if !actions.isEmpty {
            let bytes = records.reduce(0) { $0 + $1.bytes } + records.count * reserve
            actions.append(
                "in all: \(durations.count) frames → \(groups.count) layers, \(FrameBudget.fmtScale(startScale))× → \(FrameBudget.fmtScale(step.scale))×\(records.contains(where: \.lossy) ? ", JPEG quality \(step.quality)" : ""), \(FrameBudget.mb(bytes)) MB of \(FrameBudget.mb(target)) MB"
            )
        }
        return Result(
            groups: groups, scale: step.scale, size: pixels(step.scale), quality: step.quality, records: records,
            actions: actions, warnings: warnings)
    }

    private func refusal(_ step: Step, perLayer: Double, layers: Int, noRoom: Bool) -> BudgetError {
        let need = Int(perLayer * Double(layers)) + layers * WidgetLimits.viewBytesPerLayer
        let what =
            "\(layers) layer\(layers == 1 ? " of \(pixels(step.scale)) px takes" : "s of \(pixels(step.scale)) px take") about \(FrameBudget.mb(need)) MB at \(FrameBudget.fmtScale(step.scale))×\(format == .png ? "" : ", JPEG quality \(step.quality)")"
        if noRoom {
            return BudgetError(
                message: "\(what): not even one layer fits the \(FrameBudget.mb(limits.archiveBytes)) MB archive budget; raise \(budgetOption)")
        }
        return BudgetError(
            message:
                "\(what), over the \(FrameBudget.mb(limits.archiveCeilingBytes)) MB an archive may hold (--keep-frames refuses to drop frames): lower --min-scale, leave out --keep-frames to lower the frame rate, or raise --archive-budget"
        )
    }
}
