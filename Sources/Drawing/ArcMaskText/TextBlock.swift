import ArcMaskCairo
import ArcMaskValues
internal import CPango

/// Text laid out by Pango and drawn by cairo in a box: lines broken at words (or between
/// characters when a word is wider than the box), at most `maxLines` of them with an ellipsis
/// ending the last one kept, aligned across the box, centred down it, clipped to it. Pango
/// shapes with HarfBuzz and picks fonts with fontconfig, so CJK, emoji and right-to-left
/// scripts lay out as they should, falling back across installed fonts glyph by glyph.
///
/// Hinting is off and glyph positions are not rounded, so a text lays out the same at every
/// scale and rotation it is drawn with.
public enum TextBlock {
    /// Lays `text` out in a `width`×`height` box without drawing it.
    public static func measure(_ text: String, style: TextStyle, width: Double, height: Double) -> TextMeasure {
        guard let layout = PangoText(text, style: style, width: width, height: height) else { return .empty }
        return layout.measure
    }

    /// Draws `text` into the box from (0, 0) to (`width`, `height`) of `context`'s user space,
    /// with `alpha` applied to the whole text (colour glyphs included).
    @discardableResult
    public static func draw(
        _ text: String, style: TextStyle, width: Double, height: Double, alpha: Double = 1, on context: Context
    ) -> TextMeasure {
        guard alpha > 0, let layout = PangoText(text, style: style, width: width, height: height, cairo: context)
        else { return .empty }
        layout.draw(on: context.cairoContext, alpha: min(1, alpha))
        return layout.measure
    }

    /// What decides how `font` draws: the family fontconfig resolves it to and Pango's version
    /// (for cache keys: frames drawn before a font was installed are not served after).
    public static func fontSignature(_ font: String) -> String {
        "\(resolvedFamily(of: font) ?? "?")/pango\(pango_version())"
    }

    /// The font file fontconfig picks for `font` (its family as the font names it), to pin the
    /// font a test or a report depends on.
    public static func resolvedFamily(of font: String) -> String? {
        guard let map = pango_cairo_font_map_get_default() else { return nil }
        let context = pango_font_map_create_context(map)
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = PangoText.description(font)
        defer { pango_font_description_free(description) }
        pango_font_description_set_absolute_size(description, 16 * Double(PANGO_SCALE))
        guard let loaded = pango_font_map_load_font(map, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        let described = pango_font_describe(loaded)
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }
}

extension TextMeasure {
    static let empty = TextMeasure(lines: 0, width: 0, height: 0, ellipsized: false, unknownGlyphs: 0)
}

/// One Pango layout of one text in one box; frees its Pango objects when done.
private final class PangoText {
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private let style: TextStyle
    private let boxWidth: Double
    private let boxHeight: Double

