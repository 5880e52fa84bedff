import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues

/// An APNG (or a plain PNG, as one frame) as a `FrameSource`.
///
/// Opening walks the chunks once (`APNGScanner`) without decoding pixels. `frame(at:)`
/// decodes lazily: each frame's data is handed to libpng as a well-formed PNG of the frame's
/// size (IHDR, PLTE and tRNS of the file, the frame's data as IDAT) and composited as the APNG
/// specification says: the canvas starts transparent black; `blend_op` source replaces the
/// region, over composites straight alpha with Porter-Duff "over"; after a frame is shown,
/// `dispose_op` none keeps the canvas, background clears the region to transparent black,
/// previous restores what was there before the frame (on the first frame, as background).
/// In order, frames are drawn over one canvas; going back restarts from the nearest frame
/// whose canvas needs no earlier frame.
///
/// An animation that breaks the specification's rules plays as its default image alone
/// (one frame), and says why in `warnings`; a file cut short keeps its whole frames. Both
/// set `damaged`.
public final class APNGFrameSource: FrameSource {
    public let name: String
    public let canvasSize: PixelSize
    public let header: PNGHeader
    /// The animation's frames; for a still PNG or an invalid animation, the default image alone.
    public let frames: [APNGFrameInfo]
    /// acTL's num_plays as written (0 = forever); nil for a still image.
    public let numPlays: Int?
    /// The file has an acTL chunk (it was written as an animation).
    public let isAnimated: Bool
    /// The IDAT image is not one of the animation's frames (no fcTL before it).
    public let defaultImageHidden: Bool
    public let damaged: Bool
    /// Why the animation was set aside for the default image, when it was.
    public let invalidAnimation: String?
    public let warnings: [String]

    private let reader: FileReader
    private let paletteChunks: [(type: String, data: [UInt8])]
    private let maxPixels: Int
    /// Allocated when the first frame is drawn: opening a file (`inspect`) reads its chunks
    /// only, whatever canvas its header declares.
    private var canvas = PixelBuffer(width: 0, height: 0)
    /// Index of the frame on the canvas; -1 = the blank canvas before frame 0.
    private var drawn = -1
    private var saved: PixelBuffer? = nil
    /// `startsBlank[k]`: the canvas before frame k is transparent whatever came before.
    private let startsBlank: [Bool]

    public convenience init(path: String, limits: DecodeLimits = .default) throws {
        try self.init(reader: FileReader(path: path), name: path, limits: limits)
    }

    public convenience init(bytes: [UInt8], name: String = "<memory>", limits: DecodeLimits = .default) throws {
        try self.init(reader: FileReader(bytes: bytes, name: name), name: name, limits: limits)
    }

