/// `maxp` version 1.0 (TrueType outlines): the glyph count and the largest outline.
struct MaximumProfile: FontTable {
    static let tag = "maxp"
    let numGlyphs: Int
    let maxPoints: Int
    let maxContours: Int

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.fixed(1)
        b.u16(numGlyphs)
        b.u16(maxPoints); b.u16(maxContours)
        b.u16(0); b.u16(0)  // composite glyphs: none
        b.u16(2)  // maxZones: no twilight zone used
        for _ in 0..<6 { b.u16(0) }  // twilight points, storage, functions, instructions, stack, size
        b.u16(0); b.u16(0)  // component elements and depth
        return b.bytes
    }
}
