import ArcMaskValues
import Foundation

/// What draws and encodes layers for `ArchiveFitter`: the command line's export (cairo,
/// libjpeg-turbo, libpng over libdeflate) and ArcMaskKit's `prepare` (ImageIO) each have one.
/// Two calls: draw frame i at a size, and encode pixels at a step. The fitter decides
/// everything else: which frames are read and in what order, what is kept between passes (its
/// `FitCache`), which pass is written, and the files. `encode` runs on the fitter's threads, so
/// a writer is `Sendable`; `draw` is only called on the reading thread.
public protocol LayerWriting: Sendable {
    associatedtype Pixels: FitPixels

    /// Fixed facts the fitter reads once.
    var traits: WriterTraits { get }

    /// Frame `frame` drawn at each of `sizes` (largest first), each drawing to run on any
    /// thread, with the frame's reference when this call decoded it: as the source composites
    /// it, or at the first of `sizes` (`traits.reference`). With `reference` (the frame's, which
    /// the fitter kept) the drawings are resized from it instead. What must happen in the
    /// fitter's order (decoding) happens in this call, on the fitter's reading thread; a drawing
    /// not run costs nothing.
    func draw(_ frame: Int, at sizes: [PixelSize], from reference: Pixels?) throws -> DrawnFrame<Pixels>

    /// `pixels` encoded at `step.quality`: JPEG or PNG, as the writer's format and the pixels'
    /// transparency decide; with `measure`, a JPEG is decoded back for its SSIM. `frame` is for
    /// messages. May run on any thread.
    func encode(_ pixels: Pixels, frame: Int, step: ArchiveStep, measure: Bool) throws -> LayerImage
}

/// Work that makes pixels, returned by `LayerWriting.draw` to run on any thread.
public typealias Drawing<Pixels> = @Sendable () throws -> Pixels

/// One frame as `LayerWriting.draw` returns it.
public struct DrawnFrame<Pixels: FitPixels>: Sendable {
    /// The frame's reference, when the call decoded it (not when it was given one, nor for a
    /// vector source asked for sizes alone).
    public var reference: Pixels?
    /// One drawing per size asked for, in the same order.
    public var layers: [Drawing<Pixels>]

    public init(reference: Pixels?, layers: [Drawing<Pixels>]) {
        self.reference = reference
        self.layers = layers
    }
}

/// A layer's pixels as a writer draws them: what the fitter compares and keeps between passes.
public protocol FitPixels: Sendable {
    var width: Int { get }
    var height: Int { get }
    /// RGBA, row by row from the top; premultiplied when `premultiplied` says.
    var rgba: [UInt8] { get }
    /// Whether `rgba` is premultiplied (the comparison takes it into account).
    static var premultiplied: Bool { get }
    /// The pixels as bytes to keep on disk between passes (`init(kept:width:height:)` reads them back).
    func kept() -> [UInt8]
    /// Pixels read back from `kept()`'s bytes; throws when they are damaged.
    init(kept: [UInt8], width: Int, height: Int) throws
}

/// Fixed facts about a writer.
public struct WriterTraits: Sendable {
    /// How frames are reached.
    public enum Access: Sendable {
        /// Every frame read once, in order, to reach any (a GIF, a video, ImageIO's animations):
        /// the survey reads them all, compares them on the way, and each layer is resized from
        /// its frame's reference.
        case inOrder
        /// Frames decoded where asked (image sequences, APNG, WebP, lanes of another source).
        case anyOrder
        /// Frames drawn at the layer's size where asked (vector sources).
        case drawnAtSize
    }

    /// A frame's reference: its pixels as drawn before any layer is made from them.
    public enum Reference: Sendable {
        /// As the source composites them, at the canvas's size (the command line).
        case source
        /// At the first (largest) size asked for: the largest layer's (ArcMaskKit, which keeps
        /// every frame's reference).
        case largestLayer
    }

