import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
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
        let base = ["export", input, "--view", "40x40", "--scale", "1", "--allow-still"]
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
            "--allow-still",
        ])
        #expect(font.status == 0 && font.stdout.contains("flattened onto"))
        #expect(
            run([
                "export", input, "--view", "40x40", "--route", "timer-font", "--background", "#336699", "--out",
                s.path("tf2"), "--allow-still",
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
        // A tight archive merges and drops: the folder has fewer layers than the GIF has frames
        // (and no room for timer masks that would show them all).
        #expect(
            run([
                "export", input, "--view", "60x40", "--archive-budget", "0.02", "--fallback", "none", "--out", out,
                "--quiet",
            ]) == 0)
        let m =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
            as! [String: Any]
        let layers = (m["frames"] as! [[String: Any]])
        let inspect = try output(["inspect", out, "--json"])
        let r = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as! [String: Any]
        #expect(inspect.status == 0 && r["format"] as? String == "export folder")
        #expect(r["frameCount"] as? Int == layers.count)
        let durations = (r["frames"] as! [[String: Any]]).map { $0["durationMs"] as! Double }
        // --json prints nine decimals at most; the manifest keeps every bit.
        let listed = layers.map { $0["durationMs"] as! Double }
        #expect(durations.count == listed.count && zip(durations, listed).allSatisfy { abs($0 - $1) < 1e-6 })
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

/// Runs the built `arcmask ARGS`; returns its status, standard output and standard error.
func outputs(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process(), out = Pipe(), err = Pipe()
    process.executableURL = try arcmaskBinary()
    process.arguments = args
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes at once: one left full would block the other.
    final class Box: @unchecked Sendable { var data = Data() }
    let group = DispatchGroup(), errors = Box()
    let reader = err.fileHandleForReading
    DispatchQueue.global().async(group: group) { errors.data = reader.readDataToEndOfFile() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errors.data, as: UTF8.self)
    )
}

/// The rows of a new user's afternoon, round 3 (`../shared/design/FINDINGS.md`), each running
/// the row's reproduction and asserting what a user expects.
@Suite("First afternoon, round 3", .serialized)
struct FirstAfternoonRound3Tests {
    /// A 60×60 GIF, 10 frames of 100 ms: a 12×12 square of #0000FE moving right over a
    /// transparent canvas (the finding's T.gif, smaller).
    func sprite(_ s: Scratch, loops: Int? = 0) throws -> String {
        let path = s.path("T.gif")
        let size = PixelSize(width: 60, height: 60)
        let writer = try GIFWriter(
            url: URL(fileURLWithPath: path), screen: size,
            globalPalette: [RGB(r: 0, g: 0, b: 254), RGB(r: 0, g: 0, b: 0)], loopCount: loops)
        for f in 0..<10 {
            var indices = [UInt8](repeating: 1, count: 60 * 60)
            for y in 24..<36 { for x in (f * 4)..<(f * 4 + 12) { indices[y * 60 + x] = 0 } }
            try writer.add(
                .init(
                    indices: indices, rect: PixelRect(x: 0, y: 0, width: 60, height: 60), delayCentiseconds: 10,
                    disposal: .background, transparentIndex: 1))
        }
        _ = try writer.finish()
        return path
    }

    func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    struct FontManifest: Decodable {
        struct Frame: Decodable { let sourceFrame: Int; let pictureDigest: String }
        let background: String
        let frames: [Frame]
        let flattening: [String]?
    }

