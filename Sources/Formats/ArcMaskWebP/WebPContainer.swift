/// The RIFF layer of a WebP file: enough to find where a cut-short file's last whole chunk
/// ends, so the frames before the cut can still be decoded.
public enum WebPContainer {
    /// Whether `head` starts a WebP file ("RIFF", size, "WEBP").
    public static func matches(_ head: [UInt8]) -> Bool {
        head.count >= 12 && head[0..<4].elementsEqual("RIFF".utf8) && head[8..<12].elementsEqual("WEBP".utf8)
    }

    /// One chunk of the container: its four-letter type, where its header starts, its payload size.
    public struct Chunk: Sendable, Equatable {
        public var type: String
        public var offset: Int
        public var size: Int
        /// Offset just past the payload and its padding byte.
        public var end: Int { offset + 8 + size + (size & 1) }
    }

    /// The top-level chunks that lie wholly in `bytes`, and where the first broken one starts
    /// (nil when every chunk is whole and the RIFF size agrees).
    public static func chunks(_ bytes: [UInt8]) -> (chunks: [Chunk], brokenAt: Int?) {
        guard matches(bytes) else { return ([], 0) }
        let riffEnd = min(bytes.count, 8 + Int(le32(bytes, 4)))
        var out: [Chunk] = []
        var at = 12
        while at + 8 <= riffEnd {
            let c = Chunk(
                type: String(decoding: bytes[at..<at + 4], as: UTF8.self), offset: at, size: Int(le32(bytes, at + 4)))
            guard c.offset + 8 + c.size <= riffEnd else { return (out, at) }
            out.append(c)
            at = min(c.end, riffEnd)
        }
        let stated = 8 + Int(le32(bytes, 4))
        return (out, at < riffEnd || stated > bytes.count ? at : nil)
    }

    /// The file cut back to its whole chunks with the RIFF size set to match, or nil when
    /// nothing is broken or no chunk is whole.
    public static func trimmedToWholeChunks(_ bytes: [UInt8]) -> (bytes: [UInt8], brokenAt: Int)? {
        let (chunks, brokenAt) = chunks(bytes)
        guard let brokenAt, let last = chunks.last else { return nil }
        var out = Array(bytes[0..<min(bytes.count, last.end)])
        if out.count < last.end { out += [UInt8](repeating: 0, count: last.end - out.count) }
        let size = UInt32(out.count - 8)
        out[4] = UInt8(size & 0xFF); out[5] = UInt8(size >> 8 & 0xFF)
        out[6] = UInt8(size >> 16 & 0xFF); out[7] = UInt8(size >> 24)
        return (out, brokenAt)
    }

    static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        guard i + 4 <= b.count else { return 0 }
        return UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
