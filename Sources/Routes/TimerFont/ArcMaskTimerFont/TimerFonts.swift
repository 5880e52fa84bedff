import ArcMaskFont
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskManifest
import ArcMaskMaskFonts
import ArcMaskTimerFontPlan
import ArcMaskValues

/// The fonts of the timer-font route: one frame font per layer, whose seconds ligatures are
/// the layer's pictures (sbix PNGs at the widget's pixel size), and one mask font whose
/// ligatures are a full rectangle on even seconds and nothing on odd ones (`MaskFonts`, whose
/// glyph layout every font here has: a timer's text is as wide as its seconds).
public struct TimerFonts: Sendable {
    public typealias File = MaskFonts.File

    public let plan: TimerFontPlan
    /// One per layer, bottom to top.
    public let frameFonts: [File]
    public let maskFont: File
    /// Each loop frame's picture as stored in the fonts (PNG bytes), by frame index.
    public let pictures: [[UInt8]]
    /// The pictures' size in pixels (the strike's ppem is their height).
    public let pixelSize: PixelSize

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
                    (
                        MaskFonts.firstLigature + g,
                        ColorFont.Bitmap(png: pictures[plan.frame(layer: layer, seconds: 2 * g)])
                    )
                })
            let name = "\(baseName)Frames\(layer)"
            let font = MaskFonts.timerFont(
                family: "\(baseName) Frames \(layer)", postScript: "\(name)-Regular", size: size,
                ligatureGlyphs: (0..<plan.picturesPerFont).map { _ in
                    ColorFont.Glyph(advance: size.width, isLigature: true)
                },
                ligatureFor: { s in MaskFonts.firstLigature + (s / 2) % plan.picturesPerFont },
                strike: ColorFont.Strike(ppem: size.height, images: images))
            frameFonts.append(
                File(fileName: "\(name)-Regular.ttf", postScriptName: "\(name)-Regular", bytes: try font.encoded()))
        }
        let maskName = "\(baseName)Mask"
        let mask = try MaskFonts.maskFont(periodSeconds: 2, size: size, name: maskName, family: "\(baseName) Mask")
        return TimerFonts(
            plan: plan, frameFonts: frameFonts,
            maskFont: mask,
            pictures: pictures, pixelSize: size)
    }
}
