import ArcMaskFrames
import ArcMaskIO
import ArcMaskSVG
import ArcMaskValues

/// A numbered image sequence as a `FrameSource`, after MBAnimationView: one file per frame
/// (PNG through libpng, JPEG through libjpeg-turbo, each file's format read from its bytes),
/// a frame rate or a duration per frame, a loop count, `@Sx` variants for a scale.
///
/// Opening lists the files and reads each one's header (size) only; `frame(at:)` reads and
/// decodes one file, so memory stays flat however long the sequence. Every frame must have
/// the first one's size; a file that cannot be read is an error naming it.
public class ImageSequenceSource: FrameSource {
    public let name: String
    public let canvasSize: PixelSize
    public let frames: [SequenceFrame]
    /// Every frame's file.
    public var inputFiles: [String] { frames.map(\.path) }
    public let options: SequenceOptions
    /// The pattern or folder, as read ("anim/frame%03d.png", "anim/").
    public let pattern: String
    public private(set) var warnings: [String]
    /// The kind of every frame file: "PNG", "JPEG" or "SVG".
    public let kinds: [String]

    let files: SequenceFiles
    let limits: DecodeLimits
    private let durationsMs: [Double]
    private var current: (index: Int, image: PixelBuffer)? = nil

    /// The most bytes one frame file may have.
    public static let maxFileBytes = 256 << 20

    /// Opens `input` (a pattern or a folder) as a sequence: the SVG subclass when its frames are SVG.
    public static func open(
        _ input: String, options: SequenceOptions = SequenceOptions(), limits: DecodeLimits = .default,
        svgLimits: SVGLimits = .default, svgCache: SVGRasterCache? = nil, files: SequenceFiles = DiskFiles()
    ) throws -> ImageSequenceSource {
        let (frames, warnings, pattern) = try SequenceLister.list(
            input, options: options, files: files, maxFrames: limits.maxFrames)
        var kinds: [String] = []
        var size: PixelSize? = nil
        for f in frames {
            let head = try files.head(f.path, count: 4096)
            let (kind, s) = try header(head, path: f.path, files: files)
            if kind == "SVG" && !kinds.isEmpty && kinds[0] != "SVG" || kind != "SVG" && kinds.first == "SVG" {
                throw InputError(
                    file: f.path, "is \(kind) but \(frames[0].path) is \(kinds[0]): a sequence is all SVG or all raster"
                )
            }
            kinds.append(kind)
            guard let s else { continue }
            if let size, s != size {
                throw InputError(file: f.path, "is \(s), but the sequence's first frame (\(frames[0].path)) is \(size)")
            }
            size = s
        }
        if kinds.first == "SVG" {
            return try SVGSequenceSource(
                input: input, frames: frames, kinds: kinds, warnings: warnings, pattern: pattern, options: options,
                limits: limits, svgLimits: svgLimits, cache: svgCache, files: files)
        }
        return try ImageSequenceSource(
            input: input, size: size!, frames: frames, kinds: kinds, warnings: warnings, pattern: pattern,
            options: options, limits: limits, files: files)
    }

    init(
        input: String, size: PixelSize, frames: [SequenceFrame], kinds: [String], warnings: [String], pattern: String,
        options: SequenceOptions, limits: DecodeLimits, files: SequenceFiles
    ) throws {
        guard size.pixelCount <= limits.maxCanvasPixels else {
            throw InputError(
                file: input,
                "its frames are \(size) = \(size.pixelCount) pixels, over the limit of \(limits.maxCanvasPixels)",
                mention: .raise(.maxPixels)
            )
        }
        if let durations = options.durations {
            guard durations.count == frames.count else {
                throw InputError(
                    file: input, "gives \(durations.count) durations for \(frames.count) frames",
                    mention: .subject(.durations))
            }
            guard durations.allSatisfy({ $0 > 0 && $0.isFinite }) else {
                throw InputError(file: input, "must all be positive", mention: .subject(.durations))
            }
            durationsMs = durations
        } else {
            guard options.fps > 0 && options.fps <= 240 else {
                throw InputError(file: input, "must be in (0, 240]", mention: .subject(.framesPerSecond))
            }
            durationsMs = [Double](repeating: 1000 / options.fps, count: frames.count)
        }
        self.name = input
        self.canvasSize = size
        self.frames = frames
        self.kinds = kinds
        self.warnings = warnings
        self.pattern = pattern
        self.options = options
        self.limits = limits
        self.files = files
    }

    public var frameCount: Int { frames.count }
    public func duration(at index: Int) -> Double { durationsMs[index] }

