import ArcMaskCompositor
import ArcMaskCore
import ArcMaskFiles
import ArcMaskFolder
import ArcMaskIO
import ArcMaskValues
import Foundation

/// The export's layer writer for `ArchiveFitter`: layers drawn from a frame source (resized by
/// the compositor, or drawn at size by vector sources), encoded by libjpeg-turbo or the PNG
/// encoder, written into the output folder's staging directory on every core.
public struct SourceLayerWriter: LayerWriting {
    let source: FrameSource
    let viewWidth: Double
    let viewHeight: Double
    let format: ImageFormat
    let fit: FitMode
    let compression: PNG.Compression
    let jobs: Int
    let names: CodeNames
    let folder: StagedFolder
    let progress: ExportProgress?
    /// Every layer flattened onto this colour first; nil keeps transparency where the format can.
    var background: Color? = nil
    /// Layers written while surveying, at the step the survey guessed, for `write` to take.
    let early = EarlyLayers()

    public init(
        source: FrameSource, viewWidth: Double, viewHeight: Double, format: ImageFormat, fit: FitMode,
        compression: PNG.Compression, jobs: Int, names: CodeNames, folder: StagedFolder,
        progress: ExportProgress? = nil, background: Color? = nil
    ) {
        self.background = background
        self.source = source
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.format = format
        self.fit = fit
        self.compression = compression
        self.jobs = jobs
        self.names = names
        self.folder = folder
        self.progress = progress
    }

    /// Encodes the samples at every step, in one pass: each sample is resized once per scale and
    /// encoded at each of its qualities, on every core. A GIF is read once in order, comparing
    /// every frame with its neighbours on the way (merging needs that, and it decodes every frame
    /// to reach the samples anyway); a vector source draws each sample at each scale.
    public func survey(
        samples sampleList: [Int], steps: [ArchiveStep]
    ) throws -> (sizes: [Int: [Int]], similarity: FrameSimilarity?) {
        try survey(samples: sampleList, steps: steps, likely: LikelyStep { _, _, _ in nil })
    }

