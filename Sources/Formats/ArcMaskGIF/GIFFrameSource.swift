import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues

/// A GIF read with giflib as a `FrameSource`.
///
/// Opening reads every block once without decoding pixels, so frame count, durations
/// and loop mode are known at once. `frame(at:)` decodes lazily:
/// - in order, each frame is drawn over the one canvas the source keeps;
/// - backwards or far ahead, decoding restarts from the nearest frame whose starting
///   canvas is known without earlier frames (frame 0, a frame after a full-canvas
///   disposal to background, a frame that repaints the whole canvas opaquely), or from
///   a saved canvas: once random access is seen, canvases are saved every few frames
///   within `checkpointBudget` bytes.
///
/// Compositing follows browsers: the canvas starts transparent; disposal 0 and 1 keep
/// the frame, 2 clears its rectangle to transparent, 3 restores the canvas from before
/// the frame; the transparent index leaves pixels untouched; local palettes override
/// the global one; interlaced rows are put in place. Frames reaching outside the logical
/// screen are **clipped** to it (the canvas never grows). Palette indexes beyond the
/// palette, and images with no palette at all, draw opaque black.
///
/// Damaged files keep every frame that could be read; `damaged` is set and `warnings`
/// says where the data broke.
public final class GIFFrameSource: FrameSource {
    public let name: String
    public let canvasSize: PixelSize
    public let loopMode: LoopMode
    /// The loop count as written (0 = forever), or nil without a loop extension.
    public let loopCount: Int?
    /// "GIF87a" or "GIF89a".
    public let version: String
    public let frames: [GIFFrameInfo]
    /// The file's data is cut short or corrupt somewhere; frames up to there are kept.
    public private(set) var damaged: Bool
    public private(set) var warnings: [String]
    /// Bytes that saved canvases for random access may take.
    public var checkpointBudget: Int = 64 << 20
    public var capabilities: FrameCapabilities { .savesCanvases }

    public var frameCount: Int { frames.count }
    public func duration(at index: Int) -> Double { frames[index].durationMs }

    private let decoder: GIFDecoderHandle
    private let globalColors: [UInt32]?
    /// Allocated when the first frame is drawn: opening a file (`inspect`) reads its blocks
    /// only, whatever canvas its header declares.
    private var canvas = PixelBuffer(width: 0, height: 0)
    /// Bytes the canvas holds now (0 until a frame is drawn).
    var canvasBytesHeld: Int { canvas.bytes.count }
    /// Index of the frame on the canvas; -1 = the blank canvas before frame 0.
    private var drawn = -1
    /// Pixels under the current frame's rectangle, saved when its disposal is "previous".
    private var saved: [UInt32] = []
    private var row: [UInt8]
    /// `startsBlank[k]`: the canvas before frame k is fully transparent whatever came before.
    private var startsBlank: [Bool]
    /// `overwrites[k]`: frame k repaints the whole canvas with opaque pixels.
    private var overwrites: [Bool]
    private var checkpoints: [Int: PixelBuffer] = [:]
    private var randomAccessSeen = false
    private var reportedDamage: Set<Int> = []

    public convenience init(path: String, limits: DecodeLimits = .default) throws {
        try self.init(reader: FileReader(path: path), name: path, limits: limits)
    }

    /// Reads a GIF held in memory; `name` stands for the file in messages.
    public convenience init(bytes: [UInt8], name: String = "<memory>", limits: DecodeLimits = .default) throws {
        try self.init(reader: FileReader(bytes: bytes, name: name), name: name, limits: limits)
    }

