import Foundation
import Testing

@testable import ArcMaskFont

/// A small font: digits 0–9 and a colon as empty glyphs without advance, a square glyph,
/// and the ligature "1" "2" → a glyph with an image (any bytes stand in for a PNG here).
func sampleFont(image: [UInt8] = Array("not really a png".utf8)) -> ColorFont {
    var glyphs = [ColorFont.Glyph(advance: 500, outline: .rectangle(x0: 50, y0: 0, x1: 450, y1: 700))]  // .notdef
    var characters: [Unicode.Scalar: Int] = [:]
    for (k, c) in "0123456789:".unicodeScalars.enumerated() {
        glyphs.append(ColorFont.Glyph(advance: 0))
        characters[c] = k + 1
    }
    glyphs.append(ColorFont.Glyph(advance: 1000, outline: .rectangle(x0: 0, y0: 0, x1: 1000, y1: 1000)))  // 12: square
    characters["#"] = 12
    glyphs.append(ColorFont.Glyph(advance: 1000, isLigature: true))  // 13: "12"
    return ColorFont(
        names: FontNames(family: "Sample Frames", postScript: "SampleFrames-Regular"), glyphs: glyphs,
        characters: characters, ligatures: [ColorFont.Ligature([2, 3], 13)],
        strikes: [ColorFont.Strike(ppem: 64, images: [13: ColorFont.Bitmap(png: image)])])
}

@Suite("OpenType writer")
struct FontWriterTests {
    func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    func u32(_ b: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(b, at)) << 16 | UInt32(u16(b, at + 2)) }

    /// The table directory: tag → (offset, length, checksum).
    func directory(_ font: [UInt8]) -> [String: (offset: Int, length: Int, checksum: UInt32)] {
        var tables: [String: (Int, Int, UInt32)] = [:]
        for k in 0..<u16(font, 4) {
            let r = 12 + 16 * k
            let tag = String(decoding: font[r..<r + 4], as: UTF8.self)
            tables[tag] = (Int(u32(font, r + 8)), Int(u32(font, r + 12)), u32(font, r + 4))
        }
        return tables
    }

    @Test("the directory lists every table sorted by tag, 4-byte aligned, with the right checksums")
    func directoryAndChecksums() throws {
        let font = try sampleFont().encoded()
        #expect(u32(font, 0) == 0x0001_0000)
        let tags = (0..<u16(font, 4)).map { String(decoding: font[12 + 16 * $0..<16 + 16 * $0], as: UTF8.self) }
        #expect(
            tags == [
                "GDEF", "GSUB", "OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post", "sbix",
            ])
        let dir = directory(font)
        for (tag, t) in dir {
            #expect(t.offset % 4 == 0, "\(tag) at \(t.offset)")
            var data = Array(font[t.offset..<t.offset + t.length])
            if tag == "head" { data.replaceSubrange(8..<12, with: [0, 0, 0, 0]) }  // summed as zero
            #expect(FontBytes.checksum(data) == t.checksum, "\(tag)")
        }
        // The whole file sums to the magic number once the adjustment is in.
        #expect(FontBytes.checksum(font) == 0xB1B0_AFBA)
        #expect(font.count % 4 == 0)
    }

    @Test("the same font gives the same bytes")
    func deterministic() throws {
        #expect(try sampleFont().encoded() == sampleFont().encoded())
    }

    @Test("glyph counts, metrics and the sbix image land where the tables say")
    func tablesAgree() throws {
        let image = Array("PNG stand-in bytes".utf8)
        let font = try sampleFont(image: image).encoded()
        let dir = directory(font)
        let maxp = dir["maxp"]!.offset, hhea = dir["hhea"]!.offset, hmtx = dir["hmtx"]!.offset
        #expect(u16(font, maxp + 4) == 14)
        #expect(dir["maxp"]!.length == 32)  // version 1.0
        #expect(dir["head"]!.length == 54 && dir["hhea"]!.length == 36 && dir["OS/2"]!.length == 96)
        #expect(u16(font, hhea + 34) == 14)  // numberOfHMetrics
        // Over the two glyphs with outlines: .notdef (50…450 of 500) and the square (0…1000 of 1000).
        #expect(u16(font, hhea + 12) == 0)  // minLeftSideBearing
        #expect(u16(font, hhea + 14) == 0)  // minRightSideBearing: min(500 − 450, 1000 − 1000)
        #expect(u16(font, hhea + 16) == 1000)  // xMaxExtent
        #expect(u16(font, hmtx + 13 * 4) == 1000)  // the ligature's advance
        let head = dir["head"]!.offset
        #expect(u16(font, head + 18) == 1000)  // unitsPerEm
        #expect(u32(font, head + 12) == 0x5F0F_3CF5)
        // sbix: one strike at 64 ppem; glyph 13's data is origin, 'png ', the bytes.
        let sbix = dir["sbix"]!.offset
        #expect(u32(font, sbix + 4) == 1)
        let strike = sbix + Int(u32(font, sbix + 8))
        #expect(u16(font, strike) == 64)
        let start = strike + Int(u32(font, strike + 4 + 4 * 13)), end = strike + Int(u32(font, strike + 4 + 4 * 14))
        #expect(end - start == 8 + image.count)
        #expect(String(decoding: font[start + 4..<start + 8], as: UTF8.self) == "png ")
        #expect(Array(font[start + 8..<end]) == image)
        // Glyphs without images have no data.
        #expect(u32(font, strike + 4 + 4 * 12) == u32(font, strike + 4 + 4 * 13))
    }

    @Test("fonts that cannot be written are refused with the reason")
    func refusals() {
        func reason(_ font: ColorFont) -> String? {
            do {
                _ = try font.encoded()
                return nil
            } catch {
                return error.description
            }
        }
        var font = sampleFont()
        font.ligatures.append(ColorFont.Ligature([2], 13))
        let ligature = font.ligatures.count - 1
        #expect(reason(font) == "ligature \(ligature) has fewer than two components")
        font = sampleFont()
        font.characters["x"] = 99
        #expect(reason(font) == "character x maps to missing glyph 99")
        font = sampleFont()
        font.glyphs = []
        #expect(reason(font) == "a font needs at least the .notdef glyph")
    }
}

