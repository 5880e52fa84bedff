import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues
import CAVIF

/// AVIF files: image sequences (`avis`) and stills, decoded by libavif. Timing comes from the
/// sequence's timescale and each frame's duration; alpha from the auxiliary image; colour
/// through libavif's own YUV-to-RGB conversion (straight alpha). A rotation (`irot`) and a
/// mirror (`imir`) are applied as browsers apply them (libavif itself leaves pixels as stored).
public final class AVIFFrameSource: FrameSource {
    public var timeBase: TimeBase { .timestamps }
    public let name: String
    public let canvasSize: PixelSize
    public let loopMode = LoopMode.forever
    public private(set) var warnings: [String] = []
    /// Depth, chroma subsampling, alpha, rotation, for `inspect`.
    public let summary: String
    public let timeline: VideoTimeline

    private let data: UnsafeMutableRawBufferPointer
    private let decoder: UnsafeMutablePointer<avifDecoder>
    private let shown: [VideoTimeline.Shown]
    private let turn: VideoOrientation
    private var last: (index: Int, image: PixelBuffer)?

    public var frameCount: Int { shown.count }
    /// The picture as stored, and how it is turned for display (irot).
    public let codedSize: PixelSize
    public var orientation: VideoOrientation { turn }
    /// The sequence's frame that frame `index` shows.
    public func sourceFrame(_ index: Int) -> Int { shown[index].source }
    public func duration(at index: Int) -> Double { shown[index].duration * 1000 }

    /// Whether `head` starts an ISO-BMFF file that says it is AVIF (`ftyp` with brand avif or avis).
    public static func matches(_ head: [UInt8]) -> Bool {
        guard head.count >= 16, Array(head[4..<8]) == Array("ftyp".utf8) else { return false }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(max(size, 16), head.count)
        var k = 8
        while k + 4 <= end {
            if k != 12 {  // the minor version
                let brand = String(decoding: head[k..<k + 4], as: UTF8.self)
                if brand == "avif" || brand == "avis" { return true }
            }
            k += 4
        }
        return false
    }

