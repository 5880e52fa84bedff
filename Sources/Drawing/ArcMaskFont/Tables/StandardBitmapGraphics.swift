/// `sbix`: colour glyphs as PNG images, one strike per pixels-per-em size. A glyph without
/// an image in a strike has no data there (two equal offsets).
struct StandardBitmapGraphics: FontTable {
    static let tag = "sbix"
    let numGlyphs: Int
    let strikes: [ColorFont.Strike]

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.u16(1)  // version
        b.u16(1)  // flags: bit 0 must be set; outlines are not drawn over the images
        b.u32(strikes.count)
        let headerSize = 8 + 4 * strikes.count
        var body = FontBytes()
        for strike in strikes {
            b.u32(headerSize + body.count)
            var s = FontBytes()
            s.u16(strike.ppem)
            s.u16(strike.ppi)
            let tableStart = 4 + 4 * (numGlyphs + 1)
            var data = FontBytes()
            var offsets: [Int] = []
            for glyph in 0..<numGlyphs {
                offsets.append(tableStart + data.count)
                guard let image = strike.images[glyph] else { continue }
                data.i16(image.originX)
                data.i16(image.originY)
                data.tag("png ")
                data.append(image.png)
            }
            offsets.append(tableStart + data.count)
            for o in offsets { s.u32(o) }
            s.append(data)
            body.append(s)
            body.pad(to: 4)
        }
        b.append(body)
        return b.bytes
    }
}
