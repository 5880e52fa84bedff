import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues
import CFFmpeg

/// How a clip is cut and timed: from where, for how long, at which constant rate.
public struct VideoOptions: Sendable, Equatable {
    /// Seconds from the first frame; the first frame shown is the one on screen then.
    public var start: Double?
    /// Seconds shown from `start` (to the end when nil).
    public var duration: Double?
    /// A constant rate: each frame shows what is on screen at its time (nil keeps the clip's timing).
    public var fps: Double?
    /// Bytes of converted frames kept for going back (previews, exports that read twice).
    public var checkpointBudget: Int
    /// Threads the decoder uses (0: FFmpeg chooses, one per core and one more). One by default:
    /// arcmask's consumers encode, composite and write on every core while frames are decoded
    /// in order, and one decoding thread keeps pace with them; frame threading would hold a copy
    /// of the decoder's reference pictures per thread (20 MB more at 1080p).
    public var decoderThreads: Int

    public init(
        start: Double? = nil, duration: Double? = nil, fps: Double? = nil, checkpointBudget: Int = 64 << 20,
        decoderThreads: Int = 1
    ) {
        self.start = start
        self.duration = duration
        self.fps = fps
        self.checkpointBudget = checkpointBudget
        self.decoderThreads = decoderThreads
    }
}

/// What `inspect` says about a clip.
public struct VideoInfo: Sendable, Equatable {
    public var container: String
    public var codec: String
    public var decoder: String
    /// The stream's size before turning, and how it is turned.
    public var codedWidth: Int
    public var codedHeight: Int
    public var orientation: VideoOrientation
    /// A pixel's width over its height (stretched to square pixels when shown).
    public var pixelAspect: Double
    public var color: String
    /// Frames in the whole clip and its length in seconds.
    public var frameCount: Int
    public var length: Double
    /// Shortest and longest frame, seconds (the last aside when there are others).
    public var minFrameDuration: Double
    public var maxFrameDuration: Double
    public var isVariableRate: Bool
    /// Each frame's presentation time from the first, seconds.
    public var times: [Double]
}

/// A video clip as frames: timestamps read from the container when it opens (no decoding),
/// frames decoded in order one at a time, a seek to the key frame before a frame asked for out
/// of order, recent frames kept under a byte budget. Memory does not grow with the clip's length.
public final class VideoFrameSource: FrameSource {
    public var capabilities: FrameCapabilities { .savesCanvases }
    public var timeBase: TimeBase { .timestamps }
    public let name: String
    public let canvasSize: PixelSize
    public let loopMode = LoopMode.forever
    public let info: VideoInfo
    public var checkpointBudget: Int {
        didSet { trim() }
    }
    public private(set) var warnings: [String] = []

    private let input: FFmpegInput
    private let converter: FrameConverter
    private let orientation: VideoOrientation
    /// Each source frame's stream timestamp, ascending.
    private let timestamps: [Int64]
    /// Key frames' stream timestamps, ascending.
    private let keys: [Int64]
    private let shown: [VideoTimeline.Shown]
    private var lastTimestamp: Int64?
    private var cache: [Int: PixelBuffer] = [:]
    private var cacheOrder: [Int] = []
    private var cacheBytes = 0
    private var lastImage: (index: Int, image: PixelBuffer)?
    private var lastIndex: Int?

    public var frameCount: Int { shown.count }
    public func duration(at index: Int) -> Double { shown[index].duration * 1000 }

