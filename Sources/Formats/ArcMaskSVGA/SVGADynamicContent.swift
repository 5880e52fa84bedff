import ArcMaskFrames
import ArcMaskIO
import ArcMaskText
import ArcMaskValues

/// What an app puts into an SVGA's keys at run time — replaced images, text, hidden sprites,
/// custom drawing — applied when frames are drawn, never changing the parsed movie. A key is a
/// sprite's `imageKey` with ".matte" stripped (`SVGAMovie.keys` lists them). The README's "SVGA
/// dynamic content" says what the official players do with each and which choice this renderer follows.
public struct SVGADynamicContent: Sendable {
    /// A replacement for a key's bitmap.
    public struct Image: Sendable {
        public let pixels: PixelBuffer
        public let fit: KeyImageFit
        /// Identifies the pixels in cache keys.
        let digest: String
    }

    public struct Text: Sendable, Hashable {
        public var string: String
        public var style: TextStyle
    }

    /// Custom drawing for a key: called on every frame where the sprite shows, on a canvas in
    /// the sprite's layout units, clipped to its layout and clip path. `id` stands for what the
    /// closure draws in cache keys: give a different id whenever the drawing changes.
    public struct Drawing: Sendable {
        public let id: String
        public let draw: @Sendable (SVGADrawingContext) -> Void
    }

    /// Everything set for one key.
    public struct Entry: Sendable {
        public var image: Image?
        public var text: Text?
        public var hidden = false
        public var drawing: Drawing?

        var isEmpty: Bool { image == nil && text == nil && !hidden && drawing == nil }

        /// Why this entry cannot be drawn, or nil: an image larger than cairo draws, text that cannot be laid out.
        public var problem: String? {
            if let i = image,
                i.pixels.width > SVGADynamicContent.maxImageSide || i.pixels.height > SVGADynamicContent.maxImageSide
            {
                return
                    "image \(i.pixels.width)×\(i.pixels.height) is over \(SVGADynamicContent.maxImageSide) pixels on a side"
            }
            if let t = text, let problem = t.style.problem(with: t.string) { return "text: \(problem)" }
            return nil
        }
    }

    public private(set) var entries: [String: Entry] = [:]

    /// Whether any key has a custom drawing (the caller's code, which may not be thread-safe).
    public var hasDrawings: Bool { entries.values.contains { $0.drawing != nil } }
    /// Some key gets an image (a file's, or one drawn by code).
    public var givesImages: Bool { entries.values.contains { $0.image != nil || $0.drawing != nil } }
    /// Some key gets a text.
    public var givesText: Bool { entries.values.contains { $0.text != nil } }
    /// Some key is hidden.
    public var hidesKeys: Bool { entries.values.contains(where: \.hidden) }

    /// The longest side of a set image (cairo draws images up to 32,767 pixels a side).
    public static let maxImageSide = 16_384

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    /// The keys something is set for, sorted.
    public var keys: [String] { entries.keys.sorted() }

    public subscript(key: String) -> Entry? { entries[key] }

    /// Draws `pixels` instead of the key's own bitmap (a later call replaces an earlier one).
    public mutating func setImage(_ pixels: PixelBuffer, fit: KeyImageFit = .stretch, forKey key: String) {
        entries[key, default: Entry()].image = Image(
            pixels: pixels, fit: fit, digest: RenderCache.contentKey(pixels.bytes) + "\(pixels.width)x\(pixels.height)")
    }

    /// Draws `text` over the key's bitmap, laid out in the sprite's layout.
    public mutating func setText(_ text: String, style: TextStyle = TextStyle(), forKey key: String) {
        entries[key, default: Entry()].text = Text(string: text, style: style)
    }

    /// Hides every sprite with the key (and what they matte) or shows them again.
    public mutating func setHidden(_ hidden: Bool, forKey key: String) {
        entries[key, default: Entry()].hidden = hidden
        if entries[key]!.isEmpty { entries[key] = nil }
    }

    public mutating func setDrawing(
        id: String, forKey key: String, _ draw: @escaping @Sendable (SVGADrawingContext) -> Void
    ) {
        entries[key, default: Entry()].drawing = Drawing(id: id, draw: draw)
    }