    public init(
        reader: FileReader, name: String, limits: DecodeLimits = .default, options: VideoOptions = VideoOptions()
    ) throws {
        self.name = name
        let bytes = try reader.contents(limit: min(limits.maxDecodedBytes, 1 << 30), kind: "AVIF files")
        let data = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { data.copyMemory(from: $0) }
        self.data = data
        guard let decoder = avifDecoderCreate() else {
            data.deallocate()
            throw InputError(file: name, "out of memory opening the AVIF file")
        }
        self.decoder = decoder
        decoder.pointee.maxThreads = 2
        decoder.pointee.imageSizeLimit = UInt32(min(limits.maxCanvasPixels, Int(decoder.pointee.imageSizeLimit)))
        decoder.pointee.imageCountLimit = UInt32(max(1, min(limits.maxFrames, Int(UInt32.max))))
        var r = avifDecoderSetIOMemory(decoder, data.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
        if r == AVIF_RESULT_OK { r = avifDecoderParse(decoder) }
        guard r == AVIF_RESULT_OK else {
            let detail = Self.diagnostic(decoder)
            avifDecoderDestroy(decoder)
            data.deallocate()
            throw InputError(
                file: name, "not an AVIF image libavif can read (\(String(cString: avifResultToString(r)))\(detail))")
        }
        let count = Int(decoder.pointee.imageCount)
        let image = decoder.pointee.image.pointee
        let w = Int(image.width), h = Int(image.height)
        guard count >= 1, w > 0, h > 0 else {
            avifDecoderDestroy(decoder)
            data.deallocate()
            throw InputError(file: name, "the AVIF file holds no image")
        }
        // Timing: each frame's duration in the sequence's timescale.
        var ticks: [Int64] = []
        var timescale: UInt64 = 1
        var lastDuration = 0.1
        for k in 0..<count {
            var timing = avifImageTiming()
            if avifDecoderNthImageTiming(decoder, UInt32(k), &timing) == AVIF_RESULT_OK {
                timescale = max(timing.timescale, 1)
                ticks.append(Int64(clamping: timing.ptsInTimescales))
                if k == count - 1 { lastDuration = timing.duration }
            } else {
                ticks.append(Int64(k))
            }
        }
        timeline =
            count == 1
            ? VideoTimeline(durations: [0.1])
            : VideoTimeline(timestamps: ticks, denominator: Int64(clamping: timescale), lastDuration: lastDuration)
        var shown = timeline.cut(start: options.start ?? 0, duration: options.duration)
        if let fps = options.fps { shown = VideoTimeline.resample(shown, fps: fps) }
        self.shown = shown
        // irot turns anticlockwise in quarter turns; imir mirrors (0: top–bottom, 1: left–right).
        let flags = image.transformFlags
        var turn = VideoOrientation.identity
        if flags & UInt32(AVIF_TRANSFORM_IROT.rawValue) != 0 {
            turn = [.identity, .anticlockwise, .halfTurn, .clockwise][Int(image.irot.angle & 3)]
        }
        var mirror: VideoOrientation? = nil
        if flags & UInt32(AVIF_TRANSFORM_IMIR.rawValue) != 0 {
            mirror = image.imir.mode == 0 ? .mirrorVertical : .mirrorHorizontal
        }
        self.turn = turn
        self.mirror = mirror
        canvasSize = turn.swapsSides ? PixelSize(width: h, height: w) : PixelSize(width: w, height: h)
        codedSize = PixelSize(width: w, height: h)
        let depth = Int(image.depth)
        let chroma =
            [
                AVIF_PIXEL_FORMAT_YUV444: "4:4:4", AVIF_PIXEL_FORMAT_YUV422: "4:2:2", AVIF_PIXEL_FORMAT_YUV420: "4:2:0",
                AVIF_PIXEL_FORMAT_YUV400: "4:0:0",
            ][image.yuvFormat] ?? "?"
        var parts = [
            "\(count == 1 ? "still" : "sequence of \(count)"), \(w)×\(h)", "\(depth)-bit \(chroma)",
            decoder.pointee.alphaPresent != 0 ? "alpha" : "no alpha",
        ]
        if turn != .identity {
            parts.append(
                turn.degrees == 270 ? "turned 90° anticlockwise (irot)" : "turned \(turn.degrees)° clockwise (irot)")
        }
        if let mirror {
            parts.append(mirror == .mirrorVertical ? "mirrored top to bottom (imir)" : "mirrored left to right (imir)")
        }
        summary = parts.joined(separator: ", ")
    }

    private let mirror: VideoOrientation?

    deinit {
        avifDecoderDestroy(decoder)
        data.deallocate()
    }

    private static func diagnostic(_ decoder: UnsafeMutablePointer<avifDecoder>) -> String {
        let text = withUnsafeBytes(of: decoder.pointee.diag.error) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "" : ": \(text)"
    }

    public func frame(at index: Int) throws -> PixelBuffer {
        guard index >= 0, index < shown.count else {
            throw InputError(file: name, location: "frame \(index)", "there are \(shown.count) frames")
        }
        let k = shown[index].source
        if let last, last.index == k { return last.image }
        let r = avifDecoderNthImage(decoder, UInt32(k))
        guard r == AVIF_RESULT_OK else {
            throw InputError(
                file: name, location: "frame \(k)",
                "cannot decode (\(String(cString: avifResultToString(r)))\(Self.diagnostic(decoder)))")
        }
        let image = decoder.pointee.image!
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.depth = 8
        rgb.format = AVIF_RGB_FORMAT_RGBA
        let w = Int(image.pointee.width), h = Int(image.pointee.height)
        var out = PixelBuffer(width: w, height: h)
        let result = out.bytes.withUnsafeMutableBytes { p -> avifResult in
            rgb.pixels = p.baseAddress!.assumingMemoryBound(to: UInt8.self)
            rgb.rowBytes = UInt32(w * 4)
            return avifImageYUVToRGB(image, &rgb)
        }
        guard result == AVIF_RESULT_OK else {
            throw InputError(
                file: name, location: "frame \(k)",
                "cannot convert to RGBA (\(String(cString: avifResultToString(result))))")
        }
        var turned = turn.apply(out)
        if let mirror { turned = mirror.apply(turned) }
        last = (k, turned)
        return turned
    }
}
