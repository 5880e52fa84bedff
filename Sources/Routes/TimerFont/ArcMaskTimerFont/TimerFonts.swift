import ArcMaskCore
import ArcMaskFolder
import ArcMaskFont
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskTimerFontPlan
import ArcMaskValues

/// The fonts of the timer-font route: one frame font per layer, whose seconds ligatures are
/// the layer's pictures (sbix PNGs at the widget's pixel size), and one mask font whose
/// ligatures are a full rectangle on even seconds and nothing on odd ones.
///
/// Every font maps the digits and the separators a timer can show to empty glyphs without
/// advance, so a timer's text is as wide as its last ligature: the seconds.
public struct TimerFonts: Sendable {
    public struct File: Sendable, Equatable {
        public let fileName: String
        public let postScriptName: String
        public let bytes: [UInt8]
    }

    public let plan: TimerFontPlan
    /// One per layer, bottom to top.
    public let frameFonts: [File]
    public let maskFont: File
    /// Each loop frame's picture as stored in the fonts (PNG bytes), by frame index.
    public let pictures: [[UInt8]]
    /// The pictures' size in pixels (the strike's ppem is their height).
    public let pixelSize: PixelSize

    /// Characters a timer shows besides digits (locale separators included), drawn as nothing.
    static let separators: [Unicode.Scalar] = [
        ":", ".", ",", " ", "\u{A0}", "\u{202F}", "\u{2236}", "-", "\u{2212}", "+",
    ]
    static let digitGlyph = 1  // "0" … "9" are glyphs 1…10
    static let blankGlyph = 11
    static let firstLigature = 12

    /// - Parameters:
    ///   - frames: the loop's `plan.frameCount` frames, opaque, at the widget's pixel size.
    ///   - baseName: the fonts' name stem (letters and digits), e.g. "Orbit".
    public static func build(plan: TimerFontPlan, frames: [PixelBuffer], baseName: String) throws -> TimerFonts {
        guard frames.count == plan.frameCount, let first = frames.first else {
            throw InputError(
                file: baseName, "the timer-font route needs \(plan.frameCount) frames, not \(frames.count)")
        }
        let size = first.size
        guard frames.allSatisfy({ $0.size == size }) else { throw InputError(file: baseName, "frames differ in size") }
        guard (16...16384).contains(size.height), size.width <= 0xFFFF else {
            throw InputError(
                file: baseName, "pictures \(size.width)×\(size.height) px: their height must be 16 to 16,384 px")
        }
        for (k, f) in frames.enumerated()
        where !stride(from: 3, to: f.bytes.count, by: 4).allSatisfy({ f.bytes[$0] == 255 }) {
            throw InputError(
                file: baseName, location: "frame \(k)",
                "is not opaque: stacked timers would show through it (flatten it onto a background)")
        }
        return try build(
            plan: plan, pictures: try frames.map { try PNG.encode($0, compression: .small) }, size: size,
            baseName: baseName)
    }

    /// - Parameters:
    ///   - pictures: the loop's `plan.frameCount` frames as PNGs of opaque pixels, `size` each.
    public static func build(
        plan: TimerFontPlan, pictures: [[UInt8]], size: PixelSize, baseName: String
    ) throws
        -> TimerFonts
    {
        guard pictures.count == plan.frameCount else {
            throw InputError(
                file: baseName, "the timer-font route needs \(plan.frameCount) pictures, not \(pictures.count)")
        }
        guard (16...16384).contains(size.height), size.width <= 0xFFFF else {
            throw InputError(
                file: baseName, "pictures \(size.width)×\(size.height) px: their height must be 16 to 16,384 px")
        }
        var frameFonts: [File] = []
        for layer in 0..<plan.layers {
            let images = Dictionary(
                uniqueKeysWithValues: (0..<plan.picturesPerFont).map { g in
                    (firstLigature + g, ColorFont.Bitmap(png: pictures[plan.frame(layer: layer, seconds: 2 * g)]))
                })
            let name = "\(baseName)Frames\(layer)"
            let font = font(
                family: "\(baseName) Frames \(layer)", postScript: "\(name)-Regular", size: size,
                ligatureGlyphs: (0..<plan.picturesPerFont).map { _ in
                    ColorFont.Glyph(advance: size.width, isLigature: true)
                },
                ligatureFor: { s in firstLigature + (s / 2) % plan.picturesPerFont },
                strike: ColorFont.Strike(ppem: size.height, images: images))
            frameFonts.append(
                File(fileName: "\(name)-Regular.ttf", postScriptName: "\(name)-Regular", bytes: try font.encoded()))
        }
        let maskName = "\(baseName)Mask"
        let mask = try maskFont(periodSeconds: 2, size: size, name: maskName, family: "\(baseName) Mask")
        return TimerFonts(
            plan: plan, frameFonts: frameFonts,
            maskFont: mask,
            pictures: pictures, pixelSize: size)
    }

    /// A mask font of period `periodSeconds` (a divisor of 60): the seconds that open a period
    /// ("00", and every multiple of the period) are a solid rectangle one picture wide and
    /// high, every other second is nothing as wide; digits and separators are blank without
    /// advance. Under it a view draws only while its timer's seconds field opens a period.
    public static func maskFont(periodSeconds: Int, size: PixelSize, name: String, family: String) throws -> File {
        let period = max(1, periodSeconds)
        let font = font(
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

    /// A font whose em is the picture's height in pixels: digits and separators blank, every
    /// seconds pair "00" … "59" a ligature (`ligatureFor(seconds)`).
    private static func font(
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