    public var loopMode: LoopMode { LoopMode(playCount: options.loops) }
    /// PNG and JPEG frames are decoded at their size; `SVGSequenceSource` draws at any size.
    public var capabilities: FrameCapabilities { [] }
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? { nil }
    /// "sequence": the pattern read, the play count, and each frame's number, file and kind.
    public func describe(into r: inout SourceReport) {
        r.format = "sequence"
        r.pattern = pattern
        r.loopCount = options.loops
        for (k, f) in frames.enumerated() {
            r.frames[k].number = f.number
            r.frames[k].path = f.path
            r.frames[k].kind = kinds[k]
        }
    }

    public func frame(at index: Int) throws -> PixelBuffer {
        precondition(index >= 0 && index < frames.count, "frame \(index) out of 0..<\(frames.count)")
        if let current, current.index == index { return current.image }
        let f = frames[index]
        let bytes = try files.read(f.path, limit: Self.maxFileBytes)
        let image: PixelBuffer
        do {
            if JPEG.matches(bytes) {
                let decoded = try JPEG.decode(bytes, maxPixels: limits.maxCanvasPixels)
                if let w = decoded.warning {
                    warnings.append("\(f.path): damaged JPEG data (\(w)); decoded as far as it goes")
                }
                image = decoded.image
            } else {
                image = try PNG.decode(bytes, maxPixels: limits.maxCanvasPixels)
            }
        } catch let error as ArcMaskError {
            throw InputError(file: f.path, error.message)
        }
        guard image.size == canvasSize else {
            throw InputError(file: f.path, "decodes to \(image.size), but the sequence is \(canvasSize)")
        }
        current = (index, image)
        return image
    }

    /// The kind of a frame file and its size (nil for SVG, sized when drawn), from its first bytes.
    static func header(_ head: [UInt8], path: String, files: SequenceFiles) throws -> (String, PixelSize?) {
        if head.starts(with: PNG.signature) {
            guard let size = PNG.size(ofHeader: head), size.width > 0, size.height > 0 else {
                throw InputError(file: path, "is a PNG without a valid IHDR")
            }
            return ("PNG", size)
        }
        if JPEG.matches(head) {
            if let size = JPEG.size(of: head) { return ("JPEG", size) }
            // The frame header lies past the first 4 KB (metadata before it): read the whole file.
            guard let size = JPEG.size(of: try files.read(path, limit: maxFileBytes)) else {
                throw InputError(file: path, "is a JPEG whose frame header cannot be read")
            }
            return ("JPEG", size)
        }
        if SVGDocument.matches(head) { return ("SVG", nil) }
        if head.isEmpty { throw InputError(file: path, "is empty (0 bytes)") }
        let start = head.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
        throw InputError(file: path, "is not a PNG, JPEG or SVG file (it starts with \(start))")
    }
}

/// A numbered sequence of SVG files: each frame drawn by librsvg at the size it is shown
/// (no resampling), through the raster caches.
public final class SVGSequenceSource: ImageSequenceSource {
    public override var capabilities: FrameCapabilities { .drawsAtAnySize }
    public override func describe(into r: inout SourceReport) {
        super.describe(into: &r)
        r.renderer = "librsvg \(SVGDocument.rendererVersion)"
    }
    public override func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        .straight(try frame(at: index, size: size, fit: fit))
    }
    private let svgLimits: SVGLimits
    private let cache: SVGRasterCache?
    private var document: (index: Int, source: SVGFrameSource)? = nil

    init(
        input: String, frames: [SequenceFrame], kinds: [String], warnings: [String], pattern: String,
        options: SequenceOptions, limits: DecodeLimits, svgLimits: SVGLimits, cache: SVGRasterCache?,
        files: SequenceFiles
    ) throws {
        self.svgLimits = svgLimits
        self.cache = cache
        let first = try SVGDocument(
            bytes: files.read(frames[0].path, limit: svgLimits.maxFileBytes), name: frames[0].path, limits: svgLimits)
        try super.init(
            input: input, size: first.pixelSize, frames: frames, kinds: kinds, warnings: warnings, pattern: pattern,
            options: options, limits: limits, files: files)
    }

    public override func frame(at index: Int) throws -> PixelBuffer {
        try frame(at: index, size: canvasSize, fit: .fit)
    }

    public func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        let svg = try svgSource(index)
        return try svg.frame(at: 0, size: size, fit: fit)
    }

    private func svgSource(_ index: Int) throws -> SVGFrameSource {
        if let document, document.index == index { return document.source }
        let path = frames[index].path
        let svg = try SVGFrameSource(
            bytes: files.read(path, limit: svgLimits.maxFileBytes), name: path, limits: svgLimits, cache: cache)
        if svg.canvasSize != canvasSize {
            throw InputError(
                file: path, "is \(svg.canvasSize), but the sequence's first frame (\(frames[0].path)) is \(canvasSize)")
        }
        document = (index, svg)
        return svg
    }
}
