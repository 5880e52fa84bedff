import ArcMaskKit
import Testing

/// How `prepare` times a frame ImageIO reports: HEIF sequences (HEICS, AVIF's AVIS) keep each
/// frame's delay in the file's frame-info array, other formats in the frame's own properties.
@Suite struct FrameTimingTests {
    @Test("a HEIF sequence's frame-info delay wins over the frame's own; without one the frame's own holds")
    func sequenceTiming() {
        // A HEICS frame of 1/30 s: its own properties carry nothing (0), the array 0.0333 s.
        #expect(abs(FrameTiming.delayMs(own: 0, sequence: 1.0 / 30) - 1000.0 / 30) < 1e-9)
        // Had it been read from the frame alone it would fall back to the default 100 ms.
        #expect(FrameTiming.delayMs(own: 0, sequence: nil) == 0)
        // A GIF frame: no array, its own delay.
        #expect(FrameTiming.delayMs(own: 40, sequence: nil) == 40)
        // A damaged entry (zero, negative, not finite) is no timing.
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(FrameTiming.delayMs(own: 70, sequence: bad) == 70)
        }
    }
}
