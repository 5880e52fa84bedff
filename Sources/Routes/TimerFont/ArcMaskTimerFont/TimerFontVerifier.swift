import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskTimerFontPlan
import ArcMaskValues

/// Proves a timer-font export off-device: every timer string the widget will show is shaped
/// by HarfBuzz in the fonts as written, and at every instant checked the picture on top is the
/// intended frame's.
///
/// What a layer shows is the last glyph of its shaped text (the text is trailing-aligned and
/// clipped to one picture): for a frame font, that glyph's sbix PNG; for the mask font,
/// whether that glyph has an outline (a full rectangle) or not. The top visible layer is the
/// highest one whose masks are all on.
public final class TimerFontVerifier {
    public struct Mismatch: Sendable, Equatable, Codable {
        public let timeSeconds: Double
        public let intendedFrame: Int
        /// The frame shown: the first of the loop with the picture shown (nil: a picture that is
        /// no frame of the loop, or none at all).
        public let shownFrame: Int?
        public let topLayer: Int
        public let why: String
    }

    /// A stretch of the timers' life that was checked, seconds after the reference date.
    public struct Window: Sendable, Equatable, Codable {
        public let fromSeconds: Int
        public let seconds: Int
        public init(fromSeconds: Int, seconds: Int) {
            self.fromSeconds = fromSeconds
            self.seconds = seconds
        }
    }

    public struct Report: Sendable, Equatable, Codable {
        public let instants: Int
        /// Seconds checked, over every window.
        public let spanSeconds: Int
        public let windows: [Window]
        /// Distinct timer strings shaped, over every layer and mask.
        public let stringsShaped: Int
        public let mismatches: [Mismatch]
        public var wrongFrames: Int { mismatches.count }
        public var passed: Bool { mismatches.isEmpty }

        /// Both reports' checks together (strings shaped add up: each window shapes its own).
        public func adding(_ other: Report) -> Report {
            Report(
                instants: instants + other.instants, spanSeconds: spanSeconds + other.spanSeconds,
                windows: windows + other.windows, stringsShaped: stringsShaped + other.stringsShaped,
                mismatches: mismatches + other.mismatches)
        }
    }

    public let plan: TimerFontPlan
    let frameFonts: [HarfBuzzFont]
    let maskFont: HarfBuzzFont
    /// The first frame with each picture digest (frames of the loop can share a picture).
    let frameByDigest: [UInt64: Int]
    /// Each frame's first frame with the same picture.
    let samePicture: [Int]
    let pictureWidth: Int
    let pictureHeight: Int

    /// - Parameters:
    ///   - frameFonts: the layers' font files, bottom to top; `maskFont`: the mask font's.
    ///   - pictures: each loop frame's PNG, as the fonts should hold it.
    public convenience init(
        plan: TimerFontPlan, frameFonts: [[UInt8]], maskFont: [UInt8], pictures: [[UInt8]], pixelSize: PixelSize
    ) throws {
        try self.init(
            plan: plan, frameFonts: frameFonts, maskFont: maskFont,
            pictureDigests: pictures.map(PictureDigest.of), pixelSize: pixelSize)
    }

    /// - Parameter pictureDigests: each loop frame's `PictureDigest` of its PNG (as a manifest holds them).
    public init(
        plan: TimerFontPlan, frameFonts: [[UInt8]], maskFont: [UInt8], pictureDigests: [UInt64], pixelSize: PixelSize
    ) throws {
        guard frameFonts.count == plan.layers, pictureDigests.count == plan.frameCount else {
            throw InputError(
                file: "timer fonts",
                "\(frameFonts.count) fonts and \(pictureDigests.count) pictures for \(plan.layers) layers and \(plan.frameCount) frames"
            )
        }
        self.plan = plan
        self.frameFonts = try frameFonts.enumerated().map {
            try HarfBuzzFont(bytes: $1, name: "frame font \($0)", ppem: pixelSize.height)
        }
        self.maskFont = try HarfBuzzFont(bytes: maskFont, name: "mask font", ppem: pixelSize.height)
        var byDigest: [UInt64: Int] = [:]
        for (k, d) in pictureDigests.enumerated() where byDigest[d] == nil { byDigest[d] = k }
        frameByDigest = byDigest
        samePicture = pictureDigests.map { byDigest[$0]! }
        pictureWidth = pixelSize.width
        pictureHeight = pixelSize.height
        frameMemo = Array(repeating: [:], count: plan.layers)
        glyphFrames = Array(repeating: [:], count: plan.layers)
    }

    private var frameMemo: [[Int: Int?]] = []
    private var glyphFrames: [[Int: Int?]] = []
    private var maskMemo: [Int: Bool] = [:]
    /// Timer strings shaped so far.
    public private(set) var stringsShaped = 0

