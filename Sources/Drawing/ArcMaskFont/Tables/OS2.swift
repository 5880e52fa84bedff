/// `OS/2` version 4: weight, embedding permission, vertical metrics for Windows and
/// typographic use, the character range.
struct OS2: FontTable {
    static let tag = "OS/2"
    let averageAdvance: Int
    let ascender: Int
    let descender: Int
    let firstCharacter: Int
    let lastCharacter: Int
    let unitsPerEm: Int
    /// The longest ligature's component count (`usMaxContext`).
    let maxContext: Int

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.u16(4)
        b.i16(averageAdvance)
        b.u16(400)  // usWeightClass: regular
        b.u16(5)  // usWidthClass: medium
        b.u16(0)  // fsType: installable (no embedding restriction)
        let sub = unitsPerEm * 65 / 100, offset = unitsPerEm * 14 / 100
        b.i16(sub); b.i16(sub); b.i16(0); b.i16(offset)  // subscript size and offset
        b.i16(sub); b.i16(sub); b.i16(0); b.i16(unitsPerEm * 48 / 100)  // superscript
        b.i16(unitsPerEm * 5 / 100); b.i16(unitsPerEm * 26 / 100)  // strikeout size and position
        b.i16(0)  // sFamilyClass
        for _ in 0..<10 { b.u8(0) }  // PANOSE: any
        b.u32(1 as UInt32)  // ulUnicodeRange1: Basic Latin
        b.u32(0 as UInt32); b.u32(0 as UInt32); b.u32(0 as UInt32)
        b.tag("NONE")  // achVendID
        b.u16(0x0040)  // fsSelection: REGULAR
        b.u16(firstCharacter); b.u16(lastCharacter)
        b.i16(ascender); b.i16(descender); b.i16(0)  // typographic ascender, descender, line gap
        b.u16(max(0, ascender)); b.u16(max(0, -descender))  // usWinAscent, usWinDescent
        b.u32(1 as UInt32); b.u32(0 as UInt32)  // code pages: Latin 1
        b.i16(unitsPerEm / 2); b.i16(unitsPerEm * 7 / 10)  // sxHeight, sCapHeight
        b.u16(0)  // usDefaultChar
        b.u16(0x20)  // usBreakChar
        b.u16(maxContext)
        return b.bytes
    }
}