    /// The survey; reading every frame (a GIF, a video), it also writes each frame at the step
    /// `likely` guesses from the samples measured so far, so that the source is decoded once
    /// when the guess holds (`write` draws only what the guess missed).
    public func survey(
        samples sampleList: [Int], steps: [ArchiveStep], likely: LikelyStep
    ) throws -> (sizes: [Int: [Int]], similarity: FrameSimilarity?) {
        let samples = Set(sampleList)
        var similarity: FrameSimilarity? = nil
        let scales = Array(Set(steps.map(\.scale))).sorted(by: >)
        let format = format, compression = compression, fit = fit, background = background
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
                        image, format: format, quality: steps[k].quality, compression: compression, measure: false,
                        background: background)
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
            progress?.stage("sampling", samples.count)
            for i in samples.sorted() {
                progress?.advance()
                for scale in scales {
                    try pipeline.submit(
                        try LayerWriter.cell(
                            source, i, size: ArchiveFitter.pixels(viewWidth, viewHeight, scale), fit: fit),
                        then: encode(i, scale))
                }
            }
        } else {
            // A GIF decodes every frame before a sample anyway: all of them are read, and compared.
            // Other sources read the samples alone.
            let whole = source is CheckpointingFrameSource
            var runs = FrameSimilarity()
            let read = whole ? Array(0..<source.frameCount) : samples.sorted()
            progress?.stage("reading", read.count)
            var measured = 0
            var guess: Int? = nil
            let lowest = steps.map(\.scale).min()
            for i in read {
                let frame = try source.frame(at: i)
                progress?.advance()
                if whole {
                    runs.add(frame)
                    if i == 0 && !samples.contains(0) {
                        // A first guess from the first frame, measured at every step before the
                        // next frame is read (and not counted among the samples), so that
                        // layers are written from the first frame on.
                        for scale in scales {
                            let size = ArchiveFitter.pixels(viewWidth, viewHeight, scale)
                            try pipeline.submit(
                                { try Resampler.resized(frame, to: size, fit: fit) }, then: encode(Self.probe, scale))
                        }
                        try pipeline.finish()
                    }
                    // Samples measured at every step so far (each scale fills its part of a row);
                    // the first frame's row until there is one.
                    let rows = results.value.filter { !$0.value.contains(0) }
                    let sampled = rows.count > 1 ? rows.filter { $0.key != Self.probe } : rows
                    if sampled.count != measured || guess == nil {
                        measured = sampled.count
                        guess = likely.step(sampled, runs, i + 1)
                    }
                    if let k = guess {
                        // At the ladder's lowest scale only the quality may still change: the
                        // resized pixels are kept too, to encode again without decoding.
                        let keep = format != .png && steps[k].scale == lowest
                        try writeEarly(frame, index: i, step: steps[k], keepPixels: keep, pipeline: pipeline)
                    }
                }
                guard samples.contains(i) else { continue }
                for scale in scales {
                    let size = ArchiveFitter.pixels(viewWidth, viewHeight, scale)
                    try pipeline.submit({ try Resampler.resized(frame, to: size, fit: fit) }, then: encode(i, scale))
                }
            }
            if whole { similarity = runs }
        }
        try pipeline.finish()
        return (results.value.filter { $0.key != Self.probe }, similarity)
    }

    /// The key of the first frame's row while it is measured for a first guess only.
    static let probe = -1

    public func similarity() throws -> FrameSimilarity {
        progress?.stage("comparing", source.frameCount)
        return try FrameSimilarity.measure(source) { progress?.advance() }
    }

    /// Frame `index` resized and written at `step` under a name of its own, for `write`; with
    /// `keepPixels`, its resized pixels too (within `EarlyLayers.pixelBudget`).
    private func writeEarly(
        _ frame: PixelBuffer, index: Int, step: ArchiveStep, keepPixels: Bool, pipeline: ImagePipeline
    ) throws {
        let size = ArchiveFitter.pixels(viewWidth, viewHeight, step.scale)
        let format = format, compression = compression, fit = fit, background = background
        let early = early, staging = folder.staging, names = names
        try pipeline.submit({ try Resampler.resized(frame, to: size, fit: fit) }) { image in
            if keepPixels { try early.keep(image, index: index, scale: step.scale, in: staging) }
            // Named as layer `index`: where it stays when every frame is a layer.
            let record = try LayerWriter.encodeAndWrite(
                image, as: { names.layerFile(index, fileExtension: $0) }, format: format, quality: step.quality,
                compression: compression, background: background, staging: staging)
            early.add(index, step: step, record: record)
        }
    }

    /// Takes the layers the survey wrote at `step`, encodes again those whose pixels it kept at
    /// this scale, and draws the others from the source; then removes what the survey wrote and
    /// nobody takes.
    public func write(_ groups: [FrameGroup], size: PixelSize, step: ArchiveStep) throws -> [LayerRecord] {
        progress?.stage("writing", groups.count)
        var records: [LayerRecord?] = Array(repeating: nil, count: groups.count)
        var missing: [Int] = []
        var kept: [(layer: Int, frame: Int)] = []
        var moved: [(layer: Int, record: LayerRecord, bytes: [UInt8])] = []
        do {
            // A layer the survey wrote stays where it is when it is the frame's own; one that
            // moves (merged or fewer layers) is read first, since its name may be another's.
            var inPlace = Set<String>()
            for (g, group) in groups.enumerated() {
                if let layer = early.layer(group.shown, step: step) {
                    var record = layer
                    record.file = names.layerFile(g, fileExtension: (layer.file as NSString).pathExtension)
                    if record.file == layer.file {
                        records[g] = record
                        inPlace.insert(record.file)
                    } else {
                        moved.append((g, record, [UInt8](try Data(contentsOf: folder.url(for: layer.file)))))
                    }
                } else if early.hasPixels(of: group.shown, scale: step.scale) {
                    kept.append((g, group.shown))
                } else {
                    missing.append(g)
                }
            }
            early.discard(from: folder.staging, keeping: inPlace)
            for _ in inPlace { progress?.advance() }
            for (g, record, bytes) in moved {
                try AtomicFile.write(bytes, to: folder.url(for: record.file))
                records[g] = record
                progress?.advance()
            }
            if !kept.isEmpty {
                // Encoded again from the pixels the survey kept: no decoding, no resizing.
                let format = format, compression = compression, background = background, names = names
                let early = early, staging = folder.staging, advance = progress?.advance
                let done = Locked<[Int: LayerRecord]>([:])
                let pipeline = ImagePipeline(jobs: jobs)
                do {
                    for (g, frame) in kept {
                        try pipeline.submit({ try early.pixels(of: frame) }) { image in
                            let record = try LayerWriter.encodeAndWrite(
                                image, as: { names.layerFile(g, fileExtension: $0) }, format: format,
                                quality: step.quality, compression: compression, background: background,
                                staging: staging)
                            done.update { $0[g] = record }
                            advance?()
                        }
                    }
                    try pipeline.finish()
                } catch {
                    try? pipeline.finish()
                    remove(Array(done.value.values))
                    throw error
                }
                for (g, record) in done.value { records[g] = record }
            }
            if !missing.isEmpty {
                let advance: (@Sendable () -> Void)? = progress?.advance
                let drawn = try LayerWriter.write(
                    GroupedSource.over(source, groups: groups), only: missing, size: size, fit: fit, format: format,
                    quality: step.quality, compression: compression, background: background, names: names,
                    folder: folder, jobs: jobs, progress: advance)
                for (g, record) in zip(missing, drawn) { records[g] = record }
            }
        } catch {
            early.discard(from: folder.staging, keeping: [])
            remove(records.compactMap { $0 })
            throw error
        }
        return records.map { $0! }
    }

    public func remove(_ records: [LayerRecord]) { LayerWriter.remove(records, from: folder) }

    /// The pixels the survey kept serve every write of the fit (a write over the budget is
    /// followed by one at a lower quality): they go when the fit is over.
    public func finished() {
        early.discard(from: folder.staging, keeping: [])
        early.forgetPixels(from: folder.staging)
    }
}
