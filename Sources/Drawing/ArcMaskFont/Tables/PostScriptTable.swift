/// `post` version 3.0: no glyph names stored; the underline and pitch only.
struct PostScriptTable: FontTable {
    static let tag = "post"
    let unitsPerEm: Int

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.fixed(3)
        b.fixed(0)  // italicAngle
        b.i16(-unitsPerEm / 10); b.i16(unitsPerEm / 20)  // underline position and thickness
        b.u32(0 as UInt32)  // isFixedPitch
        for _ in 0..<4 { b.u32(0 as UInt32) }  // memory hints
        return b.bytes
    }
}
