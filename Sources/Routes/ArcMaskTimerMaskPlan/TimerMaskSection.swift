import ArcMaskBudget
import ArcMaskManifest
import ArcMaskTimerClock

/// The `timerMask` section of `manifest.json`: the pictures of the timer-mask route stacked
/// one per lane, each under live timer masks, in a form a program that knows nothing of arcmask
/// can play and check:
///
/// - lanes are listed bottom to top;
/// - a mask with lead L shows, t seconds after the view's reference date, what
///   `Text(reference − L, style: .timer)` shows (⌊t + L⌋ whole seconds, "M:SS" under an hour,
///   "H:MM:SS" after), set in the mask font of period P, whose glyphs have ink only when the
///   string's seconds field is a multiple of P (the second that opens a period);
/// - a lane draws where all its masks have ink (a lane without masks always draws);
/// - the topmost drawn lane shows;
/// - `onTopFromSeconds ..< onTopToSeconds` is when, within the loop, each lane is meant to be the
///   one shown, and `frame` the source frame its image holds.
public struct TimerMaskSection: ManifestSection {
    public static let key = "timerMask"

    /// A mask font: one per period.
    /// Mask fonts larger than this are not read.
    public static let maxFontBytes = 16 << 20

    public struct Font: Codable, Sendable, Equatable {
        public var file: String
        public var postScriptName: String
        public var periodSeconds: Int
        /// The file's size and `LayerDigest`, as written into the folder, so `check` holds it as
        /// it holds the layer images (nil: not in the folder, the extension carries it, as for
        /// ArcMaskKit's folders, or written before fonts were recorded).
        public var bytes: Int?
        public var digest: String?

        public init(file: String, postScriptName: String, periodSeconds: Int, bytes: Int? = nil, digest: String? = nil)
        {
            self.file = file
            self.postScriptName = postScriptName
            self.periodSeconds = periodSeconds
            self.bytes = bytes
            self.digest = digest
        }

        /// This font as written into the folder: `bytes` recorded.
        public func written(_ bytes: [UInt8]) -> Font {
            var f = self
            f.bytes = bytes.count
            f.digest = LayerDigest.of(bytes)
            return f
        }
    }

    /// A live timer over a lane, set in `font`, started `leadSeconds` before the reference date.
    public struct Mask: Codable, Sendable, Equatable {
        public var font: String
        public var leadSeconds: Double

        public init(font: String, leadSeconds: Double) {
            self.font = font
            self.leadSeconds = leadSeconds
        }
    }

    public struct Lane: Codable, Sendable, Equatable {
        public var image: String
        public var frame: Int
        public var onTopFromSeconds: Double
        public var onTopToSeconds: Double
        public var masks: [Mask]

        public init(image: String, frame: Int, onTopFromSeconds: Double, onTopToSeconds: Double, masks: [Mask]) {
            self.image = image
            self.frame = frame
            self.onTopFromSeconds = onTopFromSeconds
            self.onTopToSeconds = onTopToSeconds
            self.masks = masks
        }
    }

    /// The loop's length: a divisor of 60, so the masks' periods line up with the timer's minutes.
    public var loopSeconds: Int
    public var fonts: [Font]
    /// Bottom to top.
    public var lanes: [Lane]
    /// The source's frames (ms), and how the lanes tell them (`SourceFidelity`); nil in
    /// sections written before the lanes were judged against the source.
    public var sourceDurationsMs: [Double]? = nil
    public var fidelity: SourceFidelity? = nil

    public init(loopSeconds: Int, fonts: [Font], lanes: [Lane]) {
        self.loopSeconds = loopSeconds
        self.fonts = fonts
        self.lanes = lanes
    }

    /// Loops the route plays: divisors of 60 up to 30 s (mask periods that divide 60 were seen
    /// working up to 30 s on a phone: cifyr/motionary, docs/widget-animation-surface.md §4.1.1).
    public static let loops = [2, 3, 4, 5, 6, 10, 12, 15, 20, 30]

    /// How many times as wide as high a view's pictures may be: a mask font's solid glyph is one
    /// em high and this many ems wide (`MaskFonts.laneMaskFont`).
    public static let maskWidthInEms = 4

    /// The most lanes a manifest may list (a phone was seen drawing 320; more is refused as
    /// damage, not as a choice).
    public static let maxLanes = 4096

    /// How many lanes each of a loop's turns takes, for turns of these durations (ms), in order
    /// from the loop's start: one each, and one more for each further second of a turn after the
    /// first (a mask draws for a second: `TimerMaskLayers.stack`).
    @Sendable public static func lanesPerTurn(_ durationsMs: [Double]) -> [Int] {
        durationsMs.enumerated().map { k, ms in k == 0 ? 1 : max(1, Int((ms / 1000 - 1e-9).rounded(.up))) }
    }

    /// The view's archive when it plays the lanes: every lane's image counted as its own
    /// (nothing measured shows the archive sharing one image between lanes) plus the view's
    /// reserve per lane, as the rotation's figure counts layers. `imageBytes` by file.
    public func archiveBytes(imageBytes: [String: Int]) -> Int {
        lanes.reduce(0) {
            saturatingSum($0, saturatingSum(imageBytes[$1.image] ?? 0, WidgetLimits.viewBytesPerLayer))
        }
    }

