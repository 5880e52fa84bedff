import ArcMaskBudget
import ArcMaskEmulator
import ArcMaskGeometry
import ArcMaskTimerClock
import ArcMaskValues
import Foundation

/// `manifest.json`: everything a widget needs to play the export, where it stands against the
/// phone's limits, and how it was checked. `emulate DIR` reads it back and checks the folder.
/// Its common keys are every manifest's (`Common`, read as the manifest's own members); what an
/// engine over the layers adds is a section of its own (`ManifestSection`).
@dynamicMemberLookup
public struct ExportManifest: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        /// Layer index = ZStack position (and position in the strip).
        public var index: Int
        /// The source frames this layer stands for: more than one when frames were merged, or
        /// those whose time falls in its slot when the frame rate was lowered (then neighbouring
        /// layers can share the frame that straddles their boundary).
        public var sourceFrames: [Int]
        public var durationMs: Double
        /// The layer's arc, unrotated, degrees.
        public var startAngle: Double
        public var endAngle: Double
        /// Where the image lies in `file`, pixels: (0, 0) for a layer file, its cell in a strip.
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var file: String
        /// The source frame the layer shows, and the largest share of pixels in which one of its
        /// source frames differs from it (`FrameSimilarity`): 0 for a layer of one frame, at most
        /// 1 % for merged frames; nil when frames were dropped to lower the frame rate.
        public var shownFrame: Int?
        public var difference: Double?
    }

    /// An image file of the export, as written.
    public struct Image: Codable, Sendable, Equatable {
        public var file: String
        public var bytes: Int
        /// FNV-1a (64 bits, hex) of the file's bytes.
        public var digest: String
        public var width: Int
        public var height: Int

        public init(file: String, bytes: Int, digest: String, width: Int, height: Int) {
            self.file = file
            self.bytes = bytes
            self.digest = digest
            self.width = width
            self.height = height
        }
    }

    /// The written layers against the exact frames at the written size.
    public struct Quality: Codable, Sendable, Equatable {
        public var meanSSIM: Double
        public var worstSSIM: Double

        public init(meanSSIM: Double, worstSSIM: Double) {
            self.meanSSIM = meanSSIM
            self.worstSSIM = worstSSIM
        }
    }

    /// The emulator's verdict on these layers (as `arcmask emulate` gives it).
    public struct Verdict: Codable, Sendable, Equatable {
        public var refreshHz: [Double]
        public var samples: Int
        public var torn: Int
        public var gap: Int
        public var wrongFrame: Int
        public var reversed: Bool
        public var speedRatio: Double
        /// The widget plays what the timeline shows this much later (information: the phase
        /// follows the wall clock).
        public var phaseOffsetMs: Double
        /// Frame 0 starts this long after each instant the rotation is at 0°.
        public var frameZeroStartsMs: Double
        public var toleranceMs: Double
        public var passed: Bool
        /// Refreshes with at least one defect (a refresh can be torn, gapped and wrong at once,
        /// so this is not the sum of the three); nil in manifests written before it was recorded.
        public var defective: Int?
        /// The verdict at every phase (nil in manifests written before it was recorded, which
        /// were judged at phase 0 by their counts).
        public var allPhases: PhaseVerdict?

        /// Why the verdict is FAIL, in words; empty when it passed.
        public var failures: [String] {
            let wrongSpeed = abs(speedRatio - 1) > Emulator.speedTolerance
            if let allPhases {
                return EmulationReport.failures(
                    allPhases, criteria: Set(DefectKind.allCases), reversed: reversed, wrongSpeed: wrongSpeed,
                    speedRatio: speedRatio)
            }
            var out: [String] = []
            let defective = self.defective ?? (torn + gap + wrongFrame)
            if defective > 0 { out.append("\(defective) defective refresh\(defective == 1 ? "" : "es")") }
            if reversed { out.append("plays backwards") }
            if wrongSpeed { out.append("plays at \(fmt(speedRatio))× speed") }
            return out
        }

        /// "PASS: a seam is on screen at …" or "FAIL (…)", as `EmulationReport.verdictText`.
        public var verdictText: String {
            passed
                ? "PASS" + (allPhases.map { ": \($0.tearText)" } ?? "") : "FAIL (\(failures.joined(separator: "; ")))"
        }

        public init(_ v: EmulationReport) {
            refreshHz = v.refreshHz
            samples = v.samples
            torn = v.torn
            gap = v.gap
            wrongFrame = v.wrongFrame
            reversed = v.reversed
            speedRatio = v.speedRatio
            phaseOffsetMs = v.phaseOffsetMs
            frameZeroStartsMs = v.frameZeroStartsMs
            toleranceMs = v.toleranceMs
            passed = v.passed
            defective = v.defective
            allPhases = v.allPhases
        }
    }

    /// The keys every manifest has.
    public struct Common: Codable, Sendable, Equatable {
        /// The route that wrote the folder: `rotation`, or `timer-mask` when the lanes are the layers
        /// (a timer-font export writes a manifest of its own, with its own `route`).
        public var route: WidgetRoute = .rotation
        /// The input's file name (never the path as typed).
        public var source: String
        /// The source's canvas in pixels (for a sequence, the `@Sx` variant's when one was read).
        public var sourceWidth: Int
        public var sourceHeight: Int
        public var preset: Preset
        public var family: WidgetFamily?
        public var device: String?
        public var viewWidth: Double
        public var viewHeight: Double
        public var scale: Double
        public var pixelWidth: Int
        public var pixelHeight: Int
        public var fit: FitMode
        /// The plan as it was computed for these layers (radius, stroke, caps, period, slices).
        public var plan: ArcPlan
        /// "files" (each layer its own image, handed over as encoded bytes) or "strip".
        public var layout: LayerLayout
        /// The format asked for: auto, jpeg or png.
        public var imageFormat: ImageFormat
        /// The JPEG quality of the JPEG layers (nil when none is JPEG).
        public var jpegQuality: Int?
        public var strip: String?
        public var stripColumns: Int
        public var frames: [Frame]
        /// Every image file, with its size and digest.
        public var images: [Image]
        /// Each figure against its limit.
        public var limits: LimitFigures
        public var quality: Quality
        public var budgetActions: [String]
        public var warnings: [String]
        public var emulator: Verdict
        /// Which bound held the layers' resolution: the source's own pixels, or the device's scale.
        public var resolution: ResolutionRecord?
        /// The generated code: its type prefix (`--name`), rotation route, tinting and files.
        public var name: String
        /// The family the generated widget declares.
        public var widgetFamily: WidgetFamily
        public var rotation: RotationAccess
        public var accented: AccentedRendering
        public var codeFiles: [String]
        /// What the widget gallery shows (`--display-name`, `--description`); nil: the source's file
        /// name, and a sentence about the route.
        /// How the animation's time maps onto a timer loop (plays per loop, pace), when timers play it.
        public var timing: TimerLoopTiming? = nil
        public var displayName: String? = nil
        public var widgetDescription: String? = nil
        /// The source frame the view shows still where it holds still (Always-On; the accented and
        /// vibrant modes with `accented` `.poster`); nil: the first (`--poster`).
        public var posterFrame: Int? = nil
        /// What VoiceOver reads for the animation: the view is one image with this label, its
        /// layers hidden (`--label`; by default the gallery name, `--display-name` or the source's
        /// file name). nil in folders written before labels.
        public var label: String? = nil
        /// What flattening translucent layers onto the background did to the animation: layers
        /// that became identical, pictures that lost most of what they showed
        /// (`FlattenedLook.problems`); nil when no layer was flattened or the animation survived.
        public var flattening: [String]? = nil
        /// Where the folder was written: set only in what `export --json` prints (the file never
        /// holds it, so it does not say whose disk it was written on).
        public var output: String? = nil
    }

    /// The keys every manifest has.
    public var common: Common
    /// What the engines over the layers add, each under a key of its own (`ManifestSection`: the
    /// timer masks' `timerMask`).
    public var sections = ManifestSections()

    public init(_ common: Common) { self.common = common }

    /// The common keys, read and written as the manifest's own: `manifest.frames`.
    public subscript<T>(dynamicMember path: WritableKeyPath<Common, T>) -> T {
        get { common[keyPath: path] }
        set { common[keyPath: path] = newValue }
    }

    /// The common keys, then every other key of the object as a section.
    public init(from decoder: Decoder) throws {
        common = try Common(from: decoder)
        let keys = Set(Mirror(reflecting: common).children.compactMap(\.label))
        sections = try ManifestSections(from: decoder, besides: keys)
    }

    /// The common keys and the sections, in one object.
    public func encode(to encoder: Encoder) throws {
        try common.encode(to: encoder)
        try sections.encode(to: encoder)
    }
}

