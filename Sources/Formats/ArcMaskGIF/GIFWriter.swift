import ArcMaskFiles
import ArcMaskValues
internal import CGIF
import Foundation

/// Writes GIFs with giflib's encoder, frame by frame (nothing is held but the bytes
/// written so far, or nothing at all when writing to a file).
///
/// Used to make test fixtures, examples and benchmark inputs; it writes exactly what it
/// is told (rectangles, disposals, transparency, palettes, interlace, loop extension),
/// including unusual combinations.
public final class GIFWriter {
    /// One image to write: palette indexes, row by row, `rect.width * rect.height` of them.
    public struct Frame: Sendable {
        public var indices: [UInt8]
        public var rect: PixelRect
        public var delayCentiseconds: Int
        public var disposal: Disposal
        public var transparentIndex: Int?
        public var localPalette: [RGB]?
        public var interlaced: Bool
        /// Write a Graphic Control Extension (without one the frame has delay 0, disposal 0).
        public var writesControlExtension: Bool

        public init(
            indices: [UInt8], rect: PixelRect, delayCentiseconds: Int = 10,
            disposal: Disposal = .unspecified, transparentIndex: Int? = nil,
            localPalette: [RGB]? = nil, interlaced: Bool = false,
            writesControlExtension: Bool = true
        ) {
            self.indices = indices
            self.rect = rect
            self.delayCentiseconds = delayCentiseconds
            self.disposal = disposal
            self.transparentIndex = transparentIndex
            self.localPalette = localPalette
            self.interlaced = interlaced
            self.writesControlExtension = writesControlExtension
        }
    }

    public enum LoopExtension: String, Sendable { case netscape = "NETSCAPE2.0", animexts = "ANIMEXTS1.0" }

    private let gif: UnsafeMutablePointer<GifFileType>
    private let sink: Sink
    private var closed = false

    /// Starts a GIF in memory; `finish()` returns its bytes.
    public convenience init(
        screen: PixelSize, globalPalette: [RGB]?, loopCount: Int? = 0,
        loopExtension: LoopExtension = .netscape
    ) throws {
        try self.init(
            sink: Sink(file: nil), screen: screen, globalPalette: globalPalette,
            loopCount: loopCount, loopExtension: loopExtension)
    }

    /// Starts a GIF written to `url` (through a temporary file renamed by `finish()`).
    public convenience init(
        url: URL, screen: PixelSize, globalPalette: [RGB]?, loopCount: Int? = 0,
        loopExtension: LoopExtension = .netscape
    ) throws {
        try self.init(
            sink: Sink(file: url), screen: screen, globalPalette: globalPalette,
            loopCount: loopCount, loopExtension: loopExtension)
    }

    private init(
        sink: Sink, screen: PixelSize, globalPalette: [RGB]?, loopCount: Int?,
        loopExtension: LoopExtension
    ) throws {
        self.sink = sink
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), writeToSink, &error) else {
            throw GIFWriterError(GIFLibError(code: error).message)
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        try withColorMap(globalPalette) { map in
            try put(EGifPutScreenDesc(gif, Int32(screen.width), Int32(screen.height), 8, 0, map))
        }
        if let loopCount {
            let id = Array(loopExtension.rawValue.utf8)
            let sub: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8 & 0xFF)]
            try put(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
            try put(EGifPutExtensionBlock(gif, Int32(id.count), id))
            try put(EGifPutExtensionBlock(gif, Int32(sub.count), sub))
            try put(EGifPutExtensionTrailer(gif))
        }
    }

    deinit {
        if !closed {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
            sink.discard()
        }
    }

    public func add(_ frame: Frame) throws {
        precondition(frame.indices.count == frame.rect.width * frame.rect.height, "indices do not fill the frame")
        if frame.writesControlExtension {
            var gcb = GraphicsControlBlock(
                DisposalMode: Int32(frame.disposal.rawValue), UserInputFlag: false,
                DelayTime: Int32(frame.delayCentiseconds),
                TransparentColor: Int32(frame.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
            var bytes = [GifByteType](repeating: 0, count: 4)
            let n = EGifGCBToExtension(&gcb, &bytes)
            try put(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(n), bytes))
        }
        try withColorMap(frame.localPalette) { map in
            try put(
                EGifPutImageDesc(
                    gif, Int32(frame.rect.x), Int32(frame.rect.y), Int32(frame.rect.width),
                    Int32(frame.rect.height), frame.interlaced, map))
        }
        var indices = frame.indices
        let w = frame.rect.width
        let order = frame.interlaced ? GIFFrameSource.interlacedRows(frame.rect.height) : Array(0..<frame.rect.height)
        try indices.withUnsafeMutableBufferPointer { p in
            for y in order {
                try put(EGifPutLine(gif, p.baseAddress! + y * w, Int32(w)))
            }
        }
    }

    /// Writes the trailer. Returns the bytes for an in-memory GIF, an empty array for a file.
    @discardableResult
    public func finish() throws -> [UInt8] {
        closed = true
        var error: Int32 = 0
        if EGifCloseFile(gif, &error) != GIF_OK {
            sink.discard()
            throw GIFWriterError(GIFLibError(code: error).message)
        }
        return try sink.finish()
    }

    private func put(_ status: Int32) throws {
        if let failure = sink.failure { throw GIFWriterError(failure) }
        if status != GIF_OK { throw GIFWriterError(GIFLibError(code: gif.pointee.Error).message) }
    }

    private func withColorMap(_ palette: [RGB]?, _ body: (UnsafeMutablePointer<ColorMapObject>?) throws -> Void) throws
    {
        guard let palette else { return try body(nil) }
        precondition(!palette.isEmpty && palette.count <= 256, "a palette has 1 to 256 colours")
        var size = 2
        while size < palette.count { size *= 2 }
        let colors = (0..<size).map { i in
            i < palette.count
                ? GifColorType(Red: palette[i].r, Green: palette[i].g, Blue: palette[i].b)
                : GifColorType(Red: 0, Green: 0, Blue: 0)
        }
        guard let map = GifMakeMapObject(Int32(size), colors) else { throw GIFWriterError("out of memory") }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    /// Where the encoder's bytes go: memory, or a file written through a temporary name.
    final class Sink {
        var bytes: [UInt8] = []
        let file: StreamingFile?

        init(file url: URL?) throws { file = try url.map(StreamingFile.init) }

        var failure: String? { file?.failure }

        func write(_ p: UnsafePointer<UInt8>, _ n: Int) {
            if let file { file.write(p, n) } else { bytes.append(contentsOf: UnsafeBufferPointer(start: p, count: n)) }
        }

        func finish() throws -> [UInt8] {
            try file?.finish()
            return file == nil ? bytes : []
        }

        func discard() { file?.discard() }
    }
}

private func writeToSink(
    _ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?, _ count: Int32
) -> Int32 {
    guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
    Unmanaged<GIFWriter.Sink>.fromOpaque(user).takeUnretainedValue().write(bytes, Int(count))
    return count
}

/// The GIF encoder failed (usually an unwritable destination).
public struct GIFWriterError: ArcMaskError {
    public let message: String
    init(_ message: String) { self.message = message }
    public var location: String? { "GIF encoder" }
}
