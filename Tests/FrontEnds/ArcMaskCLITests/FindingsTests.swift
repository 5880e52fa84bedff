import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// Each row of the hostile-command-line findings, as the behaviour that mends it.
@Suite("Hostile command lines", .serialized)
struct FindingsTests {
    func gif(_ s: Scratch, frames: Int = 6, name: String = "in.gif") throws -> String {
        let path = s.path(name)
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 48, height: 32), frames: frames, delays: [5, 10])
        return path
    }

    @Test(
        "numbers that mean nothing are refused at parse time with exit 64",
        arguments: [
            ["emulate", "IN", "--view", "170x170", "--refresh", "NaN"],
            ["emulate", "IN", "--view", "170x170", "--refresh", "inf"],
            ["emulate", "IN", "--view", "170x170", "--refresh", "1e9"],
            ["emulate", "IN", "--view", "170x170", "--duration", "NaN"],
            ["emulate", "IN", "--view", "170x170", "--duration", "1e12"],
            ["emulate", "IN", "--view", "170x170", "--phase", "NaN"],
            ["emulate", "IN", "--view", "170x170", "--random-phases", "100000"],
            ["render", "IN", "--view", "170x170", "--angle", "1e300", "--out", "r.png"],
            ["render", "IN", "--view", "170x170", "--angle", "inf", "--out", "r.png"],
            ["render", "IN", "--view", "170x170", "--time", "NaN", "--out", "r.png"],
            ["render", "IN", "--view", "170x170", "--scale", "1e308", "--time", "0", "--out", "r.png"],
            ["export", "IN", "--memory-budget", "1e15", "--out", "w"],
            ["export", "IN", "--archive-budget", "-1", "--out", "w"],
            ["plan", "IN", "--view", "170x170", "--plan-refresh", "1e300"],
            ["plan", "IN", "--view", "170x170", "--seam-fraction", "1e-300x"],
            ["preview", "IN", "--view", "99999999x1", "--out", "p"],
            ["frames", "IN", "--out", "f", "--jobs", "0"],
            ["frames", "IN", "--out", "f", "--max-pixels", "-5"],
        ])
    func parseTime(_ args: [String]) throws {
        let s = try Scratch()
        let input = try gif(s)
        let line = args.map { $0 == "IN" ? input : ["r.png", "w", "p", "f"].contains($0) ? s.path($0) : $0 }
        #expect(run(line) == 64)
        #expect(s.entries == ["in.gif"])
    }

    @Test("negative numbers are values: --angle -45, --phase -3")
    func negatives() throws {
        let s = try Scratch()
        let input = try gif(s)
        #expect(run(["render", input, "--view", "60x40", "--angle", "-45", "--out", s.path("r.png"), "--quiet"]) == 0)
        #expect(run(["emulate", input, "--view", "60x40", "--phase", "-3", "--quiet"]) == 0)
    }

    @Test("values typed are echoed shortened, control characters escaped")
    func shortenedEcho() {
        let long = String(repeating: "9", count: 400)
        let message = ArcMaskCommand.shortenValues(in: "Error: The value '\(long)' is invalid for '--angle <angle>'")
        #expect(message.count < 120 && message.contains("…"))
        #expect(shortened("a\nb") == "a\\nb")
        #expect(fmt(1e308) == "1e+308")
    }

    @Test("views over the pixel limit or cairo's 32,767 px a side are refused before drawing")
    func viewLimits() throws {
        let s = try Scratch()
        let input = try gif(s)
        for (size, scale) in [("24000x24000", "1"), ("8000x8000", "1"), ("20000x1", "2")] {
            #expect(
                run(["render", input, "--view", size, "--scale", scale, "--time", "0", "--out", s.path("r.png")]) == 64)
        }
        #expect(run(["emulate", input, "--view", "8000x8000", "--mode", "raster"]) == 64)
        // preview draws thumbnails, so a large view is fine there.
        #expect(run(["preview", input, "--view", "4000x2000", "--out", s.path("p"), "--quiet"]) == 0)
        #expect(s.entries == ["in.gif", "p"])
    }

    @Test("a FIFO is refused at once, not waited on; empty paths are refused")
    func notRegular() throws {
        let s = try Scratch()
        let input = try gif(s)
        #expect(mkfifo(s.path("f.gif"), 0o644) == 0)
        let start = Date()
        #expect(run(["inspect", s.path("f.gif")]) == 1)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(run(["inspect", ""]) == 64)
        #expect(run(["frames", input, "--out", "", "--force"]) == 64)
    }

    @Test("a refusal moves nothing into the output folder")
    func allOrNothing() throws {
        let s = try Scratch()
        let d = s.path("d")
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        let input = try gif(s, name: "d/strip.png")
        #expect(run(["export", input, "--layout", "strip", "--view", "60x40", "--out", d, "--force", "--quiet"]) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: d) == ["strip.png"])
        let json = try gif(s, name: "frames.json")
        #expect(run(["frames", json, "--out", s.url.path, "--force", "--quiet"]) == 1)
        #expect(s.entries == ["d", "frames.json"])
    }

    @Test("folders created for --out are removed when the command refuses; lock files go when released")
    func createdParents() throws {
        let s = try Scratch()
        let input = try gif(s)
        let locks = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-locks")
        let out = s.path("a/b/c/out")
        #expect(run(["export", input, "--out", out, "--archive-budget", "0.001", "--keep-frames", "--quiet"]) == 1)
        #expect(s.entries == ["in.gif"])
        let lock = String(format: "%016llx.lock", FNV1a.hash(URL(fileURLWithPath: out).standardizedFileURL.path.utf8))
        #expect(!FileManager.default.fileExists(atPath: locks.appendingPathComponent(lock).path))
        #expect(run(["frames", input, "--out", s.path("x/y"), "--quiet"]) == 0)
        #expect(s.entries == ["in.gif", "x"])
        #expect(run(["frames", input, "--out", s.path("in.gif/out"), "--quiet"]) == 1)
    }

    @Test("a one-frame animation plans and emulates as a still with every preset")
    func still() throws {
        let s = try Scratch()
        let input = try gif(s, frames: 1)
        for preset in ["arcmask", "douyin", "oneday", "dynamicwidget", "widgetnimation"] {
            #expect(run(["plan", input, "--view", "170x170", "--preset", preset]) == 0, "\(preset)")
            #expect(run(["emulate", input, "--view", "170x170", "--preset", preset, "--quiet"]) == 0, "\(preset)")
        }
    }

    @Test("manifests and frames.json record file names, not the paths as typed")
    func namesOnly() throws {
        let s = try Scratch()
        let input = try gif(s)
        #expect(run(["frames", input, "--out", s.path("f"), "--quiet"]) == 0)
        let report = try JSONDecoder().decode(
            GIFReport.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("f/frames.json"))))
        #expect(report.file == "in.gif")
    }

    @Test("plurals and columns: the device table's columns never touch")
    func table() {
        // Two tables, each under its header line, a blank line between them.
        let all = Devices.table().components(separatedBy: "\n")
        let home = all.drop { !$0.hasPrefix("device ") }.prefix { !$0.isEmpty }
        let others = all.drop { !$0.isEmpty }.drop { !$0.hasPrefix("device ") }.prefix { !$0.isEmpty }
        #expect(home.count == WidgetSizeTable.devices.count + 1 && others.count >= 9)
        // Then each Live Activity family's default: the smallest presentation, in points and pixels.
        let defaults = all.filter { $0.hasPrefix("  activity ") || $0.hasPrefix("  island-") }
        #expect(defaults.count == 4 && defaults[0].contains("iphone-375-se") && defaults[0].contains("706×320 px"))
        let columns = [
            ["screen", "scale", "small", "medium", "large", "extraLarge", "source", "models"],
            ["accessoryCircular", "accessoryRectangular", "extraLargePortrait", "activity", "island-compact"],
        ]
        for (lines, names) in zip([Array(home), Array(others)], columns) {
            let header = lines[0]
            for name in names {
                let column = header.range(of: name)!.lowerBound
                for r in lines.dropFirst() {
                    let i = r.index(r.startIndex, offsetBy: header.distance(from: header.startIndex, to: column))
                    #expect(r[r.index(before: i)] == " " && r[r.index(i, offsetBy: -2)] == " ", "\(r)")
                }
            }
        }
        #expect(counted(1, "entry", "entries") == "1 entry" && counted(4, "layer") == "4 layers")
    }

    @Test("devices by model name take the model's scale; a misspelt one gets a suggestion")
    func devices() throws {
        let s = try Scratch()
        let input = try gif(s)
        #expect(run(["export", input, "--family", "small", "--device", "iphone-16-pro", "--out", s.path("a")]) == 0)
        let a =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.path("a/manifest.json"))))
            as! [String: Any]
        #expect(
            a["device"] as? String == "iphone-402" && a["viewWidth"] as? Double == 162 && a["scale"] as? Double == 3)
        #expect(run(["export", input, "--family", "large", "--device", "ipad-mini-6", "--out", s.path("b")]) == 0)
        let b =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.path("b/manifest.json"))))
            as! [String: Any]
        #expect(b["device"] as? String == "ipad-744" && b["scale"] as? Double == 2)
        #expect(unknownDevice("iphone-16-prp").contains("did you mean iphone-16-pro?"))
        #expect(run(["export", input, "--device", "iphone-16-prp", "--out", s.path("c")]) == 64)
        let json = try JSONSerialization.jsonObject(with: Data(try Devices.json().utf8)) as! [String: Any]
        let rows = json["devices"] as! [[String: Any]]
        #expect(rows.count == WidgetSizeTable.devices.count)
        #expect(rows.first { $0["id"] as? String == "iphone-402" }?["source"] as? String == "measured")
    }

    @Test(
        "generate and svga render bound their pictures before drawing",
        arguments: [
            ["generate", "--canvas", "24000x24000", "--out", "g.gif"],
            ["generate", "--canvas", "4000x2000", "--frames", "1000", "--out", "g.gif"],
            ["svga", "render", "SVGA", "--pixels", "24000x24000", "--out", "r.png"],
        ])
    func picturesBounded(_ args: [String]) throws {
        let s = try Scratch()
        let svga = s.path("in.svga")
        #expect(run(["generate", "--svga", "--out", svga, "--quiet"]) == 0)
        let line = args.map { $0 == "SVGA" ? svga : ["g.gif", "r.png"].contains($0) ? s.path($0) : $0 }
        #expect(run(line) == 64)
        #expect(s.entries == ["in.svga"])
    }

    @Test("a canvas past 32,767 px a side (legal in GIF) exports, previews and renders")
    func tallCanvas() throws {
        let s = try Scratch()
        let input = s.path("tall.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: input), size: PixelSize(width: 2, height: 40_000), frames: 2, delays: [10])
        #expect(run(["export", input, "--out", s.path("w"), "--quiet"]) == 0)
        #expect(run(["render", input, "--view", "40x40", "--time", "0", "--out", s.path("r.png"), "--quiet"]) == 0)
        #expect(run(["export", input, "--view", "1x32767", "--out", s.path("w2"), "--quiet"]) == 0)
    }

    @Test("a seam fraction too small to draw is refused with the smallest that works")
    func tinySeamFraction() throws {
        let s = try Scratch()
        let input = try gif(s)
        #expect(run(["plan", input, "--view", "170x170", "--seam-fraction", "1e-300"]) == 1)
    }
}
