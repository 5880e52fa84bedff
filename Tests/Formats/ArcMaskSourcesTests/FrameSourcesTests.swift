import ArcMaskAPNG
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskSources
import ArcMaskValues
import Foundation
import Testing

@Suite("The frame-source entry point")
struct FrameSourcesTests {
    func gifBytes() throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("s-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try TestPattern.writeGIF(to: url, size: PixelSize(width: 30, height: 20), frames: 3, delays: [5]) { _ in }
        return [UInt8](try Data(contentsOf: url))
    }

    @Test("the format is decided by the bytes, whatever the name says")
    func byBytes() throws {
        let source = try FrameSources.open(bytes: try gifBytes(), name: "really-a-gif.svga")
        #expect(source is GIFFrameSource)
        #expect(source.frameCount == 3 && source.canvasSize == PixelSize(width: 30, height: 20))
    }

    @Test("unknown, empty and missing files are clear errors naming the file")
    func refusals() throws {
        let unknown = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: Array("hello".utf8), name: "x.bin")
        }
        #expect(unknown?.file == "x.bin")
        #expect(unknown?.problem.contains("GIF, PNG/APNG, WebP, AVIF, Lottie/TGS/dotLottie, SVGA, SVG, video") == true)
        #expect(unknown?.problem.contains("68 65 6C 6C") == true)
        let empty = #expect(throws: InputError.self) { _ = try FrameSources.open(bytes: [], name: "e.gif") }
        #expect(empty?.problem == "is empty (0 bytes)")
        #expect(throws: InputError.self) { _ = try FrameSources.open(path: "/nonexistent/arcmask.gif") }
    }

    @Test("a GIF takes the same playback as every format: a range, reversed, resampled")
    func playbackOnGIF() throws {
        let bytes = try gifBytes()
        let base = try FrameSources.open(bytes: bytes, name: "a.gif")
        #expect(base.frameCount == 3 && base.durations == [50, 50, 50])
        var options = SourceOptions()
        options.playback = Playback(reverse: true)
        let reversed = try FrameSources.open(bytes: bytes, name: "a.gif", options: options)
        #expect(reversed.frameCount == 3 && reversed.durations == [50, 50, 50])
        for k in 0..<3 {
            let shown = try reversed.frame(at: k), original = try base.frame(at: 2 - k)
            #expect(shown == original)
        }
        options.playback = Playback(range: 1...2)
        let cut = try FrameSources.open(bytes: bytes, name: "a.gif", options: options)
        let first = try cut.frame(at: 0), second = try base.frame(at: 1)
        #expect(cut.frameCount == 2 && first == second)
        // 150 ms at 40 frames a second: 6 steps of 25 ms, two per frame.
        options.playback = Playback(fps: 40)
        let resampled = try FrameSources.open(bytes: bytes, name: "a.gif", options: options)
        #expect(resampled.durations == Array(repeating: 25, count: 6))
        #expect((resampled as? PlaybackSource)?.frames == [0, 0, 1, 1, 2, 2])
        options.playback = Playback(range: 1...5)
        let outside = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: bytes, name: "a.gif", options: options)
        }
        #expect(outside?.problem == "range 1..5 is outside frames 0..2")
    }

    @Test("the schedule: a frame whose time starts on a step's start shows from that step")
    func playbackSchedule() throws {
        // Frames of 100, 50 and 150 ms at 20 fps: steps of 50 ms at 0, 50, 100, 150, 200, 250.
        let s = try Playback(fps: 20).schedule(durationsMs: [100, 50, 150])
        #expect(s.frames == [0, 0, 1, 2, 2, 2] && s.durationsMs == Array(repeating: 50, count: 6))
        let back = try Playback(reverse: true, fps: 20).schedule(durationsMs: [100, 50, 150])
        #expect(back.frames == [2, 2, 2, 1, 0, 0])
        // Thirds of a uniform 30 fps movie at 10 fps land exactly on frame boundaries.
        let thirds = try Playback(fps: 10).schedule(durationsMs: Array(repeating: 1000.0 / 30, count: 30))
        #expect(thirds.frames == stride(from: 0, to: 30, by: 3).map { $0 })
        #expect(throws: PlaybackError.self) { try Playback(fps: 0).schedule(durationsMs: [100]) }
        #expect(Playback().isIdentity && !Playback(range: 0...0).isIdentity)
    }

    @Test("PNG, SVG and folders open as their formats through the same entry point")
    func otherFormats() throws {
        var image = PixelBuffer(width: 4, height: 3)
        image.setPixel(x: 1, y: 1, (9, 8, 7, 255))
        let png = try FrameSources.open(bytes: try PNG.encode(image), name: "still.gif")
        #expect(png is APNGFrameSource && png.frameCount == 1)
        #expect(try png.frame(at: 0) == image)
        let svgBytes = Array(
            "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"4\"/>"
                .utf8)
        let svg = try FrameSources.open(bytes: svgBytes, name: "icon.png")
        #expect(svg is SVGFrameSource && svg.canvasSize == PixelSize(width: 8, height: 4))
        #expect(svg.details == nil)
        let report = SourceReport(svg)
        #expect(report.format == "SVG" && report.renderer?.hasPrefix("librsvg ") == true)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for k in 0..<3 { try PNG.write(image, to: folder.appendingPathComponent("f\(k).png")) }
        #expect(FrameSources.isSequence(folder.path) && FrameSources.isSequence(folder.path + "/f%d.png"))
        #expect(!FrameSources.isSequence(folder.path + "/f0.png"))
        let seq = try FrameSources.open(path: folder.path)
        #expect(seq is ImageSequenceSource && seq.frameCount == 3)
        var options = SourceOptions()
        options.sequence.loops = 2
        let refused = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: try gifBytes(), name: "a.gif", options: options)
        }
        #expect(refused?.problem == "a loop count applies to image sequences, not to GIF files")
        // The front end names its settings: the command line by its options.
        options.vocabulary = InputVocabulary([.loops: "--loops"])
        let named = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: try gifBytes(), name: "a.gif", options: options)
        }
        #expect(named?.problem == "--loops applies to image sequences, not to GIF files")
    }

    @Test("a ceiling a file is over is named as the front end names it, by the entry point")
    func ceilingNamed() throws {
        var options = SourceOptions(limits: DecodeLimits(maxFrames: 1))
        let plain = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: try gifBytes(), name: "a.gif", options: options)
        }
        #expect(plain?.message.hasSuffix("(raise the frame limit)") == true, "\(plain?.message ?? "")")
        options.vocabulary = InputVocabulary([.maxFrames: "--max-frames"])
        let named = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: try gifBytes(), name: "a.gif", options: options)
        }
        // Worded once, at the entry point: nothing is left to word after it.
        #expect(named?.problem.hasSuffix("(raise it with --max-frames)") == true && named?.mention == nil)
    }

    @Test("reports: a GIF and an SVGA give their own, other sources the common one; each says its format")
    func reports() throws {
        let gif = try FrameSources.open(bytes: try gifBytes(), name: "dir/a.gif")
        let details = try #require(gif.details as? ArcMaskGIF.GIFReport)
        #expect(details.frameCount == gif.frameCount && details.text().hasPrefix("dir/a.gif: GIF89a"))
        #expect((details.portable as? ArcMaskGIF.GIFReport)?.file == "a.gif")
        #expect(!gif.damaged)
        let svga = try FrameSources.open(bytes: ArcMaskSVGA.SVGAGiftExample.bytes(), name: "gift.svga")
        let keys = try #require(svga.details as? ArcMaskSVGA.SVGAReport)
        #expect(
            keys.portable == nil
                && keys.text(InputVocabulary([.setImage: "--set-image", .setText: "--set-text", .hide: "--hide"]))
                    .contains("keys (--set-image, --set-text, --hide):")
        )
        // Played at another rate, a GIF gives the common report over the steps, each naming the frame it shows.
        let played = try PlaybackSource.over(gif, playback: Playback(reverse: true))
        #expect(played.details == nil)
        let steps = SourceReport(played)
        #expect(steps.format == "GIF" && steps.frames.map(\.sourceFrame) == Array((0..<gif.frameCount).reversed()))
    }
}
