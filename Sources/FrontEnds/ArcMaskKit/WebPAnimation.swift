import ArcMaskValues

/// An animated WebP's frames as its container lays them out (Google's "WebP Container
/// Specification": `RIFF`, `VP8X`, `ANIM`, `ANMF`), each frame's bitstream rewrapped as a still
/// WebP file, and the canvas assembled from them by the specification's rules.
///
/// Apple's decoder composites animated WebP itself, and draws some files wrongly (SDWebImage
/// #3558, on iOS 16.5; SDWebImage's maintainers keep their ImageIO WebP coder off by default for
/// it, #3739, and no release is reported fixed). So `prepare` asks ImageIO only for each frame's
/// pixels, as a still WebP (which it decodes on every release ArcMaskKit runs on), and blends and
/// disposes the frames here: alpha-blended or replacing, cleared to transparent after display
/// when the frame says so, as libwebp's animation decoder does. Plain Swift, tested against
/// libwebp's decoder where ImageIO is not.
struct WebPAnimation {
    struct Frame: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var durationMs: Int
        /// Alpha-blended onto the canvas (else its pixels replace the rectangle's).
        var blends: Bool
        /// Its rectangle cleared to transparent once it has been shown.
        var disposesToBackground: Bool
        /// The frame's bitstream as a still WebP file.
        var still: [UInt8]
    }

    let canvasWidth: Int
    let canvasHeight: Int
    let frames: [Frame]

    /// Whether the bytes are an animated WebP: a `VP8X` chunk first, with its animation flag.
    static func isAnimated(_ head: [UInt8]) -> Bool {
        head.count >= 21 && head[0..<4].elementsEqual("RIFF".utf8) && head[8..<12].elementsEqual("WEBP".utf8)
            && head[12..<16].elementsEqual("VP8X".utf8) && head[20] & 0x02 != 0
    }

    /// Reads the container, every offset and size checked against the file before it is used.
    init(_ bytes: [UInt8], name: String, maxFrames: Int, maxCanvasPixels: Int) throws {
        func fail(_ why: String) -> PrepareError { PrepareError(.input, "\(name): WebP: \(why)") }
        guard Self.isAnimated(bytes) else { throw fail("not an animated WebP") }
        let end = min(bytes.count, 8 + Int(Self.le(bytes, 4, 4)))
        var width = 0, height = 0
        var frames: [Frame] = []
        var at = 12
        while at + 8 <= end {
            let type = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = Int(Self.le(bytes, at + 4, 4))
            let body = at + 8
            guard size <= end - body else { throw fail("chunk '\(type)' at byte \(at) runs past the end") }
            switch type {
            case "VP8X":
                guard size >= 10 else { throw fail("its VP8X chunk is \(size) bytes, not 10") }
                width = 1 + Int(Self.le(bytes, body + 4, 3))
                height = 1 + Int(Self.le(bytes, body + 7, 3))
                guard width * height <= maxCanvasPixels else {
                    throw PrepareError(
                        .input, "\(name) is \(width)×\(height) px, over the limit of \(maxCanvasPixels) px",
                        code: .tooLarge)
                }
            case "ANMF":
                guard width > 0 else { throw fail("a frame comes before the VP8X chunk") }
                guard frames.count < maxFrames else {
                    throw PrepareError(
                        .input, "\(name) holds more than \(maxFrames) frames, over the limit", code: .tooManyFrames)
                }
                frames.append(try Self.frame(bytes, body, size, canvas: (width, height), index: frames.count, fail))
            default:
                break
            }
            at = body + size + (size & 1)
        }
        guard !frames.isEmpty else { throw fail("holds no frames") }
        canvasWidth = width
        canvasHeight = height
        self.frames = frames
    }

    private static func frame(
        _ b: [UInt8], _ body: Int, _ size: Int, canvas: (Int, Int), index k: Int, _ fail: (String) -> PrepareError
    ) throws -> Frame {
        guard size >= 16 else { throw fail("frame \(k)'s ANMF chunk is \(size) bytes, under its 16-byte header") }
        let flags = b[body + 15]
        var frame = Frame(
            x: 2 * Int(le(b, body, 3)), y: 2 * Int(le(b, body + 3, 3)), width: 1 + Int(le(b, body + 6, 3)),
            height: 1 + Int(le(b, body + 9, 3)), durationMs: Int(le(b, body + 12, 3)), blends: flags & 0x02 == 0,
            disposesToBackground: flags & 0x01 != 0, still: [])
        guard frame.x + frame.width <= canvas.0, frame.y + frame.height <= canvas.1 else {
            throw fail(
                "frame \(k) (\(frame.width)×\(frame.height) at \(frame.x),\(frame.y)) lies outside the \(canvas.0)×\(canvas.1) canvas"
            )
        }
        // Its sub-chunks: an optional ALPH, then VP8 or VP8L (others are passed over).
        var alpha: ArraySlice<UInt8>?
        var at = body + 16
        let end = body + size
        while at + 8 <= end {
            let type = String(decoding: b[at..<at + 4], as: UTF8.self)
            let n = Int(le(b, at + 4, 4))
            guard n <= end - at - 8 else { throw fail("frame \(k)'s '\(type)' chunk runs past its frame") }
            let chunk = b[at..<at + 8 + n]
            switch type {
            case "ALPH": alpha = chunk
            case "VP8L":
                frame.still = riff([chunk])
                return frame
            case "VP8 ":
                guard let alpha else {
                    frame.still = riff([chunk])
                    return frame
                }
                // Lossy with alpha: the extended layout, its canvas the frame's.
                var vp8x: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0, 0x10, 0, 0, 0]
                vp8x += le24(frame.width - 1) + le24(frame.height - 1)
                frame.still = riff([vp8x[...], alpha, chunk])
                return frame
            default: break
            }
            at += 8 + n + (n & 1)
        }
        throw fail("frame \(k) has no VP8 or VP8L bitstream")
    }

    /// A RIFF WebP file of `chunks` (each with its header), padded to even lengths.
    static func riff(_ chunks: [ArraySlice<UInt8>]) -> [UInt8] {
        var payload = Array("WEBP".utf8)
        for c in chunks {
            payload += c
            if c.count & 1 == 1 { payload.append(0) }
        }
        return Array("RIFF".utf8) + le32(payload.count) + payload
    }

    static func le(_ b: [UInt8], _ at: Int, _ count: Int) -> UInt32 {
        guard at >= 0, at + count <= b.count else { return 0 }
        var v: UInt32 = 0
        for i in 0..<count { v |= UInt32(b[at + i]) << (8 * i) }
        return v
    }

    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le24(v) + [UInt8(v >> 24 & 0xFF)] }

    /// The frames' delays as browsers play them.
    var durationsMs: [Double] { frames.map { FrameDelay.browserMs(Double($0.durationMs)) } }
}

