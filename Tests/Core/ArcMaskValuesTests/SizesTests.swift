import ArcMaskValues
import Testing

@Suite("Pixel geometry")
struct GeometryTests {
    @Test("clipping keeps the part inside the canvas")
    func clip() {
        let size = PixelSize(width: 10, height: 8)
        #expect(
            PixelRect(x: -2, y: 3, width: 5, height: 10).clipped(to: size) == PixelRect(x: 0, y: 3, width: 3, height: 5)
        )
        #expect(PixelRect(x: 12, y: 0, width: 5, height: 5).clipped(to: size).isEmpty)
        #expect(PixelRect(x: 0, y: 0, width: 10, height: 8).covers(size))
        #expect(!PixelRect(x: 1, y: 0, width: 10, height: 8).covers(size))
    }
}