    /// What is wrong with the section, each said where (`timerMask.lanes[3].masks[0].font`);
    /// empty when a player can take it as it is. `images` are the folder's image files.
    public func problems(images: Set<String>? = nil) -> [(location: String, problem: String)] {
        var out: [(String, String)] = []
        if !Self.loops.contains(loopSeconds) {
            out.append(
                (
                    "timerMask.loopSeconds",
                    "\(loopSeconds) is not one of \(Self.loops.map(String.init).joined(separator: ", "))"
                ))
        }
        var periods: [String: Int] = [:]
        for (k, font) in fonts.enumerated() {
            let at = "timerMask.fonts[\(k)]"
            if font.file.isEmpty || font.file.contains("/") || font.file.hasPrefix(".") {
                out.append(("\(at).file", "\"\(font.file)\" is not a file name in the folder"))
            }
            if font.postScriptName.isEmpty { out.append(("\(at).postScriptName", "is empty")) }
            if font.periodSeconds < 1 || 60 % font.periodSeconds != 0 {
                out.append(("\(at).periodSeconds", "\(font.periodSeconds) does not divide 60"))
            }
            if periods.updateValue(font.periodSeconds, forKey: font.file) != nil {
                out.append(("\(at).file", "\"\(font.file)\" is listed twice"))
            }
        }
        if lanes.isEmpty { out.append(("timerMask.lanes", "is empty")) }
        if lanes.count > Self.maxLanes {
            out.append(("timerMask.lanes", "lists \(lanes.count) lanes, more than \(Self.maxLanes)"))
        }
        let loop = Double(loopSeconds)
        for (i, lane) in lanes.prefix(Self.maxLanes).enumerated() {
            let at = "timerMask.lanes[\(i)]"
            if let images, !images.contains(lane.image) {
                out.append(("\(at).image", "\"\(lane.image)\" is not an image of the folder"))
            }
            if lane.frame < 0 { out.append(("\(at).frame", "\(lane.frame) is not a frame")) }
            let from = lane.onTopFromSeconds, to = lane.onTopToSeconds
            if !(from.isFinite && to.isFinite && from >= 0 && from < to && to <= loop) {
                out.append(
                    ("\(at).onTopFromSeconds", "\(from) to \(to) is not a span within the \(loopSeconds) s loop"))
            } else {
                // The turns tile the loop, bottom lane first.
                let start = i == 0 ? 0 : lanes[i - 1].onTopToSeconds
                if abs(from - start) > 1e-6 {
                    out.append(("\(at).onTopFromSeconds", "\(from) is not where the lane below's turn ends (\(start))"))
                }
                if i == lanes.count - 1 && abs(to - loop) > 1e-6 {
                    out.append(("\(at).onTopToSeconds", "\(to) is not the loop's end (\(loopSeconds))"))
                }
            }
            for (m, mask) in lane.masks.enumerated() {
                if periods[mask.font] == nil {
                    out.append(("\(at).masks[\(m)].font", "\"\(mask.font)\" is not one of timerMask.fonts"))
                }
                if !mask.leadSeconds.isFinite || mask.leadSeconds < 0 || mask.leadSeconds > 86_400 {
                    out.append(("\(at).masks[\(m)].leadSeconds", "\(mask.leadSeconds) is not 0 to 86,400 s"))
                }
            }
        }
        return out
    }

    /// The period of the font a mask is set in (nil: not a font of the section).
    public func period(of mask: Mask) -> Int? { fonts.first { $0.file == mask.font }?.periodSeconds }

    /// Whether a mask has ink `t` seconds after the reference date.
    public func inks(_ mask: Mask, at t: Double) -> Bool {
        guard let p = period(of: mask), p > 0 else { return false }
        return TimerClock.secondsField(elapsed: TimerClock.elapsed(at: t, lead: mask.leadSeconds)) % p == 0
    }

    /// Whether lane `i` draws at `t`.
    public func draws(lane i: Int, at t: Double) -> Bool { lanes[i].masks.allSatisfy { inks($0, at: t) } }

    /// The lane shown at `t`: the topmost that draws (nil: none, the view is empty there).
    public func topLane(at t: Double) -> Int? { lanes.indices.reversed().first { draws(lane: $0, at: t) } }

    /// The lane meant to show at `t`: the one whose on-top span holds t within the loop.
    public func intendedLane(at t: Double) -> Int? {
        let loop = Double(loopSeconds)
        var phase = t.truncatingRemainder(dividingBy: loop)
        if phase < 0 { phase += loop }
        return lanes.firstIndex { phase >= $0.onTopFromSeconds && phase < $0.onTopToSeconds }
    }
}

extension ExportManifest {
    /// The timer-mask lanes over the layers (the engine that plays where the rotation does not):
    /// the manifest's `timerMask` section; nil when it has none or it cannot be read (`timerMaskSection()` says why).
    public var timerMask: TimerMaskSection? {
        get { try? sections.decode(TimerMaskSection.self) }
        set { sections.set(newValue) }
    }

    /// The `timerMask` section, or nil when the manifest has none; throws `DecodingError` (its
    /// path from `timerMask`) when it is there but cannot be read.
    public func timerMaskSection() throws -> TimerMaskSection? { try sections.decode(TimerMaskSection.self) }
}
