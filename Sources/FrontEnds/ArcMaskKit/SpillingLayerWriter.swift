import ArcMaskFolder
import ArcMaskValues
import Foundation

/// What a platform does for `prepare`'s writer: decode a frame, scale pixels, encode a layer.
/// ImageIO and Core Graphics on Apple's systems (`ImageIOLayerCodec`); the command line's
/// decoders and encoders in the bench, which measures the writer on Linux.
@_spi(Measuring) public protocol LayerCodec {
    /// Frame `index` drawn into `width`×`height` pixels as `fit` asks, premultiplied RGBA.
    func decode(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels
    /// `pixels` scaled to `width`×`height` (never larger: only the pass's smaller sizes ask).
    func scale(_ pixels: LayerPixels, width: Int, height: Int) throws -> LayerPixels
    /// The layer encoded at `quality` (JPEG for opaque layers or as `.jpeg` asks, else PNG);
    /// with `measure`, the JPEG decoded back and compared with the layer (SSIM).
    func encode(_ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool) throws -> EncodedLayer
    /// One frame's work, its temporaries released when it is done (an autorelease pool on Apple's systems).
    func perFrame<T>(_ work: () throws -> T) throws -> T
}

@_spi(Measuring) extension LayerCodec {
    /// Runs `work` as it is, for a codec with no per-frame temporaries to release.
    public func perFrame<T>(_ work: () throws -> T) throws -> T { try work() }
}

/// One encoded layer: its bytes, whether they are lossy (JPEG), and how alike the layer they
/// decode to is (SSIM; 1 for PNG).
@_spi(Measuring) public struct EncodedLayer {
    /// The encoded file's bytes, as written into the folder.
    public var bytes: [UInt8]
    /// Whether the bytes are lossy (JPEG; false: PNG).
    public var lossy: Bool
    /// How alike the decoded bytes are to the layer (SSIM, at most 1): 1 for PNG, and for a
    /// JPEG that was not measured.
    public var ssim: Double

    /// An encoded layer of `bytes`, lossy or not, decoding to a layer `ssim` alike.
    public init(bytes: [UInt8], lossy: Bool, ssim: Double) {
        self.bytes = bytes
        self.lossy = lossy
        self.ssim = ssim
    }
}

/// A flag the work checks between frames: set when the task that asked for the work is
/// cancelled, or when the system takes the app's background time back.
@_spi(Measuring) public final class CancellationFlag: @unchecked Sendable {
    /// Why the work stops: its task was cancelled, or the app's background time ended.
    public enum Reason: Sendable { case cancelled, backgroundTimeEnded }
    /// A flag not yet set.
    public init() {}
    private let lock = NSLock()
    private var reason: Reason?

    /// Sets the flag for `why` (`.cancelled` by default); the first reason given stays.
    public func cancel(_ why: Reason = .cancelled) { lock.withLock { reason = reason ?? why } }
    /// Whether the flag is set, for whatever reason.
    public var isCancelled: Bool { lock.withLock { reason != nil } }

    /// Throws `CancellationError` once cancelled, and `.interrupted` once the background time ended.
    public func check() throws {
        switch lock.withLock({ reason }) {
        case nil: return
        case .cancelled: throw CancellationError()
        case .backgroundTimeEnded:
            throw PrepareError(
                .input, "stopped: the system ended the app's time in the background", code: .interrupted)
        }
    }
}

/// `prepare`'s layer writer for `ArchiveFitter`, each frame decoded once:
/// - the survey reads every frame in order at the largest layer size the fit may choose. On
///   the way it compares each with its run's first (`FrameSimilarity`, at that size: what the
///   widget can show), encodes the samples at every step, and keeps every frame in a spill;
/// - each written pass reads the kept frames, scaled down when the pass is smaller.
///
/// In order, because ImageIO decodes a GIF or APNG frame by compositing the frames before it
/// (asked out of order, it decodes them again); once, because a video frame costs a seek and a
/// decode, and a Lottie frame a whole evaluation. Memory: one frame at a time.
@_spi(Measuring) public struct SpillingLayerWriter<Codec: LayerCodec>: LayerWriting {
    let codec: Codec
    let frameCount: Int
    let folder: URL
    let viewWidth: Double
    let viewHeight: Double
    let fit: FitMode
    let names: CodeNames
    let cancellation: CancellationFlag
    /// Called after each frame surveyed and each layer written: (stage, done, total).
    let progress: @Sendable (ArcMaskPreparer.Stage, Int, Int) -> Void
    private let spill: FrameSpill
    private let state = State()

    /// What the survey learnt, for the passes after it.
    private final class State: @unchecked Sendable {
        var similarity: FrameSimilarity?
        var decodes = 0
        var passes = 0
    }

    /// The name of the spill's folder in the staging folder (removed before it is committed).
    static var spillFolderName: String { ".frames" }

