import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("check DIR checks a rotation export folder", .serialized)
struct ExportFolderCommandsTests {
    /// A 10-frame export of a 120×90 pt view at 3× (360×270 px layers, JPEG).
    func exported(_ s: Scratch, _ name: String = "w", extra: [String] = []) throws -> String {
        let gif = s.path("in.gif")
        if !FileManager.default.fileExists(atPath: gif) {
            try TestPattern.writeGIF(
                to: URL(fileURLWithPath: gif), size: PixelSize(width: 60, height: 45), frames: 10, delays: [5, 10])
        }
        #expect(run(["export", gif, "--view", "120x90", "--out", s.path(name), "--quiet"] + extra) == 0)
        return s.path(name)
    }

    func manifest(_ dir: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json")))
            as! [String: Any]
    }

    @Test("a folder as written passes, in words and in JSON; so does a strip export")
    func passes() throws {
        let s = try Scratch()
        let dir = try exported(s)
        let text = try output(["check", dir])
        #expect(text.status == 0, "\(text.stdout)")
        #expect(text.stdout.contains("10 layers in 10 images (files layout)"))
        #expect(text.stdout.contains("largest layer 97200 px of 718080 px per image"))
        #expect(text.stdout.split(separator: "\n").last?.hasPrefix("  → PASS") == true)
        let json = try output(["check", dir, "--json"])
        let check = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect((check["problems"] as! [Any]).isEmpty && check["layers"] as? Int == 10)
        let strip = try exported(s, "strip", extra: ["--layout", "strip"])
        #expect(try output(["check", strip]).status == 0)
    }

    @Test("check DIR gives what emulate DIR gave (which still works, with a notice); an animation is refused")
    func checkCommand() throws {
        let s = try Scratch()
        let dir = try exported(s)
        let checked = try output(["check", dir])
        let emulated = try output(["emulate", dir])
        #expect(checked.status == 0 && checked.stdout == emulated.stdout)
        try FileManager.default.removeItem(atPath: dir + "/frame-0002.jpg")
        #expect(try output(["check", dir]).status == ExitStatus.defectsFound.rawValue)
        #expect(run(["check", s.path("in.gif")]) == 64)
        #expect(run(["check", s.path("nothing")]) == 64)
        do {
            _ = try Check.parse([s.path("in.gif")])
            Issue.record("an animation was taken for a folder")
        } catch {
            #expect(Check.message(for: error).contains("not a folder written by export"))
        }
    }

    @Test("one image swapped for another: exit 2, naming the file")
    func swapped() throws {
        let s = try Scratch()
        let dir = try exported(s)
        let fm = FileManager.default
        try fm.removeItem(atPath: dir + "/frame-0003.jpg")
        try fm.copyItem(atPath: dir + "/frame-0006.jpg", toPath: dir + "/frame-0003.jpg")
        let r = try output(["check", dir])
        #expect(r.status == ExitStatus.defectsFound.rawValue)
        #expect(r.stdout.contains("problem: frame-0003.jpg: holds"))
        #expect(r.stdout.contains("(changed since the export?)"))
        // A missing image is named too.
        try fm.removeItem(atPath: dir + "/frame-0007.jpg")
        let missing = try output(["check", dir])
        #expect(missing.status == ExitStatus.defectsFound.rawValue && missing.stdout.contains("frame-0007.jpg"))
    }

    @Test("one image grown past the pixel cap: exit 2, naming the file and the cap")
    func grown() throws {
        let s = try Scratch()
        let dir = try exported(s)
        let big = try JPEG.encode(PixelBuffer(width: 1000, height: 800), quality: 80)
        try Data(big).write(to: URL(fileURLWithPath: dir + "/frame-0002.jpg"))
        let r = try output(["check", dir])
        #expect(r.status == ExitStatus.defectsFound.rawValue)
        #expect(r.stdout.contains("problem: frame-0002.jpg: is 1000×800 = 800000 px, over the 718080 px"))
        #expect(r.stdout.contains("largest layer 800000 px of 718080 px"))
    }

    @Test("a manifest edited: exit 2, naming manifest.json and the key")
    func edited() throws {
        let s = try Scratch()
        let dir = try exported(s)
        var m = try manifest(dir)
        var frames = m["frames"] as! [[String: Any]]
        frames[4]["durationMs"] = 75.0
        m["frames"] = frames
        try JSONSerialization.data(withJSONObject: m, options: [.prettyPrinted, .sortedKeys]).write(
            to: URL(fileURLWithPath: dir + "/manifest.json"))
        let r = try output(["check", dir])
        #expect(r.status == ExitStatus.defectsFound.rawValue)
        #expect(r.stdout.contains("problem: manifest.json: plan: is not the plan for these frames' durations"))

        // A limit raised by hand after the export is noticed as well.
        let again = try exported(s, "again")
        var n = try manifest(again)
        var limits = n["limits"] as! [String: Any]
        limits["archiveBytes"] = 1
        n["limits"] = limits
        n["extra"] = true
        try JSONSerialization.data(withJSONObject: n, options: [.prettyPrinted, .sortedKeys]).write(
            to: URL(fileURLWithPath: again + "/manifest.json"))
        let r2 = try output(["emulate", again])
        #expect(r2.status == ExitStatus.defectsFound.rawValue)
        #expect(r2.stdout.contains("problem: manifest.json: limits: the files give archive"))
        #expect(r2.stdout.contains("problem: manifest.json: extra: is not a key an export writes"))

        // A manifest that is not one at all is bad input (exit 1), named with where it fails.
        try Data("{\"route\": \"rotation\"}".utf8).write(to: URL(fileURLWithPath: again + "/manifest.json"))
        #expect(try output(["emulate", again]).status == ExitStatus.badInput.rawValue)
    }

    @Test("a generated Swift file edited after the export is named")
    func codeEdited() throws {
        let s = try Scratch()
        let dir = try exported(s)
        let view = URL(fileURLWithPath: dir + "/ArcMaskPlan.swift")
        var text = try String(contentsOf: view, encoding: .utf8)
        text = text.replacingOccurrences(of: "squareCaps: false", with: "squareCaps: true")
        try text.write(to: view, atomically: true, encoding: .utf8)
        let r = try output(["check", dir])
        #expect(r.status == ExitStatus.defectsFound.rawValue)
        #expect(r.stdout.contains("problem: ArcMaskPlan.swift: differs from what the manifest generates"))
    }
}
