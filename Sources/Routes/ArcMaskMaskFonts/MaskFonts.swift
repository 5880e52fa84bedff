import ArcMaskFont
import ArcMaskManifest
import ArcMaskTimerMaskPlan
import ArcMaskValues

/// The fonts a live timer's text draws pictures with, shared by the two timer routes: the
/// glyph layout every such font has (digits and separators blank without advance, every
/// seconds pair "00" … "59" a ligature, so a timer's text is as wide as its seconds), and the
/// mask fonts whose seconds are a solid rectangle on the second that opens a period and
/// nothing on the others.
public enum MaskFonts {
    /// A font written: its file name, PostScript name and bytes.
    public struct File: Sendable, Equatable {
        public let fileName: String
        public let postScriptName: String
        public let bytes: [UInt8]

        public init(fileName: String, postScriptName: String, bytes: [UInt8]) {
            self.fileName = fileName
            self.postScriptName = postScriptName
            self.bytes = bytes
        }
    }

    /// Characters a timer shows besides digits (locale separators included), drawn as nothing.
    static let separators: [Unicode.Scalar] = [
        ":", ".", ",", " ", "\u{A0}", "\u{202F}", "\u{2236}", "-", "\u{2212}", "+",
    ]
    static let digitGlyph = 1  // "0" … "9" are glyphs 1…10
    static let blankGlyph = 11
    /// The first ligature glyph: a font's own glyphs follow the digits and the blank.
    public static let firstLigature = 12

    /// A mask font of period `periodSeconds` (a divisor of 60): the seconds that open a period
    /// ("00", and every multiple of the period) are a solid rectangle one picture wide and
    /// high, every other second is nothing as wide; digits and separators are blank without
    /// advance. Under it a view draws only while its timer's seconds field opens a period.
    public static func maskFont(periodSeconds: Int, size: PixelSize, name: String, family: String) throws -> File {
        let period = max(1, periodSeconds)
        let font = timerFont(
            family: family, postScript: "\(name)-Regular", size: size,
            ligatureGlyphs: [
                ColorFont.Glyph(
                    advance: size.width, outline: .rectangle(x0: 0, y0: 0, x1: size.width, y1: size.height),
                    isLigature: true),
                ColorFont.Glyph(advance: size.width, isLigature: true),
            ],
            ligatureFor: { s in firstLigature + (s % period == 0 ? 0 : 1) }, strike: nil)
        return File(fileName: "\(name)-Regular.ttf", postScriptName: "\(name)-Regular", bytes: try font.encoded())
    }

    /// The em of `laneMaskFont`, in font units.
    public static let laneMaskEm = 1000
    /// How many ems wide `laneMaskFont`'s square is: a view up to this many times as wide as
    /// it is high is covered (widgets are at most about 2.3 times).
    public static let laneMaskWidthInEms = TimerMaskSection.maskWidthInEms

    /// The timer-mask route's mask font of period `periodSeconds`: as `maskFont`, but the same
    /// for every picture, so one file serves every export and every folder ArcMaskKit prepares.
    /// Its solid glyph is one em high and `laneMaskWidthInEms` ems wide; set at the view's
    /// height and aligned to the view's trailing edge, it covers any view up to that aspect.
    public static func laneMaskFont(periodSeconds: Int, name: String, family: String) throws -> File {
        try maskFont(
            periodSeconds: periodSeconds, size: PixelSize(width: laneMaskEm * laneMaskWidthInEms, height: laneMaskEm),
            name: name, family: family)
    }

    /// A timer font whose em is the picture's height in pixels: digits and separators blank,
    /// every seconds pair "00" … "59" the ligature `ligatureFor(seconds)` (a glyph from
    /// `firstLigature` on, one of `ligatureGlyphs`).
    public static func timerFont(
        family: String, postScript: String, size: PixelSize, ligatureGlyphs: [ColorFont.Glyph],
        ligatureFor: (Int) -> Int, strike: ColorFont.Strike?
    ) -> ColorFont {
        var glyphs = [
            ColorFont.Glyph(
                advance: size.width / 2,
                outline: .rectangle(x0: size.width / 10, y0: 0, x1: size.width * 4 / 10, y1: size.height * 7 / 10))
        ]
        glyphs += Array(repeating: ColorFont.Glyph(advance: 0), count: 11)  // digits, then the blank
        glyphs += ligatureGlyphs
        var characters: [Unicode.Scalar: Int] = [:]
        for (k, d) in "0123456789".unicodeScalars.enumerated() { characters[d] = digitGlyph + k }
        for s in separators { characters[s] = blankGlyph }
        let ligatures = (0..<60).map { s in
            ColorFont.Ligature([digitGlyph + s / 10, digitGlyph + s % 10], ligatureFor(s))
        }
        return ColorFont(
            names: FontNames(family: family, postScript: postScript), unitsPerEm: size.height, glyphs: glyphs,
            characters: characters, ligatures: ligatures, strikes: strike.map { [$0] } ?? [])
    }
}
