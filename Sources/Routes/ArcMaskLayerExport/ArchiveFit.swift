import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Foundation

/// The export's layer writer for `ArchiveFitter`: frames from a frame source, resized by the
/// compositor (or drawn at size by vector sources), encoded by libjpeg-turbo or the PNG encoder.
///
/// `@unchecked Sendable`: the source is only touched in `draw`, which the fitter calls on its
/// reading thread (a source that draws concurrently says so, and only then is its drawing
/// deferred to another thread); `encode` reads immutable settings.
public struct SourceLayerWriter: LayerWriting, @unchecked Sendable {
    let source: FrameSource
    let format: ImageFormat
    let fit: FitMode
    let compression: PNG.Compression
    /// Every layer flattened onto this colour first; nil keeps transparency where the format can.
    let background: Color?
    /// How decoded frames are resized (vector sources draw at size and need none).
    let resample: ResampleMode
    public let traits: WriterTraits

    /// A writer of `source`'s layers on `jobs` threads.
    public init(
        source: FrameSource, format: ImageFormat, fit: FitMode, compression: PNG.Compression, jobs: Int,
        background: Color? = nil, resample: ResampleMode = .smooth
    ) {
        self.source = source
        self.resample = resample
        self.format = format
        self.fit = fit
        self.compression = compression
        self.background = background
        // A GIF or a video decodes every frame before a sample anyway: the fit reads them all,
        // in order, comparing them and encoding each at the step the samples point to.
        let access: WriterTraits.Access =
            source.capabilities.contains(.drawsAtAnySize)
            ? .drawnAtSize : source.capabilities.contains(.savesCanvases) ? .inOrder : .anyOrder
        traits = WriterTraits(access: access, reference: .source, keep: .lowestScale, jobs: jobs, speculates: true)
    }

    /// The frame as the source composites it (its reference), and a drawing per size resized
    /// from it; a vector source draws at each size instead (on a worker thread when it can),
    /// and composites its reference only when no size is asked for.
    public func draw(_ frame: Int, at sizes: [PixelSize], from reference: Layer?) throws -> DrawnFrame<Layer> {
        let fit = fit, resample = resample
        if source.capabilities.contains(.drawsAtAnySize), !sizes.isEmpty {
            let cells = try sizes.map { try LayerWriter.cell(source, frame, size: $0, fit: fit) }
            return DrawnFrame(reference: nil, layers: cells.map { cell in { Layer(try cell()) } })
        }
        let decoded = reference == nil ? Layer(try source.frame(at: frame)) : nil
        let image = (reference ?? decoded)!.image
        return DrawnFrame(
            reference: decoded,
            layers: sizes.map { size in { Layer(try Resampler.resized(image, to: size, fit: fit, resample: resample)) }
            })
    }

    /// The layer encoded by libjpeg-turbo or the PNG encoder, as the format and its transparency ask.
    public func encode(_ pixels: Layer, frame: Int, step: ArchiveStep, measure: Bool) throws -> LayerImage {
        try LayerEncoder.encode(
            pixels.image, format: format, quality: step.quality, compression: compression, measure: measure,
            background: background)
    }

    /// A layer's pixels as the export draws them: straight RGBA.
    public struct Layer: FitPixels {
        public let image: PixelBuffer

        public init(_ image: PixelBuffer) { self.image = image }

        public var width: Int { image.width }
        public var height: Int { image.height }
        public var rgba: [UInt8] { image.bytes }
        public static var premultiplied: Bool { false }
        public func kept() -> [UInt8] { image.bytes }

        public init(kept: [UInt8], width: Int, height: Int) throws {
            guard width > 0, height > 0, kept.count == width * height * 4 else {
                throw OutputError(
                    path: StagedFolder.keptFolder, "\(kept.count) bytes are no \(width)×\(height) px layer")
            }
            image = PixelBuffer(width: width, height: height, bytes: kept)
        }
    }
}
