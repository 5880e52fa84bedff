import ArcMaskValues

/// A key an app can fill at run time, as the players name it: a sprite's `imageKey` (the
/// image's file name without `.png`). Matte sprites answer to their bitmap's key.
public struct SVGAKey: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Sprites drawing a bitmap from the file: a replaced image takes its place.
        case bitmap
        /// Sprites drawing only shapes (keys ending in `.vector`).
        case vector
        /// Sprites whose key has no image in the file: placeholders that draw nothing until filled.
        case empty
    }

    public var key: String
    public var kind: Kind
    /// The file's own image size (pixels), when it has one.
    public var imageWidth: Int?
    public var imageHeight: Int?
    /// The layout an image or text fills (the movie's units before the sprite's transform):
    /// the one most of the visible frames use.
    public var layoutWidth: Double?
    public var layoutHeight: Double?
    /// Sprites drawn with this key, and how many of them are mattes.
    public var sprites: Int
    public var mattes: Int
    /// Frames where a sprite with this key shows (alpha > 0), as inclusive ranges.
    public var visibleFrames: [ClosedRange<Int>]

    public var visibleFrameCount: Int { visibleFrames.reduce(0) { $0 + $1.count } }

    /// "0–55" or "3–10, 14–20".
    public var visibleFramesText: String {
        visibleFrames.isEmpty
            ? "none"
            : visibleFrames.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
                .joined(separator: ", ")
    }
}

extension SVGASprite {
    /// The key an app fills this sprite by: its `imageKey`, ".matte" stripped.
    public var dynamicKey: String { bitmapKey }
}

extension SVGAMovie {
    /// Every key an app can fill, in the order the sprites first draw them.
    public var keys: [SVGAKey] {
        var order: [String] = []
        var byKey: [String: (sprites: [SVGASprite], mattes: Int)] = [:]
        for s in sprites where !s.imageKey.isEmpty {
            let k = s.dynamicKey
            if byKey[k] == nil { order.append(k); byKey[k] = ([], 0) }
            byKey[k]!.sprites.append(s)
            if s.isMatte { byKey[k]!.mattes += 1 }
        }
        return order.map { k in
            let group = byKey[k]!
            var visible = [Bool](repeating: false, count: frameCount)
            var layouts: [Rect: Int] = [:]
            for s in group.sprites {
                for (i, f) in s.frames.enumerated() where f.alpha > 0 && i < frameCount {
                    visible[i] = true
                    if let l = f.layout, l.width > 0, l.height > 0, l.width.isFinite, l.height.isFinite {
                        layouts[l, default: 0] += 1
                    }
                }
            }
            let layout = layouts.max { a, b in a.value < b.value || (a.value == b.value && a.key.area < b.key.area) }?
                .key
            let image = images[k]
            let kind: SVGAKey.Kind = image != nil ? .bitmap : k.hasSuffix(".vector") ? .vector : .empty
            return SVGAKey(
                key: k, kind: kind, imageWidth: image?.width, imageHeight: image?.height,
                layoutWidth: layout?.width, layoutHeight: layout?.height, sprites: group.sprites.count,
                mattes: group.mattes, visibleFrames: Self.ranges(visible))
        }
    }

    /// The keys a content value may name.
    public var keyNames: Set<String> { Set(sprites.filter { !$0.imageKey.isEmpty }.map(\.dynamicKey)) }

    private static func ranges(_ flags: [Bool]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var start: Int?
        for (i, f) in flags.enumerated() {
            if f, start == nil { start = i }
            if !f, let s = start { out.append(s...(i - 1)); start = nil }
        }
        if let s = start { out.append(s...(flags.count - 1)) }
        return out
    }
}

extension Rect {
    fileprivate var area: Double { width * height }
}
