import ArcMaskFiles
import ArcMaskIO
import ArcMaskZIP

/// One chunk of a PNG file: where it lies and what it says it is. The data is read on demand.
public struct PNGChunk: Sendable, Equatable {
    /// The four-letter type ("IHDR", "fcTL").
    public var type: String
    /// Offset of the chunk's length field in the file.
    public var offset: Int
    /// Bytes of data (without length, type and CRC).
    public var length: Int

    public var dataOffset: Int { offset + 8 }
    /// Offset just past the chunk's CRC.
    public var end: Int { offset + 12 + length }
}

/// Walks a PNG's chunks in file order, checking each one's CRC.
///
/// Stops at IEND, or where the data breaks: a chunk that runs past the end of the file, a length
/// over 2³¹−1, or a CRC mismatch. `damage` then says what broke and where; every chunk before
/// it is whole.
struct PNGChunkWalker {
    let reader: FileReader
    private(set) var position = 8
    private(set) var damage: String?
    private(set) var sawEnd = false

    init(reader: FileReader) { self.reader = reader }

    /// The next whole chunk, or nil at IEND, at the end of the file or at damage.
    mutating func next() -> PNGChunk? {
        guard !sawEnd, damage == nil else { return nil }
        if position == reader.size {
            damage = "the file ends at byte \(position) without an IEND chunk"
            return nil
        }
        let head = reader.bytes(at: position, count: 8)
        guard head.count == 8 else {
            damage = "the file ends inside a chunk header at byte \(position)"
            return nil
        }
        let length = Int(be32(head, 0))
        let type = String(decoding: head[4..<8], as: UTF8.self)
        guard length <= Int(Int32.max) else {
            damage = "chunk at byte \(position) claims \(length) bytes, over PNG's 2³¹−1"
            return nil
        }
        let chunk = PNGChunk(type: type, offset: position, length: length)
        guard chunk.end <= reader.size else {
            damage =
                "the file ends inside the \(printable(type)) chunk at byte \(position) (\(reader.size - chunk.dataOffset) of \(length) data bytes present)"
            return nil
        }
        guard crcMatches(chunk) else {
            damage = "the \(printable(type)) chunk at byte \(position) fails its CRC check"
            return nil
        }
        position = chunk.end
        if type == "IEND" { sawEnd = true }
        return chunk
    }

    /// The chunk's data.
    func data(_ chunk: PNGChunk) -> [UInt8] { reader.bytes(at: chunk.dataOffset, count: chunk.length) }

    private func crcMatches(_ chunk: PNGChunk) -> Bool {
        var crc = crc32(reader.bytes(at: chunk.offset + 4, count: 4))
        var at = chunk.dataOffset
        let end = chunk.dataOffset + chunk.length
        while at < end {
            let piece = reader.bytes(at: at, count: min(1 << 20, end - at))
            if piece.isEmpty { return false }
            crc = crc32(piece, previous: crc)
            at += piece.count
        }
        return crc == be32(reader.bytes(at: end, count: 4), 0)
    }

    private func printable(_ type: String) -> String {
        type.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic } ? type : "unnamed"
    }
}

/// Builds PNG byte streams chunk by chunk (the CRCs computed here).
public struct PNGChunkWriter: Sendable {
    public private(set) var bytes: [UInt8] = PNG.signature

    public init() {}

    public mutating func append(_ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "chunk types have four letters")
        appendBE32(&bytes, UInt32(data.count))
        bytes += typeBytes
        bytes += data
        appendBE32(&bytes, crc32(data, previous: crc32(typeBytes)))
    }
}

func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
    guard i + 4 <= b.count else { return 0 }
    return UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
}

func be16(_ b: [UInt8], _ i: Int) -> UInt16 {
    guard i + 2 <= b.count else { return 0 }
    return UInt16(b[i]) << 8 | UInt16(b[i + 1])
}

func appendBE32(_ b: inout [UInt8], _ v: UInt32) {
    b += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
}
