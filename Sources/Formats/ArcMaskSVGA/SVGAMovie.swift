import ArcMaskValues
import Foundation

public struct SVGAStyle: Sendable, Equatable {
    public var fill: Color?
    public var stroke: Color?
    public var strokeWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Dash length, gap length, offset (as written; the renderer applies the players' clamps).
    public var dash: (Double, Double, Double)?

    public static func == (l: SVGAStyle, r: SVGAStyle) -> Bool {
        l.fill == r.fill && l.stroke == r.stroke && l.strokeWidth == r.strokeWidth && l.lineCap == r.lineCap
            && l.lineJoin == r.lineJoin && l.miterLimit == r.miterLimit
            && l.dash?.0 == r.dash?.0 && l.dash?.1 == r.dash?.1 && l.dash?.2 == r.dash?.2
    }
}

public struct SVGAShape: Sendable, Equatable {
    public enum Geometry: Sendable, Equatable {
        case path(SVGPath)
        case rect(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double)
        case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)
    }
    public var geometry: Geometry
    public var style: SVGAStyle?
    public var transform: Affine
}

/// One sprite at one frame. `alpha` ≤ 0 means hidden.
public struct SVGAFrame: Sendable, Equatable {
    public var alpha: Double
    public var layout: Rect?
    public var transform: Affine
    public var clipPath: SVGPath?
    /// KEEP already resolved: the shapes this frame draws.
    public var shapes: [SVGAShape]

    public static let hidden = SVGAFrame(alpha: 0, layout: nil, transform: .identity, clipPath: nil, shapes: [])
}

public struct SVGASprite: Sendable, Equatable {
    public var imageKey: String
    /// The matte sprite's imageKey that masks this sprite, if any.
    public var matteKey: String?
    /// One entry per movie frame.
    public var frames: [SVGAFrame]

    /// A matte sprite is never drawn directly.
    public var isMatte: Bool { imageKey.hasSuffix(".matte") }
    /// The key of this sprite's bitmap (".matte" stripped).
    public var bitmapKey: String { isMatte ? String(imageKey.dropLast(6)) : imageKey }
}

public struct SVGAAudio: Sendable, Equatable {
    public var key: String
    public var startFrame: Int
    public var endFrame: Int
    public var startTimeMs: Int
    public var totalTimeMs: Int
    public var byteCount: Int
}

/// The container a movie came in.
public enum SVGAContainer: String, Sendable, Codable {
    /// 2.x: a zlib stream of a protobuf MovieEntity.
    case zlibProtobuf = "2.x (zlib + protobuf)"
    /// 1.x: a ZIP with movie.spec (JSON) and PNG files.
    case zipJSON = "1.x (ZIP + movie.spec)"
    /// "1.5": a ZIP with an uncompressed protobuf movie.binary and PNG files.
    case zipProtobuf = "1.5 (ZIP + movie.binary)"
}

/// What an SVGA file says, mapped once into an immutable model (KEEP shapes resolved, path
/// data parsed, image bytes sniffed and their sizes checked).
public struct SVGAMovie: Sendable {
    public var version: String
    public var container: SVGAContainer
    public var viewBoxWidth: Double
    public var viewBoxHeight: Double
    public var fps: Int
    public var frameCount: Int
    /// PNG bytes by image key, with their pixel size.
    public var images: [String: SVGAImage]
    public var sprites: [SVGASprite]
    public var audios: [SVGAAudio]

    public var durationMs: Double { Double(frameCount) * 1000 / Double(fps) }
}

public struct SVGAImage: Sendable {
    public var png: [UInt8]
    public var width: Int
    public var height: Int
}

/// Ceilings for untrusted SVGA input, checked before allocating.
public struct SVGALimits: Sendable, Equatable {
    public var maxInflatedBytes = 64 << 20
    public var maxImagePixels = 16_000_000
    public var maxFrames = 20_000
    public var maxSprites = 5_000
    public var maxViewBoxPixels = 50_000_000
    public var maxPathCommands = 200_000
    public var maxZipEntries = 10_000

    public init() {}
    public static let `default` = SVGALimits()
}
