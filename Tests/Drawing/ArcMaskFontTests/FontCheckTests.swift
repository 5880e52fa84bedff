import ArcMaskFontCheck
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Testing

@testable import ArcMaskFont

@Suite("Fonts read back by HarfBuzz and FreeType")
struct FontCheckTests {
    /// A 6×4 picture with translucent and transparent pixels.
    func picture() -> PixelBuffer {
        var p = PixelBuffer(width: 6, height: 4)
        for y in 0..<4 {
            for x in 0..<6 {
                p.setPixel(x: x, y: y, (UInt8(x * 40), UInt8(y * 60), 200, x == 5 ? 0 : UInt8(255 - y * 50)))
            }
        }
        return p
    }

    @Test("the ligature shapes to its glyph; other digits stay apart; names and features are there")
    func shaping() throws {
        let png = try PNG.encode(picture())
        let font = try HarfBuzzFont(bytes: sampleFont(image: png).encoded(), name: "sample", ppem: 64)
        #expect(font.glyphCount == 14)
        #expect(font.postScriptName == "SampleFrames-Regular")
        #expect(font.hasSubstitutionFeature("liga"))
        #expect(font.shape("12").map(\.glyph) == [13])
        #expect(font.shape("12")[0].advance == 1000)
        #expect(font.shape("21").map(\.glyph) == [3, 2])
        #expect(font.shape("1:12").map(\.glyph) == [2, 11, 13])
        #expect(font.png(13) == png)
        #expect(font.png(2) == nil)
        // The square is an outline: 1000 units across.
        #expect(font.outlineBox(12)?.width == 1000)
        #expect(font.outlineBox(2) == nil)
    }

    @Test("FreeType decodes the strike's PNG to the very pixels written")
    func colourBitmap() throws {
        let face = try FreeTypeFace(bytes: sampleFont(image: PNG.encode(picture())).encoded(), name: "sample")
        #expect(face.strikes == [64])
        let drawn = try #require(try face.colorBitmap(13, ppem: 64))
        #expect(drawn.size == PixelSize(width: 6, height: 4))
        // Premultiplied on the way through FreeType: equal where alpha is whole, close elsewhere.
        for y in 0..<4 {
            for x in 0..<6 {
                let a = drawn.pixel(x: x, y: y), b = picture().pixel(x: x, y: y)
                #expect(a.a == b.a)
                if b.a == 255 { #expect(a == b) }
            }
        }
        #expect(try face.colorBitmap(2, ppem: 64) == nil)
    }

    @Test("bytes that are not a font are refused by name")
    func refused() {
        do {
            _ = try FreeTypeFace(bytes: Array("not a font".utf8), name: "junk.ttf")
            Issue.record("ten bytes of text were opened as a font")
        } catch let error as InputError {
            #expect(error.file == "junk.ttf" && error.message.hasPrefix("FreeType cannot open it (error "))
        } catch {
            Issue.record("\(error)")
        }
    }
}
