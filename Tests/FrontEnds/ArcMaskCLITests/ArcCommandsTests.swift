import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("plan, render and emulate commands")
struct ArcCommandsTests {
    func input(_ s: Scratch) throws -> String {
        let path = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 40, height: 40),
            frames: 8, delays: [5, 10, 20, 8])
        return path
    }

    @Test("emulate exits 0 for the arcmask plan and 2 when defects are found")
    func exitStatus() throws {
        let s = try Scratch()
        let file = try input(s)
        #expect(run(["emulate", file, "--view", "60x60", "--scale", "2"]) == 0)
        #expect(
            run(["emulate", file, "--view", "60x60", "--scale", "2", "--preset", "oneday"])
                == ExitStatus.defectsFound.rawValue)
        #expect(
            run(["emulate", file, "--view", "60x60", "--scale", "2", "--preset", "dynamicwidget", "--mode", "raster"])
                == ExitStatus.defectsFound.rawValue)
        // Only gaps count: oneday has wrong frames but no gap on this square view.
        #expect(
            run(["emulate", file, "--view", "60x60", "--scale", "2", "--preset", "oneday", "--fail-on", "gap"]) == 0)
    }

    @Test("render writes a PNG of the view's pixel size and refuses to replace files without --force")
    func render() throws {
        let s = try Scratch()
        let file = try input(s)
        #expect(
            run(["render", file, "--view", "50x30", "--scale", "2", "--time", "120ms", "--out", s.path("r.png")]) == 0)
        let picture = try PNG.read(URL(fileURLWithPath: s.path("r.png")))
        #expect(picture.width == 100 && picture.height == 60)
        #expect(
            run(["render", file, "--view", "50x30", "--angle", "3", "--out", s.path("r.png")])
                == ExitStatus.badInput.rawValue)
        #expect(
            run(["render", file, "--view", "50x30", "--angle", "3", "--out", s.path("r.png"), "--force", "--overlay"])
                == 0)
        #expect(run(["render", file, "--view", "50x30", "--out", s.path("x.png")]) == ExitStatus.usage.rawValue)
        #expect(
            run(["render", file, "--view", "50x30", "--angle", "3", "--time", "1", "--out", s.path("x.png")])
                == ExitStatus.usage.rawValue)
    }

    @Test("an impossible plan is refused with a clear message and exit 1")
    func refused() throws {
        let s = try Scratch()
        let file = try input(s)
        #expect(
            run(["plan", file, "--view", "60x60", "--seam-fraction", "1", "--plan-refresh", "2"])
                == ExitStatus.badInput.rawValue)
        #expect(run(["plan", file, "--view", "60x60", "--seam-fraction", "0"]) == ExitStatus.usage.rawValue)
        #expect(run(["plan", file, "--view", "60x60", "--json"]) == 0)
    }

    /// A user's finding: tall, narrow views ended in an internal error (a sheet taller than cairo
    /// can draw), and huge views took minutes. The pictures are thumbnails of bounded size now.
    @Test("preview draws any view shape and size", arguments: [["1x364"], ["64x2000", "--scale", "2"], ["4000x2000"]])
    func previewShapes(_ size: [String]) throws {
        let s = try Scratch()
        let file = try input(s)
        let started = Date()
        #expect(
            run(["preview", file, "--view"] + size + ["--out", s.path("p"), "--quiet"]) == ExitStatus.success.rawValue)
        #expect(Date().timeIntervalSince(started) < 20)
        let sheet = try PNG.read(URL(fileURLWithPath: s.path("p/timeline.png")))
        #expect(sheet.width <= 1000 && sheet.height <= 2400)
    }
}

