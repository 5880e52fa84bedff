import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskKit

/// Clips as `prepare(contentsOf:)` takes them: the reader chosen by the bytes, and the frames a
/// cut shows from the presentation times AVFoundation reads (the command line's rules).
@Suite("ArcMaskKit reads clips: the reader by the bytes, frames by their timestamps")
struct ClipFramesTests {
    func box(_ type: String, _ brand: String) -> [UInt8] {
        [0, 0, 0, 24] + Array(type.utf8) + Array(brand.utf8) + [0, 0, 0, 0] + Array("isomiso2".utf8)
    }

    @Test("movies and HEIF or AVIF images are told apart by their brand, Lottie by its bytes")
    func formats() {
        #expect(KitFormat.decide(box("ftyp", "qt  ")) == .movie)
        #expect(KitFormat.decide(box("ftyp", "isom")) == .movie)
        #expect(KitFormat.decide(box("ftyp", "mp42")) == .movie)
        #expect(KitFormat.decide(box("moov", "mvhd")) == .movie)
        for brand in ["heic", "heix", "hevc", "msf1", "avif", "avis", "mif1"] {
            #expect(KitFormat.decide(box("ftyp", brand)) == .image, "\(brand)")
        }
        #expect(KitFormat.decide(Array("GIF89a\u{1}\u{0}\u{1}\u{0}\u{0}\u{0}".utf8)) == .image)
        #expect(KitFormat.decide(Array(#"{"v":"5.7.0","layers":[]}"#.utf8)) == .lottie)
        #expect(KitFormat.decide([]) == .image)
    }

    @Test("a 30 fps clip's frames last until the next timestamp; the last one frame at the nominal rate")
    func timing() throws {
        // 600 ticks a second (QuickTime's usual), one frame every 20 ticks, read out of order.
        let stamps: [Int64] = [40, 0, 20, 60, 100, 80]
        let clip = try ClipFrames(timestamps: stamps, timescale: 600, frameRate: 30, cut: .init(), name: "c.mov")
        #expect(clip.ticks == [0, 20, 40, 60, 80, 100])
        #expect(clip.shown.map(\.source) == [0, 1, 2, 3, 4, 5])
        let source = clip.source(name: "c.mov", width: 1080, height: 1920)
        #expect(source.durationsMs.allSatisfy { abs($0 - 1000.0 / 30) < 1e-9 })
        #expect(source.canvasWidth == 1080 && source.warnings.isEmpty)
        // A variable rate keeps each frame's own time.
        let variable = try ClipFrames(
            timestamps: [0, 10, 40, 45], timescale: 100, frameRate: nil, cut: .init(), name: "v")
        #expect(variable.source(name: "v", width: 1, height: 1).durationsMs == [100, 300, 50, 50])
    }

    @Test("a cut starts with the frame on screen and lasts its length, as export --start --length does")
    func cut() throws {
        let stamps = (0..<90).map { Int64($0) * 20 }  // 3 s at 30 fps
        let clip = try ClipFrames(
            timestamps: stamps, timescale: 600, frameRate: 30, cut: .init(start: 1.01, length: 0.5), name: "c.mov")
        let timeline = VideoTimeline(timestamps: stamps, denominator: 600, frameRate: 30)
        #expect(clip.shown == timeline.cut(start: 1.01, duration: 0.5).filter { $0.duration > 0 })
        #expect(clip.shown.first?.source == 30)
        #expect(abs(clip.shown.reduce(0) { $0 + $1.duration } - 0.5) < 1e-9)
    }

    @Test("a clip over a minute plays, with the command line's advice to cut it")
    func long() throws {
        let stamps = (0..<(61 * 10)).map { Int64($0) * 60 }  // 61 s at 10 fps
        let clip = try ClipFrames(timestamps: stamps, timescale: 600, frameRate: 10, cut: .init(), name: "long.mov")
        #expect(clip.warnings.count == 1 && clip.warnings[0].hasPrefix("the clip plays 61.0 s"))
        let cut = try ClipFrames(
            timestamps: stamps, timescale: 600, frameRate: 10, cut: .init(length: 6), name: "long.mov")
        #expect(cut.warnings.isEmpty && cut.shown.count == 60)
    }

    @Test("bad cuts and empty or odd tracks are refused, saying which")
    func refusals() {
        func code(_ stamps: [Int64], _ scale: Int32 = 600, _ cut: PrepareOptions.ClipCut = .init()) -> PrepareError? {
            do {
                _ = try ClipFrames(timestamps: stamps, timescale: scale, frameRate: 30, cut: cut, name: "c.mov")
                return nil
            } catch { return error as? PrepareError }
        }
        #expect(code([])?.code == .damaged)
        #expect(code([0, 20], 0)?.place == .input)
        #expect(code([0, 20], 600, .init(start: -1))?.code == .invalidOptions)
        #expect(code([0, 20], 600, .init(start: .nan))?.code == .invalidOptions)
        #expect(code([0, 20], 600, .init(length: 0))?.code == .invalidOptions)
        #expect(code([0, 20], 600, .init(start: 5))?.problem.contains("past the clip's end") == true)
    }
}
