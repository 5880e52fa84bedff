/// Big-endian bytes as OpenType stores every number, with the checksum the format defines.
struct FontBytes {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: Int) {
        precondition(0...0xFFFF ~= v, "\(v) does not fit an unsigned 16-bit field")
        bytes += [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    mutating func i16(_ v: Int) {
        precondition(-0x8000...0x7FFF ~= v, "\(v) does not fit a signed 16-bit field")
        u16(v & 0xFFFF)
    }
    mutating func u32(_ v: UInt32) {
        bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    mutating func u32(_ v: Int) {
        precondition(0...0xFFFF_FFFF ~= v, "\(v) does not fit an unsigned 32-bit field")
        u32(UInt32(v))
    }
    /// A four-character table or feature tag.
    mutating func tag(_ t: String) {
        let ascii = Array(t.utf8)
        precondition(ascii.count == 4, "tag '\(t)' is not four characters")
        bytes += ascii
    }
    /// 16.16 fixed point (versions and angles).
    mutating func fixed(_ major: Int, _ minor: Int = 0) { u16(major); u16(minor) }
    /// Seconds since 1904-01-01, as a signed 64-bit number.
    mutating func longDateTime(_ seconds: Int64) {
        u32(UInt32(truncatingIfNeeded: seconds >> 32))
        u32(UInt32(truncatingIfNeeded: seconds))
    }
    mutating func append(_ other: [UInt8]) { bytes += other }
    mutating func append(_ other: FontBytes) { bytes += other.bytes }
    /// Zeros up to the next multiple of `n` bytes.
    mutating func pad(to n: Int) { while bytes.count % n != 0 { bytes.append(0) } }

    /// Overwrites a 16-bit field written earlier (an offset known only later).
    mutating func set16(_ v: Int, at position: Int) {
        precondition(0...0xFFFF ~= v, "offset \(v) does not fit a 16-bit field")
        bytes[position] = UInt8(v >> 8)
        bytes[position + 1] = UInt8(v & 0xFF)
    }
    mutating func set32(_ v: UInt32, at position: Int) {
        bytes[position] = UInt8(v >> 24); bytes[position + 1] = UInt8(v >> 16 & 0xFF)
        bytes[position + 2] = UInt8(v >> 8 & 0xFF); bytes[position + 3] = UInt8(v & 0xFF)
    }

    /// The OpenType checksum: the sum of big-endian 32-bit words, the tail padded with zeros.
    static func checksum<C: Collection>(_ data: C) -> UInt32 where C.Element == UInt8, C.Index == Int {
        var sum: UInt32 = 0
        var i = data.startIndex
        while i < data.endIndex {
            var word: UInt32 = 0
            for k in 0..<4 {
                word <<= 8
                if i + k < data.endIndex { word |= UInt32(data[i + k]) }
            }
            sum &+= word
            i += 4
        }
        return sum
    }
}
