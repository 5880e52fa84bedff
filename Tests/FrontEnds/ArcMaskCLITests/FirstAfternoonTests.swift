import ArcMaskCore
import ArcMaskGIF
import ArcMaskIO
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// The rows of a new user's first afternoon (round 2 of the findings), each as the behaviour that mends it.
@Suite("First afternoon", .serialized)
struct FirstAfternoonTests {
    func gif(_ s: Scratch, frames: Int = 8) throws -> String {
        let path = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 48, height: 32), frames: frames, delays: [5, 10])
        return path
    }

    struct Verdict: Decodable {
        let passed: Bool
        let defective: Int?
        let torn: Int, gap: Int, wrongFrame: Int
    }

    struct Manifest: Decodable { let emulator: Verdict }

    @Test("a FAIL verdict exits 2 with the folder written; --allow-defects exits 0; one count of defective refreshes")
    func failExits2() throws {
        let s = try Scratch()
        let input = try gif(s)
        let line = ["export", input, "--view", "170x170", "--preset", "dynamicwidget"]
        #expect(run(line + ["--out", s.path("dw")]) == ExitStatus.defectsFound.rawValue)
        let m = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("dw/manifest.json"))))
        #expect(!m.emulator.passed)
        // A refresh that is both a gap and a wrong frame counts once, as emulate counts it.
        let defective = try #require(m.emulator.defective)
        #expect(defective > 0 && defective <= m.emulator.torn + m.emulator.gap + m.emulator.wrongFrame)
        let emulate = try output(["emulate", input, "--view", "170x170", "--preset", "dynamicwidget", "--json"])
        let e = try JSONDecoder().decode(Verdict.self, from: Data(emulate.stdout.utf8))
        #expect(emulate.status == ExitStatus.defectsFound.rawValue && e.defective == defective)
        #expect(run(line + ["--out", s.path("ok"), "--allow-defects"]) == 0)
        #expect(run(["export", input, "--view", "170x170", "--out", s.path("arcmask")]) == 0)
    }

    @Test(
        "--force leaves only the new export (and the user's own files); the check flags files the manifest does not list"
    )
    func forceReplaces() throws {
        let s = try Scratch()
        let many = try gif(s, frames: 12)
        let out = s.path("w")
        #expect(run(["export", many, "--view", "60x40", "--out", out]) == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
        let few = s.path("few.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: few), size: PixelSize(width: 48, height: 32), frames: 3, delays: [10])
        #expect(run(["export", few, "--view", "60x40", "--out", out, "--force"]) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let layers = files.filter { $0.hasPrefix("frame-") }
        #expect(layers == ["frame-0000.jpg", "frame-0001.jpg", "frame-0002.jpg"], "\(files)")
        #expect(files.contains("notes.txt"))
        // The user's file is kept, and the check says the extension would ship it.
        #expect(run(["check", out, "--quiet"]) == ExitStatus.defectsFound.rawValue)
        try FileManager.default.removeItem(atPath: out + "/notes.txt")
        #expect(run(["check", out, "--quiet"]) == 0)
        // A layer left by hand is flagged too.
        try FileManager.default.copyItem(atPath: out + "/frame-0000.jpg", toPath: out + "/frame-0099.jpg")
        let check = try output(["check", out, "--json"])
        #expect(check.status == ExitStatus.defectsFound.rawValue && check.stdout.contains("frame-0099.jpg"))
    }

    @Test("alpha dropped is said: a JPEG export warns, --background flattens on every route, PNG keeps it")
    func transparency() throws {
        let s = try Scratch()
        // A picture whose left half is transparent.
        var image = PixelBuffer(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let o = (y * 40 + x) * 4
                image.bytes[o] = 200
                image.bytes[o + 1] = 30
                image.bytes[o + 2] = 30
                image.bytes[o + 3] = x < 20 ? 0 : 255
            }
        }
        let input = s.path("half.png")
        try PNG.write(image, to: URL(fileURLWithPath: input))
        let base = ["export", input, "--view", "40x40", "--scale", "1"]
        let auto = try output(base + ["--out", s.path("auto"), "--json"])
        #expect(auto.status == 0 && !auto.stdout.contains("transparent pixels"))
        #expect(FileManager.default.fileExists(atPath: s.path("auto/frame-0000.png")))
        let jpeg = try output(base + ["--image-format", "jpeg", "--out", s.path("jpeg"), "--json"])
        #expect(
            jpeg.status == 0 && jpeg.stdout.contains("transparent pixels that JPEG cannot hold: flattened onto #000000")
        )
        #expect(run(base + ["--background", "#FFFFFF", "--out", s.path("white")]) == 0)
        let white = try JPEG.decode(Array(Data(contentsOf: URL(fileURLWithPath: s.path("white/frame-0000.jpg"))))).image
        #expect(white.pixel(x: 5, y: 20).r > 240 && white.pixel(x: 5, y: 20).g > 240)
        #expect(run(base + ["--background", "white", "--out", s.path("bad")]) == 64)
        let font = try output([
            "export", input, "--view", "40x40", "--route", "timer-font", "--out", s.path("tf"), "--json",
        ])
        #expect(font.status == 0 && font.stdout.contains("flattened onto"))
        #expect(
            run([
                "export", input, "--view", "40x40", "--route", "timer-font", "--background", "#336699", "--out",
                s.path("tf2"),
            ]) == 0)
    }

    /// Runs the built `arcmask` with `TMPDIR` set; returns its status and stderr.
    func withTemporaryFolder(_ tmp: String, _ args: [String]) throws -> (status: Int32, stderr: String) {
        try errors(args, environment: ["TMPDIR": tmp])
    }

    @Test("locks live in a folder of the user's own (mode 0700); one others could write is refused by its path")
    func locksPerUser() throws {
        let s = try Scratch()
        let input = try gif(s)
        let tmp = s.path("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let line = ["export", input, "--view", "60x40", "--out", s.path("a"), "--quiet"]
        #expect(try withTemporaryFolder(tmp, line).status == 0)
        let folder = tmp + "/arcmask-locks-\(getuid())"
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        // A folder others can write could be swapped under the locks: refused, named.
        chmod(folder, 0o777)
        let refused = try withTemporaryFolder(tmp, ["export", input, "--view", "60x40", "--out", s.path("b")])
        #expect(refused.status != 0 && refused.stderr.contains(folder) && refused.stderr.contains("written by others"))
        #expect(!FileManager.default.fileExists(atPath: s.path("b")))
        chmod(folder, 0o700)
        #expect(try withTemporaryFolder(tmp, ["export", input, "--view", "60x40", "--out", s.path("b")]).status == 0)
    }

    @Test("--display-name and --description set the gallery's strings; the check tells their edits from playback's")
    func galleryStrings() throws {
        let s = try Scratch()
        let input = try gif(s)
        let out = s.path("w")
        let line = [
            "export", input, "--view", "60x40", "--out", out, "--display-name", "Orbit \"Ω\"", "--description",
            "Turns.",
        ]
        #expect(run(line) == 0)
        let widget = out + "/ArcMaskWidget.swift"
        var text = try String(contentsOfFile: widget, encoding: .utf8)
        #expect(
            text.contains(#".configurationDisplayName("Orbit \"Ω\"")"#) && text.contains(#".description("Turns.")"#))
        // Renaming the widget in the gallery is the user's business: a note, not a failure.
        try text.replacingOccurrences(of: "Turns.", with: "Spins.").write(
            toFile: widget, atomically: true, encoding: .utf8)
        let renamed = try output(["check", out])
        #expect(
            renamed.status == 0
                && renamed.stdout.contains("note: ArcMaskWidget.swift: its display name or description was edited"))
        // Anything else edited is a problem.
        text = try String(contentsOfFile: widget, encoding: .utf8)
        try text.replacingOccurrences(of: "contentMarginsDisabled()", with: "padding()").write(
            toFile: widget, atomically: true, encoding: .utf8)
        #expect(run(["check", out, "--quiet"]) == ExitStatus.defectsFound.rawValue)
        #expect(run(["export", input, "--view", "60x40", "--out", s.path("x"), "--display-name", "a\nb"]) == 64)
        #expect(
            run([
                "export", input, "--view", "60x40", "--out", s.path("y"), "--route", "timer-font", "--description",
                "Ticks.",
            ]) == 0)
        #expect(
            try String(contentsOfFile: s.path("y/ArcMaskWidget.swift"), encoding: .utf8).contains(
                #".description("Ticks.")"#))
    }

    @Test("an export folder is a source everywhere: its layers with their durations, as the widget plays them")
    func exportFolderIsASource() throws {
        let s = try Scratch()
        let input = try gif(s, frames: 12)
        let out = s.path("w")
        // A tight archive merges and drops: the folder has fewer layers than the GIF has frames.
        #expect(run(["export", input, "--view", "60x40", "--archive-budget", "0.02", "--out", out, "--quiet"]) == 0)
        let m =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
            as! [String: Any]
        let layers = (m["frames"] as! [[String: Any]])
        let inspect = try output(["inspect", out, "--json"])
        let r = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as! [String: Any]
        #expect(inspect.status == 0 && r["format"] as? String == "export folder")
        #expect(r["frameCount"] as? Int == layers.count)
        let durations = (r["frames"] as! [[String: Any]]).map { $0["durationMs"] as! Double }
        #expect(durations == layers.map { $0["durationMs"] as! Double })
        // frames DIR writes the layers as PNGs; preview DIR plays them.
        #expect(run(["frames", out, "--out", s.path("f"), "--quiet"]) == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: s.path("f")).filter { $0.hasSuffix(".png") }.count
                == layers.count)
        #expect(run(["preview", out, "--view", "60x40", "--out", s.path("p"), "--quiet"]) == 0)
        // A layer changed to another size is named.
        try FileManager.default.removeItem(atPath: out + "/" + (layers[0]["file"] as! String))
        try FileManager.default.copyItem(atPath: input, toPath: out + "/" + (layers[0]["file"] as! String))
        #expect(run(["frames", out, "--out", s.path("g"), "--quiet"]) == 1)
        // A timer-font export is refused with what to do instead.
        #expect(
            run(["export", input, "--view", "60x40", "--route", "timer-font", "--out", s.path("t"), "--quiet"]) == 0)
        #expect(run(["inspect", s.path("t")]) == 1)
    }
}
