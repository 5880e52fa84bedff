/// `GDEF` version 1.0 with glyph classes only: ligature glyphs are class 2, the others base
/// glyphs (class 1), so shapers treat each kind as what it is.
struct GlyphDefinition: FontTable {
    static let tag = "GDEF"
    /// Each glyph's class, by glyph ID.
    let classes: [Int]

    func encoded() -> [UInt8] {
        // Runs of equal classes: a range record each (ClassDef format 2).
        var ranges: [(start: Int, end: Int, cls: Int)] = []
        for (glyph, cls) in classes.enumerated() {
            if let last = ranges.last, last.cls == cls, last.end + 1 == glyph {
                ranges[ranges.count - 1].end = glyph
            } else {
                ranges.append((glyph, glyph, cls))
            }
        }
        var b = FontBytes()
        b.u16(1); b.u16(0)  // version 1.0
        b.u16(12)  // glyph class definitions: after this header
        b.u16(0); b.u16(0); b.u16(0)  // no attachment points, ligature carets or mark classes
        b.u16(2)  // ClassDef format 2
        b.u16(ranges.count)
        for r in ranges { b.u16(r.start); b.u16(r.end); b.u16(r.cls) }
        return b.bytes
    }
}
