import ArcMaskGIF
import ArcMaskIO
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// Bulk outputs are the same bytes whatever the number of threads and from one run to the
/// next: frames are drawn, encoded and written out of order, but each file depends only on
/// its own frame.
@Suite("Outputs are deterministic across runs and threads")
struct DeterminismTests {
    /// Every file of a folder (recursively) by relative path, with its bytes.
    func contents(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let base = URL(fileURLWithPath: folder)
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)!
        for case let url as URL in files where !url.hasDirectoryPath {
            out[url.path.replacingOccurrences(of: base.path + "/", with: "")] = try Data(contentsOf: url)
        }
        return out
    }

    /// Runs `args` with `--out` in three folders: one thread, every core, every core again.
    func threeRuns(_ s: Scratch, _ args: [String], name: String) throws -> [[String: Data]] {
        try [["--jobs", "1"], [], ["--jobs", "2"]].enumerated().map { k, jobs in
            let out = s.path("\(name)-\(k)")
            #expect(run(args + ["--out", out, "--quiet"] + jobs) == 0)
            return try contents(out)
        }
    }

    @Test(
        "frames of a GIF: the same bytes with one thread, every core, and again",
        arguments: ["fast", "balanced", "small"])
    func gifFrames(preset: String) throws {
        let s = try Scratch()
        let input = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: input), size: PixelSize(width: 96, height: 64), frames: 24, delays: [4, 8])
        let runs = try threeRuns(s, ["frames", input, "--png-compression", preset], name: "gif")
        #expect(runs[0].count == 25)
        #expect(runs[0] == runs[1] && runs[1] == runs[2])
        // And every PNG reads back as the decoded frame.
        let source = try GIFFrameSource(path: input)
        for i in 0..<source.frameCount {
            let png = try PNG.decode([UInt8](runs[1][String(format: "frame-%04d.png", i)]!))
            #expect(png == (try source.frame(at: i)), "frame \(i)")
        }
    }

    @Test("frames and export of an SVGA (a renderer per thread): the same bytes with one thread and every core")
    func svgaFrames() throws {
        let s = try Scratch()
        let input = s.path("gift.svga")
        #expect(run(["generate", "--svga", "--out", input]) == 0)
        let frames = try threeRuns(s, ["frames", input, "--no-render-cache"], name: "svga")
        #expect(frames[0].count > 10)
        #expect(frames[0] == frames[1] && frames[1] == frames[2])
        let export = try threeRuns(
            s, ["export", input, "--family", "small", "--scale", "2", "--no-render-cache"], name: "export")
        #expect(export[0].keys.contains("manifest.json"))
        #expect(export[0] == export[1] && export[1] == export[2])
        let strip = try threeRuns(
            s, ["export", input, "--family", "small", "--scale", "2", "--layout", "strip", "--no-render-cache"],
            name: "strip")
        #expect(strip[0].keys.contains("strip.png"))
        #expect(strip[0] == strip[1] && strip[1] == strip[2])
    }

    @Test("--jobs outside 1…256 is refused")
    func jobsRange() throws {
        let s = try Scratch()
        #expect(run(["frames", s.path("x.gif"), "--out", s.path("o"), "--jobs", "0"]) == 64)
        #expect(!FileManager.default.fileExists(atPath: s.path("o")))
    }
}
