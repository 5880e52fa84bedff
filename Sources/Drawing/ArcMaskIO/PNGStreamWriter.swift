import ArcMaskFiles
import ArcMaskFrames
import ArcMaskZIP
import Foundation

/// Writes one 8-bit RGBA PNG band by band, so an image larger than memory can be written (the
/// export's strips): rows go to a temporary file as they come; `finish()` renames it into place.
///
/// The rows are deflated on every core, in pieces of about 1 MB: each piece's rows are
/// Sub-filtered, then deflated as part of the one zlib stream PNG requires, primed with the
/// 32 KB before it (so the ratio stays the single stream's) and ended on a byte boundary
/// (`Z_SYNC_FLUSH`; the last with `Z_FINISH`); the pieces are written in order, their
/// Adler-32s combined. The bytes depend only on the pixels and the bands, never on the
/// threads. At most one piece per core, and one more, is in flight.
///
/// Not thread-safe: use it from one thread at a time (handing it between threads is fine).
public final class PNGStreamWriter: @unchecked Sendable {
    public let width: Int
    public let height: Int
    private let level: Int32
    private let sink: StreamingFile
    private var rowsTaken = 0
    /// The last 32 KB of filtered rows appended so far: the next band's dictionary.
    private var window: [UInt8] = []
    private var adler: UInt32 = 1
    /// Pieces being deflated, oldest first.
    private var pending: [Piece] = []
    private let inFlight = ProcessInfo.processInfo.activeProcessorCount + 1
    private var done = false

    /// One piece's deflate, run on a worker: its bytes, and the Adler-32 and length of what it deflated.
    private final class Piece: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        var output: [UInt8] = []
        var adler: UInt32 = 1
        var count = 0
        var failure: String?
    }

    public init(url: URL, width: Int, height: Int, compression: PNG.Compression = .fast) throws {
        guard width > 0, height > 0, width < 1 << 28, height < 1 << 31 else {
            throw PNGError("cannot write a \(width)×\(height) image")
        }
        self.width = width
        self.height = height
        level = compression.zlibLevel
        sink = try StreamingFile(url: url)
        write(PNG.signature)
        chunk("IHDR", PNGEncoder.header(width: width, height: height, .truecolor(alpha: true)))
        // The zlib header (deflate, 32 KB window; the level hint as zlib writes it).
        chunk("IDAT", [0x78, level <= 1 ? 0x01 : level < 6 ? 0x5E : level == 6 ? 0x9C : 0xDA])
    }

    deinit {
        for piece in pending { piece.finished.wait() }
        if !done { sink.discard() }
    }

    /// Appends `image.height` rows (its width must be the PNG's).
    public func append(_ image: PixelBuffer) throws {
        precondition(image.width == width && rowsTaken + image.height <= height, "band does not fit the PNG")
        guard image.height > 0 else { return }
        let rowBytes = 1 + 4 * width, level = level
        // Pieces of about 1 MB of filtered rows, each deflated on a worker after the rows
        // before it (enough for the 32 KB dictionary) are filtered again there.
        let rowsPerPiece = max(1, (1 << 20) / rowBytes), contextRows = (32_768 + rowBytes - 1) / rowBytes
        var start = 0
        while start < image.height {
            let end = min(image.height, start + rowsPerPiece), first = start
            let last = rowsTaken + end == height, before = window
            let piece = Piece()
            DispatchQueue.global().async {
                defer { piece.finished.signal() }
                let from = max(0, first - contextRows)
                let context = ScanlineFilter.sub(image, rows: from..<first)
                let dictionary = Array((from == 0 ? before + context : context).suffix(32_768))
                let data = ScanlineFilter.sub(image, rows: first..<end)
                piece.adler = Adler32.checksum(data)
                piece.count = data.count
                switch Result(catching: { () throws(Deflate.Failure) in
                    try Deflate.rawPiece(data, dictionary: dictionary, level: level, last: last)
                }) {
                case .success(let output): piece.output = output
                case .failure(let error): piece.failure = "zlib: \(error.message)"
                }
            }
            pending.append(piece)
            while pending.count > inFlight { try writeOldest() }
            start = end
        }
        rowsTaken += image.height
        // The next band's dictionary: this band's last 32 KB (after what came before, if short).
        let tail = max(0, image.height - contextRows)
        let filteredTail = ScanlineFilter.sub(image, rows: tail..<image.height)
        window = Array(((tail == 0 ? window : []) + filteredTail).suffix(32_768))
    }

    public func finish() throws {
        precondition(rowsTaken == height, "\(rowsTaken) of \(height) rows written")
        while !pending.isEmpty { try writeOldest() }
        chunk("IDAT", withUnsafeBytes(of: adler.bigEndian, Array.init))
        chunk("IEND", [])
        if let failure = sink.failure { throw PNGError(failure) }
        try sink.finish()
        done = true
    }

    /// Waits for the oldest piece and writes its deflated bytes as IDAT chunks.
    private func writeOldest() throws {
        let piece = pending.removeFirst()
        piece.finished.wait()
        if let failure = piece.failure { throw PNGError(failure) }
        adler = Adler32.combine(adler, piece.adler, secondLength: piece.count)
        chunk("IDAT", piece.output)
        if let failure = sink.failure { throw PNGError(failure) }
    }

    private func chunk(_ type: String, _ data: [UInt8]) {
        var bytes = [UInt8]()
        PNGEncoder.writeChunk(type, data, to: &bytes)
        write(bytes)
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { sink.write($0.baseAddress!, $0.count) }
    }
}
