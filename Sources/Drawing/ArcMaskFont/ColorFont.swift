/// The names a font is known by. Apps load it by its PostScript name
/// (`Font.custom(postScriptName, size:)`).
public struct FontNames: Sendable, Equatable {
    public var family: String
    public var style = "Regular"
    public var postScript: String
    public var version = "Version 1.000"

    public init(family: String, postScript: String) {
        self.family = family
        self.postScript = postScript
    }

    var fullName: String { "\(family) \(style)" }
    var uniqueID: String { "\(postScript);\(version)" }
}

/// A glyph's outline: none, or one rectangle in font units (drawn in the text's colour).
public enum GlyphOutline: Sendable, Equatable {
    case empty
    case rectangle(x0: Int, y0: Int, x1: Int, y1: Int)
}

/// A colour bitmap font: glyphs with outlines and advances, characters mapped to glyphs,
/// ligatures, and PNG images per glyph in strikes (`sbix`). `encoded()` writes it as an
/// OpenType font with TrueType outlines.
public struct ColorFont: Sendable {
    public struct Glyph: Sendable, Equatable {
        public var advance: Int
        public var outline: GlyphOutline
        /// Made by a ligature (for `GDEF`).
        public var isLigature: Bool

        public init(advance: Int, outline: GlyphOutline = .empty, isLigature: Bool = false) {
            self.advance = advance
            self.outline = outline
            self.isLigature = isLigature
        }
    }

    /// `components` (two or more glyphs, in order) shown as `glyph`.
    public struct Ligature: Sendable, Equatable {
        public var components: [Int]
        public var glyph: Int

        public init(_ components: [Int], _ glyph: Int) {
            self.components = components
            self.glyph = glyph
        }
    }

    /// A glyph's image: PNG bytes, its bottom-left corner at (`originX`, `originY`) pixels
    /// from the glyph's origin on the baseline.
    public struct Bitmap: Sendable, Equatable {
        public var png: [UInt8]
        public var originX: Int
        public var originY: Int

        public init(png: [UInt8], originX: Int = 0, originY: Int = 0) {
            self.png = png
            self.originX = originX
            self.originY = originY
        }
    }

    /// Images for one size: drawn when the text is set at `ppem` pixels per em (and scaled
    /// from the nearest strike at other sizes).
    public struct Strike: Sendable, Equatable {
        public var ppem: Int
        public var ppi = 72
        public var images: [Int: Bitmap]

        public init(ppem: Int, images: [Int: Bitmap]) {
            self.ppem = ppem
            self.images = images
        }
    }

    public var names: FontNames
    public var unitsPerEm: Int
    public var ascender: Int
    public var descender: Int
    /// Glyph 0 is `.notdef`.
    public var glyphs: [Glyph]
    public var characters: [Unicode.Scalar: Int]
    public var ligatures: [Ligature]
    public var strikes: [Strike]

    public init(
        names: FontNames, unitsPerEm: Int = 1000, ascender: Int? = nil, descender: Int = 0, glyphs: [Glyph],
        characters: [Unicode.Scalar: Int], ligatures: [Ligature] = [], strikes: [Strike] = []
    ) {
        self.names = names
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender ?? unitsPerEm
        self.descender = descender
        self.glyphs = glyphs
        self.characters = characters
        self.ligatures = ligatures
        self.strikes = strikes
    }
}

/// A font that cannot be written as asked, and why.
public struct FontError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
