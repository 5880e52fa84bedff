/// `GSUB` with one feature (`liga`, standard ligatures, on by default in every shaper) for
/// the default and Latin scripts, and one lookup of type 4: sequences of glyphs replaced by
/// one glyph. Within a first glyph's set, longer sequences come first, so they win.
struct GlyphSubstitution: FontTable {
    static let tag = "GSUB"
    let ligatures: [ColorFont.Ligature]

    func encoded() -> [UInt8] {
        var b = FontBytes()
        b.u16(1); b.u16(0)  // version 1.0
        let offsetsAt = b.count
        b.u16(0); b.u16(0); b.u16(0)  // script list, feature list, lookup list: set below

        // Scripts: DFLT and latn (sorted by tag), each with a default language system using feature 0.
        b.set16(b.count, at: offsetsAt)
        let scriptList = b.count
        let scripts = ["DFLT", "latn"]
        b.u16(scripts.count)
        let recordsAt = b.count
        for tag in scripts { b.tag(tag); b.u16(0) }
        for (k, _) in scripts.enumerated() {
            b.set16(b.count - scriptList, at: recordsAt + 6 * k + 4)
            b.u16(4)  // defaultLangSys offset, from the script table: right after this header
            b.u16(0)  // langSysCount
            b.u16(0)  // lookupOrder
            b.u16(0xFFFF)  // no required feature
            b.u16(1); b.u16(0)  // feature 0
        }

        // Features: liga → lookup 0.
        b.set16(b.count, at: offsetsAt + 2)
        b.u16(1)
        b.tag("liga"); b.u16(8)  // the feature table follows its record
        b.u16(0)  // featureParams
        b.u16(1); b.u16(0)

        // Lookups: one ligature substitution.
        b.set16(b.count, at: offsetsAt + 4)
        b.u16(1); b.u16(4)  // one lookup, at offset 4 from the list
        b.u16(4)  // lookupType: ligature substitution
        b.u16(0)  // lookupFlag
        b.u16(1); b.u16(8)  // one subtable, right after this lookup header
        b.append(ligatureSubtable())
        return b.bytes
    }

    private func ligatureSubtable() -> [UInt8] {
        let byFirst = Dictionary(grouping: ligatures, by: { $0.components[0] })
        let firsts = byFirst.keys.sorted()
        var b = FontBytes()
        b.u16(1)  // substFormat
        let coverageAt = b.count
        b.u16(0)
        b.u16(firsts.count)
        let setsAt = b.count
        for _ in firsts { b.u16(0) }
        for (k, first) in firsts.enumerated() {
            b.set16(b.count, at: setsAt + 2 * k)
            let set = byFirst[first]!.sorted { $0.components.count > $1.components.count }
            let setStart = b.count
            b.u16(set.count)
            let ligsAt = b.count
            for _ in set { b.u16(0) }
            for (j, lig) in set.enumerated() {
                b.set16(b.count - setStart, at: ligsAt + 2 * j)
                b.u16(lig.glyph)
                b.u16(lig.components.count)
                for c in lig.components.dropFirst() { b.u16(c) }
            }
        }
        b.set16(b.count, at: coverageAt)
        b.u16(1)  // coverage format 1: a sorted list
        b.u16(firsts.count)
        for g in firsts { b.u16(g) }
        return b.bytes
    }
}
