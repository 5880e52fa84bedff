import ArcMaskCompositor
import ArcMaskCore
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
    let folder: OutputFolder
    let progress: ExportProgress?
    /// Every layer flattened onto this colour first; nil keeps transparency where the format can.
    var background: Color? = nil

    public init(
        source: FrameSource, viewWidth: Double, viewHeight: Double, format: ImageFormat, fit: FitMode,
        compression: PNG.Compression, jobs: Int, names: CodeNames, folder: OutputFolder,
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
            for i in read {
                let frame = try source.frame(at: i)
                progress?.advance()
                if whole { runs.add(frame) }
                guard samples.contains(i) else { continue }
                for scale in scales {
                    let size = ArchiveFitter.pixels(viewWidth, viewHeight, scale)
                    try pipeline.submit({ try Resampler.resized(frame, to: size, fit: fit) }, then: encode(i, scale))
                }
            }
            if whole { similarity = runs }
        }
        try pipeline.finish()
        return (results.value, similarity)
    }

    public func similarity() throws -> FrameSimilarity {
        progress?.stage("comparing", source.frameCount)
        return try FrameSimilarity.measure(source) { progress?.advance() }
    }

    public func write(_ groups: [FrameGroup], size: PixelSize, step: ArchiveStep) throws -> [LayerRecord] {
        progress?.stage("writing", groups.count)
        let advance: (@Sendable () -> Void)? = progress?.advance
        return try LayerWriter.write(
            GroupedSource.over(source, groups: groups), size: size, fit: fit, format: format,
            quality: step.quality, compression: compression, background: background, names: names, folder: folder,
            jobs: jobs, progress: advance)
    }

    public func remove(_ records: [LayerRecord]) { LayerWriter.remove(records, from: folder) }
}
