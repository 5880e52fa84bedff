/// `hhea`: line metrics and the number of entries in `hmtx`.
struct HorizontalHeader: FontTable {
    static let tag = "hhea"
    let ascender: Int
    let descender: Int
    let advanceWidthMax: Int
    /// Over glyphs with outlines (OpenType: empty glyphs are ignored).
    let minLeftSideBearing: Int
    let minRightSideBearing: Int
    let xMaxExtent: Int
    let numberOfHMetrics: Int

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.fixed(1)
        b.i16(ascender); b.i16(descender); b.i16(0)  // lineGap
        b.u16(advanceWidthMax)
        b.i16(minLeftSideBearing); b.i16(minRightSideBearing)
        b.i16(xMaxExtent)
        b.i16(1); b.i16(0); b.i16(0)  // caret: upright
        for _ in 0..<4 { b.i16(0) }  // reserved
        b.i16(0)  // metricDataFormat
        b.u16(numberOfHMetrics)
        return b.bytes
    }
}