    /// nil when the box or the text is empty. With `cairo`, the layout is made for that
    /// context's transform and target.
    init?(_ text: String, style: TextStyle, width: Double, height: Double, cairo: Context? = nil) {
        guard !text.isEmpty, width.isFinite, height.isFinite, width > 0, height > 0, style.problem(with: text) == nil,
            let map = pango_cairo_font_map_get_default(), let context = pango_font_map_create_context(map)
        else { return nil }
        self.context = context
        self.style = style
        boxWidth = min(width, 1e6)
        boxHeight = min(height, 1e6)

        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        // The paragraph's own direction as the context's, so left and right stay the box's sides.
        let direction = pango_find_base_dir(text, -1)
        pango_context_set_base_dir(
            context, direction == PANGO_DIRECTION_RTL ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        if let cairo { pango_cairo_update_context(cairo.cairoContext, context) }

        layout = pango_layout_new(context)
        pango_layout_set_text(layout, text, -1)
        let description = Self.description(style.font)
        pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Self.units(boxWidth))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        let alignment: PangoAlignment =
            switch style.alignment {
            case .left: PANGO_ALIGN_LEFT
            case .center: PANGO_ALIGN_CENTER
            case .right: PANGO_ALIGN_RIGHT
            }
        pango_layout_set_alignment(layout, alignment)
        limitLines()
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// A font description holding only what `font` says of families, style, weight, stretch and
    /// variant, each checked. Pango parses more ("gravity=N", "@axis=value") and trusts it:
    /// gravity 21 crashed its itemizer, and cairo 1.16 leaks the variations string of every font
    /// made with axes (both found by Scripts/fuzz dynamic).
    static func description(_ font: String) -> OpaquePointer {
        let parsed = pango_font_description_from_string(font)
        defer { pango_font_description_free(parsed) }
        let clean = pango_font_description_new()!
        let set = pango_font_description_get_set_fields(parsed)
        if set.rawValue & PANGO_FONT_MASK_FAMILY.rawValue != 0, let family = pango_font_description_get_family(parsed) {
            pango_font_description_set_family(clean, family)
        }
        let style = pango_font_description_get_style(parsed)
        if set.rawValue & PANGO_FONT_MASK_STYLE.rawValue != 0, style.rawValue <= PANGO_STYLE_ITALIC.rawValue {
            pango_font_description_set_style(clean, style)
        }
        let weight = pango_font_description_get_weight(parsed)
        if set.rawValue & PANGO_FONT_MASK_WEIGHT.rawValue != 0, (100...1000).contains(weight.rawValue) {
            pango_font_description_set_weight(clean, weight)
        }
        let stretch = pango_font_description_get_stretch(parsed)
        if set.rawValue & PANGO_FONT_MASK_STRETCH.rawValue != 0,
            stretch.rawValue <= PANGO_STRETCH_ULTRA_EXPANDED.rawValue
        {
            pango_font_description_set_stretch(clean, stretch)
        }
        let variant = pango_font_description_get_variant(parsed)
        if set.rawValue & PANGO_FONT_MASK_VARIANT.rawValue != 0, variant.rawValue <= PANGO_VARIANT_SMALL_CAPS.rawValue {
            pango_font_description_set_variant(clean, variant)
        }
        return clean
    }

    private static func units(_ v: Double) -> Int32 { Int32(max(1, min(v * Double(PANGO_SCALE), Double(Int32.max)))) }

    /// Keeps at most `maxLines` lines in all (a negative Pango height counts lines per
    /// paragraph) and never more than the box's height holds, always at least the first line.
    private func limitLines() {
        let boxUnits = Self.units(boxHeight)
        if style.maxLines <= 0 {
            pango_layout_set_height(layout, boxUnits)
        } else {
            pango_layout_set_height(layout, -Int32(style.maxLines))
            if pango_layout_get_line_count(layout) > Int32(style.maxLines) {
                // Several paragraphs: cut at the bottom of the last line allowed.
                pango_layout_set_height(layout, min(lineBottom(style.maxLines - 1), boxUnits))
            } else if logical.height > boxUnits {
                pango_layout_set_height(layout, boxUnits)
            }
        }
        endWithEllipsisAtParagraphCut()
    }

    /// Pango ellipsizes only inside a paragraph: when the cut falls between paragraphs, the
    /// last line kept gets the ellipsis here (and Pango shortens it if it no longer fits).
    private func endWithEllipsisAtParagraphCut() {
        guard pango_layout_is_ellipsized(layout) == 0, let text = pango_layout_get_text(layout) else { return }
        let all = Array(String(cString: text).utf8)
        let count = pango_layout_get_line_count(layout)
        guard count > 0, let last = pango_layout_get_line_readonly(layout, count - 1) else { return }
        let end = Int(last.pointee.start_index + last.pointee.length)
        guard end < all.count, !all[end...].allSatisfy({ $0 == 0x0A || $0 == 0x0D || $0 == 0x20 }) else { return }
        var kept = Array(all[..<end])
        while let l = kept.last, l == 0x0A || l == 0x0D || l == 0x20 { kept.removeLast() }
        cutAtParagraph = true
        pango_layout_set_text(layout, String(decoding: kept, as: UTF8.self) + "\u{2026}", -1)
    }

    /// The text was cut between paragraphs (and given its ellipsis here).
    private var cutAtParagraph = false

    /// The bottom of line `index` (0-based), in Pango units from the layout's top.
    private func lineBottom(_ index: Int) -> Int32 {
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        var k = 0
        while k < index && pango_layout_iter_next_line(iter) != 0 { k += 1 }
        var y0: Int32 = 0, y1: Int32 = 0
        pango_layout_iter_get_line_yrange(iter, &y0, &y1)
        return y1
    }

    private var logical: PangoRectangle {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return logical
    }

    var measure: TextMeasure {
        let l = logical
        let scale = Double(PANGO_SCALE)
        return TextMeasure(
            lines: Int(pango_layout_get_line_count(layout)), width: Double(l.width) / scale,
            height: Double(l.height) / scale, ellipsized: cutAtParagraph || pango_layout_is_ellipsized(layout) != 0,
            unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)))
    }

    func draw(on cr: OpaquePointer, alpha: Double) {
        let l = logical
        let scale = Double(PANGO_SCALE)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, boxWidth, boxHeight)
        cairo_clip(cr)
        if alpha < 1 { cairo_push_group(cr) }
        let c = style.color
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        cairo_move_to(cr, 0, (boxHeight - Double(l.height) / scale) / 2 - Double(l.y) / scale)
        pango_cairo_show_layout(cr, layout)
        if alpha < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
    }
}