    /// What the fitter keeps between passes, besides the layers it encoded.
    public enum Keep: Sendable {
        /// Every frame's reference: no frame is decoded twice, whatever the passes (ArcMaskKit).
        case references
        /// The pixels of layers drawn at the ladder's lowest scale while reading, within
        /// `FitCache.pixelBudget`: a change of quality alone encodes them again without decoding.
        case lowestScale
    }

    public var access: Access
    public var reference: Reference
    public var keep: Keep
    /// Threads that run drawings and encodes; 1 runs everything on the calling thread, a frame at a time.
    public var jobs: Int
    /// While reading every frame, encode each at the step the samples so far point to, so that
    /// a pass at that step finds its layers done.
    public var speculates: Bool

    public init(access: Access, reference: Reference, keep: Keep, jobs: Int, speculates: Bool) {
        self.access = access
        self.reference = reference
        self.keep = keep
        self.jobs = max(1, jobs)
        self.speculates = speculates
    }
}

/// One layer encoded: its bytes, whether they are lossy (JPEG), how alike they decode to the
/// layer (SSIM; 1 for PNG and for a JPEG not measured), and what flattening kept of it.
public struct LayerImage: Sendable, Equatable {
    public var bytes: [UInt8]
    public var lossy: Bool
    public var ssim: Double
    /// Transparent pixels were flattened onto black because the format cannot hold them.
    public var flattened: Bool
    /// What flattening kept of the picture, when it was flattened.
    public var look: FlattenedLook?

    public init(bytes: [UInt8], lossy: Bool, ssim: Double, flattened: Bool = false, look: FlattenedLook? = nil) {
        self.bytes = bytes
        self.lossy = lossy
        self.ssim = ssim
        self.flattened = flattened
        self.look = look
    }

    public var fileExtension: String { lossy ? "jpg" : "png" }
}

/// Where the fitter's files go: the layer files of the pass that fits, each written once, and
/// what it keeps aside between passes (hidden, gone before the folder is committed). A staged
/// folder is one (ArcMaskFiles); Core itself touches no file.
public protocol FitDestination: AnyObject {
    /// Writes the layer file `name`, once.
    func write(_ bytes: [UInt8], as name: String) throws
    /// Keeps `bytes` aside under `key` (a plain name) until `forgetKept()`.
    func keep(_ bytes: [UInt8], as key: String) throws
    /// The bytes kept under `key`.
    func kept(_ key: String) throws -> [UInt8]
    /// Removes everything kept aside.
    func forgetKept()
}

/// What the fitter reports as it goes, and where a front end may stop it.
public struct FitProgress: Sendable {
    public enum Stage: String, Sendable {
        /// Drawing the samples (sources drawn at any size).
        case sampling
        /// Reading frames: every frame for an in-order source, else the samples.
        case reading
        /// Comparing every frame with its neighbours (merging needs it).
        case comparing
        /// Drawing and encoding a pass's layers.
        case writing
    }

    /// Told each stage as it starts, with its number of items.
    public var stage: @Sendable (Stage, Int) -> Void
    /// Told each item done in the current stage (from any thread).
    public var advance: @Sendable () -> Void
    /// Called before each frame and each layer: throwing stops the fit (cancellation).
    public var check: @Sendable () throws -> Void

    public init(
        stage: @escaping @Sendable (Stage, Int) -> Void = { _, _ in }, advance: @escaping @Sendable () -> Void = {},
        check: @escaping @Sendable () throws -> Void = {}
    ) {
        self.stage = stage
        self.advance = advance
        self.check = check
    }

    public static let none = FitProgress()
}

/// What one fit cost: for the bench and the tests.
public struct FitReport: Sendable, Equatable {
    /// Passes drawn and encoded (more than one when a pass came out over the budget).
    public var passes = 0
    /// Frames drawn from the source without a reference (reading, comparing, and layers the
    /// cache did not hold).
    public var draws = 0
    /// Layers a pass took from the cache, encoded while reading or by an earlier pass.
    public var cacheHits = 0
    /// Bytes kept aside between passes (counted on after they are removed).
    public var keptBytes = 0

    public init() {}
}
