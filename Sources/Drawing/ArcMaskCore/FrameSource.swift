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

/// A source that saves decoded canvases so that random access does not decode from the start
/// (GIF). Consumers that read in passes from the first frame can lower the budget.
public protocol CheckpointingFrameSource: FrameSource {
    /// Bytes that saved canvases may take.
    var checkpointBudget: Int { get set }
}

/// A source that draws its frames at any size (vector formats): consumers ask for the size
/// they show instead of resizing a frame drawn at the canvas size.
public protocol ScalableFrameSource: FrameSource {
    /// Frame `index` drawn at `size` pixels, placed as `fit` says, straight RGBA.
    func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer
}

/// A source whose frames are independent of one another and may be drawn on several threads
/// at once (vector formats: each thread gets its own renderer). Bulk consumers draw such
/// frames on every core; other sources are decoded in order on one thread.
public protocol ConcurrentFrameSource: FrameSource, Sendable {
    /// Whether `frame(at:)` (and, for a scalable source, `frame(at:size:fit:)`) may be called
    /// from several threads at once right now; false makes consumers draw on one thread.
    var drawsConcurrently: Bool { get }
}

extension FrameSource {
    /// True when this source's frames can be drawn on several threads at once.
    public var drawsConcurrently: Bool { (self as? any ConcurrentFrameSource)?.drawsConcurrently ?? false }

    /// Frame `index` for a worker thread to pick up: when this source draws concurrently,
    /// `draw` runs later on whichever thread calls the result; otherwise it runs now, on this
    /// thread and in the caller's order, and the result hands over its image.
    public func deferredFrame(
        _ index: Int, _ draw: @escaping @Sendable (any FrameSource, Int) throws -> PixelBuffer
    ) throws -> @Sendable () throws -> PixelBuffer {
        if drawsConcurrently, let source = self as? any ConcurrentFrameSource {
            return { try draw(source, index) }
        }
        let image = try draw(self, index)
        return { image }
    }
}
