import ArcMaskBudget
import ArcMaskGIF
import ArcMaskIO
import ArcMaskManifest
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// A new user's afternoon, round 4 of the findings: each row's reproduction through the built
/// `arcmask`, asserting what the user expects.
@Suite("A new user, round 4", .serialized)
struct RoundFourTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Formats/ArcMaskVideoTests/Fixtures")

    func gif(
        _ s: Scratch, _ name: String, frames: Int, size: PixelSize = PixelSize(width: 48, height: 32)
    ) throws
        -> String
    {
        let path = s.path(name)
        try TestPattern.writeGIF(to: URL(fileURLWithPath: path), size: size, frames: frames, delays: [10])
        return path
    }

    @Test("check passes what export just wrote: every route's fresh export of a still, a short GIF and a clip")
    func checkPassesFreshExports() throws {
        let s = try Scratch()
        let inputs = [
            ("still", try gif(s, "still.gif", frames: 1, size: PixelSize(width: 61, height: 47))),
            ("short", try gif(s, "short.gif", frames: 6)),
            ("clip", Self.fixtures.appendingPathComponent("gray.mp4").path),
        ]
        for (name, input) in inputs {
            for route in ["rotation", "timer-mask", "timer-font"] {
                let out = s.path("\(name)-\(route)")
                var line = ["export", input, "--route", route, "--view", "60x60", "--out", out, "--quiet"]
                if name == "still" { line.append("--allow-still") }
                let export = try outputs(line)
                #expect(export.status == 0, "\(name) \(route): \(export.stdout) \(export.stderr)")
                let check = try outputs(["check", out])
                #expect(
                    check.status == 0 && check.stdout.contains("→ PASS"),
                    "\(name) \(route): \(check.stdout) \(check.stderr)")
            }
        }
    }

    @Test(
        "check compares the SSIMs as written: a mean a hair below its worst is float noise, a real inversion a problem")
    func qualityNoise() throws {
        let s = try Scratch()
        let input = try gif(s, "still.gif", frames: 1, size: PixelSize(width: 16, height: 16))
        let out = s.path("tm")
        #expect(run(["export", input, "--route", "timer-mask", "--view", "60x60", "--allow-still", "--out", out]) == 0)
        let url = URL(fileURLWithPath: out + "/manifest.json")
        let original = try Data(contentsOf: url)
        func checked(worstOver delta: Double) throws -> (status: Int32, stdout: String) {
            var m = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            var q = try #require(m["quality"] as? [String: Any])
            let mean = try #require(q["meanSSIM"] as? Double)
            q["worstSSIM"] = delta == 0 ? mean.nextUp : min(1, mean + delta)
            m["quality"] = q
            try JSONSerialization.data(withJSONObject: m).write(to: url)
            return try output(["check", out])
        }
        let noise = try checked(worstOver: 0)
        #expect(noise.status == 0 && !noise.stdout.contains("quality"), "\(noise.stdout)")
        let inverted = try checked(worstOver: 0.001)
        #expect(inverted.status == 2 && inverted.stdout.contains("are not SSIMs of one export"), "\(inverted.stdout)")
    }

    @Test("row 6: check lists each mask font with its size and digest; a missing or changed one is a problem, exit 2")
    func maskFontChecked() throws {
        let s = try Scratch()
        let input = try gif(s, "in.gif", frames: 6)
        for route in ["rotation", "timer-mask"] {
            let out = s.path(route)
            #expect(run(["export", input, "--route", route, "--view", "40x40", "--out", out, "--quiet"]) == 0)
            let m = try JSONDecoder().decode(
                ExportManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
            let font = try #require(m.timerMask?.fonts.first, "\(route)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: out + "/" + font.file))
            #expect(font.bytes == bytes.count && font.digest == LayerDigest.of([UInt8](bytes)))
            let fresh = try outputs(["check", out])
            #expect(fresh.status == 0, "\(fresh.stdout)")
            #expect(fresh.stdout.contains("mask font \(font.file): \(bytes.count) bytes, digest \(font.digest ?? "")"))
            // Truncated: a problem named with the file, the report goes on.
            try bytes.prefix(100).write(to: URL(fileURLWithPath: out + "/" + font.file))
            let truncated = try outputs(["check", out])
            #expect(truncated.status == 2 && truncated.stdout.contains("problem: \(font.file): holds 100 bytes"))
            // Removed, with the plan file edited too: both in one report.
            try FileManager.default.removeItem(atPath: out + "/" + font.file)
            let plan = out + "/ArcMaskPlan.swift"
            try (String(contentsOfFile: plan, encoding: .utf8) + "// edited\n").write(
                toFile: plan, atomically: true, encoding: .utf8)
            let removed = try outputs(["check", out])
            #expect(removed.status == 2, "\(route): \(removed.stdout) \(removed.stderr)")
            #expect(removed.stdout.contains("problem: \(font.file): ") && removed.stdout.contains("FAIL (2 problems)"))
            #expect(removed.stdout.contains("problem: ArcMaskPlan.swift"), "\(removed.stdout)")
            let json = try outputs(["check", out, "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(report["passed"] as? Bool == false)
            let fonts = try #require(report["fonts"] as? [[String: Any]])
            #expect(fonts.count == 1 && fonts[0]["file"] as? String == font.file && fonts[0]["bytes"] == nil)
        }
    }

    @Test("row 6: a timer-font folder's fonts are held to their size and digest; a changed byte is a problem, exit 2")
    func timerFontsChecked() throws {
        let s = try Scratch()
        let input = try gif(s, "in.gif", frames: 4)
        let out = s.path("tf")
        #expect(run(["export", input, "--route", "timer-font", "--view", "40x40", "--out", out, "--quiet"]) == 0)
        let fresh = try outputs(["check", out])
        #expect(fresh.status == 0 && fresh.stdout.contains("each held to the manifest's size and digest"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try outputs(["check", out, "--json"]).stdout.utf8))
                as? [String: Any])
        let fonts = try #require(json["fonts"] as? [[String: Any]])
        #expect(fonts.count >= 2 && fonts.allSatisfy { ($0["digest"] as? String)?.count == 16 })
        let frameFont = try #require(fonts.first?["file"] as? String)
        // One byte changed, the size kept: the digest tells.
        let url = URL(fileURLWithPath: out + "/" + frameFont)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 1] ^= 0xFF
        try Data(bytes).write(to: url)
        let maskFont = try #require(fonts.last?["file"] as? String)
        try FileManager.default.removeItem(atPath: out + "/" + maskFont)
        let broken = try outputs(["check", out])
        #expect(broken.status == 2, "\(broken.stdout) \(broken.stderr)")
        #expect(broken.stdout.contains("problem: \(frameFont): holds \(bytes.count) bytes with digest"))
        #expect(broken.stdout.contains("problem: \(maskFont): "), "\(broken.stdout)")
    }

    /// The JSON a command printed, as an object.
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The verdict's parts by name: each one's `passed`.
    func parts(_ json: [String: Any]) throws -> [String: Bool] {
        let verdict = try #require(json["verdict"] as? [String: Any])
        let parts = try #require(verdict["parts"] as? [[String: Any]])
        #expect(verdict["passed"] as? Bool == json["passed"] as? Bool)
        return Dictionary(uniqueKeysWithValues: parts.map { ($0["part"] as! String, $0["passed"] as! Bool) })
    }

    @Test("row 4: every --json with a verdict has a top-level passed and its parts; a FAIL never reads as passed")
    func verdictInEveryJSON() throws {
        let s = try Scratch()
        let t = try FirstAfternoonRound3Tests().sprite(s)
        let view = ["--view", "60x60", "--scale", "1"]
        // Flattened onto the sprite's own colour: the emulator passes, flattening fails, so the whole does.
        let rotation = try outputs(["export", t] + view + ["--background", "0000FE", "--out", s.path("r"), "--json"])
        #expect(rotation.status == ExitStatus.defectsFound.rawValue)
        let r = try object(rotation.stdout)
        #expect(r["passed"] as? Bool == false)
        let rParts = try parts(r)
        #expect(rParts["emulator"] == true && rParts["flattening"] == false)
        let font = try outputs(
            ["export", t] + view + ["--route", "timer-font", "--widget-fps", "10", "--background", "0000FE"]
                + ["--out", s.path("f"), "--json"])
        #expect(font.status == ExitStatus.defectsFound.rawValue)
        let f = try object(font.stdout)
        let fParts = try parts(f)
        #expect(f["passed"] as? Bool == false && fParts["flattening"] == false && fParts["fontProof"] == true)
        // The same folders checked: the same verdict.
        for folder in ["r", "f"] {
            let check = try outputs(["check", s.path(folder), "--json"])
            #expect(check.status == ExitStatus.defectsFound.rawValue)
            #expect(try object(check.stdout)["passed"] as? Bool == false, "\(folder)")
        }
        // Passing exports of each route, and their previews.
        let mask = s.path("m"), fonts = s.path("ok-f")
        let exports = [
            (["export", t] + view + ["--out", s.path("ok-r"), "--json"], "ok-r"),
            (["export", t] + view + ["--route", "timer-mask", "--out", mask, "--json"], "m"),
            (
                ["export", t] + view + ["--route", "timer-font", "--widget-fps", "10", "--out", fonts, "--json"], "ok-f"
            ),
        ]
        for (line, name) in exports {
            let e = try outputs(line)
            let json = try object(e.stdout)
            #expect(e.status == 0 && json["passed"] as? Bool == true, "\(name): \(e.stdout)")
        }
        let previews = [
            ["preview", t] + view + ["--out", s.path("p-r"), "--json"],
            ["preview", "--route", "timer-mask", mask, "--out", s.path("p-m"), "--json"],
            ["preview", "--route", "timer-font", fonts, "--out", s.path("p-f"), "--json"],
        ]
        for line in previews {
            let p = try outputs(line)
            let json = try object(p.stdout)
            #expect(p.status == 0 && json["passed"] as? Bool == true, "\(line): \(p.stdout)")
            #expect(try !parts(json).isEmpty)
        }
        // plan's tear rate, emulate, and generate's JSON.
        let plan = try object(try outputs(["plan", t] + view + ["--json"]).stdout)
        let planParts = try parts(plan)
        #expect(plan["passed"] as? Bool == true && planParts["seam"] == true)
        #expect(try object(try outputs(["emulate", t] + view + ["--json"]).stdout)["passed"] as? Bool == true)
        let generated = try outputs(["generate", "--out", s.path("g.gif"), "--frames", "3", "--json"])
        let g = try object(generated.stdout)
        #expect(generated.status == 0 && g["frames"] as? Int == 3 && g["kind"] as? String == "gif")
    }

    @Test(
        "row 5: damaged input is never forgotten: emulate, plan, preview and export warn, qualify the verdict, and check reports it"
    )
    func damageRemembered() throws {
        let s = try Scratch()
        let whole = try gif(s, "whole.gif", frames: 64, size: PixelSize(width: 64, height: 64))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = s.path("cut.gif")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let view = ["--view", "60x60"]
        let emulate = try outputs(["emulate", cut] + view)
        #expect(emulate.status == 0 && emulate.stderr.contains("warning:"), "\(emulate.stderr)")
        #expect(emulate.stdout.contains("readable frames: the input is damaged (see warnings)"))
        let json = try object(try outputs(["emulate", cut] + view + ["--json"]).stdout)
        #expect(json["damaged"] as? Bool == true && !((json["warnings"] as? [String]) ?? []).isEmpty)
        let plan = try outputs(["plan", cut] + view)
        #expect(plan.stderr.contains("warning:") && plan.stdout.contains("the input is damaged"))
        let preview = try outputs(["preview", cut] + view + ["--out", s.path("p")])
        #expect(
            preview.status == 0 && preview.stderr.contains("warning:")
                && preview.stdout.contains("the input is damaged"))
        let export = try outputs(["export", cut] + view + ["--out", s.path("x")])
        #expect(
            export.status == 0 && export.stdout.contains("→ PASS") && export.stdout.contains("the input is damaged"))
        let m = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("x/manifest.json"))))
        let cutShort = try #require(m.warnings.first { $0.contains("cut short") }, "\(m.warnings)")
        let check = try outputs(["check", s.path("x")])
        #expect(check.status == 0 && check.stdout.contains("warning at export: \(cutShort)"), "\(check.stdout)")
        let checked = try object(try outputs(["check", s.path("x"), "--json"]).stdout)
        #expect((checked["warnings"] as? [String])?.contains(cutShort) == true)
        // An undamaged input says nothing of damage.
        let fine = try outputs(["emulate", whole] + view)
        #expect(!fine.stdout.contains("damaged") && fine.stderr.isEmpty)
    }

    @Test("row 3: Live Activity layers fit their presentation by default, one size said; check flags layers larger")
    func islandLayersFit() throws {
        let s = try Scratch()
        let input = try gif(s, "sq.gif", frames: 4, size: PixelSize(width: 96, height: 96))
        for (family, size) in [("island-compact", "156×110"), ("island-minimal", "135×110")] {
            let out = s.path(family)
            let export = try outputs(["export", input, "--family", family, "--out", out])
            #expect(export.status == 0, "\(export.stdout)")
            #expect(export.stdout.contains("layers of \(size) px for a"), "\(export.stdout)")
            #expect(!export.stderr.contains("larger than"), "\(export.stderr)")
            #expect(try outputs(["check", out]).status == 0)
        }
        // A --device whose presentation is larger: the warning names the options given, with one size.
        let wide = s.path("wide")
        let asked = try outputs([
            "export", input, "--family", "island-compact", "--device", "iphone-430", "--out", wide,
        ])
        #expect(asked.stdout.contains("layers of 186×110 px for a"))
        #expect(
            asked.stderr.contains("layers of 186×110 px are larger than the island-compact presentation on iphone-393"))
        #expect(asked.stderr.contains("without --device, --view and --scale the layers fit every iPhone"))
        // The folder said to be made for the smaller phone: check flags its layers.
        let url = URL(fileURLWithPath: wide + "/manifest.json")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "\"device\" : \"iphone-430\"", with: "\"device\" : \"iphone-393\"")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let check = try outputs(["check", wide])
        #expect(
            check.status == 2 && check.stdout.contains("larger than the island-compact presentation on iphone-393"),
            "\(check.stdout)")
    }

    @Test("row 10: --fail-on torn says what decides: a seam slower than its budget, not every torn refresh")
    func failOnTornWords() throws {
        let help = ArcMaskCommand.helpMessage(for: Emulate.self, columns: 400)
        #expect(help.contains("torn, a seam that takes longer to cross the view than its budget"))
        #expect(help.contains("torn (a seam slower than its budget; torn refreshes within it are counted, not failed)"))
        let s = try Scratch()
        let input = try gif(s, "in.gif", frames: 16)
        let e = try outputs(["emulate", input, "--view", "170x170", "--random-phases", "50"])
        // Torn refreshes within the budget are counted, and the verdict passes, as the words say.
        #expect(e.status == 0 && e.stdout.contains("fail on gap, torn (a seam slower than its budget), wrong-frame"))
        #expect(e.stdout.contains("→ PASS"))
    }

    @Test("rows 12 and 13: a Live Activity's files describe that export, with one logger subsystem; the crop is said")
    func textMatchesExport() throws {
        let s = try Scratch()
        let input = try gif(s, "portrait.gif", frames: 4, size: PixelSize(width: 54, height: 96))
        let activity = s.path("activity")
        let export = try outputs(["export", input, "--family", "activity", "--out", activity])
        #expect(export.status == 0, "\(export.stdout)")
        for file in ["INSTALL.md", "ArcMaskPlan.swift"] {
            let text = try String(contentsOfFile: activity + "/" + file, encoding: .utf8)
            #expect(!text.contains("timer masks (below)") && text.contains("carries no timer masks"), "\(file)")
        }
        var subsystems = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: activity) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: activity + "/" + file, encoding: .utf8)
            for match in text.matches(of: /Logger\(subsystem: "([^"]+)"/) { subsystems.insert(String(match.1)) }
        }
        #expect(subsystems == ["ArcMask"])
        // A portrait picture in a square widget: --fit fill cuts 44 % of its height, and says so.
        let small = try outputs(["export", input, "--family", "small", "--out", s.path("small")])
        #expect(
            small.stdout.contains(
                "cropped to the view (--fit fill): 44 % of the height cut; --fit fit keeps the whole picture"))
        let fit = try outputs(["export", input, "--family", "small", "--fit", "fit", "--out", s.path("fit")])
        #expect(fit.status == 0 && !fit.stdout.contains("cropped"))
    }

    @Test(
        "row 11: pixel art stays sharp: a 16×16 GIF is enlarged by the nearest pixel, said so; --resample smooth filters"
    )
    func pixelArtSharp() throws {
        let s = try Scratch()
        let input = try gif(s, "pixel16.gif", frames: 8, size: PixelSize(width: 16, height: 16))
        let out = s.path("sharp")
        let export = try outputs(["export", input, "--family", "small", "--image-format", "png", "--out", out])
        #expect(export.status == 0 && export.stdout.contains("resampled to the nearest pixel"), "\(export.stdout)")
        let m = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        let layer = try #require(m.frames.first { $0.sourceFrames.count == 1 })
        let image = try PNG.read(URL(fileURLWithPath: out + "/" + layer.file))
        let frame = try GIFFrameSource(path: input).frame(at: layer.sourceFrames[0])
        // Every layer pixel is a source pixel: the one under its centre.
        let a = Double(image.width) / 16
        var off = 0
        for y in stride(from: 0, to: image.height, by: 7) {
            for x in stride(from: 0, to: image.width, by: 7) {
                let p = image.pixel(x: x, y: y)
                let q = frame.pixel(x: min(15, Int((Double(x) + 0.5) / a)), y: min(15, Int((Double(y) + 0.5) / a)))
                if p != q { off += 1 }
            }
        }
        #expect(off == 0)
        let smooth = try outputs([
            "export", input, "--family", "small", "--resample", "smooth", "--out", s.path("soft"),
        ])
        #expect(smooth.status == 0 && !smooth.stdout.contains("nearest pixel"))
        // A timer-font export has its own pictures: the option is refused there, naming the routes.
        let refused = try outputs([
            "export", input, "--route", "timer-font", "--resample", "nearest", "--out", s.path("tf"),
        ])
        #expect(refused.status == 64 && refused.stderr.contains("--resample"), "\(refused.stderr)")
    }

    @Test(
        "row 9: one rule for export folders: check checks every export; reading commands play a rotation folder and refuse the others in one sentence naming check"
    )
    func oneRuleForFolders() throws {
        let s = try Scratch()
        let input = try gif(s, "in.gif", frames: 4)
        let rotation = s.path("rotation"), masks = s.path("masks")
        #expect(run(["export", input, "--view", "40x40", "--out", rotation, "--quiet"]) == 0)
        #expect(run(["export", input, "--view", "40x40", "--route", "timer-mask", "--out", masks, "--quiet"]) == 0)
        for folder in [rotation, masks] { #expect(try outputs(["check", folder]).status == 0) }
        // A rotation folder is the animation it ships.
        #expect(try outputs(["inspect", rotation]).stdout.contains("export folder"))
        #expect(try outputs(["plan", rotation, "--view", "40x40"]).status == 0)
        // A timer-mask folder: the same one sentence from every reading command.
        let sentence = "is a timer-mask export: `arcmask check DIR` checks it"
        for line in [
            ["inspect", masks], ["plan", masks, "--view", "40x40"], ["frames", masks, "--out", s.path("f")],
        ] {
            let r = try outputs(line)
            #expect(r.status == 1 && r.stderr.contains(sentence), "\(line): \(r.stderr)")
        }
        let font = try outputs(["emulate", "--route", "timer-font", rotation])
        #expect(font.status == 1 && font.stderr.contains("`arcmask check DIR` checks every export"), "\(font.stderr)")
        let help = ArcMaskCommand.helpMessage(for: Emulate.self, columns: 400)
        #expect(help.contains("A folder written by `export` is checked by `arcmask check DIR`"))
    }

    @Test(
        "row 14: consistent words: a glob's hint, whole shown ms, check's help naming timer-mask folders, a still's lane"
    )
    func polish() throws {
        let s = try Scratch()
        let glob = try outputs(["inspect", s.path("seq") + "/frame_*.png"])
        #expect(
            glob.status == 1 && glob.stderr.contains("does not expand * or ?") && glob.stderr.contains("frame_%03d.png")
        )
        let delays = s.path("delays.gif")
        #expect(
            run(["generate", "--out", delays, "--frames", "8", "--delays", "0,1,200,3,0,50,1,10", "--canvas", "40x40"])
                == 0)
        let e = try outputs(["emulate", delays, "--view", "40x40"])
        #expect(e.stdout.contains("2000      2000") && !e.stdout.contains("2000.0") && !e.stdout.contains("100.0"))
        let help = ArcMaskCommand.helpMessage(for: Check.self, columns: 400)
        #expect(help.contains("A timer-mask folder"))
        let still = try gif(s, "still.gif", frames: 1)
        let x = try outputs([
            "export", still, "--route", "timer-mask", "--view", "40x40", "--allow-still", "--out", s.path("st"),
        ])
        #expect(
            x.status == 0 && x.stdout.contains("1 lane over a 2 s loop: the still, shown throughout"), "\(x.stdout)")
    }

    @Test("check answers a manifest whose slice sweeps 3.37e15° with a problem, not a crash")
    func absurdSlice() throws {
        let s = try Scratch()
        let input = try gif(s, "in.gif", frames: 4)
        let out = s.path("w")
        #expect(run(["export", input, "--view", "40x40", "--fallback", "none", "--out", out, "--quiet"]) == 0)
        let url = URL(fileURLWithPath: out + "/manifest.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var plan = try #require(json["plan"] as? [String: Any])
        var layers = try #require(plan["layers"] as? [[String: Any]])
        layers[2]["endAngle"] = 3_370_000_000_000_005.0
        // Without its curves, read back as one addArc per slice, as manifests before curves were.
        layers[2]["curves"] = nil
        plan["layers"] = layers
        json["plan"] = plan
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        let check = try outputs(["check", out])
        #expect(
            check.status == 2 && check.stdout.contains("problem: manifest.json: plan: is not the plan"),
            "\(check.stdout) \(check.stderr)")
    }
}