    public init(reader: FileReader, name: String, limits: DecodeLimits = .default) throws {
        let s = try APNGScanner.scan(reader, name: name, limits: limits)
        let canvas = PixelSize(width: s.header.width, height: s.header.height)
        var warnings: [String] = []
        var frames = s.frames
        if frames.isEmpty {
            if let why = s.invalidAnimation {
                warnings.append(
                    "the animation breaks the APNG rules (\(why)); the default image is shown, as the specification says"
                )
            }
            frames = [
                APNGFrameInfo(
                    index: 0, rect: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height),
                    delayNumerator: 0, delayDenominator: 0, dispose: .none, blend: .source, isDefaultImage: true,
                    dataRanges: s.defaultImage)
            ]
        }
        if let damage = s.damage {
            warnings.append("\(damage); \(frames.count) whole frame\(frames.count == 1 ? "" : "s") kept")
        }
        let decoded = frames.count * canvas.pixelCount * 4
        if decoded > limits.maxDecodedBytes {
            throw InputError(
                file: name,
                "decoding its \(frames.count) frames of \(canvas) would produce \(decoded) bytes, over the limit of \(limits.maxDecodedBytes)",
                mention: .raise(.maxDecodedBytes)
            )
        }
        self.name = name
        self.reader = reader
        self.header = s.header
        self.canvasSize = canvas
        self.frames = frames
        self.isAnimated = !s.frames.isEmpty
        self.numPlays = isAnimated ? s.numPlays : nil
        self.defaultImageHidden = isAnimated && !s.frames[0].isDefaultImage
        self.damaged = s.damage != nil || s.invalidAnimation != nil
        self.invalidAnimation = s.invalidAnimation
        self.warnings = warnings
        self.paletteChunks = s.paletteChunks
        self.maxPixels = limits.maxCanvasPixels
        var blank = [Bool](repeating: false, count: frames.count)
        blank[0] = true
        for k in 1..<max(1, frames.count) {
            let p = frames[k - 1]
            let clears = p.dispose == .background || (k == 1 && p.dispose == .previous)
            let repaints = frames[k].blend == .source && frames[k].rect.covers(canvas) && frames[k].dispose != .previous
            blank[k] = (clears && p.rect.covers(canvas)) || repaints
        }
        startsBlank = blank
    }

    public var frameCount: Int { frames.count }
    public func duration(at index: Int) -> Double { isAnimated ? frames[index].durationMs : 100 }

    public var loopMode: LoopMode { LoopMode(playCount: numPlays) }

    // MARK: Frames

    public func frame(at index: Int) throws -> PixelBuffer {
        precondition(index >= 0 && index < frames.count, "frame \(index) out of 0..<\(frames.count)")
        if index == drawn { return canvas }
        if canvas.width == 0 { canvas = PixelBuffer(width: canvasSize.width, height: canvasSize.height) }
        var start = drawn < index ? drawn + 1 : 0
        if let k = (start...index).last(where: { startsBlank[$0] }) { start = k }
        if start == drawn + 1 && drawn >= 0 {
            dispose(drawn)
        } else {
            canvas.clear()
        }
        for k in start...index {
            do {
                try draw(k)
            } catch {
                drawn = -1
                throw error
            }
            drawn = k
            if k < index { dispose(k) }
        }
        return canvas
    }

    /// The frame's own pixels (its region only, before compositing).
    public func framePixels(at index: Int) throws -> PixelBuffer {
        let f = frames[index]
        var png = PNGChunkWriter()
        png.append("IHDR", header.ihdr(width: f.rect.width, height: f.rect.height))
        for c in paletteChunks { png.append(c.type, c.data) }
        png.append("IDAT", f.dataRanges.flatMap { reader.bytes(at: $0.offset, count: $0.count) })
        png.append("IEND", [])
        do {
            return try PNG.decode(png.bytes, maxPixels: maxPixels)
        } catch let error as PNGError {
            throw InputError(file: name, location: "frame \(index)", error.message)
        }
    }

    private func draw(_ k: Int) throws {
        let f = frames[k]
        let image = try framePixels(at: k)
        if f.dispose == .previous && k > 0 { saved = canvas }
        let width = canvasSize.width
        canvas.bytes.withUnsafeMutableBufferPointer { dst in
            image.bytes.withUnsafeBufferPointer { src in
                for y in 0..<f.rect.height {
                    let d = dst.baseAddress! + ((f.rect.y + y) * width + f.rect.x) * 4
                    let s = src.baseAddress! + y * f.rect.width * 4
                    if f.blend == .source {
                        d.update(from: s, count: f.rect.width * 4)
                    } else {
                        Self.over(s, d, f.rect.width)
                    }
                }
            }
        }
    }

    /// Undoes frame k's region as its dispose_op says.
    private func dispose(_ k: Int) {
        let f = frames[k]
        switch f.dispose {
        case .none:
            break
        case .background:
            clear(f.rect)
        case .previous where k == 0:
            clear(f.rect)
        case .previous:
            guard let saved else { return clear(f.rect) }
            let width = canvasSize.width
            canvas.bytes.withUnsafeMutableBufferPointer { dst in
                saved.bytes.withUnsafeBufferPointer { src in
                    for y in f.rect.y..<(f.rect.y + f.rect.height) {
                        let o = (y * width + f.rect.x) * 4
                        (dst.baseAddress! + o).update(from: src.baseAddress! + o, count: f.rect.width * 4)
                    }
                }
            }
            self.saved = nil
        }
    }

    private func clear(_ r: PixelRect) {
        let width = canvasSize.width
        canvas.bytes.withUnsafeMutableBufferPointer { dst in
            for y in r.y..<(r.y + r.height) {
                (dst.baseAddress! + (y * width + r.x) * 4).update(repeating: 0, count: r.width * 4)
            }
        }
    }

    /// Straight-alpha Porter-Duff "over" of `count` pixels, rounded to nearest.
    @inline(__always)
    static func over(_ s: UnsafePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>, _ count: Int) {
        for i in 0..<count {
            let p = i * 4
            let sa = UInt32(s[p + 3])
            if sa == 0 { continue }
            let da = UInt32(d[p + 3])
            if sa == 255 || da == 0 {
                d[p] = s[p]; d[p + 1] = s[p + 1]; d[p + 2] = s[p + 2]; d[p + 3] = s[p + 3]
                continue
            }
            let ws = sa * 255, wd = da * (255 - sa), wo = ws + wd
            for c in 0..<3 {
                d[p + c] = UInt8((UInt32(s[p + c]) * ws + UInt32(d[p + c]) * wd + wo / 2) / wo)
            }
            d[p + 3] = UInt8((wo + 127) / 255)
        }
    }
}
