import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues
internal import CWebP

/// One frame of an animated WebP as its ANMF chunk describes it.
public struct WebPFrameInfo: Sendable, Equatable {
    public enum Dispose: String, Sendable { case none, background }
    public enum Blend: String, Sendable { case over, source }

    public var index: Int
    public var rect: PixelRect
    /// The duration as stored, in milliseconds.
    public var delayMs: Int
    public var dispose: Dispose
    public var blend: Blend
    public var hasAlpha: Bool
    /// "lossy" (VP8) or "lossless" (VP8L).
    public var kind: String

    /// How long browsers show the frame: durations of 10 ms or less play as 100 ms.
    public var durationMs: Double { FrameDelay.browserMs(Double(delayMs)) }
}

/// An animated (or still) WebP as a `FrameSource`, decoded by libwebp's `WebPAnimDecoder`,
/// the reference compositor: a transparent canvas, frames blended (alpha-blend or not) and
/// disposed (to transparent; the ANIM background colour is a hint that players ignore) as the
/// container specifies.
///
/// The file is held in memory (libwebp decodes from memory); pixels are decoded on demand, in
/// order over one canvas, restarting from the first frame when asked for an earlier one. A file
/// cut short plays its whole frames and sets `damaged`.
public final class WebPFrameSource: FrameSource {
    public let name: String
    public let canvasSize: PixelSize
    public let frames: [WebPFrameInfo]
    /// ANIM's loop count as written (0 = forever); nil for a still image.
    public let loopCount: Int?
    /// ANIM's background colour as R, G, B, A (reported, not used); nil for a still image.
    public let backgroundRGBA: [UInt8]?
    public let isAnimated: Bool
    public let damaged: Bool
    public private(set) var warnings: [String] = []

    private let data: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    /// Allocated when the first frame is drawn: opening a file (`inspect`) reads its chunks
    /// only, whatever canvas its header declares.
    private var canvas = PixelBuffer(width: 0, height: 0)
    /// Index of the frame on the canvas; -1 = none yet.
    private var drawn = -1

    /// The most bytes a WebP file may have (libwebp reads it whole).
    public static let maxFileBytes = 1 << 30

    public convenience init(path: String, limits: DecodeLimits = .default) throws {
        try self.init(reader: FileReader(path: path), name: path, limits: limits)
    }

    public convenience init(bytes: [UInt8], name: String = "<memory>", limits: DecodeLimits = .default) throws {
        try self.init(reader: FileReader(bytes: bytes, name: name), name: name, limits: limits)
    }

