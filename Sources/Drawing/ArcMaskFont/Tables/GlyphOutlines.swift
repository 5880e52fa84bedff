/// `glyf` and `loca`: TrueType outlines. A glyph is empty (no data) or one rectangle (a
/// closed contour of four on-curve points).
struct GlyphOutlines {
    let outlines: [GlyphOutline]

    struct Tables {
        let glyf: [UInt8]
        let loca: [UInt8]
    }

    func encoded() -> Tables {
        var glyf = FontBytes(), loca = FontBytes()
        for outline in outlines {
            loca.u32(glyf.count)
            guard case .rectangle(let x0, let y0, let x1, let y1) = outline else { continue }
            glyf.i16(1)  // numberOfContours
            glyf.i16(x0); glyf.i16(y0); glyf.i16(x1); glyf.i16(y1)
            glyf.u16(3)  // endPtsOfContours: points 0…3
            glyf.u16(0)  // no instructions
            for _ in 0..<4 { glyf.u8(0x01) }  // on-curve; x and y as signed 16-bit deltas
            // Counter-clockwise in y-up space is a hole for TrueType: go clockwise,
            // (x0, y0) → (x0, y1) → (x1, y1) → (x1, y0).
            for dx in [x0, 0, x1 - x0, 0] { glyf.i16(dx) }
            for dy in [y0, y1 - y0, 0, y0 - y1] { glyf.i16(dy) }
            glyf.pad(to: 4)
        }
        loca.u32(glyf.count)
        return Tables(glyf: glyf.bytes, loca: loca.bytes)
    }
}
