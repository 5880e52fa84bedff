import ArcMaskCore

/// Reads a ZIP's directory with every offset and size checked against the file: where each
/// entry's data lies, its method, sizes and CRC. ZIP64 archives are refused: SVGA files never
/// need them.
enum ZIPCheck {
    /// Where one entry's data lies, as the directory says.
    struct Span {
        var method: Int
        var start: Int
        var compressedSize: Int
        var size: Int
        var crc: UInt32
    }

    @discardableResult
    static func validate(_ b: [UInt8], name: String) throws -> [String: Span] {
        var spans: [String: Span] = [:]
        func fail(_ problem: String) -> InputError { InputError(file: name, location: "ZIP", problem) }
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
        guard eocd + 22 + u16(eocd + 20) <= b.count else { throw fail("its end-of-directory comment runs past the end (cut short?)") }
        let entries = u16(eocd + 10), cdSize = u32(eocd + 12), cdOffset = u32(eocd + 16)
        if entries == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF { throw fail("is a ZIP64 archive, which SVGA never needs") }
        guard cdOffset + cdSize <= eocd else { throw fail("its directory (\(cdSize) bytes at \(cdOffset)) lies outside the file") }
        var p = cdOffset
        for k in 0..<entries {
            guard p + 46 <= cdOffset + cdSize, u32(p) == 0x0201_4B50 else { throw fail("directory entry \(k) is damaged") }
            let method = u16(p + 10), crc = UInt32(u32(p + 16)), csize = u32(p + 20), usize = u32(p + 24)
            let nameLen = u16(p + 28), extraLen = u16(p + 30), commentLen = u16(p + 32), local = u32(p + 42)
            if csize == 0xFFFF_FFFF || usize == 0xFFFF_FFFF || local == 0xFFFF_FFFF { throw fail("is a ZIP64 archive, which SVGA never needs") }
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
            if localC == 0xFFFF_FFFF || localU == 0xFFFF_FFFF { throw fail("is a ZIP64 archive, which SVGA never needs") }
            if flags & 0x08 != 0 {
                guard dataStart + csize + 16 <= cdOffset else { throw fail("entry '\(entryName)': its data descriptor lies outside the file") }
            } else if localC != csize || localU != usize {
                throw fail("entry '\(entryName)': its header and the directory disagree on its size")
            }
            spans[entryName] = Span(method: method, start: dataStart, compressedSize: csize, size: usize, crc: crc)
            p = next
        }
        return spans
    }
}
