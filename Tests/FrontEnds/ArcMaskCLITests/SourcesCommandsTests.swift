import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// A 3-colour square moving across a w×h canvas, frame k of n.
func movingFrame(_ k: Int, _ w: Int, _ h: Int) -> PixelBuffer {
    var b = PixelBuffer(width: w, height: h)
    let side = max(1, h / 2), x0 = k * (w - side) / 5
    for y in 0..<h {
        for x in 0..<w {
            let inside = x >= x0 && x < x0 + side && y >= h / 4 && y < h / 4 + side
            b.setPixel(x: x, y: y, inside ? (250, 200, 20, 255) : (20, 30, 60, 255))
        }
    }
    return b
}

@Suite("Commands on every format")
struct SourcesCommandsTests {
    /// frame01.png … frame06.png at 24×16, with @2x and @3x variants at 48×32 and 72×48.
    func sequence(_ s: Scratch) throws -> String {
        let dir = s.path("anim")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for k in 1...6 {
            for (suffix, scale) in [("", 1), ("@2x", 2), ("@3x", 3)] {
                try PNG.write(
                    movingFrame(k - 1, 24 * scale, 16 * scale),
                    to: URL(fileURLWithPath: dir + "/frame0\(k)\(suffix).png"))
            }
        }
        return dir
    }

    @Test("a GIF takes --range, --reverse and --fps like every format; frames.json says what plays")
    func playbackOnGIF() throws {
        let s = try Scratch()
        let gif = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: gif), size: PixelSize(width: 24, height: 16), frames: 6, delays: [10])
        #expect(
            run(["frames", gif, "--range", "1..4", "--reverse", "--fps", "20", "--out", s.path("f"), "--quiet"]) == 0)
        let listing =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: s.path("f/frames.json")))) as? [String: Any]
        let frames = try #require(listing?["frames"] as? [[String: Any]])
        // Frames 4, 3, 2, 1 of 100 ms each, at 20 fps: eight steps of 50 ms.
        #expect(listing?["format"] as? String == "GIF")
        #expect(frames.map { $0["sourceFrame"] as? Int } == [4, 4, 3, 3, 2, 2, 1, 1])
        #expect(frames.allSatisfy { ($0["durationMs"] as? Double) == 50 })
        let base = try GIFFrameSource(path: gif)
        let first = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: s.path("f/frame-0000.png")))))
        #expect(first == (try base.frame(at: 4)))
        // Out of range: the file and the frames it has.
        #expect(run(["frames", gif, "--range", "2..9", "--out", s.path("g"), "--quiet"]) == 1)
        #expect(!FileManager.default.fileExists(atPath: s.path("g")))
    }

    @Test("export --scale S reads the @Sx files of a sequence; the manifest says the size read")
    func exportPicksVariant() throws {
        let s = try Scratch()
        let dir = try sequence(s)
        for scale in [2, 3] {
            let out = s.path("w\(scale)")
            #expect(
                run([
                    "export", dir + "/frame%02d.png", "--scale", "\(scale)", "--view", "40x40", "--out", out, "--quiet",
                    "--fps", "10",
                ]) == 0)
            let manifest =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
                as! [String: Any]
            #expect(manifest["sourceWidth"] as? Int == 24 * scale && manifest["sourceHeight"] as? Int == 16 * scale)
        }
        // The folder itself reads the plain files (variants are never frames of their own).
        let (status, json) = try output(["inspect", dir, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect(status == 0 && report["frameCount"] as? Int == 6 && report["width"] as? Int == 24)
    }

    @Test("inspect, plan, emulate, frames and render take an SVG and a sequence (folder or pattern)")
    func commandsOnFormats() throws {
        let s = try Scratch()
        let dir = try sequence(s)
        let svg = s.path("icon.svg")
        try Data(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"32\" height=\"32\"><circle cx=\"16\" cy=\"16\" r=\"12\" fill=\"#e33\"/></svg>"
                .utf8
        ).write(to: URL(fileURLWithPath: svg))
        for input in [dir, dir + "/frame%02d.png", svg] {
            #expect(run(["inspect", input]) == 0, "inspect \(input)")
            #expect(run(["plan", input, "--view", "40x40"]) == 0, "plan \(input)")
            #expect(
                run(["emulate", input, "--view", "40x40", "--quiet"]) != ExitStatus.badInput.rawValue,
                "emulate \(input)")
            let out = s.path("frames-\(UUID().uuidString)")
            #expect(run(["frames", input, "--out", out, "--quiet"]) == 0, "frames \(input)")
            let render = s.path("r-\(UUID().uuidString).png")
            #expect(run(["render", input, "--view", "40x40", "--time", "0", "--out", render]) == 0, "render \(input)")
        }
        let frame = try PNG.read(URL(fileURLWithPath: s.path("anim/frame03.png")))
        let frames = try FileManager.default.contentsOfDirectory(atPath: s.url.path).filter { $0.hasPrefix("frames-") }
        let written = try frames.compactMap { f -> PixelBuffer? in
            let p = s.path(f + "/frame-0002.png")
            return FileManager.default.fileExists(atPath: p) ? try PNG.read(URL(fileURLWithPath: p)) : nil
        }
        #expect(written.contains(frame))  // a sequence's frame comes back unchanged
    }

    @Test("sequence settings are refused for single files, and bad sequences name the file")
    func refusals() throws {
        let s = try Scratch()
        let dir = try sequence(s)
        let gif = s.path("a.gif")
        try TestPatternFile.write(gif)
        #expect(run(["inspect", gif, "--loops", "2"]) == ExitStatus.badInput.rawValue)
        #expect(run(["inspect", dir, "--fps", "10", "--durations", "1,2"]) == ExitStatus.usage.rawValue)
        try FileManager.default.removeItem(atPath: dir + "/frame04.png")
        #expect(run(["inspect", dir]) == ExitStatus.badInput.rawValue)
        #expect(run(["inspect", dir, "--allow-gaps"]) == 0)
        try PNG.write(movingFrame(0, 10, 10), to: URL(fileURLWithPath: dir + "/frame04.png"))
        let (status, _) = try output(["inspect", dir])
        #expect(status == ExitStatus.badInput.rawValue)
    }
}

enum TestPatternFile {
    static func write(_ path: String) throws {
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 16, height: 16), frames: 3, delays: [10])
    }
}

@Suite("Sequences are inputs too")
struct SequenceInputProtectionTests {
    @Test("writing frames into the sequence's own folder never replaces a frame file, even with --force")
    func framesIntoInputFolder() throws {
        let s = try Scratch()
        let dir = s.path("seq")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for k in 0..<3 { try PNG.write(movingFrame(k, 20, 12), to: URL(fileURLWithPath: dir + "/frame-000\(k).png")) }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir).sorted().map {
            try Data(contentsOf: URL(fileURLWithPath: dir + "/" + $0))
        }
        #expect(run(["frames", dir, "--out", dir, "--force", "--quiet"]) == ExitStatus.badInput.rawValue)
        let after = try FileManager.default.contentsOfDirectory(atPath: dir).sorted().map {
            try Data(contentsOf: URL(fileURLWithPath: dir + "/" + $0))
        }
        #expect(after == before)
        #expect(
            run([
                "render", dir + "/frame-%04d.png", "--view", "20x20", "--time", "0", "--out", dir + "/frame-0001.png",
                "--force",
            ]) == ExitStatus.badInput.rawValue)
    }
}