/// The canvas of an animated WebP, assembled frame by frame in premultiplied RGBA: transparent
/// at first; each frame alpha-blended (source over) or copied into its rectangle; a frame that
/// disposes to the background clears its rectangle before the next is drawn.
struct WebPCanvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]
    /// The frame drawn last, and whether its rectangle is still to be cleared.
    private(set) var shown = -1
    private var pendingClear: WebPAnimation.Frame?

    /// A transparent canvas, refused as `.tooLarge` where the app cannot take its memory now
    /// (`MemoryCeiling`).
    init(width: Int, height: Int) throws {
        try MemoryCeiling.check(
            width: width, height: height, what: "its \(width)×\(height) px canvas", place: .input)
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The canvas's pixels, lent to `body` without a copy (Core Graphics draws from them).
    func withPixels<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try pixels.withUnsafeBytes(body)
    }

    /// Draws frame `index` whose own pixels (premultiplied RGBA, `frame.width` × `frame.height`)
    /// are `rgba`.
    mutating func draw(_ frame: WebPAnimation.Frame, index: Int, rgba: [UInt8]) {
        if let clear = pendingClear {
            for y in clear.y..<(clear.y + clear.height) {
                let row = (y * width + clear.x) * 4
                for i in row..<(row + clear.width * 4) { pixels[i] = 0 }
            }
        }
        guard rgba.count == frame.width * frame.height * 4 else { return }
        for y in 0..<frame.height {
            let src = y * frame.width * 4
            let dst = ((frame.y + y) * width + frame.x) * 4
            for x in 0..<frame.width {
                let s = src + x * 4, d = dst + x * 4
                let a = Int(rgba[s + 3])
                if !frame.blends || a == 255 {
                    for c in 0..<4 { pixels[d + c] = rgba[s + c] }
                } else if a > 0 {
                    // Source over, premultiplied: s + d × (1 − αs), rounded.
                    for c in 0..<4 {
                        pixels[d + c] = UInt8(min(255, Int(rgba[s + c]) + (Int(pixels[d + c]) * (255 - a) + 127) / 255))
                    }
                }
            }
        }
        shown = index
        pendingClear = frame.disposesToBackground ? frame : nil
    }

    /// Back to the start, as before the first frame.
    mutating func reset() {
        for i in pixels.indices { pixels[i] = 0 }
        shown = -1
        pendingClear = nil
    }
}
