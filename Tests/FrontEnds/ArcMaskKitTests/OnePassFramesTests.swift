import ArcMaskValues
import Testing

@testable import ArcMaskKit

/// A decoder of `times` (presentation order) that counts what it hands over.
final class CountingDecoder: FrameDecoding {
    let times: [Int64]
    private var at = 0
    init(_ times: [Int64]) { self.times = times }
    func next() throws -> (ticks: Int64, picture: Int64)? {
        guard at < times.count else { return nil }
        defer { at += 1 }
        return (times[at], times[at])
    }
}

@Suite("a clip is decoded in one pass, each frame once, in order")
struct OnePassFramesTests {
    @Test("the kept frames asked for in order: each decoded at most once, none twice, the decoder never rewound")
    func onePass() throws {
        // 30 frames at 1/30 s in ticks of 1/600 s; the cut and the budget keep every third.
        let times = (0..<30).map { Int64($0 * 20) }
        var made = 0
        var handed: [Int64] = []
        let frames = try OnePassFrames {
            made += 1
            return CountingDecoder(times)
        }
        let kept = stride(from: 0, to: 30, by: 3).map { times[$0] }
        for t in kept {
            let picture = try #require(try frames.picture(at: t))
            #expect(picture == t)
            handed.append(picture)
        }
        #expect(handed == kept)
        // Forward to the last kept frame and no further: 28 decodes for 10 kept frames of 30.
        #expect(frames.decodes == 28 && frames.passes == 1 && made == 1)
        // The same frame again (a survey and a retry) costs nothing.
        _ = try frames.picture(at: kept.last!)
        #expect(frames.decodes == 28)
    }

    @Test("a time between frames shows the one on screen; before the first, none; an earlier frame starts a new pass")
    func times() throws {
        let frames = try OnePassFrames { CountingDecoder([0, 100, 200, 300]) }
        #expect(try frames.picture(at: 150) == 100)
        #expect(try frames.picture(at: 200) == 200)
        // The frame before the last is still at hand; one further back starts again.
        #expect(try frames.picture(at: 100) == 100 && frames.passes == 1)
        #expect(try frames.picture(at: 0) == 0 && frames.passes == 2)
        #expect(try frames.picture(at: 10_000) == 300)
        let late = try OnePassFrames { CountingDecoder([50, 100]) }
        #expect(try late.picture(at: 10) == nil)
    }

    @Test("the preferred transform turns the frame: a portrait clip stored landscape fills its layer upright")
    func placement() {
        // Stored 1920×1080, turned a quarter clockwise (a phone's portrait clip): shown 1080×1920.
        let quarter = (a: 0.0, b: 1.0, c: -1.0, d: 0.0)
        let p = VideoPlacement(
            transform: quarter, width: 1920, height: 1080, layerWidth: 540, layerHeight: 960, fit: .fill)
        // The drawn frame's corners (y up) land on the layer's corners.
        let corners = [(0.0, 0.0), (1920, 0), (0, 1080), (1920, 1080)].map { p.apply($0.0, $0.1) }
        let xs = corners.map { ($0.0 * 1000).rounded() / 1000 }, ys = corners.map { ($0.1 * 1000).rounded() / 1000 }
        #expect(Set(xs) == [0, 540] && Set(ys) == [0, 960])
        // The stored frame's top-left pixel (drawn at v = 1080) is shown at the top right.
        let topLeft = p.apply(0, 1080)
        #expect(abs(topLeft.0 - 540) < 1e-9 && abs(topLeft.1 - 960) < 1e-9)
        // Untouched and the same shape: the identity.
        let same = VideoPlacement(
            transform: (1, 0, 0, 1), width: 320, height: 240, layerWidth: 320, layerHeight: 240, fit: .fill)
        #expect([same.a, same.b, same.c, same.d, same.tx, same.ty] == [1, 0, 0, 1, 0, 0])
        // Fit leaves bars: a 2:1 frame in a square layer keeps its shape, centred.
        let fit = VideoPlacement(
            transform: (1, 0, 0, 1), width: 200, height: 100, layerWidth: 100, layerHeight: 100, fit: .fit)
        #expect(fit.apply(0, 0) == (0, 25) && fit.apply(200, 100) == (100, 75))
    }

    @Test("a Live Photo plays as the user edited it, else as it was taken")
    func livePhoto() {
        #expect(LivePhotoChoice.video([.other, .pairedVideo, .fullSizePairedVideo])! == (2, .edited))
        #expect(LivePhotoChoice.video([.pairedVideo, .other])! == (0, .original))
        #expect(LivePhotoChoice.video([.other]) == nil)
    }
}