    @Test("row 1: a transparent sprite stays visible on the timer-font route; flattening onto its own colour FAILs")
    func transparentSprite() throws {
        let s = try Scratch()
        let t = try sprite(s)
        // At 10 fps the loop shows each of the 10 frames.
        let line = ["export", t, "--view", "60x60", "--scale", "1", "--route", "timer-font", "--widget-fps", "10"]
        let ok = try outputs(line + ["--out", s.path("t")])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let m = try JSONDecoder().decode(
            FontManifest.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("t/manifest.json"))))
        // The default background is the widget's, not the sprite's colour.
        #expect(m.background == "#FFFFFF" && (m.flattening ?? []).isEmpty)
        // The 10 frames, as the widget shows them, are distinct pictures.
        let shown = Set(m.frames.map(\.sourceFrame))
        #expect(shown.count == 10)
        #expect(Set(m.frames.map(\.pictureDigest)).count == shown.count)
        #expect(lastLine(ok.stdout) == "→ PASS" && ok.stdout.contains("the fonts show the flattened pictures"))
        // Onto the sprite's own colour: every frame the same and nothing visible: FAIL, named, exit 2.
        let blue = try outputs(line + ["--background", "0000FE", "--out", s.path("blue")])
        #expect(blue.status == ExitStatus.defectsFound.rawValue)
        #expect(
            lastLine(blue.stdout).hasPrefix("→ FAIL (20 frames that differ look the same once flattened onto #0000FE"))
        #expect(blue.stdout.contains("--background chooses a colour the animation does not use"))
        // The check of that folder says the same, last.
        let check = try outputs(["check", s.path("blue")])
        #expect(
            check.status == ExitStatus.defectsFound.rawValue && lastLine(check.stdout).hasPrefix("→ FAIL (20 frames"))
        // The rotation route flattens with --background too, and judges it alike.
        let rotation = try outputs([
            "export", t, "--view", "60x60", "--scale", "1", "--background", "0000FE", "--out", s.path("r"),
        ])
        #expect(rotation.status == ExitStatus.defectsFound.rawValue && rotation.stdout.contains("layers that differ"))
    }

    @Test("row 2: a folder holding one numbered photo is not a sequence")
    func folderWithOnePhoto() throws {
        let s = try Scratch()
        let d = s.path("d")
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try sprite(s), toPath: d + "/orbit.gif")
        try PNG.write(PixelBuffer(width: 8, height: 8), to: URL(fileURLWithPath: d + "/IMG_2041.png"))
        let r = try outputs(["export", d, "--view", "60x60", "--out", s.path("x")])
        #expect(r.status == ExitStatus.badInput.rawValue)
        #expect(r.stderr.contains("one numbered picture (IMG_2041.png) and 1 other file (orbit.gif)"))
        #expect(r.stderr.contains("\(d)/orbit.gif") && !FileManager.default.fileExists(atPath: s.path("x")))
    }

    @Test("row 3: nothing moves (a still, or one layer left by the budget): a warning and exit 2 unless --allow-still")
    func nothingMoves() throws {
        let s = try Scratch()
        var still = PixelBuffer(width: 40, height: 40)
        for i in stride(from: 0, to: still.bytes.count, by: 4) { still.bytes[i] = 200; still.bytes[i + 3] = 255 }
        try PNG.write(still, to: URL(fileURLWithPath: s.path("still.png")))
        let refused = try outputs(["export", s.path("still.png"), "--view", "60x60", "--out", s.path("a")])
        #expect(refused.status == ExitStatus.defectsFound.rawValue)
        #expect(lastLine(refused.stdout).hasPrefix("→ FAIL (nothing moves: the input is a still"))
        #expect(refused.stderr.contains("--allow-still") && !FileManager.default.fileExists(atPath: s.path("a")))
        #expect(run(["export", s.path("still.png"), "--view", "60x60", "--out", s.path("b"), "--allow-still"]) == 0)
        let orbit = try TestPattern.writeGIF(
            to: URL(fileURLWithPath: s.path("o.gif")), size: PixelSize(width: 180, height: 180), frames: 16,
            delays: [6, 12])
        _ = orbit
        let squeezed = try outputs([
            "export", s.path("o.gif"), "--family", "small", "--archive-budget", "0.01", "--out", s.path("c"),
        ])
        #expect(squeezed.status == ExitStatus.defectsFound.rawValue)
        #expect(squeezed.stdout.contains("of the animation's 16 frames the budget left one layer"))
        #expect(!FileManager.default.fileExists(atPath: s.path("c")))
        // Asked for, it is written; the archive line speaks of the budget asked for, not of a Live Activity.
        let asked = try outputs([
            "export", s.path("o.gif"), "--family", "small", "--archive-budget", "0.01", "--out", s.path("d"),
            "--allow-still",
        ])
        #expect(asked.status == 0 && asked.stdout.contains("still: nothing moves"))
        #expect(asked.stdout.contains("the archive budget asked for") && !asked.stdout.contains("Live Activity"))
    }

    @Test("row 4: every file to add, the mask font included, in the first line and in one step before building")
    func everyFileBeforeBuilding() throws {
        let s = try Scratch()
        let r = try outputs(["export", try sprite(s), "--view", "60x60", "--out", s.path("w")])
        let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains(".ttf") && first.contains("ArcMaskWidget.swift"))
        let guide = try String(contentsOfFile: s.path("w/INSTALL.md"), encoding: .utf8)
        let font = try #require(guide.range(of: "`ArcMaskMask2-Regular.ttf`"))
        let build = try #require(guide.range(of: "Build and run the extension's scheme"))
        let plist = try #require(guide.range(of: "<key>UIAppFonts</key>"))
        #expect(font.lowerBound < build.lowerBound && plist.lowerBound < build.lowerBound)
        #expect(guide.contains("2. Drag `ArcMaskAnimation.swift`"))
    }

    @Test("row 5: one verdict, last; the rotation under timer masks is described, not judged")
    func oneVerdictLast() throws {
        let s = try Scratch()
        let t = try sprite(s)
        #expect(run(["export", t, "--view", "60x60", "--out", s.path("w"), "--quiet"]) == 0)
        try FileManager.default.removeItem(atPath: s.path("w/frame-0003.png"))
        try FileManager.default.copyItem(atPath: s.path("w/frame-0005.png"), toPath: s.path("w/frame-0003.png"))
        let check = try outputs(["check", s.path("w")])
        #expect(check.status == ExitStatus.defectsFound.rawValue && lastLine(check.stdout) == "→ FAIL (1 problem)")
        let mask = try outputs(["export", t, "--view", "60x60", "--route", "timer-mask", "--out", s.path("m")])
        #expect(mask.status == 0 && lastLine(mask.stdout).hasPrefix("→ PASS"))
        #expect(mask.stdout.contains("so it does not decide") && !mask.stdout.contains("FAIL"))
        let checked = try outputs(["check", s.path("m")])
        #expect(checked.status == 0 && lastLine(checked.stdout).hasPrefix("→ PASS"))
    }

    @Test("row 6: a timer-font folder lists every changed file and exits 2, as a rotation folder does")
    func timerFontCheckListsEverything() throws {
        let s = try Scratch()
        let out = s.path("t")
        #expect(run(["export", try sprite(s), "--view", "60x60", "--route", "timer-font", "--out", out]) == 0)
        for name in ["ArcMaskFrames0-Regular.ttf", "ArcMaskFrames1-Regular.ttf"] {
            try Data("not a font".utf8).write(to: URL(fileURLWithPath: out + "/" + name))
        }
        let check = try outputs(["check", out])
        #expect(check.status == ExitStatus.defectsFound.rawValue)
        #expect(check.stdout.contains("problem: ArcMaskFrames0-Regular.ttf: holds 10 bytes"))
        #expect(check.stdout.contains("problem: ArcMaskFrames1-Regular.ttf: holds 10 bytes"))
        #expect(lastLine(check.stdout) == "→ FAIL (2 problems)")
    }

    @Test("row 7: every --json has docs/commands.md's keys, a top-level passed in check, and no float noise")
    func jsonVocabulary() throws {
        let s = try Scratch()
        let t = try sprite(s)
        let view = ["--view", "60x60"]
        let runs: [(args: [String], keys: [String])] = [
            (["inspect", t, "--json"], ["file", "warnings", "durationMs"]),
            (["plan", t, "--json"] + view, ["file", "layers"]),
            (["emulate", t, "--json"] + view, ["file", "passed", "allPhases"]),
            (["render", t, "--time", "0.1", "--out", s.path("r.png"), "--json"] + view, ["file", "output"]),
            (["preview", t, "--out", s.path("p"), "--json"] + view, ["file", "output", "passed"]),
            (["frames", t, "--out", s.path("f"), "--json"], ["file", "output", "warnings"]),
            (["export", t, "--out", s.path("e"), "--json"] + view, ["file", "output", "warnings"]),
            (["check", s.path("e"), "--json"], ["file", "passed", "problems", "emulator"]),
            (["export", t, "--route", "timer-font", "--out", s.path("tf"), "--json"] + view, ["file", "output"]),
            (["check", s.path("tf"), "--json"], ["file", "passed", "problems"]),
            (["preview", "--route", "timer-mask", s.path("e"), "--out", s.path("pm"), "--json"], ["file", "output"]),
        ]
        for (args, keys) in runs {
            let r = try output(args)
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let o = try #require(object, "\(args[0]): \(r.stdout.prefix(200))")
            for key in keys { #expect(o[key] != nil, "\(args.joined(separator: " ")) has no \(key)") }
            #expect((o["file"] as? String) == args.first { !$0.hasPrefix("-") && $0 != args[0] && $0 != "timer-mask" })
            // No binary-fraction noise: at most nine decimals.
            let noisy = r.stdout.range(of: #"\d\.\d{10,}"#, options: .regularExpression)
            #expect(noisy == nil, "\(args[0]): \(noisy.map { String(r.stdout[$0]) } ?? "")")
        }
    }

    @Test("row 8: --widget-fps and --loop-seconds state the real rule the first time")
    func rangeErrors() throws {
        let s = try Scratch()
        let t = try sprite(s)
        let line = ["export", t, "--view", "60x60", "--route", "timer-font", "--out", s.path("x")]
        for bad in ["1000", "100", "20"] {
            let r = try errors(line + ["--widget-fps", bad])
            #expect(r.status == 64 && r.stderr.contains("1 to 15 with --route timer-font, 1 to 30 for timer masks"))
        }
        for bad in ["0", "7", "15"] {
            let r = try errors(line + ["--loop-seconds", bad])
            #expect(r.status == 64 && r.stderr.contains("2, 4, 6, 10, 12, 20, 30, 60 with --route timer-font"))
        }
    }

    @Test("row 9: the docs write --background so that it works when pasted into a shell")
    func backgroundPastes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for doc in ["README.md", "docs/commands.md", "docs/routes.md", "docs/formats.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
            #expect(!text.contains("--background #"), "\(doc)")
        }
        let s = try Scratch()
        #expect(
            run([
                "export", try sprite(s), "--view", "60x60", "--route", "timer-font", "--background", "FFFFFF",
                "--out", s.path("t"),
            ]) == 0)
    }

    @Test("row 10: preview of an export folder takes the manifest's view")
    func previewFolder() throws {
        let s = try Scratch()
        #expect(run(["export", try sprite(s), "--view", "60x60", "--out", s.path("w"), "--quiet"]) == 0)
        let r = try outputs(["preview", s.path("w"), "--out", s.path("p")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote") && lastLine(r.stdout).hasPrefix("→ PASS"))
    }

    @Test("row 11: a HEIC still is named as one")
    func heic() throws {
        let s = try Scratch()
        var bytes = [UInt8]([0, 0, 0, 24]) + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        bytes += [0, 0, 0, 8] + Array("free".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: s.path("IMG_0001.heic")))
        let r = try errors(["inspect", s.path("IMG_0001.heic")])
        #expect(r.status == ExitStatus.badInput.rawValue && r.stderr.contains("is a HEIC still"))
        #expect(!r.stderr.contains("FFmpeg"))
    }

    @Test("row 12: an animation that plays once is said to loop in the widget")
    func playsOnce() throws {
        let s = try Scratch()
        let once = try sprite(s, loops: nil)
        let r = try outputs(["export", once, "--view", "60x60", "--out", s.path("w"), "--json"])
        #expect(r.status == 0 && r.stderr.contains("plays once and stops; a widget cannot stop, so it loops it"))
        #expect(r.stdout.contains("loops it for ever"))
        let loops = try errors(["export", try sprite(s), "--view", "60x60", "--out", s.path("v")])
        #expect(!loops.stderr.contains("loops it for ever"))
    }

    @Test("row 13: plurals, one problem per cause, gallery names without extensions, skipped frames said")
    func namesAndCounts() throws {
        let s = try Scratch()
        var still = PixelBuffer(width: 40, height: 40)
        for i in stride(from: 0, to: still.bytes.count, by: 4) { still.bytes[i + 1] = 180; still.bytes[i + 3] = 255 }
        try PNG.write(still, to: URL(fileURLWithPath: s.path("Café anim (1).png")))
        let one = try outputs([
            "export", s.path("Café anim (1).png"), "--view", "60x60", "--out", s.path("w"), "--allow-still",
        ])
        #expect(one.status == 0 && one.stdout.contains(": 1 layer image (") && !one.stdout.contains("1 layers"))
        let widget = try String(contentsOfFile: s.path("w/ArcMaskWidget.swift"), encoding: .utf8)
        #expect(widget.contains(".configurationDisplayName(\"Café anim\")"))
        #expect(run(["frames", try sprite(s), "--out", s.path("f")]) == 0)
        // Lanes at 2 a second over 100 ms frames: each play skips most of them, and says so.
        let lanes = try outputs([
            "export", try sprite(s), "--view", "60x60", "--route", "timer-mask", "--widget-fps", "2", "--out",
            s.path("m"),
        ])
        #expect(lanes.status == 0 && lanes.stdout.contains("each play shows 2 of 10 frames"), "\(lanes.stdout)")
    }

    @Test("row 14: help lists every format and every command that exits 2")
    func help() throws {
        let r = try output(["--help"])
        #expect(r.stdout.contains("video clips") && r.stdout.contains("AVIF"))
        #expect(r.stdout.contains("emulate, export, check"))
        let inspect = try output(["inspect", "--help"])
        #expect(inspect.stdout.contains("AVIF") && inspect.stdout.contains("video clips"))
    }
}
