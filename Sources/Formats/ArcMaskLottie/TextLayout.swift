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

    /// A letter to draw: its glyph, its matrix to the layer's space, and what animators give it
    /// (opacity, and colours and stroke width where they change them; nil: the document's).
    struct Letter {
        var paths: [BezierPath]
        /// Glyph units to the layer's space.
        var matrix: Affine
        var opacity = 1.0
        var fill: [Double]? = nil
        var stroke: [Double]? = nil
        var strokeWidth: Double? = nil
    }

    /// The letters of `style` at `time`: laid out plainly, or under the document's animators.
    func letters(_ doc: TextDocument, _ style: TextDocument.Style, time: Double) -> [Letter] {
        doc.animators.isEmpty ? letters(style) : animatedLetters(doc, style, time: time)
    }

    /// The characters after box wrapping, and each line's width as lottie-web measures it
    /// for justification (trailing spaces not counted).
    private struct Measure {
        var font: FontInfo
        var characters: [String]
        var widths: [Double]
        var maxWidth: Double
    }

    private func measure(_ style: TextDocument.Style) -> Measure? {
        guard let font = animation.fonts[style.font] ?? animation.firstFont else { return nil }
        let size = style.size
        let tracking = style.tracking / 1000 * size
        var characters = style.text.map { String($0) }
        // Box text wraps at the box's width, at the last space (or before the character).
        if let box = style.boxSize, box.count >= 1 {
            characters = wrap(characters, width: box[0], font: font, size: size, tracking: tracking)
        }
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
        return Measure(font: font, characters: characters, widths: widths, maxWidth: widths.max() ?? 0)
    }

    func letters(_ style: TextDocument.Style) -> [Letter] {
        guard let measure = measure(style) else { return [] }
        let font = measure.font, widths = measure.widths, maxWidth = measure.maxWidth
        let size = style.size
        let lineHeight = style.lineHeight != 0 ? style.lineHeight : size * 1.2
        let boxWidth = style.boxSize?.first
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
        for ch in measure.characters {
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

    /// The letters with the animators applied at `time`, as lottie-web's `getMeasures` places
    /// them: each letter's own matrix built from its anchor (the grouping's centre and the
    /// grouping alignment), the animators' anchor, scale, skew, rotation and position weighted
    /// by their selectors, then its place on the line; tracking and colours accumulated in
    /// animator order.
    func animatedLetters(_ doc: TextDocument, _ style: TextDocument.Style, time: Double) -> [Letter] {
        guard let measure = measure(style) else { return [] }
        let font = measure.font, widths = measure.widths
        let size = style.size
        let trackingOffset = style.tracking * 0.001 * size
        let lineHeight = style.lineHeight != 0 ? style.lineHeight : size * 1.2
        let letters = animationLetters(measure.characters, font: font, size: size)
        let n = letters.count
        let (groupWidth, groupStart) = Self.groups(letters, grouping: doc.grouping)
        let anim = TextAnimation(doc.animators, letters: letters, time: time)
        let values = anim.values
        let alignment = doc.groupingAlignment.value(at: time)
        let align = (alignment.first ?? 0, alignment.count > 1 ? alignment[1] : 0)
        let yOff = size * 1.2 * 0.714
        let boxWidth = style.boxSize?.first ?? measure.maxWidth
        let justifyOffset =
            style.boxSize != nil ? 0 : style.justify == 1 ? -boxWidth : style.justify == 2 ? -boxWidth / 2 : 0
        let changes = AnimatedLook.Changes(doc.animators)
        let justifyShift = Self.justifyShifts(letters, anim, justify: style.justify)
        var out: [Letter] = []
        var xPos = 0.0, yPos = 0.0, firstLine = true
        let scale = size / 100
        for i in 0..<n {
            let letter = letters[i]
            if letter.isBreak {
                xPos = 0
                yPos += lineHeight + (firstLine ? 1 : 0)
                firstLine = false
                continue
            }
            let an = groupWidth[i]
            let offf = an / 2 - groupStart[i]
            var m = Affine.translate(-offf, 0)
                .concatenating(.translate(-align.0 * an * 0.005, -align.1 * yOff * 0.01))
            let weights = anim.weights(letter: i)
            for (v, w) in zip(values, weights) {
                guard let t = v.tracking?.first else { continue }
                if xPos != 0 || style.justify != 0 { xPos += t * w }
            }
            var look = AnimatedLook(style)
            Self.animate(&m, &look, values: values, weights: weights, changes: changes)
            m = m.concatenating(.translate(xPos, yPos))
            if style.boxSize != nil {
                let ps = style.boxPosition ?? [0, 0]
                m = m.concatenating(.translate(ps.first ?? 0, (ps.count > 1 ? ps[1] : 0) + font.ascent * size / 100))
            }
            let lineWidth = widths[min(letter.line, widths.count - 1)]
            switch style.justify {
            case 1: m = m.concatenating(.translate(justifyShift[i] + justifyOffset + (boxWidth - lineWidth), 0))
            case 2: m = m.concatenating(.translate(justifyShift[i] + justifyOffset + (boxWidth - lineWidth) / 2, 0))
            default: break
            }
            m = m.concatenating(.translate(0, -style.baselineShift))
                .concatenating(.translate(offf, 0))
                .concatenating(.translate(align.0 * an * 0.005, align.1 * yOff * 0.01))
            xPos += letter.advance + trackingOffset
            guard letter.value != " ",
                let glyph = animation.glyphs[GlyphKey(character: letter.value, family: font.family, style: font.style)]
            else { continue }
            let paths = Self.outlines(glyph.shapes)
            guard !paths.isEmpty else { continue }
            out.append(
                Letter(
                    paths: paths, matrix: Affine.scale(scale, scale).concatenating(m), opacity: look.opacity,
                    fill: changes.fill ? look.fill : nil, stroke: changes.stroke ? look.stroke : nil,
                    strokeWidth: changes.strokeWidth ? max(look.strokeWidth, 0) : nil))
        }
        return out
    }

    /// The characters as the animators count them, with their advances and lines (a line break
    /// is a letter of no advance that starts the next line).
    private func animationLetters(_ characters: [String], font: FontInfo, size: Double) -> [TextAnimation.Letter] {
        var letters: [TextAnimation.Letter] = []
        var line = 0
        for ch in characters {
            let isBreak = Self.isBreak(ch)
            if isBreak { line += 1 }
            letters.append(
                TextAnimation.Letter(
                    value: isBreak ? "" : ch, isBreak: isBreak,
                    advance: isBreak ? 0 : advance(ch, font: font, size: size), line: line))
        }
        return letters
    }

    /// Each letter's group width and its offset into the group (lottie-web's `an` and `add`):
    /// grouping 2 groups words, 3 lines; otherwise each letter is its own group.
    private static func groups(
        _ letters: [TextAnimation.Letter], grouping: Int
    ) -> (width: [Double], start: [Double]) {
        let n = letters.count
        var groupWidth = letters.map(\.advance)  // an
        var groupStart = [Double](repeating: 0, count: n)  // add
        if grouping == 2 || grouping == 3 {
            var size = 0.0, first = 0
            for i in 0..<n {
                groupStart[i] = size
                size += letters[i].advance
                let ends = grouping == 2 ? (letters[i].value == "" || letters[i].value == " ") : letters[i].value == ""
                if ends || i == n - 1 {
                    if ends { size -= letters[i].advance }
                    for k in first...i { groupWidth[k] = size }
                    first = i + 1
                    size = 0
                }
            }
        }
        return (groupWidth, groupStart)
    }

    /// How far tracking animators move each letter's line when the text is right-aligned
    /// (`justify` 1) or centred (2): the line's added tracking, so it stays aligned; zero
    /// otherwise.
    private static func justifyShifts(
        _ letters: [TextAnimation.Letter], _ anim: TextAnimation, justify: Int
    ) -> [Double] {
        let n = letters.count
        var justifyShift = [Double](repeating: 0, count: n)
        guard justify == 1 || justify == 2 else { return justifyShift }
        let values = anim.values
        let factor = justify == 2 ? -0.5 : -1.0
        var shift = 0.0, firstShift = 0.0, last = 0, newLine = true
        func close(_ upTo: Int) {
            if shift != 0 { shift += firstShift }
            while last < upTo {
                justifyShift[last] = shift
                last += 1
            }
        }
        for i in 0..<n {
            if letters[i].isBreak {
                close(i)
                shift = 0
                newLine = true
            } else {
                for (v, w) in zip(values, anim.weights(letter: i)) {
                    guard let t = v.tracking?.first else { continue }
                    if newLine && justify == 2 { firstShift += t * factor }
                    shift += t * w * factor
                }
                newLine = false
            }
        }
        close(n)
        return justifyShift
    }

    /// What the animators make of one letter's opacity, stroke width and colours, starting from
    /// the document's style.
    private struct AnimatedLook {
        /// Which of the letter's colours and stroke width any animator changes (the others keep
        /// the document's).
        struct Changes {
            var fill: Bool
            var stroke: Bool
            var strokeWidth: Bool

            init(_ animators: [TextAnimator]) {
                fill = animators.contains { $0.changesFill }
                stroke = animators.contains { $0.strokeColor != nil }
                strokeWidth = animators.contains { $0.strokeWidth != nil }
            }
        }

        var opacity = 1.0
        var strokeWidth: Double
        var stroke: [Double]
        var fill: [Double]?

        init(_ style: TextDocument.Style) {
            strokeWidth = style.strokeWidth
            stroke = style.strokeColor.map { Array(($0 + [0, 0, 0]).prefix(3)) } ?? [0, 0, 0]
            fill = style.fillColor.map { Array(($0 + [0, 0, 0]).prefix(3)) }
        }

        /// Mixes in one animator's opacity, stroke and fill at selector weight `w`.
        mutating func apply(_ a: TextAnimation.Values, weight w: Double, changes: Changes) {
            if let o = a.opacity?.first {
                opacity += (o / 100 * w - opacity) * w
            }
            if changes.strokeWidth, let v = a.strokeWidth?.first { strokeWidth += v * w }
            if changes.stroke, let v = a.strokeColor {
                for k in 0..<3 { stroke[k] += ((k < v.count ? v[k] : 0) - stroke[k]) * w }
            }
            if changes.fill, var c = fill {
                if let v = a.fillColor {
                    for k in 0..<3 { c[k] += ((k < v.count ? v[k] : 0) - c[k]) * w }
                }
                if let v = a.fillHue?.first { c = TextColor.addHue(c, v * w) }
                if let v = a.fillSaturation?.first { c = TextColor.addSaturation(c, v / 100 * w) }
                if let v = a.fillBrightness?.first { c = TextColor.addBrightness(c, v / 100 * w) }
                fill = c
            }
        }
    }

    /// Applies the animators to one letter, each weighted by its selector, in lottie-web's
    /// order: every anchor, then every scale, then each one's skew, rotation and look, then
    /// every position.
    private static func animate(
        _ m: inout Affine, _ look: inout AnimatedLook, values: [TextAnimation.Values], weights: [Double],
        changes: AnimatedLook.Changes
    ) {
        for (a, w) in zip(values, weights) {
            guard let v = a.anchor else { continue }
            m = m.concatenating(.translate(-(v.first ?? 0) * w, -(v.count > 1 ? v[1] : 0) * w))
        }
        for (a, w) in zip(values, weights) {
            guard let v = a.scale else { continue }
            let sx = (v.first ?? 100) / 100, sy = (v.count > 1 ? v[1] : v.first ?? 100) / 100
            m = m.concatenating(.scale(1 + (sx - 1) * w, 1 + (sy - 1) * w))
        }
        for (a, w) in zip(values, weights) {
            if let sk = a.skew?.first {
                let axis = a.skewAxis?.first ?? 0
                m = m.concatenating(.skew(degrees: sk * w, axisDegrees: axis * w))
            }
            if let r = a.rotation?.first {
                m = m.concatenating(.rotate(r * w * Double.pi / 180))
            }
            look.apply(a, weight: w, changes: changes)
        }
        for (a, w) in zip(values, weights) {
            guard let v = a.position else { continue }
            m = m.concatenating(.translate((v.first ?? 0) * w, (v.count > 1 ? v[1] : 0) * w))
        }
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
