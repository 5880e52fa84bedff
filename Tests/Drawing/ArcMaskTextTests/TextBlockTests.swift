import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues
import Testing

@testable import ArcMaskText

/// The ink of `text` drawn into a `w`×`h` box placed at (`ox`, `oy`) on a larger transparent canvas.
func ink(
    _ text: String, style: TextStyle, box w: Double, _ h: Double, canvas: (Int, Int) = (400, 200),
    at ox: Double = 50, _ oy: Double = 50, alpha: Double = 1
) throws -> (PixelBuffer, TextMeasure) {
    let surface = try Surface(width: canvas.0, height: canvas.1)
    let ctx = try Context(surface)
    ctx.translate(ox, oy)
    let m = TextBlock.draw(text, style: style, width: w, height: h, alpha: alpha, on: ctx)
    try ctx.status()
    return (surface.pixelBuffer(), m)
}

/// The bounding box of pixels with alpha > 0, or nil.
func inkBounds(_ p: PixelBuffer) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<p.height {
        for x in 0..<p.width where p.bytes[(y * p.width + x) * 4 + 3] > 0 {
            x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
        }
    }
    return x1 < 0 ? nil : (x0, y0, x1, y1)
}

@Suite("Text laid out by Pango on cairo")
struct TextBlockTests {
    /// The fonts these tests pin (installed by Scripts/bootstrap: fonts-noto-cjk, fonts-noto-color-emoji,
    /// fonts-dejavu-core).
    static let cjk = "Noto Sans CJK SC"
    static let latin = "DejaVu Sans"

    /// Platform: fontconfig with the fonts Scripts/bootstrap installs (on macOS, Pango set to
    /// fontconfig by PANGOCAIRO_BACKEND=fc; CoreText would choose otherwise).
    @Test("the pinned fonts are the ones fontconfig gives")
    func pinnedFonts() {
        #expect(TextBlock.resolvedFamily(of: Self.cjk) == Self.cjk)
        #expect(TextBlock.resolvedFamily(of: Self.latin) == Self.latin)
        #expect(TextBlock.resolvedFamily(of: "Noto Color Emoji") == "Noto Color Emoji")
    }

    @Test("Chinese text finds glyphs for every character (no boxes)")
    func cjkGlyphs() {
        let m = TextBlock.measure(
            "送了一打风油精给主播", style: TextStyle(font: Self.cjk, size: 24), width: 400, height: 60)
        #expect(m.unknownGlyphs == 0)
        #expect(m.lines == 1)
        #expect(!m.ellipsized)
        // A CJK ideograph is about one em wide: ten of them at 24 units.
        #expect(abs(m.width - 240) < 12)
    }

    @Test("one line by default: a long text ends in an ellipsis and stays inside the box")
    func ellipsis() throws {
        let style = TextStyle(font: Self.latin, size: 20, color: .black)
        let long = String(repeating: "overflowing words ", count: 20)
        let (pixels, m) = try ink(long, style: style, box: 200, 40)
        #expect(m.lines == 1 && m.ellipsized)
        let b = try #require(inkBounds(pixels))
        #expect(b.x0 >= 50 && b.x1 < 250 && b.y0 >= 50 && b.y1 < 90)
        // The ink reaches across most of the box: the line was filled before the ellipsis.
        #expect(b.x1 - b.x0 > 160)
    }

    @Test("a line limit keeps that many lines; 0 keeps what the box's height holds")
    func lineLimits() {
        let long = String(repeating: "many words here ", count: 30)
        let two = TextBlock.measure(
            long, style: TextStyle(font: Self.latin, size: 10, maxLines: 2), width: 120, height: 200)
        #expect(two.lines == 2 && two.ellipsized)
        let fit = TextBlock.measure(
            long, style: TextStyle(font: Self.latin, size: 10, maxLines: 0), width: 120, height: 50)
        #expect(fit.lines >= 3 && fit.lines <= 4 && fit.ellipsized)
        #expect(fit.height <= 50)
        // Lines over the box's height are dropped even under a larger limit.
        let capped = TextBlock.measure(
            long, style: TextStyle(font: Self.latin, size: 10, maxLines: 100), width: 120, height: 50)
        #expect(capped.lines == fit.lines && capped.height <= 50)
        // Paragraphs count together against the limit.
        let paragraphs = TextBlock.measure(
            "one\ntwo\nthree\nfour", style: TextStyle(font: Self.latin, size: 10, maxLines: 2), width: 120, height: 200)
        #expect(paragraphs.lines == 2 && paragraphs.ellipsized)
    }

    @Test("text too tall for the box is clipped to it, never drawn outside")
    func clipped() throws {
        let (pixels, _) = try ink("I", style: TextStyle(font: Self.latin, size: 120, color: .black), box: 100, 30)
        let b = try #require(inkBounds(pixels))
        #expect(b.x0 >= 50 && b.x1 < 150 && b.y0 >= 50 && b.y1 < 80)
    }

    @Test("left, centre and right put the line at the box's left side, middle and right side — for every script")
    func alignment() throws {
        for (text, font) in [("Hello", Self.latin), ("שלום עולם", Self.latin), ("你好", Self.cjk)] {
            var style = TextStyle(font: font, size: 20, color: .black)
            style.alignment = .left
            let l = try #require(inkBounds(try ink(text, style: style, box: 300, 40).0))
            style.alignment = .right
            let r = try #require(inkBounds(try ink(text, style: style, box: 300, 40).0))
            style.alignment = .center
            let c = try #require(inkBounds(try ink(text, style: style, box: 300, 40).0))
            #expect(l.x0 - 50 < 6, "\(text) left: ink starts at \(l.x0 - 50)")
            #expect(350 - r.x1 < 6, "\(text) right: ink ends \(350 - r.x1) from the side")
            let middle = Double(c.x0 + c.x1) / 2
            #expect(abs(middle - 200) < 4, "\(text) centre: ink centred at \(middle)")
        }
    }

