import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("export, emulate and preview by the timer-font route", .serialized)
struct TimerFontCommandsTests {
    /// A 2 s, 30-frame GIF.
    func twoSeconds(_ s: Scratch) throws -> String {
        let path = s.path("two.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 40, height: 40), frames: 30, delays: [7, 7, 6])
        return path
    }

    struct Emulation: Decodable {
        struct Window: Decodable { let fromSeconds: Int; let seconds: Int }
        let route: String
        let samples: Int
        let clean: Int
        let wrongFrame: Int
        let measuredFps: Double
        let loopSeconds: Int
        let windows: [Window]
    }

    @Test("emulate on a fresh export: every refresh at 60 and 120 Hz over two hours and the hour wraps is clean")
    func emulateExport() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        #expect(
            run(["export", file, "--route", "timer-font", "--widget-fps", "8", "--view", "40x40", "--out", out]) == 0)
        let result = try output(["emulate", "--route", "timer-font", out, "--json"])
        #expect(result.status == 0)
        let e = try JSONDecoder().decode(Emulation.self, from: Data(result.stdout.utf8))
        #expect(e.route == "timer-font" && e.loopSeconds == 2)
        #expect(e.windows.first?.seconds == 7200 && e.windows.count == 5)
        #expect(e.samples == (7200 + 4 * 4) * 180 && e.clean == e.samples && e.wrongFrame == 0)
        #expect(e.measuredFps == 8)
        let text = try output(["emulate", "--route", "timer-font", out, "--duration", "10000"])
        #expect(
            text.status == 0 && text.stdout.contains("0 wrong frames: the fonts show the pictures the manifest names")
                && text.stdout.hasSuffix("→ PASS\n"))
        #expect(text.stdout.contains("8 frames a second seen (8 planned), a 2 s loop of 16 frames"))
    }

    @Test("a manifest whose frames were swapped is caught: wrong frames, exit 2, and the preview marks them")
    func tampered() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        #expect(
            run(["export", file, "--route", "timer-font", "--widget-fps", "4", "--view", "40x40", "--out", out]) == 0)
        let url = URL(fileURLWithPath: out + "/manifest.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var frames = json["frames"] as! [[String: Any]]
        let third = frames[3]["pictureDigest"] as! String
        frames[3]["pictureDigest"] = frames[4]["pictureDigest"]
        frames[4]["pictureDigest"] = third
        json["frames"] = frames
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        let result = try output(["emulate", "--route", "timer-font", out, "--json", "--duration", "4000"])
        #expect(result.status == ExitStatus.defectsFound.rawValue)
        let e = try JSONDecoder().decode(Emulation.self, from: Data(result.stdout.utf8))
        // Frames 3 and 4 of every 2 s: a quarter second each, at 180 refreshes a second.
        #expect(e.wrongFrame > 0 && e.wrongFrame == e.samples - e.clean)
        let preview = try output(["preview", "--route", "timer-font", out, "--out", s.path("pv"), "--json"])
        #expect(preview.status == 0)
        let p = try JSONDecoder().decode(Emulation.self, from: Data(preview.stdout.utf8))
        #expect(p.wrongFrame > 0 && p.loopSeconds == 2)
        #expect(try PNG.read(URL(fileURLWithPath: s.path("pv/timeline.png"))).width > 0)
    }

    @Test("preview writes the frame sheet and the layer chart, and refuses a full folder without --force")
    func preview() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        #expect(
            run(["export", file, "--route", "timer-font", "--widget-fps", "8", "--view", "40x40", "--out", out]) == 0)
        let result = try output(["preview", "--route", "timer-font", out, "--out", s.path("pv")])
        #expect(result.status == 0 && result.stdout.contains("0 wrong frames of 240 refreshes → PASS"))
        let sheet = try PNG.read(URL(fileURLWithPath: s.path("pv/timeline.png")))
        let chart = try PNG.read(URL(fileURLWithPath: s.path("pv/layers.png")))
        #expect(sheet.width == 16 + 8 * 136 && sheet.height == 56 + 2 * 172 + 8)
        #expect(chart.width == 1104 && chart.height == Int(64 + 17 * 22.0 + 48))
        #expect(run(["preview", "--route", "timer-font", out, "--out", s.path("pv")]) == ExitStatus.badInput.rawValue)
        #expect(run(["preview", "--route", "timer-font", out, "--out", s.path("pv"), "--force"]) == 0)
    }

    @Test("bad folders are refused with exit 1 and the file named")
    func badFolders() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        // Not a folder, a rotation export, a manifest missing a key, a font cut short.
        var e = try errors(["emulate", "--route", "timer-font", file])
        #expect(
            e.status == ExitStatus.badInput.rawValue
                && e.stderr.contains("two.gif: is not a timer-font export's folder"))
        #expect(run(["export", file, "--view", "40x40", "--scale", "2", "--out", s.path("rotation")]) == 0)
        e = try errors(["emulate", "--route", "timer-font", s.path("rotation")])
        #expect(
            e.status == ExitStatus.badInput.rawValue && e.stderr.contains("manifest.json: is not a timer-font export's")
        )
        let out = s.path("out")
        #expect(
            run(["export", file, "--route", "timer-font", "--widget-fps", "2", "--view", "40x40", "--out", out]) == 0)
        let font = URL(fileURLWithPath: out + "/ArcMaskFrames1-Regular.ttf")
        let bytes = try Data(contentsOf: font)
        try bytes.prefix(100).write(to: font)
        // A changed font is a problem of the folder, listed with the others: exit 2.
        let changed = try output(["emulate", "--route", "timer-font", out])
        #expect(changed.status == ExitStatus.defectsFound.rawValue)
        #expect(
            changed.stdout.contains(
                "problem: ArcMaskFrames1-Regular.ttf: holds 100 bytes with digest")
                && changed.stdout.contains("the manifest says \(bytes.count) bytes"))
        try bytes.write(to: font)
        #expect(run(["emulate", "--route", "timer-font", out, "--duration", "2000"]) == 0)
        let url = URL(fileURLWithPath: out + "/manifest.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        json["loopSeconds"] = nil
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        e = try errors(["emulate", "--route", "timer-font", out])
        #expect(e.status == ExitStatus.badInput.rawValue && e.stderr.contains("manifest.json: loopSeconds: is missing"))
    }

    @Test("options that belong to the other route, and rates the route cannot play, are usage errors")
    func usage() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let base = ["export", file, "--view", "40x40", "--out", s.path("x")]
        #expect(run(base + ["--route", "timer-font", "--widget-fps", "20"]) == ExitStatus.usage.rawValue)
        // Until 0.11, --fps with the route and no --widget-fps keeps its old meaning, checked alike.
        #expect(run(base + ["--route", "timer-font", "--fps", "7.5"]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--route", "timer-font", "--loop-seconds", "7"]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--route", "timer-font", "--background", "#12345678"]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--route", "timer-font", "--layout", "strip"]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--route", "timer-font", "--accented", "accented"]) == ExitStatus.usage.rawValue)
        // A rotation export's loop settings shape its timer masks; without them they belong to no route.
        #expect(run(base + ["--fallback", "none", "--loop-seconds", "2"]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--fallback", "none", "--timing", "scale"]) == ExitStatus.usage.rawValue)
        #expect(run(["emulate", file]) == ExitStatus.usage.rawValue)
        #expect(run(["plan", file]) == ExitStatus.usage.rawValue)
        #expect(s.entries == ["two.gif"])
        // A loop the animation repeats in exactly; a budget nothing fits writes nothing.
        #expect(
            run(base + ["--route", "timer-font", "--loop-seconds", "4", "--timing", "repeat", "--widget-fps", "3"]) == 0
        )
        #expect(
            run([
                "export", file, "--view", "40x40", "--out", s.path("y"), "--route", "timer-font", "--budget", "0.1",
                "--widget-fps", "8",
            ]) == ExitStatus.badInput.rawValue)
        #expect(!FileManager.default.fileExists(atPath: s.path("y")))
    }

    @Test("--widget-fps is the widget's rate; with it, --fps resamples the input as on every route")
    func widgetRate() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        #expect(
            run([
                "export", file, "--route", "timer-font", "--widget-fps", "4", "--fps", "10", "--view", "40x40",
                "--out", s.path("a"), "--quiet",
            ]) == 0)
        #expect(
            run([
                "export", file, "--route", "timer-font", "--fps", "4", "--view", "40x40", "--out", s.path("b"),
                "--quiet",
            ]) == 0)
        func manifest(_ dir: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: s.path(dir + "/manifest.json"))))
                as! [String: Any]
        }
        // Both play at 4 fps in the widget (the old meaning of --fps still holds without --widget-fps).
        #expect(try manifest("a")["fps"] as? Int == 4 && manifest("b")["fps"] as? Int == 4)
        #expect(
            run(["export", file, "--widget-fps", "4", "--fallback", "none", "--view", "40x40", "--out", s.path("c")])
                == 64)
    }
}

/// Runs the built `arcmask` and returns its exit status and standard error.
func errors(_ args: [String], environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
    let process = Process(), err = Pipe()
    process.executableURL = try arcmaskBinary()
    process.arguments = args
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
