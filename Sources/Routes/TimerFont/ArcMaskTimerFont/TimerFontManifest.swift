import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerClock
import ArcMaskTimerFontPlan
import ArcMaskValues

/// `manifest.json` of a timer-font export: the loop, the fonts and how they were proven.
public struct TimerFontManifest: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        /// Index in the loop.
        public var index: Int
        /// When it starts showing, ms into the loop.
        public var startMs: Double
        /// The source frame it shows.
        public var sourceFrame: Int
        public var pngBytes: Int
        /// `PictureDigest` of the picture's PNG, 16 hex digits: what the glyph must hold.
        public var pictureDigest: String
    }

    public struct Font: Codable, Sendable, Equatable {
        public var file: String
        /// The name `Font.custom` takes, as the font's `name` table holds it.
        public var postScriptName: String
        public var bytes: Int
        /// `PictureDigest` of the file, 16 hex digits (nil: written before fonts were recorded so).
        public var digest: String? = nil
        /// Seconds this layer's frame timer starts before the reference date (frame fonts).
        public var frameLeadSeconds: Double?
        /// Seconds this layer's own mask timer starts before the reference date (nil: no mask).
        public var maskLeadSeconds: Double?
        /// Whether the layer lies under the upper half's shared mask.
        public var underUpperMask: Bool
    }

    /// Always `timer-font`: tells this manifest from a rotation export's.
    public var route = WidgetRoute.timerFont
    public var source: String
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var family: String?
    public var device: String?
    public var viewWidth: Double
    public var viewHeight: Double
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var fit: String
    /// "#RRGGBB": what translucent pixels were flattened onto (also the view's background).
    public var background: String
    public var fps: Int
    public var loopSeconds: Int
    public var timing: TimerFontTiming
    public var frames: [Frame]
    /// Bottom layer first.
    public var frameFonts: [Font]
    public var maskFont: Font
    public var upperMaskLeadSeconds: Double
    /// Every picture decoded at once, bytes.
    public var decodedBytes: Int
    public var budgetBytes: Int
    public var budgetActions: [String]
    public var warnings: [String]
    /// HarfBuzz's shaping of every timer string, checked against the intended frames.
    public var proof: TimerFontVerifier.Report
    /// What flattening the pictures onto `background` did to the animation as the widget shows
    /// it (`FlattenedLook.problems`): frames that became identical, pictures that lost most of what
    /// they showed. The proof checks the fonts against the flattened pictures; this checks the
    /// flattened pictures against the animation. Empty when it survives; nil when every picture
    /// was opaque (flattening changed nothing).
    public var flattening: [String]? = nil
    /// The pictures against the source's own frames and pace (nil in manifests written before).
    public var fidelity: SourceFidelity? = nil
    /// The generated code's type prefix (`--name`) and files.
    public var name: String
    public var codeFiles: [String]
    /// What the widget gallery shows; nil: the source's file name, and a sentence about the route.
    public var displayName: String? = nil
    public var widgetDescription: String? = nil
    /// What VoiceOver reads for the animation (`--label`; by default the gallery name).
    public var label: String? = nil
    /// The pictures flattened onto the dark appearance's background, in frame fonts of their
    /// own, which the view takes when the system is dark (`colorScheme`); nil when one set serves
    /// both (opaque pictures, or a `--background` chosen for both).
    public var dark: DarkAppearance? = nil

    /// The dark appearance's frame fonts: the same plan and layout, other pictures.
    public struct DarkAppearance: Codable, Sendable, Equatable {
        /// What the dark set is flattened onto, "#RRGGBB"; also the view's background there.
        public var background: String
        /// Bottom layer first, as `frameFonts`.
        public var frameFonts: [Font]
        /// Each loop frame's dark picture's `PictureDigest` (16 hex digits), as `frames`' are.
        public var pictureDigests: [String]

        public init(background: String, frameFonts: [Font], pictureDigests: [String]) {
            self.background = background
            self.frameFonts = frameFonts
            self.pictureDigests = pictureDigests
        }
    }
    /// Where the folder was written: set only in what `export --json` prints (the file never
    /// holds it, so it does not say whose disk it was written on).
    public var output: String? = nil

    /// Whether the export plays the animation: the fonts show the intended pictures, and the
    /// pictures still show the animation.
    public var passed: Bool { proof.passed && (flattening ?? []).isEmpty }

    /// The font files, as `UIAppFonts` lists them.
    public var fontFiles: [String] {
        frameFonts.map(\.file) + (dark?.frameFonts.map(\.file) ?? []) + [maskFont.file]
    }

    public func plan() throws(PlanError) -> TimerFontPlan { try TimerFontPlan(fps: fps, loopSeconds: loopSeconds) }
}
