/// `cmap`: characters to glyphs, one format 4 subtable (the Basic Multilingual Plane) shared
/// by the Unicode (0, 3) and Windows (3, 1) encoding records.
struct CharacterMap: FontTable {
    static let tag = "cmap"
    /// Code points (below U+FFFF) and their glyphs.
    let characters: [(code: Int, glyph: Int)]

    func encoded() -> [UInt8] {
        // Runs where code points and glyph IDs both climb by one: a segment each, mapped by a delta.
        var segments: [(start: Int, end: Int, delta: Int)] = []
        for (code, glyph) in characters.sorted(by: { $0.code < $1.code }) {
            if let last = segments.last, last.end + 1 == code, (code + last.delta) & 0xFFFF == glyph {
                segments[segments.count - 1].end = code
            } else {
                segments.append((code, code, (glyph - code) & 0xFFFF))
            }
        }
        segments.append((0xFFFF, 0xFFFF, 1))  // the required last segment
        let n = segments.count
        var power = 1
        while power * 2 <= n { power *= 2 }
        var sub = FontBytes()
        sub.u16(4)
        sub.u16(16 + 8 * n)  // length
        sub.u16(0)  // language
        sub.u16(2 * n)
        sub.u16(2 * power)  // searchRange
        sub.u16(power.trailingZeroBitCount)  // entrySelector
        sub.u16(2 * n - 2 * power)  // rangeShift
        for s in segments { sub.u16(s.end) }
        sub.u16(0)  // reservedPad
        for s in segments { sub.u16(s.start) }
        for s in segments { sub.u16(s.delta) }
        for _ in segments { sub.u16(0) }  // idRangeOffset: deltas only
        var b = FontBytes()
        b.u16(0)  // version
        b.u16(2)
        let offset = 4 + 8 * 2
        b.u16(0); b.u16(3); b.u32(offset)
        b.u16(3); b.u16(1); b.u32(offset)
        b.append(sub)
        return b.bytes
    }
}
