/// A ZIP archive read in memory: its directory read with every offset and size checked
/// against the file, and entries inflated with zlib from the spans the directory gives, their
/// size and CRC verified. Nothing is extracted to disk. ZIP64 archives are refused (the
/// containers read here never need them).
///
/// Written for untrusted input: ZIPFoundation's in-memory reader traps on offsets past the
/// end and its extraction can loop on corrupt deflate data (both found by fuzzing), so it only
/// writes the ZIPs the tests use.
public struct ZIPReader: Sendable {
    /// Where one entry's data lies, as the directory says.
    public struct Entry: Sendable {
        public var method: Int
        public var start: Int
        public var compressedSize: Int
        public var size: Int
        public var crc: UInt32
    }

    /// The archive, as the user named it (for messages).
    public let name: String
    /// Entries by their name in the archive.
    public let entries: [String: Entry]
    private let bytes: [UInt8]

    /// Reads the directory of the ZIP in `bytes`.
    public init(bytes: [UInt8], name: String) throws {
        self.name = name
        self.bytes = bytes
        entries = try Self.directory(bytes, name: name)
    }

    /// The bytes of entry `entryName`: stored or deflated, size and CRC checked.
    public func contents(of entryName: String) throws -> [UInt8] {
        guard let entry = entries[entryName] else {
            throw ZIPError(file: name, location: "ZIP", "has no entry '\(entryName)'")
        }
        let location = "ZIP entry '\(entryName)'"
        let raw = bytes[entry.start..<(entry.start + entry.compressedSize)]
        let out: [UInt8]
        switch entry.method {
        case 0:
            out = Array(raw)
        case 8:
            do { out = try Inflate.raw(raw, limit: entry.size) } catch {
                switch error {
                case .corrupt(let why): throw ZIPError(file: name, location: location, "corrupt (\(why))")
                case .tooLarge:
                    throw ZIPError(file: name, location: location, "holds more than its declared \(entry.size) bytes")
                }
            }
        default:
            throw ZIPError(
                file: name, location: location,
                "uses compression method \(entry.method); only stored and deflate are read")
        }
        guard out.count == entry.size else {
            throw ZIPError(file: name, location: location, "holds \(out.count) bytes, not the declared \(entry.size)")
        }
        guard crc32(out) == entry.crc else { throw ZIPError(file: name, location: location, "fails its CRC check") }
        return out
    }

    private static func directory(_ b: [UInt8], name: String) throws -> [String: Entry] {
        var spans: [String: Entry] = [:]
        func fail(_ problem: String) -> ZIPError { ZIPError(file: name, location: "ZIP", problem) }
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        // End of central directory: the last signature within the final 64 KiB + 22 bytes.
        guard b.count >= 22 else { throw fail("too short to be a ZIP archive") }
        var eocd = -1
        var o = b.count - 22
        let stop = max(0, b.count - 22 - 65_535)
        while o >= stop {
            if b[o] == 0x50, b[o + 1] == 0x4B, b[o + 2] == 0x05, b[o + 3] == 0x06 { eocd = o; break }
            o -= 1
        }
        guard eocd >= 0 else { throw fail("has no end-of-directory record (cut short?)") }
        guard eocd + 22 + u16(eocd + 20) <= b.count else {
            throw fail("its end-of-directory comment runs past the end (cut short?)")
        }
        let entries = u16(eocd + 10), cdSize = u32(eocd + 12), cdOffset = u32(eocd + 16)
        if entries == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            throw fail("is a ZIP64 archive, which the containers read here never need")
        }
        guard cdOffset + cdSize <= eocd else {
            throw fail("its directory (\(cdSize) bytes at \(cdOffset)) lies outside the file")
        }
        var p = cdOffset
        for k in 0..<entries {
            guard p + 46 <= cdOffset + cdSize, u32(p) == 0x0201_4B50 else {
                throw fail("directory entry \(k) is damaged")
            }
            let method = u16(p + 10), crc = UInt32(u32(p + 16)), csize = u32(p + 20), usize = u32(p + 24)
            let nameLen = u16(p + 28), extraLen = u16(p + 30), commentLen = u16(p + 32), local = u32(p + 42)
            if csize == 0xFFFF_FFFF || usize == 0xFFFF_FFFF || local == 0xFFFF_FFFF {
                throw fail("is a ZIP64 archive, which the containers read here never need")
            }
            let next = p + 46 + nameLen + extraLen + commentLen
            guard next <= cdOffset + cdSize else { throw fail("directory entry \(k) runs past the directory") }
            let entryName = String(decoding: b[(p + 46)..<(p + 46 + nameLen)], as: UTF8.self)
            guard local + 30 <= b.count, u32(local) == 0x0403_4B50 else {
                throw fail("entry '\(entryName)' points to \(local), where there is no entry header")
            }
            let dataStart = local + 30 + u16(local + 26) + u16(local + 28)
            guard dataStart + csize <= cdOffset else {
                throw fail("entry '\(entryName)' (\(csize) bytes at \(dataStart)) runs past its data")
            }
            // The entry header must agree with the directory.
            let flags = u16(local + 6), localC = u32(local + 18), localU = u32(local + 22)
            if localC == 0xFFFF_FFFF || localU == 0xFFFF_FFFF {
                throw fail("is a ZIP64 archive, which the containers read here never need")
            }
            if flags & 0x08 != 0 {
                guard dataStart + csize + 16 <= cdOffset else {
                    throw fail("entry '\(entryName)': its data descriptor lies outside the file")
                }
            } else if localC != csize || localU != usize {
                throw fail("entry '\(entryName)': its header and the directory disagree on its size")
            }
            spans[entryName] = Entry(method: method, start: dataStart, compressedSize: csize, size: usize, crc: crc)
            p = next
        }
        return spans
    }
}

/// What is wrong with a ZIP archive or one of its entries, and where (`ZIP`, `ZIP entry 'a/x.json'`).
public struct ZIPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The archive, as the user named it.
    public var file: String
    public var location: String
    public var problem: String

    public init(file: String, location: String, _ problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    public var description: String { "\(file): \(location): \(problem)" }
}
