import ArcMaskValues
import Testing

@Suite struct VideoTimelineTests {
    @Test func framesLastUntilTheNextTimestamp() {
        // Variable rate, out of order, a repeat, a start offset (time base 1/1000).
        let t = VideoTimeline(timestamps: [1040, 1000, 1100, 1040, 1250], denominator: 1000, lastDuration: 0.05)
        #expect(t.times == [0, 0.04, 0.1, 0.25])
        #expect(t.origin == 1)
        #expect((0..<4).map(t.duration) == [0.04, 0.06, 0.15, 0.05])
        #expect(abs(t.length - 0.3) < 1e-12)
        #expect(t.isVariableRate)
        #expect([0, 0.039, 0.04, 0.2, 9].map(t.frame(at:)) == [0, 0, 1, 2, 3])
        // Without its own duration, the last frame lasts one frame at the stream's rate.
        #expect(VideoTimeline(timestamps: [0, 512, 1024], denominator: 12800, frameRate: 25).lastDuration == 0.04)
        #expect(!VideoTimeline(timestamps: [0, 512, 1024], denominator: 12800, frameRate: 25).isVariableRate)
    }

    @Test func aCutStartsWithTheFrameOnScreenAndAddsUpToItsLength() {
        let t = VideoTimeline(durations: [0.1, 0.1, 0.1, 0.1])
        let cut = t.cut(start: 0.15, duration: 0.2)
        #expect(cut.map(\.source) == [1, 2, 3])
        #expect(cut.map { ($0.duration * 1000).rounded() } == [50, 100, 50])
        #expect(abs(cut.reduce(0) { $0 + $1.duration } - 0.2) < 1e-12)
        // Whole frames of a clip keep their exact durations.
        let clip = VideoTimeline(timestamps: (0..<10).map { Int64($0) * 1024 }, denominator: 10240, frameRate: 10)
        #expect(clip.cut().map(\.duration) == Array(repeating: 0.1, count: 10))
        // Past the end: what is left; from the start without a duration: everything.
        #expect(t.cut(start: 0.35, duration: 5).map(\.source) == [3])
        #expect(t.cut().map(\.duration) == [0.1, 0.1, 0.1, 0.1])
    }

    @Test func aConstantRateShowsWhatIsOnScreenAtEachTick() {
        let shown = VideoTimeline(durations: [0.1, 0.3, 0.1]).cut()
        let r = VideoTimeline.resample(shown, fps: 10)
        #expect(r.map(\.source) == [0, 1, 1, 1, 2])
        #expect(r.allSatisfy { $0.duration == 0.1 })
    }
}
