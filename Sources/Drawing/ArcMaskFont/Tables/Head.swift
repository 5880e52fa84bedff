/// `head`: the font header: units per em, the bounding box of every glyph, the `loca` format
/// and the whole-font checksum adjustment (written as zero here, set once the font is laid out).
struct Head: FontTable {
    static let tag = "head"
    let unitsPerEm: Int
    let box: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)
    /// 1: `loca` holds 32-bit offsets.
    let indexToLocFormat = 1
    /// 2024-01-01 in seconds since 1904: fixed, so the same input gives the same bytes.
    static let timestamp: Int64 = 3_786_825_600
    /// Where `checkSumAdjustment` lies in the table.
    static let adjustmentOffset = 8

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.fixed(1)  // version 1.0
        b.fixed(1)  // fontRevision 1.0
        b.u32(0 as UInt32)  // checkSumAdjustment, set later
        b.u32(0x5F0F_3CF5 as UInt32)  // magicNumber
        // Baseline at y = 0, left sidebearing point at x = 0, instructions may depend on size,
        // integer scaling of ppem.
        b.u16(0x000B)
        b.u16(unitsPerEm)
        b.longDateTime(Self.timestamp)  // created
        b.longDateTime(Self.timestamp)  // modified
        b.i16(box.xMin); b.i16(box.yMin); b.i16(box.xMax); b.i16(box.yMax)
        b.u16(0)  // macStyle: regular
        b.u16(8)  // lowestRecPPEM
        b.i16(2)  // fontDirectionHint (deprecated value)
        b.i16(indexToLocFormat)
        b.i16(0)  // glyphDataFormat
        return b.bytes
    }
}