    /// The frame layer `layer` shows `t` seconds after the reference date (nil: a picture that
    /// is no frame of the loop, or none).
    public func frame(layer: Int, at t: Double) -> Int? {
        let e = TimerFontPlan.elapsed(at: t, lead: plan.frameLead(layer))
        if let hit = frameMemo[layer][e] { return hit }
        stringsShaped += 1
        let glyphs = frameFonts[layer].shape(TimerFontPlan.timerText(elapsed: e))
        // The last glyph fills the clipped cell only if it is exactly one picture wide.
        var frame: Int? = nil
        if let last = glyphs.last, last.advance == pictureWidth {
            // A glyph's picture is read and matched once (PNGs are large to hash).
            if let known = glyphFrames[layer][last.glyph] {
                frame = known
            } else {
                frame = frameFonts[layer].png(last.glyph).flatMap { frameByDigest[PictureDigest.of($0)] }
                glyphFrames[layer][last.glyph] = frame
            }
        }
        frameMemo[layer][e] = frame
        return frame
    }

    /// Whether a mask timer that started `lead` seconds before the reference date draws a full
    /// cell at `t`.
    public func maskIsOn(lead: Double, at t: Double) -> Bool {
        let e = TimerFontPlan.elapsed(at: t, lead: lead)
        if let hit = maskMemo[e] { return hit }
        stringsShaped += 1
        let glyphs = maskFont.shape(TimerFontPlan.timerText(elapsed: e))
        var full = false
        if let last = glyphs.last, last.advance == pictureWidth, let box = maskFont.outlineBox(last.glyph) {
            // A rectangle over the whole cell: from the baseline up one em (the picture's height).
            full = box.x == 0 && box.width == pictureWidth && box.y == pictureHeight && box.height == -pictureHeight
        }
        maskMemo[e] = full
        return full
    }

    /// The highest layer whose masks are all on at `t`, and the frame it shows.
    public func shown(at t: Double) -> (layer: Int, frame: Int?) {
        let upperOn = maskIsOn(lead: plan.upperMaskLead, at: t)
        var top = 0
        for layer in stride(from: plan.layers - 1, to: 0, by: -1) {
            if plan.isUpper(layer) && !upperOn { continue }
            if maskIsOn(lead: plan.maskLead(layer), at: t) { top = layer; break }
        }
        return (top, frame(layer: top, at: t))
    }

    /// The glyph layer `layer`'s timer ends with at `t` (its seconds ligature), and the text shaped.
    public func lastGlyph(layer: Int, at t: Double) -> (glyph: Int?, text: String) {
        let text = TimerFontPlan.timerText(elapsed: TimerFontPlan.elapsed(at: t, lead: plan.frameLead(layer)))
        return (frameFonts[layer].shape(text).last?.glyph, text)
    }

    /// Whether `shown` (as `shown(at:)` gives it) is the intended frame's picture.
    public func shows(_ intended: Int, _ shown: Int?) -> Bool { shown == samePicture[intended] }

    /// Forgets shaped strings (a long check keeps only what its window needs).
    public func forget() {
        frameMemo = Array(repeating: [:], count: plan.layers)
        maskMemo = [:]
    }

    /// Checks `samplesPerFrame` instants inside every frame (spread from 1 ms after its start
    /// to 1 ms before its end) over `seconds` of the timers from `from` seconds after the
    /// reference date.
    public func verify(
        from: Int = 0, seconds: Int, samplesPerFrame: Int = 3, progress: ((Int, Int) -> Void)? = nil
    ) -> Report {
        forget()
        let before = stringsShaped
        var mismatches: [Mismatch] = []
        let frames = seconds * plan.fps
        let step = 1.0 / Double(plan.fps)
        for j in 0..<frames {
            if j % (plan.fps * 60) == 0 { progress?(j, frames) }
            for k in 0..<samplesPerFrame {
                let inside =
                    samplesPerFrame == 1 ? step / 2 : 0.001 + (step - 0.002) * Double(k) / Double(samplesPerFrame - 1)
                let t = Double(from) + Double(j) * step + inside
                let (top, frame) = shown(at: t)
                let intended = plan.intendedFrame(at: t)
                if !shows(intended, frame) {
                    mismatches.append(
                        Mismatch(
                            timeSeconds: t, intendedFrame: intended, shownFrame: frame, topLayer: top,
                            why: frame == nil
                                ? "layer \(top) shows no picture of the loop" : "layer \(top) shows frame \(frame!)"))
                }
            }
        }
        progress?(frames, frames)
        forget()
        return Report(
            instants: frames * samplesPerFrame, spanSeconds: seconds,
            windows: [Window(fromSeconds: from, seconds: seconds)], stringsShaped: stringsShaped - before,
            mismatches: mismatches)
    }
}

/// Names a picture by its PNG bytes (FNV-1a, 64 bits: identifies pictures, not a defence
/// against crafted collisions).
public enum PictureDigest {
    public static func of(_ bytes: [UInt8]) -> UInt64 { FNV1a.hash(bytes) }

    /// Sixteen hex digits.
    public static func hex(_ d: UInt64) -> String {
        let s = String(d, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
