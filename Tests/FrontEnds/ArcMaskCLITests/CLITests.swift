import ArcMaskFiles
import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import ArgumentParser
import Foundation
import Testing

@testable import ArcMaskCLI

/// Runs `arcmask ARGS` in-process; returns the exit status.
func run(_ args: [String]) -> Int32 {
    Watchdog.isEnabled = false
    do {
        var command = try ArcMaskCommand.parse(arguments: args)
        try command.run()
        return 0
    } catch {
        return ArcMaskCommand.exitCode(for: error).rawValue
    }
}

final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

@Suite("Command line")
struct CLITests {
    func pattern(_ s: Scratch, frames: Int = 6, delays: [Int] = [5, 10, 20]) throws -> String {
        let path = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 48, height: 32),
            frames: frames, delays: delays)
        return path
    }

    @Test("frames writes canvas-sized PNGs equal to the decoded frames, and frames.json")
    func frames() throws {
        let s = try Scratch()
        let input = try pattern(s)
        #expect(run(["frames", input, "--out", s.path("out"), "--quiet"]) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: s.path("out")).sorted()
        #expect(files == (0..<6).map { String(format: "frame-%04d.png", $0) } + ["frames.json"])
        let gif = try GIFFrameSource(path: input)
        for i in 0..<6 {
            #expect(try PNG.read(URL(fileURLWithPath: s.path("out/frame-000\(i).png"))) == gif.frame(at: i))
        }
        let report = try JSONDecoder().decode(
            GIFReport.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("out/frames.json"))))
        #expect(report.frames.map(\.delayCentiseconds) == [5, 10, 20, 5, 10, 20])
        #expect(report.frameCount == 6 && report.loopCount == 0 && report.durationMs == 700)
    }

    @Test("frames refuses a non-empty folder without --force, and leaves it alone")
    func nonEmpty() throws {
        let s = try Scratch()
        let input = try pattern(s)
        try FileManager.default.createDirectory(atPath: s.path("out"), withIntermediateDirectories: true)
        try AtomicFile.write(Array("mine".utf8), to: URL(fileURLWithPath: s.path("out/notes.txt")))
        #expect(run(["frames", input, "--out", s.path("out"), "--quiet"]) == ExitStatus.badInput.rawValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("out")) == ["notes.txt"])
        #expect(run(["frames", input, "--out", s.path("out"), "--force", "--quiet"]) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("out")).count == 8)
    }

    @Test(
        "bad inputs exit 1 and leave no output",
        arguments: [
            ("empty.gif", [UInt8]()),
            ("text.gif", Array("hello, this is not a picture".utf8)),
            ("cut.gif", Array("GIF89a\u{10}\u{00}".utf8)),
        ])
    func badInput(name: String, bytes: [UInt8]) throws {
        let s = try Scratch()
        try AtomicFile.write(bytes, to: URL(fileURLWithPath: s.path(name)))
        #expect(run(["inspect", s.path(name)]) == ExitStatus.badInput.rawValue)
        #expect(run(["frames", s.path(name), "--out", s.path("out"), "--quiet"]) == ExitStatus.badInput.rawValue)
        #expect(s.entries == [name])
    }

    @Test("a missing file exits 1")
    func missing() throws {
        let s = try Scratch()
        #expect(run(["inspect", s.path("nope.gif")]) == ExitStatus.badInput.rawValue)
    }

    @Test("limits refuse an input with a non-zero exit", arguments: [["--max-pixels", "100"], ["--max-frames", "3"]])
    func limits(_ flags: [String]) throws {
        let s = try Scratch()
        let input = try pattern(s)
        #expect(run(["frames", input, "--out", s.path("out"), "--quiet"] + flags) == ExitStatus.badInput.rawValue)
        #expect(s.entries == ["in.gif"])
    }

    @Test(
        "bad arguments exit 64",
        arguments: [
            ["inspect"], ["frames", "x.gif"], ["frames", "x.gif", "--out", "o", "--compression", "12"],
            ["inspect", "x.gif", "--max-pixels", "0"], ["generate", "--out", "g.gif", "--canvas", "12"], ["nonsense"],
            // A scale no screen has is refused, not silently replaced by 3× (a user's finding).
            ["export", "x.gif", "--out", "o", "--scale", "7"], ["export", "x.gif", "--out", "o", "--scale", "2.5"],
        ])
    func usage(_ args: [String]) {
        #expect(run(args) == ExitStatus.usage.rawValue)
    }

    @Test("inspect --json carries the documented keys")
    func inspectJSON() throws {
        let s = try Scratch()
        let gif = try GIFFrameSource(path: try pattern(s))
        let json = try jsonString(gif.report)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        for key in ["width", "height", "frameCount", "loopCount", "durationMs", "frames", "damaged"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let frame = (object["frames"] as! [[String: Any]])[0]
        for key in [
            "delayCentiseconds", "durationMs", "disposal", "x", "y", "width", "height", "interlaced", "localPalette",
        ] {
            #expect(frame[key] != nil, "missing frames[].\(key)")
        }
        #expect(gif.report.text().contains("6 frames, loops forever, 700 ms per play"))
    }

    @Test("generate refuses to replace a file without --force")
    func generate() throws {
        let s = try Scratch()
        let input = try pattern(s)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        #expect(run(["generate", "--out", input, "--quiet"]) == ExitStatus.badInput.rawValue)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }
}