    @Test("the line is centred down the box")
    func verticalCentre() throws {
        let (pixels, _) = try ink("HHHH", style: TextStyle(font: Self.latin, size: 20, color: .black), box: 300, 100)
        let b = try #require(inkBounds(pixels))
        // Capital H sits above the baseline: its middle is within a few units of the box's middle (y = 100).
        #expect(abs(Double(b.y0 + b.y1) / 2 - 100) < 6)
    }

    @Test("colour and alpha reach the pixels")
    func colourAndAlpha() throws {
        let style = TextStyle(font: Self.latin, size: 40, color: Color(1, 0, 0))
        let (full, _) = try ink("■■", style: style, box: 300, 60)
        let (half, _) = try ink("■■", style: style, box: 300, 60, alpha: 0.5)
        let maxA = { (p: PixelBuffer) in stride(from: 3, to: p.bytes.count, by: 4).map { p.bytes[$0] }.max()! }
        #expect(maxA(full) == 255)
        #expect(abs(Int(maxA(half)) - 128) <= 1)
        let i = stride(from: 0, to: full.bytes.count, by: 4).first { full.bytes[$0 + 3] == 255 }!
        #expect(full.bytes[i] == 255 && full.bytes[i + 1] == 0 && full.bytes[i + 2] == 0)
    }

    @Test("emoji come from the colour emoji font, in colour, beside other scripts")
    func emoji() throws {
        let style = TextStyle(font: "\(Self.latin), Noto Color Emoji", size: 40, color: .black)
        let m = TextBlock.measure("Hi 😀", style: style, width: 300, height: 60)
        #expect(m.unknownGlyphs == 0)
        let (pixels, _) = try ink("😀", style: style, box: 300, 60)
        // The face is yellow: some opaque pixel with red and green well above blue.
        let yellow = stride(from: 0, to: pixels.bytes.count, by: 4).contains {
            pixels.bytes[$0 + 3] > 200 && pixels.bytes[$0] > 200 && pixels.bytes[$0 + 1] > 150
                && pixels.bytes[$0 + 2] < 100
        }
        #expect(yellow)
    }

    @Test("styles outside the limits are refused before layout")
    func limits() {
        #expect(TextStyle(size: 0).problem(with: "a") != nil)
        #expect(TextStyle(maxLines: -1).problem(with: "a") != nil)
        #expect(TextStyle(font: " ").problem(with: "a") != nil)
        #expect(TextStyle().problem(with: String(repeating: "x", count: TextStyle.maxTextBytes + 1)) != nil)
        #expect(TextStyle().problem(with: "ok") == nil)
        #expect(TextBlock.measure("x", style: TextStyle(size: 0), width: 10, height: 10) == .empty)
    }

    @Test("a style spec sets any subset over a base; a font list keeps its commas; bad values are named")
    func spec() throws {
        let s = try TextStyle(spec: "font=Noto Sans CJK SC, DejaVu Sans,size=30,color=#FFE0A480,align=left,lines=2")
        #expect(s.font == "Noto Sans CJK SC, DejaVu Sans" && s.size == 30 && s.alignment == .left && s.maxLines == 2)
        #expect(s.color == Color(1, 224.0 / 255, 164.0 / 255, 128.0 / 255))
        let over = try TextStyle(spec: "size=12", base: s)
        #expect(over.size == 12 && over.font == s.font && over.maxLines == 2)
        for (bad, says) in [
            ("size=0", "size takes"), ("size=abc", "size takes"), ("color=red", "color takes"),
            ("color=#12345", "color takes"), ("align=justify", "align takes"), ("lines=-1", "lines takes"),
            ("weight=bold", "'weight=bold' is not one of"), ("font=", "font is empty"),
        ] {
            #expect(throws: TextStyleError.self) { try TextStyle(spec: bad) }
            do { _ = try TextStyle(spec: bad) } catch {
                #expect(error.message.contains(says), "\(bad): \(error.message)")
            }
        }
    }

    @Test("font variations (@axis=value) are not taken: the text lays out as with the plain font")
    func variationsIgnored() {
        // cairo 1.16 leaks the variations string of every font made with them (Scripts/fuzz dynamic).
        let plain = TextBlock.measure("Weights", style: TextStyle(font: Self.latin, size: 20), width: 300, height: 40)
        let varied = TextBlock.measure(
            "Weights", style: TextStyle(font: "\(Self.latin) @wght=650", size: 20), width: 300, height: 40)
        #expect(plain == varied && plain.width > 0)
    }

    @Test("only families, style, weight, stretch and variant are read from a font description")
    func fontFieldsChecked() throws {
        // Pango parses "gravity=21" and trusts it: its itemizer crashed on that (Scripts/fuzz dynamic).
        let odd = TextBlock.measure("Ada", style: TextStyle(font: "gravity=21", size: 20), width: 200, height: 40)
        let plain = TextBlock.measure("Ada", style: TextStyle(font: "sans-serif", size: 20), width: 200, height: 40)
        #expect(odd.lines == 1 && odd.unknownGlyphs == 0 && abs(odd.width - plain.width) < 20)
        _ = try ink(
            "Ada", style: TextStyle(font: "DejaVu Sans weight=99999 stretch=77 gravity=east", size: 20), box: 200, 40)
        let bold = TextBlock.measure(
            "Weights", style: TextStyle(font: "DejaVu Sans Bold", size: 20), width: 300, height: 40)
        let regular = TextBlock.measure(
            "Weights", style: TextStyle(font: "DejaVu Sans", size: 20), width: 300, height: 40)
        #expect(bold.width > regular.width)
    }
}
