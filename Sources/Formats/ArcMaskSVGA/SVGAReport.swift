/// What `svga info` (and `inspect` on an SVGA) reports: container, canvas, timing, sprites,
/// images, audio and the shapes drawn.
public struct SVGAReport: Codable, Sendable, Equatable {
    public var file: String, version: String, container: String
    public var viewBoxWidth: Double, viewBoxHeight: Double, fps: Int, frames: Int, durationMs: Double
    public var sprites: Int, matteSprites: Int, vectorSprites: Int, maskedSprites: Int
    /// Pixel width and height of each image, by key.
    public var images: [String: [Int]]
    public var audios: [[String: Int]]
    public var audioKeys: [String]
    /// How many times each kind of shape is drawn over all frames.
    public var shapes: [String: Int]
    /// Sprite frames that carry a clip path.
    public var clipPathFrames: Int
    /// The keys an app can fill (images, text, hidden, drawing), in drawing order.
    public var keys: [SVGAKey]
    /// Keys whose sprites have no image in the file (placeholders an app fills).
    public var emptyKeys: [String]

    public init(_ m: SVGAMovie, file: String) {
        var shapes: [String: Int] = [:]
        var clips = 0
        for s in m.sprites {
            for f in s.frames where f.alpha > 0 {
                if f.clipPath != nil { clips += 1 }
                for sh in f.shapes {
                    switch sh.geometry {
                    case .path: shapes["path", default: 0] += 1
                    case .rect: shapes["rect", default: 0] += 1
                    case .ellipse: shapes["ellipse", default: 0] += 1
                    }
                }
            }
        }
        self.file = file
        version = m.version
        container = m.container.rawValue
        viewBoxWidth = m.viewBoxWidth
        viewBoxHeight = m.viewBoxHeight
        fps = m.fps
        frames = m.frameCount
        durationMs = m.durationMs
        sprites = m.sprites.count
        matteSprites = m.sprites.filter(\.isMatte).count
        vectorSprites = m.sprites.filter { $0.imageKey.hasSuffix(".vector") }.count
        maskedSprites = m.sprites.filter { $0.matteKey != nil }.count
        images = m.images.mapValues { [$0.width, $0.height] }
        audios = m.audios.map {
            [
                "startFrame": $0.startFrame, "endFrame": $0.endFrame, "startTimeMs": $0.startTimeMs,
                "totalTimeMs": $0.totalTimeMs,
                "bytes": $0.byteCount,
            ]
        }
        audioKeys = m.audios.map(\.key)
        self.shapes = shapes
        clipPathFrames = clips
        keys = m.keys
        emptyKeys = keys.filter { $0.kind == .empty }.map(\.key)
    }
}
