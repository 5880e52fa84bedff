import ArcMaskValues

/// What `inspect --json` prints and `frames` writes as `frames.json` for every format but GIF
/// (which has its own, with the same keys where the meaning is shared): the canvas, the loop,
/// each frame's timing, and the format's own per-frame fields.
public struct SourceReport: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        public var index: Int
        /// The region the frame draws: its own for APNG and WebP, the whole canvas for every other format.
        public var x: Int?, y: Int?, width: Int?, height: Int?
        /// The delay as the file stores it, in ms (APNG, WebP).
        public var delayMs: Double?
        /// How long the frame shows, in ms, as players show it.
        public var durationMs: Double
        /// What happens to the region before the next frame: none, background, previous.
        public var disposal: String?
        /// How the frame meets the canvas: source (replace) or over (alpha blend).
        public var blend: String?
        /// WebP: lossy or lossless; sequences: PNG, JPEG or SVG.
        public var kind: String?
        /// Sequences: the frame's number and the file read for it.
        public var number: Int?
        public var path: String?
        /// Lottie: the composition time the frame shows, in the file's frames.
        public var time: Double?
        /// Video and AVIF: the clip's frame shown, and its presentation time in seconds from
        /// the clip's first frame. With a playback (range, reverse, rate): the frame this step shows.
        public var sourceFrame: Int?
        public var seconds: Double?

        public init(index: Int, durationMs: Double) {
            self.index = index
            self.durationMs = durationMs
        }
    }

    public var file: String
    /// "APNG", "PNG", "WebP", "SVG", "sequence", "SVGA".
    public var format: String
    public var width: Int
    public var height: Int
    public var frameCount: Int
    /// As the file writes it (APNG num_plays, WebP loop count: 0 = forever); nil when it has none.
    public var loopCount: Int?
    /// Total plays, nil for ever.
    public var plays: Int?
    public var durationMs: Double
    public var damaged: Bool
    public var warnings: [String]
    /// APNG: the IDAT image is not one of the frames.
    public var defaultImageHidden: Bool?
    /// APNG: IHDR's bit depth and colour type.
    public var bitDepth: Int?
    public var colorType: Int?
    /// WebP: ANIM's background colour, R, G, B, A (a hint players ignore).
    public var backgroundRGBA: [Int]?
    /// Sequences: the pattern or folder read.
    public var pattern: String?
    /// SVG: the renderer and its version (part of the cache key).
    public var renderer: String?
    /// Lottie, Telegram stickers and dotLottie.
    public var lottie: LottieInfo?
    /// Video clips and AVIF files.
    public var video: VideoReport?
    public var frames: [Frame]
    /// The range, reversal and rate played, when any was asked for.
    public var playback: Playback?

    public struct LottieInfo: Codable, Sendable, Equatable {
        public struct Marker: Codable, Sendable, Equatable {
            public var name: String
            public var frame: Double
            public var durationFrames: Double

            public init(name: String, frame: Double, durationFrames: Double) {
                self.name = name
                self.frame = frame
                self.durationFrames = durationFrames
            }
        }
        public struct TelegramRule: Codable, Sendable, Equatable {
            public var rule: String
            public var passes: Bool
            public var found: String

            public init(rule: String, passes: Bool, found: String) {
                self.rule = rule
                self.passes = passes
                self.found = found
            }
        }
        /// "Lottie JSON", "Telegram sticker", "dotLottie".
        public var container: String
        public var version: String
        public var name: String
        public var frameRate: Double
        public var inPoint: Double
        public var outPoint: Double
        public var layers: Int
        public var precompositions: Int
        public var images: Int
        /// dotLottie: every animation it holds, and the one read.
        public var animations: [String]?
        public var animation: String?
        /// dotLottie v2: its themes and the one applied, the states of its state machine and
        /// the one played (nil when it has none); every file: the slots a theme can set.
        public var themes: [String]?
        public var theme: String?
        public var states: [String]?
        public var state: String?
        public var slots: [String]
        public var markers: [Marker]
        /// Telegram stickers: Telegram's rules, each kept or broken (information only).
        public var telegram: [TelegramRule]?
        /// Where `--set-color` and `--set-opacity` can set values.
        public var keypaths: [String]

        public init(
            container: String, version: String, name: String, frameRate: Double, inPoint: Double, outPoint: Double,
            layers: Int, precompositions: Int, images: Int, animations: [String]?, animation: String?,
            themes: [String]?, theme: String?, states: [String]?, state: String?, slots: [String], markers: [Marker],
            telegram: [TelegramRule]?, keypaths: [String]
        ) {
            self.container = container
            self.version = version
            self.name = name
            self.frameRate = frameRate
            self.inPoint = inPoint
            self.outPoint = outPoint
            self.layers = layers
            self.precompositions = precompositions
            self.images = images
            self.animations = animations
            self.animation = animation
            self.themes = themes
            self.theme = theme
            self.states = states
            self.state = state
            self.slots = slots
            self.markers = markers
            self.telegram = telegram
            self.keypaths = keypaths
        }
    }

    public struct VideoReport: Codable, Sendable, Equatable {
        /// FFmpeg's name for the container ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm") or "AVIF".
        public var container: String
        public var codec: String
        public var decoder: String
        /// The picture as stored, and the quarter turns and mirrors applied for display.
        public var codedWidth: Int
        public var codedHeight: Int
        public var rotationDegrees: Int
        public var orientation: String
        /// A pixel's width over its height as stored (the frames are stretched to square pixels).
        public var pixelAspect: Double
        public var color: String
        /// "HLG" or "PQ" for a high-dynamic-range clip (its frames are tone mapped to SDR BT.709), nil for SDR.
        public var hdr: String?
        /// The whole clip: frames, length, and its rate (constant or variable).
        public var clipFrames: Int
        public var clipSeconds: Double
        public var variableRate: Bool
        public var minFrameSeconds: Double
        public var maxFrameSeconds: Double
        /// Each of the clip's frames' presentation time, seconds from the first.
        public var clipTimes: [Double]

        public init(
            container: String, codec: String, decoder: String, codedWidth: Int, codedHeight: Int, rotationDegrees: Int,
            orientation: String, pixelAspect: Double, color: String, clipFrames: Int, clipSeconds: Double,
            variableRate: Bool, minFrameSeconds: Double, maxFrameSeconds: Double, clipTimes: [Double],
            hdr: String? = nil
        ) {
            self.hdr = hdr
            self.container = container
            self.codec = codec
            self.decoder = decoder
            self.codedWidth = codedWidth
            self.codedHeight = codedHeight
            self.rotationDegrees = rotationDegrees
            self.orientation = orientation
            self.pixelAspect = pixelAspect
            self.color = color
            self.clipFrames = clipFrames
            self.clipSeconds = clipSeconds
            self.variableRate = variableRate
            self.minFrameSeconds = minFrameSeconds
            self.maxFrameSeconds = maxFrameSeconds
            self.clipTimes = clipTimes
        }
    }

    /// `s` described: the common fields, then what its format adds (`FrameSource.describe(into:)`).
    public init(_ s: FrameSource) {
        file = s.name
        format = "frames"
        width = s.canvasSize.width
        height = s.canvasSize.height
        frameCount = s.frameCount
        plays = s.loopMode.plays
        durationMs = s.totalDuration
        damaged = s.damaged
        warnings = s.warnings
        frames = (0..<s.frameCount).map { Frame(index: $0, durationMs: s.duration(at: $0)) }
        s.describe(into: &self)
        // One vocabulary: every frame says the region it draws, the whole canvas unless the format says less.
        for k in frames.indices where frames[k].x == nil {
            frames[k].x = 0
            frames[k].y = 0
            frames[k].width = width
            frames[k].height = height
        }
    }

    /// The report as a file written beside outputs keeps it (`frames.json`): file names only,
    /// never the paths as typed (outputs get committed to projects, and paths say whose disk).
    public var portable: SourceReport {
        var r = self
        r.file = Self.fileName(r.file)
        for k in r.frames.indices { r.frames[k].path = r.frames[k].path.map(Self.fileName) }
        return r
    }

    /// The last component of `path`: what a file beside outputs names.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// A format's own report, where it says more than `SourceReport` does (GIF's blocks, SVGA's keys):
/// what `inspect` prints for such a file.
public protocol FormatDetails: Encodable {
    /// The report as text, for people, naming settings as `names` does.
    func text(_ names: InputVocabulary) -> String
    /// The report as a file beside outputs keeps it (`frames.json`, file names only) when it
    /// lists the frames; nil when it does not, and the common report serves.
    var portable: (any FormatDetails)? { get }
}

extension FormatDetails {
    public var portable: (any FormatDetails)? { nil }
}

/// What a source says of itself by default: its type's name as the format, no details, no damage.
extension FrameSource {
    public func describe(into report: inout SourceReport) {
        report.format = String(describing: type(of: self)).replacingOccurrences(of: "FrameSource", with: "")
    }
    public var details: (any FormatDetails)? { nil }
    public var damaged: Bool { false }
}
