import ArcMaskValues

/// How many times an animation plays.
public enum LoopMode: Hashable, Sendable, CustomStringConvertible {
    /// Plays once (a GIF without a loop extension).
    case once
    /// Plays `repeats + 1` times in all (a GIF loop count of `repeats`).
    case finite(repeats: Int)
    /// Loops for ever (a GIF loop count of 0).
    case forever

    /// From a number of plays as APNG (num_plays), WebP (loop count) and sequences (--loops)
    /// write it: 0 = for ever, 1 or nil (a still image) = once, n = n plays.
    public init(playCount: Int?) {
        switch playCount {
        case nil, 1?: self = .once
        case 0?: self = .forever
        case let n?: self = .finite(repeats: n - 1)
        }
    }

    /// The loop count as GIF writes it: 0 = forever, n = n repeats, nil = no extension.
    public var gifLoopCount: Int? {
        switch self {
        case .once: nil
        case .finite(let n): n
        case .forever: 0
        }
    }

    /// Total plays, or nil for ever.
    public var plays: Int? {
        switch self {
        case .once: 1
        case .finite(let n): n + 1
        case .forever: nil
        }
    }

    public var description: String {
        switch self {
        case .once: "plays once"
        case .finite(let n): "plays \(n + 1) times"
        case .forever: "loops forever"
        }
    }
}

/// Frames with durations: the one abstraction every engine reads (plan, compositor,
/// emulator, exports) and every format provides (GIF, SVGA).
///
/// - Metadata (`canvasSize`, `frameCount`, `loopMode`, `duration(at:)`) is known
///   when the source is opened and cheap to read.
/// - `frame(at:)` decodes lazily. Reading frames in order reuses one canvas;
///   random access must not decode the whole file into memory.
public protocol FrameSource: AnyObject {
    /// Where the frames come from, for messages (usually a file path).
    var name: String { get }
    var canvasSize: PixelSize { get }
    var frameCount: Int { get }
    var loopMode: LoopMode { get }
    /// How long frame `index` is shown, in milliseconds, as players show it.
    func duration(at index: Int) -> Double
    /// The composited canvas at frame `index`: straight RGBA, `canvasSize` pixels.
    func frame(at index: Int) throws -> PixelBuffer
    /// Problems found so far that did not stop decoding (damaged data, clipped frames).
    var warnings: [String] { get }
    /// What times the frames: a list of frames with delays, or a clip's timestamps.
    var timeBase: TimeBase { get }
    /// The files the frames are read from, which no output may replace.
    var inputFiles: [String] { get }
    /// What it can do beyond `frame(at:)`; none by default.
    var capabilities: FrameCapabilities { get }
    /// Frame `index` drawn at `size` pixels, placed as `fit` says, by a source that
    /// `.drawsAtAnySize`; nil from the others, whose frames consumers resize.
    func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage?
    /// Bytes that saved canvases may take, for a source that `.savesCanvases`; 0 and ignored otherwise.
    var checkpointBudget: Int { get set }
    /// Adds what the format knows to the common report (`SourceReport.init` calls it): the
    /// format's name, its loop count as written, its per-frame fields.
    func describe(into report: inout SourceReport)
    /// The format's own report where it says more than the common one (GIF, SVGA); nil by default.
    var details: (any FormatDetails)? { get }
    /// The data is damaged (the frames up to the damage were kept).
    var damaged: Bool { get }
}

/// What times a source's frames: declared by each source, so consumers need not know its type.
public enum TimeBase: Sendable, Equatable {
    /// Frames, each with its delay (GIF, APNG, WebP, sequences, vector formats).
    case frames
    /// A clip's presentation timestamps (video, AVIF sequences): cut by time, frames from the
    /// decoder's pools.
    case timestamps
}

extension FrameSource {
    public var timeBase: TimeBase { .frames }
    public var inputFiles: [String] { [name] }
}

extension FrameSource {
    /// Every frame's duration in milliseconds.
    public var durations: [Double] { (0..<frameCount).map(duration(at:)) }

    /// One play-through, in milliseconds.
    public var totalDuration: Double { durations.reduce(0, +) }

    /// Decoded size of one frame in bytes.
    public var frameByteCount: Int { canvasSize.pixelCount * 4 }
}

/// What a source can do beyond decoding its frames at the canvas size, declared by the source so
/// that consumers ask, never cast. `PlaybackSource` and `GroupedSource` pass their base's on.
public struct FrameCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Draws its frames at any size (vector formats: SVG, SVG sequences, SVGA, Lottie), so
    /// consumers ask `drawn(at:size:fit:)` for the size they show instead of resizing.
    public static let drawsAtAnySize = Self(rawValue: 1)
    /// Its frames are independent and may be drawn on several threads at once right now (Lottie;
    /// SVGA without custom drawings): each thread gets its own renderer. Other sources are
    /// decoded in order on one thread.
    public static let drawsConcurrently = Self(rawValue: 2)
    /// Saves decoded canvases within `checkpointBudget` bytes, so random access does not decode
    /// from the start (GIF, video). Consumers that read in passes from the first frame may lower it.
    public static let savesCanvases = Self(rawValue: 4)
}

/// A frame drawn at a requested size.
public enum DrawnImage {
    /// Straight RGBA.
    case straight(PixelBuffer)
    /// Premultiplied as cairo drew it, for consumers that draw with it again (no unpremultiplying
    /// and premultiplying between).
    case premultiplied(PremultipliedImage)
}

/// Premultiplied ARGB32 pixels (one native-endian `UInt32` per pixel, alpha in the top byte) that
/// another object owns: a drawing surface hands its pixels over without a copy.
public final class PremultipliedImage {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    public let data: UnsafeMutablePointer<UInt8>
    /// What owns `data`; kept alive as long as this image.
    private let owner: AnyObject

    public init(width: Int, height: Int, stride: Int, data: UnsafeMutablePointer<UInt8>, owner: AnyObject) {
        self.width = width
        self.height = height
        self.stride = stride
        self.data = data
        self.owner = owner
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
}

/// What every source can do by default: nothing beyond `frame(at:)`.
extension FrameSource {
    public var capabilities: FrameCapabilities { [] }
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? { nil }
    public var checkpointBudget: Int {
        get { 0 }
        set {}
    }

    /// True when this source's frames can be drawn on several threads at once.
    public var drawsConcurrently: Bool { capabilities.contains(.drawsConcurrently) }

    /// Frame `index` for a worker thread to pick up: when this source draws concurrently,
    /// `draw` runs later on whichever thread calls the result; otherwise it runs now, on this
    /// thread and in the caller's order, and the result hands over its image.
    public func deferredFrame(
        _ index: Int, _ draw: @escaping @Sendable (any FrameSource, Int) throws -> PixelBuffer
    ) throws -> @Sendable () throws -> PixelBuffer {
        if drawsConcurrently {
            let shared = SharedFrameSource(self)
            return { try draw(shared.source, index) }
        }
        let image = try draw(self, index)
        return { image }
    }
}

/// A source handed to worker threads: only ever made for one whose capabilities include
/// `.drawsConcurrently`, which promises that its frames may be drawn from several threads.
struct SharedFrameSource: @unchecked Sendable {
    let source: any FrameSource
    init(_ source: any FrameSource) { self.source = source }
}