@Suite("OpenType writer: side bearings")
struct SideBearingTests {
    @Test("hhea's side bearings and extent come from the glyphs with outlines only")
    func bearings() throws {
        // .notdef 60…240 of 300, a bar 100…900 of 1000, empty glyphs ignored.
        let glyphs = [
            ColorFont.Glyph(advance: 300, outline: .rectangle(x0: 60, y0: 0, x1: 240, y1: 700)),
            ColorFont.Glyph(advance: 0),
            ColorFont.Glyph(advance: 1000, outline: .rectangle(x0: 100, y0: 0, x1: 900, y1: 100)),
        ]
        let font = try ColorFont(
            names: FontNames(family: "Bars", postScript: "Bars-Regular"), glyphs: glyphs, characters: ["-": 2],
            ligatures: [], strikes: []
        ).encoded()
        var hhea = 0
        for k in 0..<(Int(font[4]) << 8 | Int(font[5])) where font[12 + 16 * k..<16 + 16 * k].elementsEqual("hhea".utf8)
        {
            let r = 12 + 16 * k + 8
            hhea = Int(font[r]) << 24 | Int(font[r + 1]) << 16 | Int(font[r + 2]) << 8 | Int(font[r + 3])
        }
        func i16(_ at: Int) -> Int {
            Int(Int16(bitPattern: UInt16(font[hhea + at]) << 8 | UInt16(font[hhea + at + 1])))
        }
        #expect(i16(12) == 60)  // min(60, 100)
        #expect(i16(14) == 60)  // min(300 − 240, 1000 − 900)
        #expect(i16(16) == 900)  // max(240, 900)
    }
}
