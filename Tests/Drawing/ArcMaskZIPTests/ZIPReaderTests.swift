import Testing

@testable import ArcMaskZIP

/// ZIPs written here byte by byte (PKWARE's APPNOTE: local headers, the central directory,
/// the end record), so every field the reader trusts is one the test chose.
enum HandZIP {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }

    /// Raw deflate data: zlib's stream without its 2-byte header and 4-byte Adler-32 trailer.
    static func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
        let z = Deflate.zlib(bytes)
        return Array(z[2..<(z.count - 4)])
    }

    /// A ZIP of `files`, each stored (method 0) or deflated (8).
    static func zip(_ files: [(name: String, bytes: [UInt8], method: Int)]) -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        for f in files {
            let name = Array(f.name.utf8), data = f.method == 8 ? rawDeflate(f.bytes) : f.bytes
            let crc = crc32(f.bytes), offset = out.count
            out +=
                le32(0x0403_4B50) + le16(20) + le16(0) + le16(f.method) + le16(0) + le16(0) + le32(crc)
                + le32(UInt32(data.count)) + le32(UInt32(f.bytes.count)) + le16(name.count) + le16(0) + name + data
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(f.method) + le16(0) + le16(0) + le32(crc)
                + le32(UInt32(data.count)) + le32(UInt32(f.bytes.count)) + le16(name.count) + le16(0) + le16(0)
                + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
        }
        let start = out.count
        out += directory
        out +=
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
            + le32(UInt32(directory.count)) + le32(UInt32(start)) + le16(0)
        return out
    }
}

@Suite("ZIP and zlib: the archive reader and the streams under it")
struct ZIPReaderTests {
    static let text = Array(String(repeating: "{\"layers\": [0, 1, 2]} ", count: 50).utf8)

    @Test("CRC-32 as PKWARE and zlib define it")
    func crc() {
        #expect(crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(crc32([]) == 0)
        // In two pieces, the same.
        #expect(crc32(Array("6789".utf8), previous: crc32(Array("12345".utf8))) == 0xCBF4_3926)
    }

    @Test("zlib streams round-trip; a stream past its limit or damaged is refused, never trusted")
    func zlib() throws {
        let packed = Deflate.zlib(Self.text, level: 9)
        #expect(packed.count < Self.text.count / 4)
        #expect(try Inflate.zlib(packed, limit: Self.text.count) == Self.text)
        #expect(try Inflate.count(zlib: packed, limit: Self.text.count) == Self.text.count)
        #expect(throws: Inflate.Failure.self) { try Inflate.zlib(packed, limit: Self.text.count - 1) }
        var damaged = packed
        damaged[packed.count / 2] ^= 0x5A
        damaged[packed.count / 2 + 1] ^= 0xA5
        #expect(throws: Inflate.Failure.self) { try Inflate.zlib(damaged, limit: 1 << 20) }
    }

    @Test("stored and deflated entries read back as written, their sizes and CRCs checked")
    func entries() throws {
        let zip = try ZIPReader(
            bytes: HandZIP.zip([("a.json", Self.text, 8), ("b.txt", Array("tiny".utf8), 0)]), name: "t.zip")
        #expect(Set(zip.entries.keys) == ["a.json", "b.txt"])
        #expect(zip.entries["a.json"]?.method == 8 && zip.entries["b.txt"]?.method == 0)
        #expect(try zip.contents(of: "a.json") == Self.text)
        #expect(try zip.contents(of: "b.txt") == Array("tiny".utf8))
        do {
            _ = try zip.contents(of: "missing")
            Issue.record("a missing entry was read")
        } catch let error as ZIPError {
            #expect(error.description == "t.zip: ZIP: has no entry 'missing'")
        }
    }

    @Test("an entry whose bytes fail the directory's CRC is refused, naming the entry")
    func damagedEntry() throws {
        var bytes = HandZIP.zip([("a.json", Array("{\"a\": 1}".utf8), 0)])
        bytes[30 + 6 + 3] ^= 0x01  // a byte of the stored data, after the header and the name
        let zip = try ZIPReader(bytes: bytes, name: "bad.zip")
        do {
            _ = try zip.contents(of: "a.json")
            Issue.record("a damaged entry was read")
        } catch let error as ZIPError {
            #expect(error.location == "ZIP entry 'a.json'" && error.problem == "fails its CRC check")
        }
        // Not a ZIP at all: refused at the archive.
        #expect(throws: ZIPError.self) { _ = try ZIPReader(bytes: Array("not a zip".utf8), name: "junk.zip") }
    }
}
