import ArcMaskValues
internal import CHarfBuzz

/// A font as HarfBuzz reads and shapes it: the one wrapper over HarfBuzz.
public final class HarfBuzzFont {
    private let face: OpaquePointer
    private let font: OpaquePointer
    public let glyphCount: Int

    /// One glyph of shaped text: its ID, the character it starts at and its advance (font units).
    public struct Shaped: Sendable, Equatable {
        public let glyph: Int
        public let cluster: Int
        public let advance: Int
    }

    /// - Parameter ppem: the size the sbix strike is chosen for (`png(_:)`).
    public init(bytes: [UInt8], name: String, ppem: Int) throws {
        let blob = bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                hb_blob_create($0, UInt32(p.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) >= 1 else { throw InputError(file: name, "HarfBuzz finds no font in it") }
        face = hb_face_create(blob, 0)
        glyphCount = Int(hb_face_get_glyph_count(face))
        font = hb_font_create(face)
        guard glyphCount > 0 else {
            hb_font_destroy(font)
            hb_face_destroy(face)
            throw InputError(file: name, "HarfBuzz reads no glyphs")
        }
        hb_font_set_ppem(font, UInt32(ppem), UInt32(ppem))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// `text` shaped left to right with the font's default features (liga among them).
    public func shape(_ text: String) -> [Shaped] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_COMMON)
        hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        return (0..<Int(count)).map { k in
            Shaped(
                glyph: Int(infos![k].codepoint), cluster: Int(infos![k].cluster), advance: Int(positions![k].x_advance))
        }
    }

    /// The PNG the sbix table holds for `glyph` at the font's ppem, or nil.
    public func png(_ glyph: Int) -> [UInt8]? {
        let blob = hb_ot_color_glyph_reference_png(font, hb_codepoint_t(glyph))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// The glyph's outline box in font units (x, y of the top-left corner, width, height; height
    /// negative as HarfBuzz reports it), or nil when it has no outline.
    public func outlineBox(_ glyph: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var e = hb_glyph_extents_t()
        guard png(glyph) == nil else { return nil }  // a picture, not an outline
        guard hb_font_get_glyph_extents(font, hb_codepoint_t(glyph), &e) != 0, e.width != 0, e.height != 0 else {
            return nil
        }
        return (Int(e.x_bearing), Int(e.y_bearing), Int(e.width), Int(e.height))
    }

    /// Font units per em (what `shape` and `outlineBox` measure in).
    public var unitsPerEm: Int { Int(hb_face_get_upem(face)) }

    /// The font's PostScript name (name ID 6), as an app names it.
    public var postScriptName: String? {
        var size: UInt32 = 256
        var chars = [CChar](repeating: 0, count: Int(size))
        let length = hb_ot_name_get_utf8(
            face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), hb_language_from_string("en", -1), &size, &chars)
        guard length > 0 else { return nil }
        return String(decoding: chars.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the font has the OpenType feature `tag` in GSUB.
    public func hasSubstitutionFeature(_ tag: String) -> Bool {
        let t = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var count: UInt32 = 32
        var tags = [hb_tag_t](repeating: 0, count: 32)
        let gsub = "GSUB".utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        _ = hb_ot_layout_table_get_feature_tags(face, gsub, 0, &count, &tags)
        return tags.prefix(Int(count)).contains(t)
    }
}
