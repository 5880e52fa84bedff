import Testing

@testable import ArcMaskFrames

@Suite("Loop modes")
struct LoopModeTests {
    @Test("loop modes speak GIF's loop count")
    func loops() {
        #expect(LoopMode.forever.gifLoopCount == 0 && LoopMode.forever.plays == nil)
        #expect(LoopMode.finite(repeats: 2).plays == 3)
        #expect(LoopMode.once.gifLoopCount == nil && LoopMode.once.plays == 1)
    }
}
