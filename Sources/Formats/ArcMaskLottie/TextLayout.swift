import ArcMaskValues
import Foundation

/// Text drawn from the glyph outlines embedded in the file, laid out as lottie-web's canvas
/// renderer lays it out (no animators, no text path): glyphs in units of font size 100, lines
/// broken only at carriage returns (and ETX), tracking in thousandths of the size, point text
/// justified about x = 0 and box text inside its box.
struct TextLayout {
    let animation: LottieAnimation

    /// The document shown at composition time `time`.
    static func style(_ doc: TextDocument, at time: Double) -> TextDocument.Style? {
        guard var chosen = doc.keyframes.first?.style else { return nil }
        for k in doc.keyframes.dropFirst() where k.time <= time { chosen = k.style }
        return chosen
    }

    struct Letter {
        var paths: [BezierPath]
        /// Glyph units to the layer's space.
        var matrix: Affine
    }

    func letters(_ style: TextDocument.Style) -> [Letter] {
        guard let font = animation.fonts[style.font] ?? animation.firstFont else { return [] }
        let size = style.size
        let tracking = style.tracking / 1000 * size
        let lineHeight = style.lineHeight != 0 ? style.lineHeight : size * 1.2
        var characters = style.text.map { String($0) }
        // Box text wraps at the box's width, at the last space (or before the character).
        if let box = style.boxSize, box.count >= 1 {
            characters = wrap(characters, width: box[0], font: font, size: size, tracking: tracking)
        }
        // Line widths for justification (trailing spaces not counted).
        var widths: [Double] = []
        var width = -tracking, pendingSpaces = 0.0
        for ch in characters {
            if Self.isBreak(ch) {
                widths.append(width)
                width = -tracking
                pendingSpaces = 0
                continue
            }
            let l = advance(ch, font: font, size: size)
            if ch == " " {
                pendingSpaces += l + tracking
            } else {
                width += l + tracking + pendingSpaces
                pendingSpaces = 0
            }
        }
        widths.append(width)
        let boxWidth = style.boxSize?.first
        let maxWidth = widths.max() ?? 0
        func justify(_ lineWidth: Double) -> Double {
            if let boxWidth {
                switch style.justify {
                case 1: return boxWidth - lineWidth
                case 2: return (boxWidth - lineWidth) / 2
                default: return 0
                }
            }
            switch style.justify {
            case 1: return -maxWidth + (maxWidth - lineWidth)
            case 2: return -maxWidth / 2 + (maxWidth - lineWidth) / 2
            default: return 0
            }
        }
        var out: [Letter] = []
        var x = 0.0, y = 0.0, line = 0, firstBreak = true
        let scale = size / 100
        var boxOffset = Vec2.zero
        if boxWidth != nil {
            let ps = style.boxPosition ?? [0, 0]
            boxOffset = Vec2(ps.first ?? 0, (ps.count > 1 ? ps[1] : 0) + font.ascent * size / 100)
        }
        for ch in characters {
            if Self.isBreak(ch) {
                x = 0
                y += lineHeight + (firstBreak ? 1 : 0)
                firstBreak = false
                line += 1
                continue
            }
            let glyph = animation.glyphs[GlyphKey(character: ch, family: font.family, style: font.style)]
            if let glyph, ch != " " {
                let paths = Self.outlines(glyph.shapes)
                if !paths.isEmpty {
                    let m = Affine.scale(scale, scale)
                        .concatenating(
                            .translate(
                                x + justify(widths[min(line, widths.count - 1)]) + boxOffset.x,
                                y - style.baselineShift + boxOffset.y))
                    out.append(Letter(paths: paths, matrix: m))
                }
            }
            x += advance(ch, font: font, size: size) + style.tracking * 0.001 * size
        }
        return out
    }

    static func isBreak(_ ch: String) -> Bool { ch == "\r" || ch == "\u{3}" || ch == "\r\n" }

    private func advance(_ ch: String, font: FontInfo, size: Double) -> Double {
        guard let glyph = animation.glyphs[GlyphKey(character: ch, family: font.family, style: font.style)] else {
            return 0
        }
        return glyph.width * size / 100
    }

    /// The glyph's contours: the `sh` items of its first group, all closed.
    static func outlines(_ shapes: [ShapeItem]) -> [BezierPath] {
        guard let first = shapes.first, case .group(_, let items, _) = first else { return [] }
        return items.compactMap { item -> BezierPath? in
            guard case .path(let shape, _, _) = item else { return nil }
            var p = shape.value(at: 0)
            p.closed = true
            return p
        }
    }

    private func wrap(_ chars: [String], width: Double, font: FontInfo, size: Double, tracking: Double) -> [String] {
        var out: [String] = []
        var lineWidth = 0.0
        var lastSpace: Int? = nil
        for ch in chars {
            if Self.isBreak(ch) {
                out.append(ch)
                lineWidth = 0
                lastSpace = nil
                continue
            }
            let l = advance(ch, font: font, size: size)
            if ch != " " && lineWidth + l > width && lineWidth > 0 {
                if let s = lastSpace {
                    out[s] = "\r"
                    lineWidth = 0
                    for c in out[(s + 1)...] { lineWidth += advance(c, font: font, size: size) + tracking }
                } else {
                    out.append("\r")
                    lineWidth = 0
                }
                lastSpace = nil
            }
            if ch == " " { lastSpace = out.count }
            out.append(ch)
            lineWidth += l + tracking
        }
        return out
    }
}