    /// Reads a GIF through `reader` (opened by the caller); `name` stands for the file in messages.
    public init(reader: FileReader, name: String, limits: DecodeLimits = .default) throws {
        if reader.size == 0 { throw InputError(file: name, "is empty (0 bytes)") }
        let head = reader.bytes(at: 0, count: 6)
        guard head.count == 6, head.starts(with: "GIF".utf8) else {
            throw InputError(file: name, "is not a GIF (it does not start with \"GIF87a\" or \"GIF89a\")")
        }
        let decoder: GIFDecoderHandle
        do {
            decoder = try GIFDecoderHandle(reader: reader)
        } catch {
            throw InputError(file: name, location: "header", "unreadable (\(error.message))")
        }
        let screen = decoder.screenSize
        if screen.width == 0 || screen.height == 0 {
            throw InputError(file: name, location: "header", "the canvas (logical screen) is \(screen): zero-sized")
        }
        if screen.pixelCount > limits.maxCanvasPixels {
            throw InputError(
                file: name, location: "header",
                "the canvas is \(screen) = \(screen.pixelCount) pixels, over the limit of \(limits.maxCanvasPixels)",
                mention: .raise(.maxPixels)
            )
        }
        let scan = try GIFScanner.scan(decoder, name: name, limits: limits)
        let decoded = scan.frames.count * screen.pixelCount * 4
        if decoded > limits.maxDecodedBytes {
            throw InputError(
                file: name,
                "decoding its \(scan.frames.count) frames of \(screen) would produce \(decoded) bytes, over the limit of \(limits.maxDecodedBytes)",
                mention: .raise(.maxDecodedBytes)
            )
        }
        if scan.frames.isEmpty {
            let why = scan.warnings.last.map { " (\($0))" } ?? ""
            throw InputError(file: name, "contains no image\(why)")
        }
        self.name = name
        self.decoder = decoder
        self.canvasSize = screen
        self.version = scan.version
        self.frames = scan.frames
        self.loopCount = scan.loopCount
        self.loopMode = scan.loopMode
        self.damaged = scan.damaged
        self.warnings = scan.warnings
        self.globalColors = decoder.globalPalette.map(GIFFrameSource.colorTable)
        self.row = [UInt8](repeating: 0, count: max(1, scan.frames.map(\.rect.width).max() ?? 1))

        // Frames whose starting canvas needs no earlier frame.
        let n = scan.frames.count
        overwrites = scan.frames.map {
            $0.rect.covers(screen) && $0.transparentIndex == nil && $0.disposal != .previous && !$0.truncated
        }
        startsBlank = [Bool](repeating: false, count: n)
        startsBlank[0] = true
        for k in 1..<max(1, n) {
            let p = scan.frames[k - 1]
            startsBlank[k] = p.disposal == .background && p.rect.covers(screen)
        }
    }

    // MARK: Frames

    public func frame(at index: Int) throws -> PixelBuffer {
        precondition(index >= 0 && index < frames.count, "frame \(index) out of 0..<\(frames.count)")
        if index == drawn { return canvas }
        if index < drawn { randomAccessSeen = true }
        if canvas.width == 0 { canvas = PixelBuffer(width: canvasSize.width, height: canvasSize.height) }

        // Where to start: the largest of (a) continuing from the canvas, (b) a frame whose
        // starting canvas is blank, (c) a saved canvas. Ties keep the cheapest (a).
        var start = drawn < index ? drawn + 1 : -1
        var restart: Restart? = nil
        if let k = (0...index).last(where: { startsBlank[$0] || overwrites[$0] }), k > start {
            start = k; restart = .blank
        }
        if let k = checkpoints.keys.filter({ $0 <= index }).max(), k > start {
            start = k; restart = .checkpoint(k)
        }

        switch restart {
        case nil:
            if drawn >= 0 { dispose(drawn) }
        case .blank?:
            canvas.clear()
        case .checkpoint(let k)?:
            canvas = checkpoints[k]!
        }
        for k in start...index {
            saveCheckpointIfDue(before: k)
            draw(k)
            drawn = k
            if k < index { dispose(k) }
        }
        return canvas
    }

    private enum Restart { case blank, checkpoint(Int) }

    private func saveCheckpointIfDue(before k: Int) {
        guard randomAccessSeen, k > 0, !startsBlank[k], !overwrites[k], checkpoints[k] == nil else { return }
        let perCanvas = max(1, canvasSize.pixelCount * 4)
        let slots = checkpointBudget / perCanvas
        guard slots > 0 else { return }
        let spacing = max(1, (frames.count + slots - 1) / slots)
        if k % spacing == 0 { checkpoints[k] = canvas }
    }