    public init(reader: FileReader, name: String, limits: DecodeLimits = .default) throws {
        var bytes = try reader.contents(limit: Self.maxFileBytes, kind: "WebP files")
        guard WebPContainer.matches(bytes) else {
            throw InputError(file: name, "is not a WebP file (it does not start with RIFF….WEBP)")
        }
        var damage: String? = nil
        if let trimmed = WebPContainer.trimmedToWholeChunks(bytes) {
            damage = "the file is cut short or broken at byte \(trimmed.brokenAt)"
            bytes = trimmed.bytes
        }
        let data = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { data.copyMemory(from: $0) }
        var webp = WebPData(bytes: data.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)

        // Metadata first (no pixels): canvas, frames, loop, per-frame controls.
        guard let demux = WebPDemux(&webp) else {
            data.deallocate()
            var state = WEBP_DEMUX_PARSING_HEADER
            let partial = WebPDemuxPartial(&webp, &state)
            if let partial { WebPDemuxDelete(partial) }
            throw InputError(
                file: name,
                state == WEBP_DEMUX_PARSE_ERROR || partial == nil
                    ? "libwebp cannot parse the container (a chunk is malformed or a frame lies outside the canvas)"
                    : "the container is incomplete")
        }
        defer { WebPDemuxDelete(demux) }
        let canvas = PixelSize(
            width: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)),
            height: Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)))
        let count = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
        let flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS)
        func refuse(_ problem: String, _ mention: SettingMention? = nil) -> InputError {
            data.deallocate()
            return InputError(file: name, problem, mention: mention)
        }
        if canvas.pixelCount > limits.maxCanvasPixels || canvas.pixelCount == 0 {
            let pixels = "the canvas is \(canvas) = \(canvas.pixelCount) pixels"
            throw canvas.pixelCount == 0
                ? refuse("\(pixels), empty")
                : refuse("\(pixels), over the limit of \(limits.maxCanvasPixels)", .raise(.maxPixels))
        }
        if count == 0 { throw refuse(damage.map { "\($0); no whole frame is left" } ?? "has no frames") }
        if count > limits.maxFrames {
            throw refuse("\(count) frames, over the limit of \(limits.maxFrames)", .raise(.maxFrames))
        }
        if count * canvas.pixelCount * 4 > limits.maxDecodedBytes {
            throw refuse(
                "decoding its \(count) frames of \(canvas) would produce \(count * canvas.pixelCount * 4) bytes, over the limit of \(limits.maxDecodedBytes)",
                .raise(.maxDecodedBytes))
        }
        var frames: [WebPFrameInfo] = []
        var iter = WebPIterator()
        if WebPDemuxGetFrame(demux, 1, &iter) != 0 {
            repeat {
                let payload = UnsafeRawBufferPointer(start: iter.fragment.bytes, count: iter.fragment.size)
                let fourcc = payload.count >= 4 ? String(decoding: payload[0..<4], as: UTF8.self) : ""
                frames.append(
                    WebPFrameInfo(
                        index: frames.count,
                        rect: PixelRect(
                            x: Int(iter.x_offset), y: Int(iter.y_offset), width: Int(iter.width),
                            height: Int(iter.height)),
                        delayMs: Int(iter.duration),
                        dispose: iter.dispose_method == WEBP_MUX_DISPOSE_BACKGROUND ? .background : .none,
                        blend: iter.blend_method == WEBP_MUX_NO_BLEND ? .source : .over,
                        hasAlpha: iter.has_alpha != 0, kind: fourcc == "VP8L" ? "lossless" : "lossy"))
            } while WebPDemuxNextFrame(&iter) != 0
            WebPDemuxReleaseIterator(&iter)
        }
        let animated = (flags & UInt32(ANIMATION_FLAG.rawValue)) != 0

        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw refuse("libwebp's animation decoder is missing") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            throw refuse("libwebp cannot start decoding it (a frame's header is malformed)")
        }
        self.name = name
        self.data = data
        self.decoder = decoder
        self.canvasSize = canvas
        self.frames = frames
        self.isAnimated = animated
        if animated {
            loopCount = Int(WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT))
            let bg = WebPDemuxGetI(demux, WEBP_FF_BACKGROUND_COLOR)  // bytes B, G, R, A in the file
            backgroundRGBA = [UInt8(bg >> 16 & 0xFF), UInt8(bg >> 8 & 0xFF), UInt8(bg & 0xFF), UInt8(bg >> 24)]
        } else {
            loopCount = nil
            backgroundRGBA = nil
        }
        self.damaged = damage != nil
        if let damage { warnings.append("\(damage); \(frames.count) whole frame\(frames.count == 1 ? "" : "s") kept") }
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        data.deallocate()
    }

    public var frameCount: Int { frames.count }
    public func duration(at index: Int) -> Double { isAnimated ? frames[index].durationMs : 100 }

    public var loopMode: LoopMode { LoopMode(playCount: loopCount) }

    public func frame(at index: Int) throws -> PixelBuffer {
        precondition(index >= 0 && index < frames.count, "frame \(index) out of 0..<\(frames.count)")
        if index == drawn { return canvas }
        if canvas.width == 0 { canvas = PixelBuffer(width: canvasSize.width, height: canvasSize.height) }
        if index < drawn {
            WebPAnimDecoderReset(decoder)
            drawn = -1
        }
        let bytes = canvas.byteCount
        while drawn < index {
            var buffer: UnsafeMutablePointer<UInt8>? = nil
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                let failed = drawn + 1
                WebPAnimDecoderReset(decoder)
                drawn = -1
                throw InputError(file: name, location: "frame \(failed)", "libwebp cannot decode the frame's data")
            }
            drawn += 1
            if drawn == index {
                canvas.bytes.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: buffer, byteCount: bytes) }
            }
        }
        return canvas
    }
}