extension ExportManifest {
    /// What people call an animation made from `fileName`: the name a person gave the file,
    /// without its extension or the " (1)" a download adds ("Café anim (1).gif" → "Café anim").
    /// The widget gallery's default name and the view's default accessibility label.
    public static func animationName(_ fileName: String) -> String {
        let file = (fileName as NSString).lastPathComponent
        var name = (file as NSString).deletingPathExtension
        if let copy = name.range(of: #" \(\d+\)$"#, options: .regularExpression) { name.removeSubrange(copy) }
        return name.isEmpty ? file : name
    }
}

extension LimitFigures {
    /// The figures of an export's images, as `export` states them and `emulate DIR` recomputes
    /// them from the files on disk. With `.files`, each image is a layer handed over as encoded
    /// bytes: the extension holds those bytes, the system decodes each image. With `.strip`, the
    /// extension decodes the strip to crop its cells, each `layerSize`.
    public init(
        layout: LayerLayout, images: [ExportManifest.Image], layers: Int, layerSize: PixelSize, limits: WidgetLimits
    ) {
        // Sizes read back from a folder can be anything: every figure saturates rather than overflows.
        let bytes = images.reduce(0) { saturatingSum($0, $1.bytes) }
        let decoded = images.reduce(0) {
            saturatingSum($0, saturatingProduct(saturatingProduct($1.width, $1.height), 4))
        }
        switch layout {
        case .files:
            self.init(
                imageBytes: bytes, layers: layers,
                largestLayerPixels: images.map { saturatingProduct($0.width, $0.height) }.max() ?? 0,
                extensionBytes: bytes, rendererDecodedBytes: decoded, limits: limits)
        case .strip:
            self.init(
                imageBytes: bytes, layers: layers, largestLayerPixels: layerSize.pixelCount, extensionBytes: decoded,
                rendererDecodedBytes: saturatingProduct(layers, saturatingProduct(layerSize.pixelCount, 4)),
                limits: limits)
            archiveFitted = false
        }
    }
}