    /// Undoes frame k's rectangle as its disposal says.
    private func dispose(_ k: Int) {
        let f = frames[k]
        let clip = f.rect.clipped(to: canvasSize)
        guard !clip.isEmpty else { return }
        let width = canvasSize.width
        canvas.bytes.withUnsafeMutableBytes { raw in
            let px = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            switch f.disposal {
            case .background:
                for y in clip.y..<(clip.y + clip.height) {
                    (px + y * width + clip.x).update(repeating: 0, count: clip.width)
                }
            case .previous:
                saved.withUnsafeBufferPointer { s in
                    for (i, y) in (clip.y..<(clip.y + clip.height)).enumerated() {
                        (px + y * width + clip.x).update(from: s.baseAddress! + i * clip.width, count: clip.width)
                    }
                }
            case .unspecified, .keep:
                break
            }
        }
    }

    /// Decodes frame k's pixels over the canvas.
    private func draw(_ k: Int) {
        let f = frames[k]
        let clip = f.rect.clipped(to: canvasSize)
        let width = canvasSize.width
        if f.disposal == .previous {
            saved.removeAll(keepingCapacity: true)
            canvas.bytes.withUnsafeBytes { raw in
                let px = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
                for y in clip.y..<(clip.y + clip.height) {
                    saved.append(contentsOf: UnsafeBufferPointer(start: px + y * width + clip.x, count: clip.width))
                }
            }
        }
        guard !clip.isEmpty else { return }

        decoder.reader.seek(to: f.descriptorOffset)
        do {
            guard try decoder.nextRecord() == .image else { return reportDamage(k, "no image at its offset") }
            try decoder.readImageDescriptor()
        } catch {
            return reportDamage(k, error.message)
        }
        var colors =
            decoder.image.localPalette.map(GIFFrameSource.colorTable) ?? globalColors ?? GIFFrameSource.blackTable
        if let t = f.transparentIndex, t < 256 { colors[t] = 0 }

        // Rows in decoding order; interlaced images come in four passes.
        let rowsInOrder = f.interlaced ? GIFFrameSource.interlacedRows(f.rect.height) : Array(0..<f.rect.height)
        // Decoding can stop after the last row that lands on the canvas.
        let lastNeeded = rowsInOrder.lastIndex { f.rect.y + $0 >= 0 && f.rect.y + $0 < canvasSize.height } ?? -1
        let x0 = clip.x - f.rect.x, count = clip.width
        var failure: String? = nil
        canvas.bytes.withUnsafeMutableBytes { raw in
            let px = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            colors.withUnsafeBufferPointer { lut in
                row.withUnsafeMutableBufferPointer { line in
                    let src = line.baseAddress!
                    for i in stride(from: 0, through: lastNeeded, by: 1) {
                        guard decoder.decodeLine(into: src, count: f.rect.width) else {
                            failure = "row \(i) of \(f.rect.height): \(decoder.lastErrorMessage)"
                            return
                        }
                        let y = f.rect.y + rowsInOrder[i]
                        guard y >= 0 && y < canvasSize.height else { continue }
                        let dst = px + y * width + clip.x
                        let s = src + x0
                        for j in 0..<count {
                            let c = lut[Int(s[j])]
                            if c != 0 { dst[j] = c }
                        }
                    }
                }
            }
        }
        if let failure {
            reportDamage(k, "image data ends early or is corrupt at \(failure); drawn as far as it decoded")
        }
    }

    private func reportDamage(_ k: Int, _ problem: String) {
        damaged = true
        overwrites[k] = false
        if reportedDamage.insert(k).inserted { warnings.append("frame \(k): \(problem)") }
    }

    // MARK: Palettes

    /// 256 entries of RGBA packed as they lie in memory (R first), opaque; indexes past the
    /// palette are opaque black. 0 marks "leave the canvas pixel alone".
    private static func colorTable(_ palette: [RGB]) -> [UInt32] {
        var table = blackTable
        for (i, c) in palette.prefix(256).enumerated() {
            table[i] = pack(c.r, c.g, c.b, 255)
        }
        return table
    }

    private static let blackTable = [UInt32](repeating: pack(0, 0, 0, 255), count: 256)

    @inline(__always)
    static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        // Bytes in memory R, G, B, A whatever the machine's byte order.
        UInt32(littleEndian: UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24)
    }

    /// The canvas row of each decoded row of an interlaced image of `height` rows.
    static func interlacedRows(_ height: Int) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(height)
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            rows.append(contentsOf: stride(from: start, to: height, by: step))
        }
        return rows
    }
}
