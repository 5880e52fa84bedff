internal import CLibZ
import ArcMaskCore

/// CRC-32 (the zlib/PNG polynomial), chainable: `crc32(b, previous: crc32(a))` is the CRC of a then b.
public func crc32(_ bytes: [UInt8], previous: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { p in
        UInt32(CLibZ.crc32(uLong(previous), p.baseAddress, uInt(p.count)))
    }
}