    /// A writer of the layers of `frameCount` frames into `folder`, the spill in a folder of its
    /// own inside it.
    /// - Parameters:
    ///   - codec: decodes, scales and encodes the frames.
    ///   - folder: the staging folder the layer files go into.
    ///   - viewWidth: the view's width, pt (`viewHeight`: its height); each layer's pixels are
    ///     these times the step's scale.
    ///   - fit: how a frame meets a layer of another shape.
    ///   - names: the layer files' names (`frame-0000.jpg` by default).
    ///   - cancellation: checked before each frame; set, it stops the work with an error.
    ///   - progress: called after each frame surveyed and each layer written: (stage, done, total).
    public init(
        codec: Codec, frameCount: Int, folder: URL, viewWidth: Double, viewHeight: Double, fit: FitMode,
        names: CodeNames = .standard, cancellation: CancellationFlag = CancellationFlag(),
        progress: @escaping @Sendable (ArcMaskPreparer.Stage, Int, Int) -> Void = { _, _, _ in }
    ) throws {
        self.codec = codec
        self.frameCount = frameCount
        self.folder = folder
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.fit = fit
        self.names = names
        self.cancellation = cancellation
        self.progress = progress
        spill = try FrameSpill(folder: folder.appendingPathComponent(Self.spillFolderName))
    }

    /// Frames decoded so far (once each, when all is well).
    public var decodes: Int { state.decodes }
    /// Written passes so far (more than one when a pass came out over the budget).
    public var passes: Int { state.passes }
    /// The bytes the kept frames took on disk (counted on, after they are removed).
    public var spilledBytes: Int { spill.storedBytes }

    /// Reads every frame once, in order, at the largest step's size: compares it with its run's
    /// first, keeps it in the spill, and encodes each of `samples` at every one of `steps`. The
    /// encoded bytes of each sample per step (`[frame: [bytes per step]]`), and the runs.
    public func survey(
        samples: [Int], steps: [ArchiveStep]
    ) throws -> (sizes: [Int: [Int]], similarity: FrameSimilarity?) {
        let wanted = Set(samples)
        let scales = Array(Set(steps.map(\.scale))).sorted(by: >)
        guard let top = scales.first else { return ([:], nil) }
        let topSize = ArchiveFitter.pixels(viewWidth, viewHeight, top)
        var sizes: [Int: [Int]] = [:]
        var runs = FrameSimilarity()
        for i in 0..<frameCount {
            try cancellation.check()
            progress(.surveying, i, frameCount)
            try codec.perFrame {
                let pixels = try codec.decode(i, width: topSize.width, height: topSize.height, fit: fit)
                state.decodes += 1
                runs.add(pixels.bytes, width: pixels.width, height: pixels.height, premultiplied: true)
                try spill.store(i, pixels)
                guard wanted.contains(i) else { return }
                var row = [Int](repeating: 0, count: steps.count)
                for scale in scales {
                    let size = ArchiveFitter.pixels(viewWidth, viewHeight, scale)
                    let scaled =
                        scale == top ? pixels : try codec.scale(pixels, width: size.width, height: size.height)
                    var lossless: Int? = nil
                    for (k, step) in steps.enumerated() where step.scale == scale {
                        if let lossless {
                            row[k] = lossless
                            continue
                        }
                        let layer = try codec.encode(scaled, quality: step.quality, frame: i, measure: false)
                        row[k] = layer.bytes.count
                        if !layer.lossy { lossless = layer.bytes.count }
                    }
                }
                sizes[i] = row
            }
        }
        progress(.surveying, frameCount, frameCount)
        state.similarity = runs
        return (sizes, runs)
    }

    /// The runs the survey measured (it always runs first).
    public func similarity() throws -> FrameSimilarity {
        guard let runs = state.similarity else {
            throw PrepareError(.input, "its frames were compared before they were read")
        }
        return runs
    }

    /// Writes one layer file per group, from the kept frame it shows, scaled to `size` and
    /// encoded at `step`, in group order; on a failure, it removes what this pass wrote.
    public func write(_ groups: [FrameGroup], size: PixelSize, step: ArchiveStep) throws -> [LayerRecord] {
        state.passes += 1
        var records: [LayerRecord] = []
        do {
            for (g, group) in groups.enumerated() {
                try cancellation.check()
                let layer = try codec.perFrame {
                    var pixels = try spill.load(group.shown)
                    if pixels.width != size.width || pixels.height != size.height {
                        pixels = try codec.scale(pixels, width: size.width, height: size.height)
                    }
                    return try codec.encode(pixels, quality: step.quality, frame: group.shown, measure: true)
                }
                let file = names.layerFile(g, fileExtension: layer.lossy ? "jpg" : "png")
                do {
                    try Data(layer.bytes).write(to: folder.appendingPathComponent(file), options: .atomic)
                } catch {
                    throw PrepareError(.folder(folder.path), "cannot write \(file) (\(error.localizedDescription))")
                }
                records.append(LayerRecord(file: file, encoded: layer.bytes, ssim: layer.ssim, lossy: layer.lossy))
                progress(.writing, g + 1, groups.count)
            }
        } catch {
            remove(records)
            throw error
        }
        return records
    }

    /// Removes the layer files `write` wrote (a pass that did not fit); a file already gone is
    /// passed over.
    public func remove(_ records: [LayerRecord]) {
        for r in records { try? FileManager.default.removeItem(at: folder.appendingPathComponent(r.file)) }
    }

    /// The fit is over: the kept frames go before the staging folder is committed.
    public func finished() { spill.remove() }
}
