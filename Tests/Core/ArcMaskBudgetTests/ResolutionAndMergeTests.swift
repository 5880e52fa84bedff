import ArcMaskBudget
import ArcMaskValues
import Foundation
import Testing

@Suite("What a layer may cost: the source's resolution and the merges nobody can see")
struct ResolutionAndMergeTests {
    @Test("the source bound is the source pixels per point that land in the view, after fit")
    func sourceScale() {
        let dog = PixelSize(width: 300, height: 300)
        // fill covers the 364×382 view: 300 px over 382 pt is the axis with fewest.
        let fill = ResolutionBound.sourceScale(source: dog, viewWidth: 364, viewHeight: 382, fit: .fill)
        #expect(abs(fill - 300.0 / 382) < 1e-12)
        // fit shows the whole source inside the view: 300 px over 364 pt.
        let fit = ResolutionBound.sourceScale(source: dog, viewWidth: 364, viewHeight: 382, fit: .fit)
        #expect(abs(fit - 300.0 / 364) < 1e-12)
        // A 1000×175 strip in a large widget: its 175 rows fill 382 pt.
        let strip = ResolutionBound.sourceScale(
            source: PixelSize(width: 1000, height: 175), viewWidth: 364, viewHeight: 382, fit: .fill)
        #expect(abs(strip - 175.0 / 382) < 1e-12)
        // Rounded up to hundredths, within the 5 % tolerance; layers then hold every source pixel.
        let layer = ResolutionBound.layerScale(fill)
        #expect(layer == 0.79 && layer <= fill * ResolutionBound.tolerance)
        let size = ArchiveFitter.pixels(364, 382, layer)
        #expect(size.height >= 300 && Double(size.height) <= 300 * ResolutionBound.tolerance)
    }

    /// A w×h straight-RGBA frame of one colour, with `changed` pixels of another.
    func frame(_ w: Int, _ h: Int, changed: Int, by delta: UInt8 = 40, alpha: UInt8 = 255) -> [UInt8] {
        var p = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            p[i * 4] = 100
            p[i * 4 + 1] = 100
            p[i * 4 + 2] = 100
            p[i * 4 + 3] = alpha
        }
        for i in 0..<changed { p[i * 4] = 100 &+ delta }
        return p
    }

    @Test("two frames are one picture when at most 1 % of pixels differ by more than 16 levels")
    func threshold() {
        let a = frame(100, 100, changed: 0)
        #expect(FrameSimilarity.share(a, frame(100, 100, changed: 100), premultiplied: false) == 0.01)
        #expect(FrameSimilarity.share(a, frame(100, 100, changed: 101), premultiplied: false, limit: 0.01) == nil)
        // 16 levels is within, 17 is not.
        #expect(FrameSimilarity.share(a, frame(100, 100, changed: 5000, by: 16), premultiplied: false) == 0)
        #expect(FrameSimilarity.share(a, frame(100, 100, changed: 5000, by: 17), premultiplied: false) == 0.5)
        // Colour under transparent pixels is no difference; alpha is.
        let clear = frame(10, 10, changed: 0, alpha: 0)
        #expect(FrameSimilarity.share(clear, frame(10, 10, changed: 100, by: 200, alpha: 0), premultiplied: false) == 0)
        #expect(FrameSimilarity.share(clear, frame(10, 10, changed: 0), premultiplied: false) == 1)
    }

    @Test("runs hold frames within the threshold of the run's first; merges stay inside runs")
    func runs() {
        var s = FrameSimilarity()
        // 0, 1 (0.5 % off 0), 2 (1.5 % off 0, though 1 % off 1: a new run, no drift), 3 (same as 2), 4 (new).
        for changed in [0, 50, 150, 150] {
            s.add(frame(100, 100, changed: changed), width: 100, height: 100, premultiplied: false)
        }
        s.add(frame(100, 100, changed: 9000), width: 100, height: 100, premultiplied: false)
        #expect(s.runStart == [0, 0, 2, 2, 4])
        #expect(s.difference == [0, 0.005, 0, 0, 0])
        let groups = (0..<5).map {
            FrameGroup(first: $0, last: $0, shown: $0, durationMs: [100, 20, 100, 100, 100][$0])
        }
        // Asked for 1 layer, only what nobody can see merges: 3 layers remain.
        let merged = FrameBudget.merge(groups, similarity: s, target: 1)
        #expect(merged.map(\.first) == [0, 2, 4] && merged.map(\.last) == [1, 3, 4])
        // The merged layer shows the run's first frame (every frame of the run is within the threshold of it),
        // lasting the frames' time together.
        #expect(merged.map(\.shown) == [0, 2, 4] && merged.map(\.durationMs) == [120, 200, 100])
        #expect(FrameBudget.largestDifference(merged, s) == 0.005)
        // Merging stops as soon as the target is met, cheapest first.
        #expect(FrameBudget.merge(groups, similarity: s, target: 4).map(\.first) == [0, 1, 2, 4])
    }

    @Test("a merge note names the threshold and the largest difference merged")
    func note() {
        let text = BudgetNote.merged(frames: 73, layers: 70, largestShare: 0.004).message(.plain)
        #expect(text.contains("at most 1 % of pixels differ by more than 16 levels"))
        #expect(text.contains("largest difference merged is 0.4 %"))
    }
}