    /// Removes everything set for `key`.
    public mutating func clear(key: String) { entries[key] = nil }

    /// Removes everything (the players' `clearDynamicObjects`).
    public mutating func clearAll() { entries.removeAll() }

    /// Changes whenever what would be drawn changes; "" when nothing is set. Part of render cache keys.
    public var digest: String {
        guard !entries.isEmpty else { return "" }
        var parts: [String] = []
        for key in keys {
            let e = entries[key]!
            var p = "k\(key.utf8.count):\(key)"
            if let i = e.image { p += "|i\(i.fit.rawValue):\(i.digest)" }
            if let t = e.text {
                let s = t.style
                // The font fontconfig resolves and Pango's version: installing fonts changes the pixels.
                p +=
                    "|t\(t.string.utf8.count):\(t.string)|f\(s.font.utf8.count):\(s.font)|\(s.size)|\(s.color.r),\(s.color.g),\(s.color.b),\(s.color.a)|\(s.alignment.rawValue)|\(s.maxLines)|\(TextBlock.fontSignature(s.font))"
            }
            if e.hidden { p += "|h" }
            if let d = e.drawing { p += "|d\(d.id.utf8.count):\(d.id)" }
            parts.append(p)
        }
        return RenderCache.contentKey(Array(parts.joined(separator: "\n").utf8))
    }

    /// Refuses keys the movie does not have, naming the ones it has, and texts that cannot be laid out.
    public func check(against movie: SVGAMovie, file: String) throws(InputError) {
        let known = movie.keyNames
        for key in keys {
            guard known.contains(key) else {
                throw InputError(
                    file: file, location: "key '\(key)'",
                    "no sprite has this key; the keys are \(movie.keys.map { "'\($0.key)'" }.joined(separator: ", "))")
            }
            if let problem = entries[key]!.problem {
                throw InputError(file: file, location: "key '\(key)'", problem)
            }
        }
    }
}

extension SVGADynamicContent {
    /// PNG or JPEG bytes to pixels, as the players decode an image set by key.
    public static func decodeImage(_ bytes: [UInt8], maxPixels: Int) throws -> PixelBuffer {
        if JPEG.matches(bytes) { return try JPEG.decode(bytes, maxPixels: maxPixels).image }
        guard bytes.starts(with: PNG.signature) else {
            throw InputError(file: "image", "is neither PNG nor JPEG")
        }
        return try PNG.decode(bytes, maxPixels: maxPixels)
    }

    /// What laying out each text in its key's layout gives: characters without a glyph in any
    /// installed font, and text cut short by the line limit or the layout's height.
    public func notes(for movie: SVGAMovie) -> [String] {
        let layouts = Dictionary(movie.keys.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var notes: [String] = []
        for key in keys {
            guard let text = entries[key]!.text, let k = layouts[key] else { continue }
            guard let w = k.layoutWidth ?? k.imageWidth.map(Double.init),
                let h = k.layoutHeight ?? k.imageHeight.map(Double.init)
            else {
                notes.append("key '\(key)': no layout and no image to lay the text out in; it is not drawn")
                continue
            }
            let m = TextBlock.measure(text.string, style: text.style, width: w, height: h)
            if m.unknownGlyphs > 0 {
                notes.append(
                    "key '\(key)': \(m.unknownGlyphs) character(s) of the text have no glyph in any installed font (drawn as boxes)"
                )
            }
            if m.ellipsized {
                notes.append(
                    "key '\(key)': the text is cut short with an ellipsis to fit \(fmt(w))×\(fmt(h)) in \(m.lines) line(s)"
                )
            }
        }
        return notes
    }
}

/// What a custom drawing closure gets: a canvas whose origin is the sprite layout's top-left,
/// in layout units, already transformed, clipped and faded as the sprite is.
public struct SVGADrawingContext {
    public let canvas: VectorCanvas
    /// The movie frame being drawn.
    public let frame: Int
    /// The sprite's layout size at this frame.
    public let width: Double
    public let height: Double
}
