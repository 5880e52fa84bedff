import ArcMaskCairo
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Foundation

/// How an SVGA's frames are played: a range, a direction and a rate.
public struct SVGASequence: Sendable, Equatable {
    /// First and last frame (inclusive); nil plays them all.
    public var range: ClosedRange<Int>?
    public var reverse: Bool
    /// Resample to this many frames per second; nil keeps the file's rate.
    public var fps: Double?

    public init(range: ClosedRange<Int>? = nil, reverse: Bool = false, fps: Double? = nil) {
        self.range = range
        self.reverse = reverse
        self.fps = fps
    }

    /// The movie played as `playback` says (the movie's frames are uniform: its own rate).
    public init(_ playback: Playback) {
        self.init(range: playback.range, reverse: playback.reverse, fps: playback.fps)
    }

    /// The movie frame shown at each step, and how long each step lasts (ms).
    public func frames(of movie: SVGAMovie) throws(SVGASequenceError) -> (indexes: [Int], durationMs: Double) {
        var base = Array(0..<movie.frameCount)
        if let range {
            guard range.lowerBound >= 0, range.upperBound < movie.frameCount else {
                throw SVGASequenceError(
                    message:
                        "range \(range.lowerBound)..\(range.upperBound) is outside frames 0..\(movie.frameCount - 1)")
            }
            base = Array(range)
        }
        if reverse { base.reverse() }
        guard let fps else { return (base, 1000 / Double(movie.fps)) }
        guard fps > 0, fps <= 240 else {
            throw SVGASequenceError(message: "\(fps) must be in (0, 240]", mention: .subject(.framesPerSecond))
        }
        let seconds = Double(base.count) / Double(movie.fps)
        let count = max(1, Int((seconds * fps).rounded()))
        let indexes = (0..<count).map { j in
            base[min(base.count - 1, Int((Double(j) / fps * Double(movie.fps)).rounded(.down)))]
        }
        return (indexes, 1000 / fps)
    }
}

public struct SVGASequenceError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// The setting at fault, which the front end names.
    public var mention: SettingMention? = nil
    public var description: String { InputVocabulary.plain.words(message, mention) }
}

/// An SVGA movie as a `FrameSource`: frames rendered on demand at `canvasSize` (the viewBox
/// by default) or at any size a consumer asks for, in the order the sequence plays them.
///
/// Frames may be drawn on several threads at once: each call takes a renderer of its own from
/// a pool (one per thread that draws at the same time), so a frame's pixels do not depend on
/// which thread or renderer drew it. Custom drawings (`SVGADynamicContent.setDrawing`) are the
/// caller's code, so a source with drawings draws on one thread.
public final class SVGAFrameSource: FrameSource, @unchecked Sendable {
    public let name: String
    public let movie: SVGAMovie
    public let canvasSize: PixelSize
    public let sequence: SVGASequence
    public let indexes: [Int]
    private let stepMs: Double
    private let content: SVGADynamicContent
    /// Idle renderers; a call takes one (or makes one) and gives it back.
    private var idle: [SVGARenderer] = []
    /// Every renderer made, for their warnings.
    private var renderers: [SVGARenderer] = []
    private let lock = NSLock()
    /// Where rendered frames are kept between runs (nil: render every time).
    public let cache: RenderCache?
    private let contentKey: String

