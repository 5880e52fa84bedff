/// `hmtx`: each glyph's advance width and left side bearing (its outline's left edge).
struct HorizontalMetrics: FontTable {
    static let tag = "hmtx"
    let metrics: [(advance: Int, leftBearing: Int)]

    func encoded() -> [UInt8] {
        var b = FontBytes()
        for m in metrics { b.u16(m.advance); b.i16(m.leftBearing) }
        return b.bytes
    }
}
