import ArcMaskGeometry

/// `manifest.json`: everything a widget needs to play the export, and how it was checked.
public struct ExportManifest: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        /// Layer index = position in the strip.
        public var index: Int
        /// The source frames this layer stands for: more than one when frames were merged, or
        /// those whose time falls in its slot when the frame rate was lowered (then neighbouring
        /// layers can share the frame that straddles their boundary).
        public var sourceFrames: [Int]
        public var durationMs: Double
        /// The layer's arc, unrotated, degrees.
        public var startAngle: Double
        public var endAngle: Double
        /// Where the image lies: in `strip` (pixels), or its own file with --per-frame-png.
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var file: String
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
    }

    public var source: String
    /// The source's canvas in pixels (for a sequence, the `@Sx` variant's when one was read).
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var preset: String
    public var family: String?
    public var device: String?
    public var viewWidth: Double
    public var viewHeight: Double
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var fit: String
    /// The plan as it was computed for these layers (radius, stroke, caps, period, slices).
    public var plan: ArcPlan
    public var strip: String?
    public var stripColumns: Int
    public var frames: [Frame]
    /// Decoded memory of all layer images, bytes.
    public var decodedBytes: Int
    public var budgetBytes: Int
    public var budgetActions: [String]
    public var warnings: [String]
    public var emulator: Verdict
    /// The generated code: its type prefix (`--name`), rotation route and files.
    public var name: String
    public var rotation: String
    public var codeFiles: [String]
}