    /// - Parameters:
    ///   - content: images, text, hidden keys and drawings put into the movie's keys (checked against them).
    ///   - contentKey: identifies the file's bytes for the render cache (`RenderCache.contentKey`).
    public init(
        movie: SVGAMovie, name: String, size: PixelSize? = nil, sequence: SVGASequence = SVGASequence(),
        content: SVGADynamicContent = SVGADynamicContent(), cache: RenderCache? = nil, contentKey: String = ""
    ) throws {
        try content.check(against: movie, file: name)
        self.cache = contentKey.isEmpty ? nil : cache
        // Frames drawn with other content are other frames: the content's digest joins the key.
        let digest = content.digest
        self.contentKey = digest.isEmpty ? contentKey : contentKey + "-d" + digest
        self.movie = movie
        self.name = name
        canvasSize =
            size
            ?? PixelSize(
                width: max(1, Int(movie.viewBoxWidth.rounded())), height: max(1, Int(movie.viewBoxHeight.rounded())))
        self.sequence = sequence
        do {
            (indexes, stepMs) = try sequence.frames(of: movie)
        } catch {
            throw InputError(file: name, error.message, mention: error.mention)
        }
        self.content = content
        contentNotes = content.notes(for: movie)
    }

    /// Reads an SVGA file's bytes; with a cache, rendered frames are reused across runs (keyed by the content).
    public convenience init(
        bytes: [UInt8], name: String, size: PixelSize? = nil, sequence: SVGASequence = SVGASequence(),
        content: SVGADynamicContent = SVGADynamicContent(), limits: SVGALimits = .default, cache: RenderCache? = nil
    ) throws {
        try self.init(
            movie: SVGAReader.read(bytes: bytes, name: name, limits: limits), name: name, size: size,
            sequence: sequence, content: content, cache: cache,
            contentKey: cache == nil ? "" : RenderCache.contentKey(bytes))
    }

    public var frameCount: Int { indexes.count }
    /// SVGA movies loop for ever unless a player is told otherwise.
    public var loopMode: LoopMode { .forever }
    public func duration(at index: Int) -> Double { stepMs }
    public var warnings: [String] {
        // Every renderer meets the same undecodable images: each problem is said once.
        var seen = Set<String>()
        let problems = lock.withLock { renderers.flatMap(\.imageProblems) }.filter { seen.insert($0).inserted }
        return contentNotes + problems
    }

    /// Drawn at any size; on several threads at once unless custom drawings are set (they run
    /// the caller's code, which need not be thread-safe).
    public var capabilities: FrameCapabilities {
        content.hasDrawings ? [.drawsAtAnySize] : [.drawsAtAnySize, .drawsConcurrently]
    }
    /// What laying out the dynamic text found (glyphs missing, text cut short).
    private var contentNotes: [String] = []

    public func frame(at index: Int) throws -> PixelBuffer {
        try frame(at: index, size: canvasSize, fit: .fit)
    }

    public func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        let k = indexes[index]
        let variant = fit == .fit ? "" : "-\(fit.rawValue)"
        if let cache, let hit = cache.image(key: contentKey + variant, frame: k, size: size) { return hit }
        let renderer = takeRenderer()
        defer { lock.withLock { idle.append(renderer) } }
        let image = try renderer.render(frame: k, size: size, fit: fit)
        cache?.store(image, key: contentKey + variant, frame: k, size: size)
        return image
    }

    /// Frame `index` as drawn: premultiplied, or straight when a render cache keeps it (frames
    /// for the cache are kept straight: drawn once, both ways out).
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        try drawing(at: index, size: size, fit: fit)
    }

    /// What `drawn(at:size:fit:)` gives: this source always draws.
    private func drawing(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage {
        if cache != nil { return .straight(try frame(at: index, size: size, fit: fit)) }
        let renderer = takeRenderer()
        defer { lock.withLock { idle.append(renderer) } }
        return .premultiplied(
            try renderer.renderSurface(frame: indexes[index], size: size, fit: fit).premultipliedImage())
    }

    /// Frame `index` premultiplied, as a surface of the caller's own.
    public func surface(at index: Int, size: PixelSize, fit: FitMode) throws -> Surface {
        try drawing(at: index, size: size, fit: fit).surface()
    }

    private func takeRenderer() -> SVGARenderer {
        if let r = lock.withLock({ idle.popLast() }) { return r }
        let r = SVGARenderer(movie: movie)
        r.content = content
        lock.withLock { renderers.append(r) }
        return r
    }
}
