import ArcMaskEmulator
import ArcMaskGeometry

/// `manifest.json`: everything a widget needs to play the export, and how it was checked.
public struct ExportManifest: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        /// Layer index = position in the strip.
        public var index: Int
        /// The source frames this layer stands for (more than one when frames were merged).
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

    public struct Verdict: Codable, Sendable, Equatable {
        public var refreshHz: [Double]
        public var samples: Int
        public var torn: Int
        public var gap: Int
        public var wrongFrame: Int
        public var passed: Bool
    }

    public var source: String
    public var preset: String
    public var family: String?
    public var device: String?
    public var viewWidth: Double
    public var viewHeight: Double
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var fit: String
    public var periodSeconds: Double
    public var radius: Double
    public var lineWidth: Double
    public var cap: String
    public var centerOffset: Double
    public var direction: String
    public var strip: String?
    public var stripColumns: Int
    public var frames: [Frame]
    /// Decoded memory of all layer images, bytes.
    public var decodedBytes: Int
    public var budgetBytes: Int
    public var budgetActions: [String]
    public var warnings: [String]
    public var emulator: Verdict

    /// The plan the manifest describes (to emulate it again, or draw it).
    public var plan: ArcPlan {
        get throws {
            let request = PlanRequest(viewWidth: viewWidth, viewHeight: viewHeight, scale: scale,
                                      durationsMs: frames.map(\.durationMs), preset: Preset(rawValue: preset) ?? .arcmask)
            var p = try ArcPlanner.plan(request)
            p.radius = radius
            p.lineWidth = lineWidth
            p.centerOffset = centerOffset
            p.periodSeconds = periodSeconds
            p.cap = LineCap(rawValue: cap) ?? .butt
            // The exported layers, in strip order (presets that repeat frames keep their own layers).
            if p.layers.count == frames.count {
                p.layers = frames.map { ArcLayer(zIndex: $0.index, frame: $0.index, startAngle: $0.startAngle, endAngle: $0.endAngle) }
            }
            return p
        }
    }
}
