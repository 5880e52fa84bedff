import ArcMaskFrames
import ArcMaskValues

/// What `inspect` reports on an SVGA file: container, canvas, timing, sprites,
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
    /// What reading it found: content given for its keys that laying out could not show in full.
    public var warnings: [String] = []

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

extension SVGAReport: FormatDetails {
    /// The report as `inspect` prints it: a summary, then the keys an app can fill, with the
    /// settings that fill them named as `names` does.
    public func text(_ names: InputVocabulary = .plain) -> String {
        let shapes = shapes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var lines = [
            "\(file): SVGA \(version), \(container)",
            "  viewBox \(fmt(viewBoxWidth))×\(fmt(viewBoxHeight)), \(frames) frames at \(fps) fps (\(fmt(durationMs)) ms)",
            "  \(sprites) sprites (\(matteSprites) mattes, \(maskedSprites) masked, \(vectorSprites) vector), \(images.count) images, \(audios.count) audio",
            "  shapes drawn: \(shapes.isEmpty ? "none" : shapes); clip paths on \(clipPathFrames) sprite frames",
        ]
        for (key, a) in zip(audioKeys, audios) {
            lines.append(
                "  audio '\(key)': frames \(a["startFrame"] ?? 0)–\(a["endFrame"] ?? 0), from \(a["startTimeMs"] ?? 0) ms of \(a["totalTimeMs"] ?? 0) ms, \(a["bytes"] ?? 0) bytes"
            )
        }
        lines.append(Self.keyTable(keys, emptyKeys: emptyKeys, filledBy: names.list([.setImage, .setText, .hide])))
        for w in warnings { lines.append("warning: \(w)") }
        return lines.joined(separator: "\n")
    }

    /// The keys an app can fill, one line each: kind, the file's image size, the layout a
    /// replaced image or a text fills, and the frames where the key shows.
    static func keyTable(_ keys: [SVGAKey], emptyKeys: [String], filledBy settings: String) -> String {
        let width = keys.map(\.key.count).max() ?? 3
        var lines = ["  keys (\(settings)):"]
        for k in keys {
            let image = k.imageWidth.map { "image \($0)×\(k.imageHeight!) px" } ?? "no image"
            let layout = k.layoutWidth.map { "layout \(fmt($0))×\(fmt(k.layoutHeight!))" } ?? "no layout"
            let sprites = k.sprites == 1 ? "" : ", \(k.sprites) sprites"
            let mattes = k.mattes == 0 ? "" : " (\(k.mattes) matte\(k.mattes == 1 ? "" : "s"))"
            lines.append(
                "    \(pad(k.key, width))  \(pad(k.kind.rawValue, 6))  \(image), \(layout), frames \(k.visibleFramesText)\(sprites)\(mattes)"
            )
        }
        lines.append(
            "  placeholders (keys without an image in the file): "
                + (emptyKeys.isEmpty ? "none" : emptyKeys.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}

extension SVGAFrameSource {
    /// SVGA's own report (sprites, shapes, the keys an app can fill) in place of the common one.
    public var details: (any FormatDetails)? {
        var r = SVGAReport(movie, file: name)
        r.warnings = warnings
        return r
    }
}
