import ArcMaskBudget
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
    func encode(_ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool) throws -> LayerImage
    /// One frame's work, its temporaries released when it is done (an autorelease pool on Apple's systems).
    func perFrame<T>(_ work: () throws -> T) throws -> T
}

@_spi(Measuring) extension LayerCodec {
    /// Runs `work` as it is, for a codec with no per-frame temporaries to release.
    public func perFrame<T>(_ work: () throws -> T) throws -> T { try work() }
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

/// `prepare`'s layer writer for `ArchiveFitter`, each frame decoded once: the fitter reads
/// every frame in order at the largest layer size it may choose, compares each with its run's
/// first (at that size: what the widget can show), encodes the samples at every step and keeps
/// every frame (`WriterTraits.Keep.references`, deflated on the staging folder's hidden side);
/// each pass is drawn from the kept frames, scaled down when the pass is smaller.
///
/// In order, because ImageIO decodes a GIF or APNG frame by compositing the frames before it
/// (asked out of order, it decodes them again); once, because a video frame costs a seek and a
/// decode, and a Lottie frame a whole evaluation. Memory: one frame at a time (one job), and
/// the encoded layers of a pass.
///
/// `@unchecked Sendable`: the fitter runs it with one job, on its own thread.
@_spi(Measuring) public struct CodecLayerWriter<Codec: LayerCodec>: LayerWriting, @unchecked Sendable {
    let codec: Codec
    let fit: FitMode
    private let scaler: LayerScaler
    private let counts = Counts()
    /// In order, each frame kept at the largest layer's size, one frame at a time, no speculation.
    public let traits = WriterTraits(
        access: .inOrder, reference: .largestLayer, keep: .references, jobs: 1, speculates: false)

    private final class Counts: @unchecked Sendable {
        var decodes = 0
    }

    /// A writer of the layers `codec` decodes, scales and encodes; `fit` says how a frame meets
    /// a layer of another shape.
    public init(codec: Codec, fit: FitMode) {
        self.codec = codec
        scaler = LayerScaler { pixels, size in
            try codec.perFrame { try codec.scale(pixels, width: size.width, height: size.height) }
        }
        self.fit = fit
    }

    /// Frames decoded so far (once each, when all is well).
    public var decodes: Int { counts.decodes }

    /// Frame `frame` decoded at the first of `sizes` (the fitter asks in order, the largest
    /// layer first): its reference; or its kept `reference`. Each size is scaled down from it
    /// when its drawing runs.
    public func draw(
        _ frame: Int, at sizes: [PixelSize], from reference: LayerPixels?
    ) throws -> DrawnFrame<LayerPixels> {
        var decoded: LayerPixels? = nil
        if reference == nil {
            guard let first = sizes.first else { throw PrepareError(.frame(frame), "was asked for at no size") }
            counts.decodes += 1
            decoded = try codec.perFrame { try codec.decode(frame, width: first.width, height: first.height, fit: fit) }
        }
        let pixels = (reference ?? decoded)!, scaler = scaler
        return DrawnFrame(
            reference: decoded,
            layers: sizes.map { size in
                {
                    if pixels.width == size.width && pixels.height == size.height { return pixels }
                    return try scaler.scale(pixels, size)
                }
            })
    }

    /// `pixels` encoded by the codec at `step`'s quality, its temporaries released at once.
    public func encode(_ pixels: LayerPixels, frame: Int, step: ArchiveStep, measure: Bool) throws -> LayerImage {
        try codec.perFrame { try codec.encode(pixels, quality: step.quality, frame: frame, measure: measure) }
    }
}

/// The codec's scaling as a plain closure, which the drawings capture instead of the generic
/// writer: a sendable closure that calls through `Codec`'s conformance captures `Codec.Type`,
/// and Swift 6.2 warns unless the protocol refines `SendableMetatype`, which the standard
/// libraries of earlier SDKs (iOS 17's among them) do not declare. Made once, in `init`: made
/// inside `draw`, next to the drawings, it crashes Swift 6.3.1's region analysis.
/// `@unchecked Sendable`: the fitter runs the writer's drawings on its own thread, one job.
private struct LayerScaler: @unchecked Sendable {
    let scale: (LayerPixels, PixelSize) throws -> LayerPixels
}
