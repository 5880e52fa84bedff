import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("Commands on video clips and AVIF")
struct VideoCommandsTests {
    /// The video tests' clips (made by Scripts/make-video-fixtures).
    private func clip(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Formats/ArcMaskVideoTests/Fixtures/\(name)").path
    }

    @Test("inspect, frames, emulate and export take a clip; --start and --length cut it")
    func everyCommand() throws {
        let s = try Scratch()
        #expect(run(["inspect", clip("gray.mp4"), "--json"]) == 0)
        #expect(
            run(["frames", clip("gray.mp4"), "--start", "0.25", "--length", "0.5", "--out", s.path("cut"), "--quiet"])
                == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: s.path("cut")).filter { $0.hasSuffix(".png") }
        #expect(files.count == 6)
        // The first frame shown is the one on screen at 0.25 s: frame 2, grey level 16 + 40 in limited range.
        let first = try PNG.read(URL(fileURLWithPath: s.path("cut/frame-0000.png")))
        #expect(abs(Int(first.bytes[0]) - 47) <= 2)
        let second = try PNG.read(URL(fileURLWithPath: s.path("cut/frame-0001.png")))
        #expect(second.width == 32 && abs(Int(second.bytes[0]) - 70) <= 2)
        #expect(run(["frames", clip("turned.mov"), "--out", s.path("turned"), "--quiet"]) == 0)
        let t = try PNG.read(URL(fileURLWithPath: s.path("turned/frame-0000.png")))
        #expect(t.width == 16 && t.height == 32)
        #expect(run(["emulate", clip("vfr.mp4"), "--view", "170x170"]) == 0)
        #expect(run(["export", clip("two.avif"), "--family", "small", "--out", s.path("export"), "--quiet"]) == 0)
        #expect(FileManager.default.fileExists(atPath: s.path("export/manifest.json")))
    }

    @Test("cuts, ranges and other formats' settings are answered")
    func badSettings() throws {
        let s = try Scratch()
        #expect(run(["inspect", clip("gray.mp4"), "--range", "0..3"]) == ExitStatus.badInput.rawValue)
        #expect(run(["inspect", clip("gray.mp4"), "--start", "5"]) == ExitStatus.badInput.rawValue)
        #expect(run(["inspect", clip("gray.mp4"), "--length", "0"]) == ExitStatus.usage.rawValue)
        #expect(run(["inspect", clip("gray.mp4"), "--start", "-1"]) == ExitStatus.usage.rawValue)
        let gif = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: gif), size: PixelSize(width: 16, height: 16), frames: 2, delays: [10])
        #expect(run(["inspect", gif, "--start", "1"]) == ExitStatus.badInput.rawValue)
        let text = s.path("notes.mp4")
        try Data("not a clip at all".utf8).write(to: URL(fileURLWithPath: text))
        #expect(run(["inspect", text]) == ExitStatus.badInput.rawValue)
        #expect(
            run(["frames", clip("huge-table.mp4"), "--out", s.path("none"), "--quiet"]) == ExitStatus.badInput.rawValue)
        #expect(!FileManager.default.fileExists(atPath: s.path("none")))
    }
}