/// Runs the built `arcmask ARGS` and returns its exit status and standard output.
func output(_ args: [String]) throws -> (status: Int32, stdout: String) {
    let process = Process(), out = Pipe()
    process.executableURL = try arcmaskBinary()
    process.arguments = args
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("The verdict is the same everywhere")
struct VerdictAgreementTests {
    /// 12 frames of 100 ms: oneday plays the loop three frames in.
    func equal(_ s: Scratch) throws -> String {
        let path = s.path("equal.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 40, height: 40), frames: 12, delays: [10])
        return path
    }

    struct Verdict: Decodable {
        let phaseOffsetMs: Double
        let wrongFrame: Int
        let passed: Bool
        let absolutePhase: Bool
        let frameZeroOnWallClock: Schedule?
        struct Schedule: Decodable { let firstStart: String; let timeZone: String; let repeatsDaily: Bool }
    }

    @Test("emulate text, JSON and exit status; preview and the export's manifest say the same")
    func agreement() throws {
        let s = try Scratch()
        // 16 frames: DouYinComment's 22.5° slices stray 0.01 pt from the circle, inside its band (its
        // 12 frames' 30° slices stray 0.045 pt, past its band's edge, and fail with a gap).
        let file = s.path("equal16.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: file), size: PixelSize(width: 40, height: 40), frames: 16, delays: [10])
        // DouYinComment's plan: a seam of 0.1 ms, within the budget; OneDay's 1.12 ms seam is not.
        let common = [file, "--view", "170x170", "--preset", "douyin"]
        let json = try output(["emulate"] + common + ["--json", "--time-zone", "Asia/Shanghai", "--day", "2026-11-22"])
        #expect(json.status == 0)
        let v = try JSONDecoder().decode(Verdict.self, from: Data(json.stdout.utf8))
        #expect(v.passed && v.wrongFrame == 0 && !v.absolutePhase)
        #expect(abs(v.phaseOffsetMs - 400) < 1e-6)
        #expect(v.frameZeroOnWallClock?.firstStart == "00:00:01.200")
        #expect(v.frameZeroOnWallClock?.timeZone == "Asia/Shanghai" && v.frameZeroOnWallClock?.repeatsDaily == true)

        let text = try output(["emulate"] + common)
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").last?.hasPrefix("→ PASS: a seam is on screen at ") == true)
        #expect(text.stdout.contains("plays the loop 400 ms (4 frames) ahead"))

        let absolute = try output(["emulate"] + common + ["--absolute-phase", "--json"])
        #expect(absolute.status == ExitStatus.defectsFound.rawValue)
        let a = try JSONDecoder().decode(Verdict.self, from: Data(absolute.stdout.utf8))
        #expect(a.absolutePhase && a.phaseOffsetMs == 0 && !a.passed && a.wrongFrame > 0)

        let preview = try output(["preview"] + common + ["--out", s.path("preview"), "--json", "--quiet"])
        #expect(preview.status == 0)
        let p = try JSONDecoder().decode(Verdict.self, from: Data(preview.stdout.utf8))
        #expect(p.passed && abs(p.phaseOffsetMs - 400) < 1e-6)
        let page = try String(contentsOfFile: s.path("preview/index.html"), encoding: .utf8)
        #expect(page.contains("→ PASS") && page.contains("400 ms (4 frames) ahead"))

        #expect(
            run(["export", file, "--view", "170x170", "--scale", "1", "--preset", "douyin", "--out", s.path("w")]) == 0)
        let manifest = try JSONDecoder().decode(
            ManifestVerdict.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("w/manifest.json"))))
        #expect(manifest.emulator.passed && abs(manifest.emulator.phaseOffsetMs - 400) < 1e-6)
        #expect(abs(manifest.emulator.frameZeroStartsMs - 1200) < 1e-6)

        let oneday = try output(["emulate", file, "--view", "170x170", "--preset", "oneday"])
        #expect(oneday.status == ExitStatus.defectsFound.rawValue)
        #expect(
            oneday.stdout.split(separator: "\n").last
                == "→ FAIL (a seam takes 1.5 ms to cross the view, over the 1.04 ms budget)", "\(oneday.stdout)")
    }

    struct ManifestVerdict: Decodable {
        struct Emulator: Decodable { let passed: Bool; let phaseOffsetMs: Double; let frameZeroStartsMs: Double }
        let emulator: Emulator
    }

    @Test("bad time zones and days are refused with exit 64")
    func badClock() throws {
        let s = try Scratch()
        let file = try equal(s)
        #expect(run(["emulate", file, "--view", "60x60", "--time-zone", "Mars/Olympus"]) == ExitStatus.usage.rawValue)
        #expect(run(["emulate", file, "--view", "60x60", "--day", "22/11/2026"]) == ExitStatus.usage.rawValue)
        #expect(run(["emulate", file, "--view", "60x60", "--tolerance", "-1"]) == ExitStatus.usage.rawValue)
    }
}

@Suite("export refuses bad options and unfittable budgets, writing nothing")
struct ExportRefusalTests {
    @Test("bad --name, --min-scale and --rotation-access exit 64; --keep-frames over budget exits 1 with no output")
    func refusals() throws {
        let s = try Scratch()
        let file = s.path("long.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: file), size: PixelSize(width: 120, height: 120), frames: 40, delays: [4], turns: 13
        )
        // 120 px across a 60 pt view: the source has the 2× layers' pixels (no source bound).
        let base = ["export", file, "--view", "60x60", "--scale", "2"]
        #expect(run(base + ["--name", "orbit", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--name", "Or-bit", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--min-scale", "2.5", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--rotation-access", "magic", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--jpeg-quality", "0", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--archive-budget", "nan", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(run(base + ["--max-layer-pixels", "0", "--out", s.path("a")]) == ExitStatus.usage.rawValue)
        #expect(
            run(base + ["--layout", "strip", "--image-format", "jpeg", "--out", s.path("a")])
                == ExitStatus.usage.rawValue)
        #expect(
            run(base + ["--route", "timer-font", "--layout", "strip", "--out", s.path("a")])
                == ExitStatus.usage.rawValue)
        // 40 distinct layers of 120×120 px decode to 2.3 MB: a 1 MB budget for the strip fits only by
        // dropping frames; so does a 20 kB archive budget for their JPEGs.
        for (budget, name) in [
            (["--layout", "strip", "--memory-budget", "1"], "strip"), (["--archive-budget", "0.02"], "files"),
        ] {
            #expect(
                run(base + budget + ["--keep-frames", "--out", s.path("kept")]) == ExitStatus.badInput.rawValue,
                "\(name)")
            #expect(!FileManager.default.fileExists(atPath: s.path("kept")))
            #expect(run(base + budget + ["--out", s.path("fits-\(name)"), "--quiet"]) == 0, "\(name)")
            #expect(FileManager.default.fileExists(atPath: s.path("fits-\(name)/ArcMaskWidget.swift")))
        }
        #expect(s.entries == ["fits-files", "fits-strip", "long.gif"])
    }
}
