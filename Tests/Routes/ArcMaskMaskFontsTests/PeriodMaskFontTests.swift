import ArcMaskFontCheck
import ArcMaskMaskFonts
import ArcMaskTimerClock
import ArcMaskValues
import Testing

/// The mask fonts of the timer-mask route, one per period, proven by shaping the timer's text
/// with HarfBuzz as the system's renderer shapes it.
@Suite struct PeriodMaskFontTests {
    @Test(
        "a period's mask is a full cell on the seconds that open a period and nothing on the others",
        arguments: [2, 3, 4, 5, 6, 10, 12, 15, 20, 30])
    func period(_ p: Int) throws {
        let size = PixelSize(width: 40, height: 32)
        let file = try MaskFonts.maskFont(periodSeconds: p, size: size, name: "TestMask\(p)", family: "Test Mask \(p)")
        let font = try HarfBuzzFont(bytes: file.bytes, name: file.fileName, ppem: size.height)
        // Two hours of seconds, then the wraps into 10 and 100 hours.
        let seconds = Array(0..<7_300) + Array(35_990..<36_010) + Array(359_990..<360_010)
        for e in seconds {
            let glyphs = font.shape(TimerClock.text(elapsed: e))
            guard let last = glyphs.last, last.advance == size.width else {
                Issue.record("\(TimerClock.text(elapsed: e)): the last glyph is not one cell wide")
                return
            }
            let box = font.outlineBox(last.glyph)
            let full = box.map {
                $0.x == 0 && $0.width == size.width && $0.y == size.height && $0.height == -size.height
            }
            #expect((full ?? false) == (e % p == 0), "\(TimerClock.text(elapsed: e)) with period \(p)")
            if (full ?? false) != (e % p == 0) { return }
        }
    }
}
