/// Lays a `ColorFont` out as an OpenType file: the tables, each 4-byte aligned with its
/// checksum in the directory, sorted by tag, and `head.checkSumAdjustment` set so the whole
/// file sums to 0xB1B0AFBA (OpenType specification, "The table directory").
extension ColorFont {
    public func encoded() throws(FontError) -> [UInt8] {
        try validate()
        let outlines = glyphs.map(\.outline)
        let boxes = outlines.compactMap { o -> (Int, Int, Int, Int)? in
            if case .rectangle(let x0, let y0, let x1, let y1) = o { return (x0, y0, x1, y1) }
            return nil
        }
        let box = (
            xMin: boxes.map(\.0).min() ?? 0, yMin: boxes.map(\.1).min() ?? 0,
            xMax: boxes.map(\.2).max() ?? 0, yMax: boxes.map(\.3).max() ?? 0
        )
        let glyphData = GlyphOutlines(outlines: outlines).encoded()
        // Side bearings and extents of the glyphs that have outlines (hmtx's lsb is x0).
        let outlined = glyphs.compactMap { g -> (x0: Int, x1: Int, advance: Int)? in
            if case .rectangle(let x0, _, let x1, _) = g.outline { return (x0, x1, g.advance) }
            return nil
        }
        let codes = characters.keys.map { Int($0.value) }
        let advances = glyphs.map(\.advance)
        var tables: [(tag: String, data: [UInt8])] = [
            (Head.tag, Head(unitsPerEm: unitsPerEm, box: box).encoded()),
            (
                HorizontalHeader.tag,
                HorizontalHeader(
                    ascender: ascender, descender: descender, advanceWidthMax: advances.max() ?? 0,
                    minLeftSideBearing: outlined.map(\.x0).min() ?? 0,
                    minRightSideBearing: outlined.map { $0.advance - $0.x1 }.min() ?? 0,
                    xMaxExtent: outlined.map(\.x1).max() ?? 0, numberOfHMetrics: glyphs.count
                ).encoded()
            ),
            (
                MaximumProfile.tag,
                MaximumProfile(
                    numGlyphs: glyphs.count, maxPoints: boxes.isEmpty ? 0 : 4, maxContours: boxes.isEmpty ? 0 : 1
                )
                .encoded()
            ),
            (
                OS2.tag,
                OS2(
                    averageAdvance: advances.reduce(0, +) / max(1, advances.count), ascender: ascender,
                    descender: descender, firstCharacter: codes.min() ?? 0, lastCharacter: codes.max() ?? 0,
                    unitsPerEm: unitsPerEm, maxContext: ligatures.map(\.components.count).max() ?? 1
                ).encoded()
            ),
            (NamingTable.tag, NamingTable(names: names).encoded()),
            (PostScriptTable.tag, PostScriptTable(unitsPerEm: unitsPerEm).encoded()),
            (
                CharacterMap.tag,
                CharacterMap(characters: characters.map { (Int($0.key.value), $0.value) }).encoded()
            ),
            ("glyf", glyphData.glyf),
            ("loca", glyphData.loca),
            (
                HorizontalMetrics.tag,
                HorizontalMetrics(
                    metrics: glyphs.map { g in
                        if case .rectangle(let x0, _, _, _) = g.outline { return (g.advance, x0) }
                        return (g.advance, 0)
                    }
                ).encoded()
            ),
            (GlyphDefinition.tag, GlyphDefinition(classes: glyphs.map { $0.isLigature ? 2 : 1 }).encoded()),
        ]
        if !ligatures.isEmpty {
            tables.append((GlyphSubstitution.tag, GlyphSubstitution(ligatures: ligatures).encoded()))
        }
        if !strikes.isEmpty {
            tables.append(
                (
                    StandardBitmapGraphics.tag,
                    StandardBitmapGraphics(numGlyphs: glyphs.count, strikes: strikes.sorted { $0.ppem < $1.ppem })
                        .encoded()
                ))
        }
        return Self.assemble(tables.sorted { Array($0.tag.utf8).lexicographicallyPrecedes(Array($1.tag.utf8)) })
    }

    /// The offset table, the directory and the tables, with the whole-file checksum adjustment.
    static func assemble(_ tables: [(tag: String, data: [UInt8])]) -> [UInt8] {
        var power = 1
        while power * 2 <= tables.count { power *= 2 }
        var b = FontBytes()
        b.u32(0x0001_0000 as UInt32)  // TrueType outlines
        b.u16(tables.count)
        b.u16(16 * power)  // searchRange
        b.u16(power.trailingZeroBitCount)  // entrySelector
        b.u16(16 * tables.count - 16 * power)  // rangeShift
        var offset = 12 + 16 * tables.count
        var headAt = 0
        for t in tables {
            b.tag(t.tag)
            b.u32(FontBytes.checksum(t.data))
            b.u32(offset)
            b.u32(t.data.count)
            if t.tag == Head.tag { headAt = offset }
            offset += (t.data.count + 3) / 4 * 4
        }
        for t in tables {
            b.append(t.data)
            b.pad(to: 4)
        }
        let adjustment = 0xB1B0_AFBA &- FontBytes.checksum(b.bytes)
        b.set32(adjustment, at: headAt + Head.adjustmentOffset)
        return b.bytes
    }

    private func validate() throws(FontError) {
        guard !glyphs.isEmpty else { throw FontError("a font needs at least the .notdef glyph") }
        guard glyphs.count <= 0xFFFF else { throw FontError("\(glyphs.count) glyphs: OpenType allows 65,535") }
        guard (16...16384).contains(unitsPerEm) else { throw FontError("unitsPerEm \(unitsPerEm) is outside 16…16384") }
        for (scalar, glyph) in characters {
            guard scalar.value < 0xFFFF else {
                throw FontError("U+\(String(scalar.value, radix: 16)): only the BMP is mapped")
            }
            guard glyphs.indices.contains(glyph) else {
                throw FontError("character \(scalar) maps to missing glyph \(glyph)")
            }
        }
        for (k, lig) in ligatures.enumerated() {
            guard lig.components.count >= 2 else { throw FontError("ligature \(k) has fewer than two components") }
            guard (lig.components + [lig.glyph]).allSatisfy(glyphs.indices.contains) else {
                throw FontError("ligature \(k) names a glyph the font does not have")
            }
        }
        for strike in strikes {
            guard (1...0xFFFF).contains(strike.ppem) else {
                throw FontError("strike ppem \(strike.ppem) is out of range")
            }
            for glyph in strike.images.keys where !glyphs.indices.contains(glyph) {
                throw FontError("strike \(strike.ppem) has an image for missing glyph \(glyph)")
            }
        }
        for (k, g) in glyphs.enumerated() {
            guard (0...0xFFFF).contains(g.advance) else {
                throw FontError("glyph \(k): advance \(g.advance) is out of range")
            }
        }
    }
}
