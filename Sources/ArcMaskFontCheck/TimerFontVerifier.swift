import ArcMaskCore
import ArcMaskGeometry
import ArcMaskValues

/// Proves a timer-font export off-device: every timer string the widget will show is shaped
/// by HarfBuzz in the fonts as written, and at every instant checked the picture on top is the
/// intended frame's.
///
/// What a layer shows is the last glyph of its shaped text (the text is trailing-aligned and
/// clipped to one picture): for a frame font, that glyph's sbix PNG; for the mask font,
/// whether that glyph has an outline (a full rectangle) or not. The top visible layer is the
/// highest one whose masks are all on.
public struct TimerFontVerifier {
    public struct Mismatch: Sendable, Equatable, Codable {
        public let timeSeconds: Double
        public let intendedFrame: Int
        /// The frame shown (nil: a picture that is no frame of the loop, or none at all).
        public let shownFrame: Int?
        public let topLayer: Int
        public let why: String
    }

    public struct Report: Sendable, Equatable, Codable {
        public let instants: Int
        public let spanSeconds: Int
        /// Distinct timer strings shaped, over every layer and mask.
        public let stringsShaped: Int
        public let mismatches: [Mismatch]
        public var wrongFrames: Int { mismatches.count }
        public var passed: Bool { mismatches.isEmpty }
    }

    let plan: TimerFontPlan
    let frameFonts: [HarfBuzzFont]
    let maskFont: HarfBuzzFont
    /// Frame index by its picture's PNG bytes.
    let frameByPicture: [[UInt8]: Int]
    let pictureWidth: Int
    let pictureHeight: Int

    /// - Parameters:
    ///   - frameFonts: the layers' font files, bottom to top; `maskFont`: the mask font's.
    ///   - pictures: each loop frame's PNG, as the fonts should hold it.
    public init(
        plan: TimerFontPlan, frameFonts: [[UInt8]], maskFont: [UInt8], pictures: [[UInt8]], pixelSize: PixelSize
    ) throws {
        guard frameFonts.count == plan.layers, pictures.count == plan.frameCount else {
            throw InputError(
                file: "timer fonts",
                "\(frameFonts.count) fonts and \(pictures.count) pictures for \(plan.layers) layers and \(plan.frameCount) frames"
            )
        }
        self.plan = plan
        self.frameFonts = try frameFonts.enumerated().map {
            try HarfBuzzFont(bytes: $1, name: "frame font \($0)", ppem: pixelSize.height)
        }
        self.maskFont = try HarfBuzzFont(bytes: maskFont, name: "mask font", ppem: pixelSize.height)
        var byPicture: [[UInt8]: Int] = [:]
        for (k, p) in pictures.enumerated() where byPicture[p] == nil { byPicture[p] = k }
        frameByPicture = byPicture
        pictureWidth = pixelSize.width
        pictureHeight = pixelSize.height
    }

    /// Checks `samplesPerFrame` instants inside every frame (spread from 1 ms after its start
    /// to 1 ms before its end) over the first `seconds` of the timers.
    public func verify(seconds: Int, samplesPerFrame: Int = 3, progress: ((Int, Int) -> Void)? = nil) -> Report {
        var frameMemo: [[Int: Int?]] = Array(repeating: [:], count: plan.layers)
        var maskMemo: [Int: Bool] = [:]
        var shaped = 0
        func shown(_ layer: Int, _ t: Double) -> Int? {
            let e = TimerFontPlan.elapsed(at: t, lead: plan.frameLead(layer))
            if let hit = frameMemo[layer][e] { return hit }
            shaped += 1
            let glyphs = frameFonts[layer].shape(TimerFontPlan.timerText(elapsed: e))
            // The last glyph fills the clipped cell only if it is exactly one picture wide.
            var frame: Int? = nil
            if let last = glyphs.last, last.advance == pictureWidth, let png = frameFonts[layer].png(last.glyph) {
                frame = frameByPicture[png]
            }
            frameMemo[layer][e] = frame
            return frame
        }
        func on(_ lead: Double, _ t: Double) -> Bool {
            let e = TimerFontPlan.elapsed(at: t, lead: lead)
            if let hit = maskMemo[e] { return hit }
            shaped += 1
            let glyphs = maskFont.shape(TimerFontPlan.timerText(elapsed: e))
            var full = false
            if let last = glyphs.last, last.advance == pictureWidth, let box = maskFont.outlineBox(last.glyph) {
                // A rectangle over the whole cell: from the baseline up one em (the picture's height).
                full = box.x == 0 && box.width == pictureWidth && box.y == pictureHeight && box.height == -pictureHeight
            }
            maskMemo[e] = full
            return full
        }
        var mismatches: [Mismatch] = []
        let frames = seconds * plan.fps
        let step = 1.0 / Double(plan.fps)
        for j in 0..<frames {
            if j % (plan.fps * 60) == 0 { progress?(j, frames) }
            for k in 0..<samplesPerFrame {
                let inside =
                    samplesPerFrame == 1 ? step / 2 : 0.001 + (step - 0.002) * Double(k) / Double(samplesPerFrame - 1)
                let t = Double(j) * step + inside
                let upperOn = on(plan.upperMaskLead, t)
                var top = 0
                for layer in stride(from: plan.layers - 1, to: 0, by: -1) {
                    if plan.isUpper(layer) && !upperOn { continue }
                    if on(plan.maskLead(layer), t) { top = layer; break }
                }
                let intended = plan.intendedFrame(at: t)
                let frame = shown(top, t)
                if frame != intended {
                    mismatches.append(
                        Mismatch(
                            timeSeconds: t, intendedFrame: intended, shownFrame: frame, topLayer: top,
                            why: frame == nil
                                ? "layer \(top) shows no picture of the loop" : "layer \(top) shows frame \(frame!)"))
                }
            }
        }
        progress?(frames, frames)
        return Report(
            instants: frames * samplesPerFrame, spanSeconds: seconds, stringsShaped: shaped, mismatches: mismatches)
    }
}
