import ArcMaskGIF
import ArcMaskManifest
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("export and check by the timer-mask route", .serialized)
struct TimerMaskCommandsTests {
    /// A 2 s, 30-frame GIF.
    func twoSeconds(_ s: Scratch) throws -> String {
        let path = s.path("two.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 40, height: 40), frames: 30, delays: [7, 7, 6])
        return path
    }

    @Test("export writes lanes, the mask font and the code; check shapes the font over two hours and passes")
    func exportAndCheck() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        let export = try output([
            "export", file, "--route", "timer-mask", "--widget-fps", "8", "--view", "40x40", "--out", out,
        ])
        #expect(export.status == 0)
        #expect(export.stdout.contains("(route: timer-mask)") && export.stdout.contains("→ PASS"))
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        let m = try #require(json as? [String: Any])
        #expect(m["route"] as? String == "timer-mask")
        let lanes = try #require((m["timerMask"] as? [String: Any])?["lanes"] as? [[String: Any]])
        #expect(lanes.count == 16)
        #expect((m["timing"] as? [String: Any])?["plays"] as? Int == 1)
        let fonts = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".ttf") }
        #expect(fonts == ["ArcMaskMask2-Regular.ttf"])
        let install = try String(contentsOfFile: out + "/INSTALL.md", encoding: .utf8)
        #expect(install.contains("<string>ArcMaskMask2-Regular.ttf</string>"))
        let check = try output(["check", out])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("16 lanes over a 2 s loop") && check.stdout.contains("→ PASS"))
    }

    @Test("a rotation export carries the timer masks by default, proved; --fallback none leaves them out")
    func rotationFallback() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        let export = try output(["export", file, "--view", "40x40", "--out", out])
        #expect(export.status == 0, "\(export.stdout)")
        #expect(export.stdout.contains("where the rotation is missing, timer masks:"))
        #expect(export.stdout.contains("timer masks, font shaped by HarfBuzz") && export.stdout.contains("→ PASS"))
        let m = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        #expect(m.route == .rotation)
        let section = try #require(m.timerMask)
        #expect(Set(section.lanes.map(\.image)).isSubset(of: Set(m.images.map(\.file))))
        #expect(FileManager.default.fileExists(atPath: out + "/" + section.fonts[0].file))
        let check = try output(["check", out])
        #expect(check.status == 0 && check.stdout.contains("timer masks, font shaped by HarfBuzz"), "\(check.stdout)")
        let bare = s.path("bare")
        let none = try output(["export", file, "--view", "40x40", "--fallback", "none", "--out", bare])
        #expect(none.status == 0 && none.stdout.contains("no timer masks"))
        let plain = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: URL(fileURLWithPath: bare + "/manifest.json")))
        #expect(plain.timerMask == nil && plain.timing == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bare).allSatisfy { !$0.hasSuffix(".ttf") })
    }

    @Test("the default fallback leaves out masks that would change the pace and says why; --fallback timer-mask FAILs")
    func unfaithfulFallback() throws {
        let s = try Scratch()
        // 9.09 s: the nearest loop that divides a minute plays it at 0.909×.
        let path = s.path("long.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 40, height: 40), frames: 10,
            delays: [91, 91, 91, 91, 91, 91, 91, 91, 91, 90])
        let auto = try outputs(["export", path, "--view", "40x40", "--out", s.path("auto")])
        #expect(auto.status == 0, "\(auto.stdout)")
        #expect(auto.stdout.contains("no timer masks: where the rotation is missing the view shows the first frame"))
        #expect(auto.stdout.contains("--fallback timer-mask writes them anyway") && auto.stdout.contains("→ PASS"))
        #expect(auto.stderr.contains("would not play the animation") && auto.stderr.contains("0.909"), "\(auto.stderr)")
        let asked = try output([
            "export", path, "--view", "40x40", "--fallback", "timer-mask", "--out", s.path("asked"),
        ])
        #expect(asked.status == 2, "\(asked.stdout)")
        #expect(asked.stdout.contains("more than 5 % off") && asked.stdout.contains("→ FAIL"), "\(asked.stdout)")
        // The pace asked for is the user's: no FAIL.
        let scaled = try output([
            "export", path, "--view", "40x40", "--fallback", "timer-mask", "--timing", "scale", "--out",
            s.path("scaled"),
        ])
        #expect(scaled.status == 0, "\(scaled.stdout)")
    }

    @Test("preview draws a folder's lanes as its font draws them: each turn's lane, the chart and an offline player")
    func preview() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        #expect(
            run(["export", file, "--route", "timer-mask", "--widget-fps", "8", "--view", "40x40", "--out", out]) == 0)
        let result = try output(["preview", "--route", "timer-mask", out, "--out", s.path("pv")])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("timer masks: 16 lanes over a 2 s loop, 16 turns on top"))
        #expect(!result.stdout.contains("BLACK"))
        for name in ["timeline.png", "lanes.png", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: s.path("pv/" + name)), "\(name)")
        }
        let page = try String(contentsOfFile: s.path("pv/index.html"), encoding: .utf8)
        #expect(page.contains("data:image/") && page.contains("const steps = [[0.0,0,"))
        // The turns in JSON: each lane on top from the start of its turn, in order.
        let json = try output(["preview", "--route", "timer-mask", out, "--out", s.path("pv2"), "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let turns = try #require(report["handOffs"] as? [[String: Any]])
        #expect(turns.map { $0["lane"] as? Int } == (0..<16).map { $0 })
        for (k, turn) in turns.enumerated() {
            #expect(abs((turn["fromSeconds"] as? Double ?? -1) - Double(k) / 8) < 0.001, "turn \(k)")
        }
        // A folder without lanes is refused, naming what is missing; nothing is written.
        let bare = s.path("bare")
        #expect(run(["export", file, "--view", "40x40", "--fallback", "none", "--out", bare, "--quiet"]) == 0)
        let refused = try errors(["preview", "--route", "timer-mask", bare, "--out", s.path("pv3")])
        #expect(refused.status == 1 && refused.stderr.contains("timerMask"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.path("pv3")))
    }

    @Test("a lane whose font lost a second is caught by check: exit 2 and the instant named")
    func wrongFont() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        let out = s.path("out")
        #expect(
            run(["export", file, "--route", "timer-mask", "--widget-fps", "4", "--view", "40x40", "--out", out]) == 0)
        // The mask timers started a second late: every lane comes on top a second off.
        let url = URL(fileURLWithPath: out + "/manifest.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var section = json["timerMask"] as! [String: Any]
        var lanes = section["lanes"] as! [[String: Any]]
        for i in lanes.indices {
            lanes[i]["masks"] = (lanes[i]["masks"] as! [[String: Any]]).map {
                var mask = $0
                mask["leadSeconds"] = ($0["leadSeconds"] as! Double) + 1
                return mask
            }
        }
        section["lanes"] = lanes
        json["timerMask"] = section
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: url)
        let check = try output(["check", out])
        #expect(check.status == 2)
        #expect(check.stdout.contains("→ FAIL") && check.stdout.contains("at "))
    }

    @Test("options of other routes, and settings the route cannot play, are refused naming the option")
    func refused() throws {
        let s = try Scratch()
        let file = try twoSeconds(s)
        for (arguments, message) in [
            (
                ["--route", "timer-mask", "--widget-fps", "31"],
                "1 to 15 with --route timer-font, 1 to 30 for timer masks"
            ),
            (
                ["--route", "timer-mask", "--loop-seconds", "60"],
                "2, 3, 4, 5, 6, 10, 12, 15, 20, 30 for timer masks; timer masks cannot take 60"
            ),
            (["--route", "timer-mask", "--layout", "strip"], "--layout files"),
            (["--max-lanes", "10", "--fallback", "none"], "--max-lanes applies to --route timer-mask"),
            (["--route", "timer-mask", "--fallback", "none"], "--fallback applies to --route rotation"),
            (["--fallback", "timer-mask", "--layout", "strip"], "--fallback timer-mask needs a layer file per frame"),
            (["--fallback", "none", "--loop-seconds", "2"], "--loop-seconds applies to"),
            (["--fallback", "sometimes"], "--fallback"),
            (["--route", "timer-mask", "--max-lanes", "0"], "--max-lanes"),
        ] {
            let result = try errors(["export", file, "--view", "40x40", "--out", s.path("x")] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: s.path("x")))
        }
    }
}
