import ArcMaskAPNG
import ArcMaskCore
import ArcMaskGIF
import ArcMaskLottie
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSequence
import ArcMaskValues
import ArcMaskVideo
import ArcMaskWebP

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

        init(index: Int, durationMs: Double) {
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
        }
        public struct TelegramRule: Codable, Sendable, Equatable {
            public var rule: String
            public var passes: Bool
            public var found: String
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
        /// The whole clip: frames, length, and its rate (constant or variable).
        public var clipFrames: Int
        public var clipSeconds: Double
        public var variableRate: Bool
        public var minFrameSeconds: Double
        public var maxFrameSeconds: Double
        /// Each of the clip's frames' presentation time, seconds from the first.
        public var clipTimes: [Double]
    }

    public init(_ s: FrameSource) {
        if let played = s as? PlaybackSource {
            // The base's report, its frames as the playback steps through them.
            var report = SourceReport(played.base)
            let base = report.frames
            report.frameCount = played.frameCount
            report.durationMs = played.totalDuration
            report.frames = played.frames.enumerated().map { k, f in
                var step = base[f]
                step.index = k
                step.sourceFrame = f
                step.durationMs = played.duration(at: k)
                return step
            }
            report.playback = played.playback
            self = report
            return
        }
        file = s.name
        format = "frames"
        width = s.canvasSize.width
        height = s.canvasSize.height
        frameCount = s.frameCount
        plays = s.loopMode.plays
        durationMs = s.totalDuration
        damaged = false
        warnings = s.warnings
        frames = (0..<s.frameCount).map { Frame(index: $0, durationMs: s.duration(at: $0)) }
        switch s {
        case let a as APNGFrameSource: describe(a)
        case let w as WebPFrameSource: describe(w)
        case let q as ImageSequenceSource: describe(q)
        case is SVGFrameSource:
            format = "SVG"
            renderer = "librsvg \(SVGDocument.rendererVersion)"
        case let l as LottieFrameSource: describe(l)
        case let v as VideoFrameSource: describe(v)
        case let a as AVIFFrameSource: describe(a)
        case let e as ExportFolderSource:
            format = "export folder"
            loopCount = 0  // widgets loop what they show
            for k in frames.indices { frames[k].path = e.manifest.frames[k].file }
        default: format = String(describing: type(of: s)).replacingOccurrences(of: "FrameSource", with: "")
        }
        // One vocabulary: every frame says the region it draws, the whole canvas unless the format says less.
        for k in frames.indices where frames[k].x == nil {
            frames[k].x = 0
            frames[k].y = 0
            frames[k].width = width
            frames[k].height = height
        }
    }

    private mutating func describe(_ a: APNGFrameSource) {
        format = a.isAnimated || a.invalidAnimation != nil ? "APNG" : "PNG"
        loopCount = a.numPlays
        damaged = a.damaged
        defaultImageHidden = a.isAnimated ? a.defaultImageHidden : nil
        bitDepth = a.header.bitDepth
        colorType = a.header.colorType
        guard a.isAnimated else { return }
        for (k, f) in a.frames.enumerated() {
            frames[k].x = f.rect.x; frames[k].y = f.rect.y; frames[k].width = f.rect.width;
            frames[k].height = f.rect.height
            frames[k].delayMs = f.delayMs
            frames[k].disposal = f.dispose.description
            frames[k].blend = f.blend.description
        }
    }

    private mutating func describe(_ l: LottieFrameSource) {
        let a = l.animation
        format = l.container.kind == .json ? "Lottie" : l.container.kind == .sticker ? "TGS" : "dotLottie"
        loopCount = 0  // players loop Lottie animations unless told otherwise
        renderer = "arcmask's Lottie renderer (lottie-web's canvas model), revision \(LottieRenderer.revision)"
        for k in frames.indices { frames[k].time = l.times[k] }
        lottie = LottieInfo(
            container: l.container.kind.rawValue, version: a.version, name: a.name, frameRate: a.frameRate,
            inPoint: a.inPoint, outPoint: a.outPoint,
            layers: a.layers.count + a.compositions.values.reduce(0) { $0 + $1.count },
            precompositions: a.compositions.count, images: a.images.count,
            animations: l.container.kind == .dotLottie ? l.container.animationIDs : nil,
            animation: l.container.animationID,
            themes: l.container.themeIDs.isEmpty ? nil : l.container.themeIDs, theme: l.container.theme,
            states: l.container.stateNames.isEmpty ? nil : l.container.stateNames, state: l.container.state?.name,
            slots: l.slotIDs,
            markers: a.markers.map { LottieInfo.Marker(name: $0.name, frame: $0.time, durationFrames: $0.duration) },
            telegram: l.container.kind == .sticker
                ? TelegramRules.check(a, gzippedBytes: l.container.compressedBytes).map {
                    LottieInfo.TelegramRule(rule: $0.name, passes: $0.passes, found: $0.found)
                } : nil,
            keypaths: LottieKeypaths.list(a))
    }

    private mutating func describe(_ v: VideoFrameSource) {
        format = "video"
        loopCount = 0  // widgets loop what they show
        // The colour is the decoded pictures': decode the first.
        _ = try? v.frame(at: 0)
        warnings = v.warnings
        let i = v.info
        for k in frames.indices {
            frames[k].sourceFrame = v.sourceFrame(k)
            frames[k].seconds = i.times[v.sourceFrame(k)]
        }
        video = VideoReport(
            container: i.container, codec: i.codec, decoder: i.decoder, codedWidth: i.codedWidth,
            codedHeight: i.codedHeight,
            rotationDegrees: i.orientation.degrees, orientation: i.orientation.rawValue, pixelAspect: i.pixelAspect,
            color: v.colorDescription,
            clipFrames: i.frameCount, clipSeconds: i.length, variableRate: i.isVariableRate,
            minFrameSeconds: i.minFrameDuration,
            maxFrameSeconds: i.maxFrameDuration, clipTimes: i.times)
    }

    private mutating func describe(_ a: AVIFFrameSource) {
        format = "AVIF"
        loopCount = 0
        let t = a.timeline
        for k in frames.indices {
            frames[k].sourceFrame = a.sourceFrame(k)
            frames[k].seconds = t.times[a.sourceFrame(k)]
        }
        let d = (0..<t.count).map(t.duration)
        let inner = d.count > 1 ? Array(d.dropLast()) : d
        video = VideoReport(
            container: "AVIF", codec: "av1", decoder: "libavif", codedWidth: a.codedSize.width,
            codedHeight: a.codedSize.height,
            rotationDegrees: a.orientation.degrees, orientation: a.orientation.rawValue, pixelAspect: 1,
            color: a.summary,
            clipFrames: t.count, clipSeconds: t.length, variableRate: t.isVariableRate,
            minFrameSeconds: inner.min() ?? 0,
            maxFrameSeconds: inner.max() ?? 0, clipTimes: t.times)
    }

    private mutating func describe(_ w: WebPFrameSource) {
        format = "WebP"
        loopCount = w.loopCount
        damaged = w.damaged
        backgroundRGBA = w.backgroundRGBA.map { $0.map(Int.init) }
        for (k, f) in w.frames.enumerated() {
            frames[k].kind = f.kind
            guard w.isAnimated else { continue }
            frames[k].x = f.rect.x; frames[k].y = f.rect.y; frames[k].width = f.rect.width;
            frames[k].height = f.rect.height
            frames[k].delayMs = Double(f.delayMs)
            frames[k].disposal = f.dispose.rawValue
            frames[k].blend = f.blend.rawValue
        }
    }

    private mutating func describe(_ q: ImageSequenceSource) {
        format = "sequence"
        pattern = q.pattern
        if q is SVGSequenceSource { renderer = "librsvg \(SVGDocument.rendererVersion)" }
        loopCount = q.options.loops
        for (k, f) in q.frames.enumerated() {
            frames[k].number = f.number
            frames[k].path = f.path
            frames[k].kind = q.kinds[k]
        }
    }
}

/// The report each kind of source gives (`inspect --json`, `frames.json`).
public enum SourceReports {
    /// The format's own report where it has one (GIF), else the common one.
    public static func report(of source: FrameSource) -> any Encodable {
        if let gif = source as? GIFFrameSource { return gif.report }
        return SourceReport(source)
    }

    /// The report as a file written beside outputs keeps it (`frames.json`): file names only,
    /// never the paths as typed (outputs get committed to projects, and paths say whose disk).
    public static func portableReport(of source: FrameSource) -> any Encodable {
        func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
        if let gif = source as? GIFFrameSource {
            var r = gif.report
            r.file = name(r.file)
            return r
        }
        var r = SourceReport(source)
        r.file = name(r.file)
        for k in r.frames.indices { r.frames[k].path = r.frames[k].path.map(name) }
        return r
    }

    /// The source's data is damaged (frames up to the damage were kept).
    public static func isDamaged(_ source: FrameSource) -> Bool {
        switch source {
        case let g as GIFFrameSource: g.damaged
        case let a as APNGFrameSource: a.damaged
        case let w as WebPFrameSource: w.damaged
        case let p as PlaybackSource: isDamaged(p.base)
        default: false
        }
    }
}
