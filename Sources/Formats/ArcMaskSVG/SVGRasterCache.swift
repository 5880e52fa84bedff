import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Foundation

/// Rasters of SVG documents, so the same SVG at the same size is drawn once: a memory cache
/// shared by the process (bounded in bytes, least recently used evicted) in front of the disk
/// cache shared by runs (`RenderCache`: atomic writes, bounded, safe under concurrent runs).
/// Keys hold the content hash, the size, the placement and librsvg's version.
public final class SVGRasterCache: @unchecked Sendable {
    public let disk: RenderCache?
    private var memory: ByteLRU<String, PixelBuffer>
    private let lock = NSLock()

    /// The process's cache: 64 MB in memory, and the disk cache given (nil: memory only).
    public init(disk: RenderCache?, memoryBytes: Int = 64 << 20) {
        self.disk = disk
        self.memory = ByteLRU(capacityBytes: memoryBytes)
    }

    /// The key of a document's bytes for this librsvg.
    public static func key(content: [UInt8]) -> String {
        "svg\(SVGDocument.rendererVersion)-\(RenderCache.contentKey(content))"
    }

    public enum Hit: Sendable { case memory, disk }

    /// The memory cache's key: the disk cache's key plus the size (which the disk cache puts in the file name).
    private func memoryKey(_ key: String, _ size: PixelSize, _ fit: FitMode) -> String {
        "\(key)-\(fit.rawValue)-\(size.width)x\(size.height)"
    }

    /// The raster for (key, size, fit), and where it came from; nil when neither cache has it.
    public func image(key: String, size: PixelSize, fit: FitMode) -> (PixelBuffer, Hit)? {
        let k = memoryKey(key, size, fit)
        if let hit = lock.withLock({ memory.value(for: k) }) { return (hit, .memory) }
        guard let disk, let hit = disk.image(key: "\(key)-\(fit.rawValue)", frame: 0, size: size) else { return nil }
        lock.withLock { memory.insert(hit, bytes: hit.byteCount, for: k) }
        return (hit, .disk)
    }

    public func store(_ image: PixelBuffer, key: String, size: PixelSize, fit: FitMode) {
        lock.withLock { memory.insert(image, bytes: image.byteCount, for: memoryKey(key, size, fit)) }
        disk?.store(image, key: "\(key)-\(fit.rawValue)", frame: 0, size: size)
    }
}

/// One SVG as a one-frame source that `.drawsAtAnySize`: drawn at the size a consumer shows it, never
/// resampled, through the raster caches.
public final class SVGFrameSource: FrameSource {
    public var capabilities: FrameCapabilities { .drawsAtAnySize }
    public func describe(into r: inout SourceReport) {
        r.format = "SVG"
        r.renderer = "librsvg \(SVGDocument.rendererVersion)"
    }
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        .straight(try frame(at: index, size: size, fit: fit))
    }
    public let name: String
    public let document: SVGDocument
    public let canvasSize: PixelSize
    public let cache: SVGRasterCache?
    private let key: String
    /// How many frames librsvg drew, and how many came from the caches (for reports and tests).
    public private(set) var renders = 0
    public private(set) var cacheHits = 0

    public init(bytes: [UInt8], name: String, limits: SVGLimits = .default, cache: SVGRasterCache? = nil) throws {
        self.document = try SVGDocument(bytes: bytes, name: name, limits: limits)
        self.name = name
        self.cache = cache
        self.key = cache == nil ? "" : SVGRasterCache.key(content: bytes)
        canvasSize = document.pixelSize
    }

    public var frameCount: Int { 1 }
    public var loopMode: LoopMode { .once }
    public func duration(at index: Int) -> Double { 100 }
    public var warnings: [String] { [] }

    public func frame(at index: Int) throws -> PixelBuffer { try frame(at: index, size: canvasSize, fit: .fit) }

    public func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        precondition(index == 0, "an SVG has one frame")
        if let cache, let (hit, _) = cache.image(key: key, size: size, fit: fit) {
            cacheHits += 1
            return hit
        }
        let image = try document.render(size: size, fit: fit)
        renders += 1
        cache?.store(image, key: key, size: size, fit: fit)
        return image
    }
}