    public init(
        reader: FileReader, name: String, limits: DecodeLimits = .default, options: VideoOptions = VideoOptions()
    ) throws {
        self.name = name
        checkpointBudget = options.checkpointBudget
        let input = try FFmpegInput(
            reader: reader, name: name, maxPixels: limits.maxCanvasPixels, threads: options.decoderThreads)
        self.input = input
        let packets = try input.scan(maxPackets: limits.maxFrames)
        let shownPackets = packets.filter { !$0.discard && $0.pts != nil }
        guard !shownPackets.isEmpty else {
            throw InputError(file: name, location: "stream \(input.streamIndex)", "the video stream holds no frames")
        }
        var stamps = Array(Set(shownPackets.compactMap(\.pts))).sorted()
        var damage: String? = nil
        if let short = input.cutShort {
            // A cut-off or damaged file: its frames are the ones that decode.
            let decodable = Array(Set(try input.decodableTimestamps(limit: limits.maxFrames))).sorted()
            guard !decodable.isEmpty else {
                throw InputError(file: name, "the file is damaged (\(short)) and no frame of it decodes")
            }
            damage = "the file is cut off or damaged (\(short)): \(decodable.count) frames decode"
            stamps = decodable
        }
        timestamps = stamps
        keys = Array(Set(packets.filter { $0.key && $0.pts != nil }.compactMap(\.pts))).sorted()
        let tb = input.timeBase
        let lastPacket = shownPackets.max { ($0.pts ?? 0) < ($1.pts ?? 0) }
        let timeline = VideoTimeline(
            timestamps: stamps, numerator: input.timeBaseRational.num, denominator: input.timeBaseRational.den,
            lastDuration: lastPacket.map { Double($0.duration) * tb }, frameRate: input.averageFrameRate)
        if let s = options.start, !(s >= 0 && s < timeline.length) {
            throw InputError(
                file: name, "\(s) is outside the clip (0 to \(timeline.length) s)", mention: .subject(.start))
        }
        if let d = options.duration, !(d > 0 && d.isFinite) {
            throw InputError(file: name, "must be more than 0 seconds", mention: .subject(.length))
        }
        var shown = timeline.cut(start: options.start ?? 0, duration: options.duration)
        if let fps = options.fps { shown = VideoTimeline.resample(shown, fps: fps) }
        guard shown.count <= limits.maxFrames else {
            throw InputError(file: name, "\(shown.count) frames to show, over the limit of \(limits.maxFrames)")
        }
        self.shown = shown
        let matrix = input.displayMatrix
        orientation =
            matrix.map { m in
                m.withUnsafeBufferPointer {
                    VideoOrientation(matrix: m, anticlockwiseDegrees: av_display_rotation_get($0.baseAddress))
                }
            } ?? .identity
        // Pixels that are not square are stretched to their shape (a 2:1 sample aspect ratio
        // doubles the width) before turning, as a player shows them.
        let h = input.height
        var w = input.width
        let sar = input.sampleAspectRatio
        if sar != 1 {
            w = max(1, Int((Double(w) * sar).rounded()))
            guard w * h <= limits.maxCanvasPixels else {
                throw InputError(
                    file: name, "the video is shown \(w)×\(h), over the limit of \(limits.maxCanvasPixels) pixels")
            }
        }
        canvasSize = orientation.swapsSides ? PixelSize(width: h, height: w) : PixelSize(width: w, height: h)
        converter = FrameConverter(width: w, height: h)
        let durations = (0..<timeline.count).map(timeline.duration)
        let inner = durations.count > 1 ? Array(durations.dropLast()) : durations
        info = VideoInfo(
            container: input.containerName, codec: input.codecName, decoder: input.decoderName, codedWidth: input.width,
            codedHeight: h,
            orientation: orientation, pixelAspect: sar, color: "", frameCount: timeline.count, length: timeline.length,
            minFrameDuration: inner.min() ?? 0, maxFrameDuration: inner.max() ?? 0,
            isVariableRate: timeline.isVariableRate,
            times: timeline.times)
        if let damage { warn(damage) }
    }

    /// The clip's frame that frame `index` shows.
    public func sourceFrame(_ index: Int) -> Int { shown[index].source }

    /// The colour the frames were converted from, once one has been decoded.
    public var colorDescription: String { converter.colorDescription }
    /// The HDR transfer the decoded pictures are tagged with (nil for SDR, or before the first decode).
    public var hdr: HDRTransfer? { converter.hdr }

    public func frame(at index: Int) throws -> PixelBuffer {
        guard index >= 0, index < shown.count else {
            throw InputError(file: name, location: "frame \(index)", "there are \(shown.count) frames")
        }
        return try decode(shown[index].source)
    }

    /// Source frame `k` (in presentation order), turned for display.
    private func decode(_ k: Int) throws -> PixelBuffer {
        if let hit = cache[k] { return hit }
        if let last = lastImage, last.index == k { return last.image }
        let target = timestamps[k]
        let key = Self.lastAtOrBefore(target, in: keys)
        let continues = lastTimestamp.map { $0 < target && (key == nil || key! <= $0) } ?? false
        if !continues {
            try input.rewind(to: key)
            lastTimestamp = nil
        }
        var budget = timestamps.count + 64
        while budget > 0 {
            budget -= 1
            guard let (frame, ts) = input.nextFrame() else { break }
            lastTimestamp = ts ?? lastTimestamp
            if let ts, ts < target { continue }
            let image = try converter.rgba(frame, orientation: orientation, name: name)
            remember(k, image)
            return image
        }
        noteDamage()
        if let last = lastImage {
            warn(
                "frame \(k) (at \(Double(target - timestamps[0]) * input.timeBase) s) could not be decoded: the file is cut off or damaged; the frame before it is shown"
            )
            return last.image
        }
        throw InputError(
            file: name, location: "frame \(k)", "no frame could be decoded (\(input.damage.first ?? "the stream ends"))"
        )
    }

    private func noteDamage() {
        for d in input.damage { warn(d) }
    }

    /// Adds a warning (for example from the format that handed the file over).
    public func warn(_ text: String) {
        if !warnings.contains(text), warnings.count < 32 { warnings.append(text) }
    }

    /// Keeps the frame for going back — unless frames are being read one after another, where
    /// the next is decoded from where the last left off and keeping them would only cost memory.
    private func remember(_ k: Int, _ image: PixelBuffer) {
        let sequential = lastIndex.map { $0 == k - 1 } ?? (k == 0)
        lastIndex = k
        lastImage = (k, image)
        guard !sequential, image.byteCount <= checkpointBudget else { return }
        cache[k] = image
        cacheOrder.append(k)
        cacheBytes += image.byteCount
        trim()
    }

    private func trim() {
        while cacheBytes > checkpointBudget, let oldest = cacheOrder.first {
            cacheOrder.removeFirst()
            if let image = cache.removeValue(forKey: oldest) { cacheBytes -= image.byteCount }
        }
    }

    static func lastAtOrBefore(_ t: Int64, in sorted: [Int64]) -> Int64? {
        var lo = 0, hi = sorted.count - 1
        var found: Int64? = nil
        while lo <= hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= t {
                found = sorted[mid]
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        return found
    }
}
