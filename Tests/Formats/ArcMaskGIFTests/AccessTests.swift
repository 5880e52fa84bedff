import ArcMaskValues
import Testing

@testable import ArcMaskGIF

@Suite("GIF random access")
struct AccessTests {
    /// 24 frames of small moving rectangles, mixing every disposal, over a first full frame.
    static func mixed() throws -> [UInt8] {
        let size = PixelSize(width: 16, height: 12)
        var frames = [Fixture.fill(2, Fixture.full(size))]
        let disposals: [Disposal] = [.unspecified, .keep, .background, .previous]
        for k in 1..<24 {
            var f = Fixture.fill(
                UInt8(k % 4), PixelRect(x: k % 13, y: k % 9, width: 3, height: 3),
                disposal: disposals[k % 4], transparent: k % 5 == 0 ? 1 : nil)
            f.indices[4] = 1
            frames.append(f)
        }
        return try Fixture.gif(size: size, frames)
    }

    @Test("any access order gives the frames sequential decoding gives", arguments: [0, 1 << 30])
    func randomOrder(budget: Int) throws {
        let bytes = try Self.mixed()
        let sequential = try Fixture.source(bytes)
        let expected = try (0..<sequential.frameCount).map { try sequential.frame(at: $0) }
        let random = try Fixture.source(bytes)
        random.checkpointBudget = budget
        var generator = SplitMix(seed: 7)
        for _ in 0..<200 {
            let i = Int(generator.next() % UInt64(expected.count))
            #expect(try random.frame(at: i) == expected[i], "frame \(i)")
        }
        for i in (0..<expected.count).reversed() { #expect(try random.frame(at: i) == expected[i]) }
    }

    @Test("a returned frame stays valid after the source moves on (copy on write)")
    func copyOnWrite() throws {
        let gif = try Fixture.source(Self.mixed())
        let first = try gif.frame(at: 3)
        let again = first
        _ = try gif.frame(at: 10)
        #expect(first == again)
        #expect(try gif.frame(at: 3) == first)
    }
}

/// A small deterministic generator for tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
