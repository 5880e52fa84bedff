import ArcMaskFrames
import ArcMaskGIF
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("Old spellings")
struct SpellingsTests {
    @Test("each old option becomes today's for its command, with one notice each")
    func rewrites() {
        let plan = Spellings.rewrite(["plan", "a.gif", "--size", "170x170"])
        #expect(plan.arguments == ["plan", "a.gif", "--view", "170x170"])
        #expect(plan.notices == ["note: --size is now --view here; the old spelling goes in 0.11"])
        #expect(
            Spellings.rewrite(["frames", "a.svga", "--size=64x64"]).arguments == ["frames", "a.svga", "--pixels=64x64"])
        #expect(Spellings.rewrite(["svga", "render", "a.svga", "--size", "9x9"]).arguments[3] == "--pixels")
        #expect(Spellings.rewrite(["generate", "--size", "9x9"]).arguments[1] == "--canvas")
        let export = Spellings.rewrite(["export", "a.gif", "--loop", "2", "--rotation", "silgen"])
        #expect(export.arguments == ["export", "a.gif", "--loop-seconds", "2", "--rotation-access", "silgen"])
        #expect(export.notices.count == 2)
        // --accented was a second name of --tinted; now an old spelling with its notice.
        let tinted = Spellings.rewrite(["export", "a.gif", "--accented=poster"])
        #expect(tinted.arguments == ["export", "a.gif", "--tinted=poster"] && tinted.notices.count == 1)
        // Only where the word had that meaning: --loops stays, and nothing after `--` changes.
        #expect(Spellings.rewrite(["frames", "seq", "--loops", "2"]).notices.isEmpty)
        #expect(Spellings.rewrite(["plan", "--", "--size"]).arguments == ["plan", "--", "--size"])
        let info = Spellings.rewrite(["svga", "info", "a.svga"])
        #expect(info.arguments == ["inspect", "a.svga"] && info.notices.count == 1)
        #expect(Spellings.rewrite(["plan", "a.gif", "--view", "9x9"]).notices.isEmpty)
        // An option that became a command: `export --list-devices` is `devices`, its --json kept.
        let devices = Spellings.rewrite(["export", "--list-devices", "--json"])
        #expect(devices.arguments == ["devices", "--json"])
        #expect(devices.notices == ["note: `export --list-devices` is now `devices`; the old spelling goes in 0.11"])
        #expect(Spellings.rewrite(["export", "a.gif", "--", "--list-devices"]).notices.isEmpty)
        // --budget names what it limits now; --archive-budget stays as it is.
        let memory = Spellings.rewrite(["export", "a.gif", "--budget", "20", "--archive-budget", "5"])
        #expect(memory.arguments == ["export", "a.gif", "--memory-budget", "20", "--archive-budget", "5"])
        #expect(memory.notices == ["note: --budget is now --memory-budget here; the old spelling goes in 0.11"])
        // --fps with the timer-font route and no --widget-fps keeps its old meaning, the widget's rate.
        let rate = Spellings.rewrite(["export", "a.gif", "--route", "timer-font", "--fps=4"])
        #expect(rate.arguments == ["export", "a.gif", "--route", "timer-font", "--widget-fps=4"])
        #expect(rate.notices.count == 1 && rate.notices[0].contains("--widget-fps"))
        let both = ["export", "a.gif", "--route=timer-font", "--fps", "10", "--widget-fps", "4"]
        #expect(Spellings.rewrite(both).arguments == both && Spellings.rewrite(both).notices.isEmpty)
        let rotation = ["export", "a.gif", "--fps", "10"]
        #expect(Spellings.rewrite(rotation).arguments == rotation)
    }

    @Test("devices is a command; the old option prints the same table")
    func devices() throws {
        let (status, table, _) = try outputs(["devices"])
        let (old, oldTable, notice) = try outputs(["export", "--list-devices"])
        #expect(status == 0 && old == 0 && table == oldTable && table.contains("iphone-375-se"))
        #expect(notice.contains("`export --list-devices` is now `devices`"))
        let (jsonStatus, json, _) = try outputs(["devices", "--json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(jsonStatus == 0 && (parsed?["devices"] as? [Any])?.count == 16)
    }

    @Test("old spellings still run, and give what the new ones give")
    func oldStillWorks() throws {
        let s = try Scratch()
        #expect(run(["generate", "--out", s.path("a.gif"), "--size", "40x30", "--frames", "4", "--quiet"]) == 0)
        #expect(run(["generate", "--out", s.path("b.gif"), "--canvas", "40x30", "--frames", "4", "--quiet"]) == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: s.path("a.gif")))
        let b = try Data(contentsOf: URL(fileURLWithPath: s.path("b.gif")))
        #expect(a == b)
        #expect(run(["plan", s.path("a.gif"), "--size", "60x60", "--json"]) == 0)
    }

    @Test("sizes are read as the tool prints them too: 170×170")
    func printedSizes() throws {
        let size = try SizeArgument.parse("170×170")
        #expect(size.width == 170 && size.height == 170)
        #expect(throws: (any Error).self) { try SizeArgument.parse("170×") }
    }

    @Test("an unknown command is a usage error naming the closest, also after help")
    func unknownCommands() throws {
        #expect(run(["exprot", "a.gif"]) == 64)
        #expect(run(["help", "nosuch"]) == 64)
        #expect(ArcMaskCommand.unknownCommand("exprot") == "no command 'exprot'; did you mean 'export'?")
        #expect(ArcMaskCommand.unknownCommand("zzzzzz").hasPrefix("no command 'zzzzzz'; the commands are inspect, "))
        #expect(ArcMaskCommand.editDistance("kitten", "sitting") == 3 && ArcMaskCommand.editDistance("", "ab") == 2)
        #expect(run(["help", "export"]) == 0)
    }

    @Test("times take a unit or a timecode whatever the option's own unit; bare numbers keep it")
    func timeUnits() throws {
        #expect(try InstantSeconds.parse("250ms").value == 0.25)
        #expect(try InstantSeconds.parse("250").value == 250)
        #expect(try InstantSeconds.parse("00:00:02").value == 2)
        #expect(try InstantSeconds.parse("01:30.5").value == 90.5)
        #expect(try ClipStart.parse("1:00:00").value == 3600)
        #expect(try ToleranceMs.parse("2s").value == 2000)
        #expect(try SpanMs.parse("1.5min").value == 90_000)
        #expect(try SpanMs.parse("0:01").value == 1000)
        for bad in ["1:2:3:4", "a:00", "1.5:00", "-1:00", "-0:01", "+0:01", "nan:00", ":30", ""] {
            #expect(throws: (any Error).self, "\(bad)") { try SpanMs.parse(bad) }
        }
    }

    @Test(
        "export --json prints every warning and where it wrote; the file keeps the input's damage, not where it was written"
    )
    func exportJSON() throws {
        let s = try Scratch()
        #expect(run(["generate", "--out", s.path("t.gif"), "--frames", "8", "--canvas", "40x30", "--quiet"]) == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: s.path("t.gif")))
        try whole.prefix(whole.count * 4 / 5).write(to: URL(fileURLWithPath: s.path("cut.gif")))
        let printed = try output(["export", s.path("cut.gif"), "--view", "60x60", "--out", s.path("e"), "--json"])
        #expect(printed.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
        #expect(json["output"] as? String == s.path("e"))
        let warnings = try #require(json["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("cut short") })
        let file = try String(contentsOfFile: s.path("e/manifest.json"), encoding: .utf8)
        // The damage stays with the folder, for `check` (round 4, row 5).
        #expect(!file.contains("\"output\"") && file.contains("cut short"))
    }

    /// A clip of `seconds`, for the advice export gives.
    final class Clip: FrameSource {
        let seconds: Double
        init(_ seconds: Double) { self.seconds = seconds }
        var name: String { "clip.mp4" }
        var canvasSize: PixelSize { PixelSize(width: 2, height: 2) }
        var frameCount: Int { 1 }
        var loopMode: LoopMode { .forever }
        func duration(at index: Int) -> Double { seconds * 1000 }
        func frame(at index: Int) throws -> PixelBuffer { PixelBuffer(width: 2, height: 2) }
        var warnings: [String] { [] }
        var timeBase: TimeBase { .timestamps }
    }

    @Test("a long clip's advice speaks of the route in use; a 60 s clip gets none")
    func clipAdvice() throws {
        let rotation = try #require(ExportAdvice.cutAdvice(Clip(75), route: .rotation))
        #expect(rotation.contains("dropping frames") && !rotation.contains("timer-font"))
        let timer = try #require(ExportAdvice.cutAdvice(Clip(75), route: .timerFont))
        #expect(timer.contains("timer-font loop lasts at most 60 s"))
        #expect(ExportAdvice.cutAdvice(Clip(60.02), route: .rotation) == nil)
    }

    @Test("an error is one line on stderr, with no blank line after it")
    func oneLineErrors() throws {
        let result = try errors(["inspect", "/nonexistent/arcmask.gif"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("arcmask: /nonexistent/arcmask.gif: "))
        #expect(result.stderr.hasSuffix(")\n") && !result.stderr.hasSuffix("\n\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("plan, emulate, preview and render take --family and --device as export does")
    func familyEverywhere() throws {
        let s = try Scratch()
        #expect(run(["generate", "--out", s.path("a.gif"), "--frames", "4", "--quiet"]) == 0)
        let byFamily = try output(["plan", s.path("a.gif"), "--family", "medium", "--json"])
        let byView = try output(["plan", s.path("a.gif"), "--view", "364x170", "--json"])
        #expect(byFamily.status == 0 && byFamily.stdout == byView.stdout)
        let ipad = try output(["plan", s.path("a.gif"), "--family", "small", "--device", "ipad-768", "--json"])
        // An iPad is 2×: --device brings its scale unless --scale is given.
        let ipadView = try output(["plan", s.path("a.gif"), "--view", "141x141", "--scale", "2", "--json"])
        #expect(ipad.stdout == ipadView.stdout)
        let ipad3 = try output(["plan", s.path("a.gif"), "--family", "small", "--device", "ipad-768", "--scale", "3"])
        #expect(ipad3.stdout.contains("at 3×"))
        #expect(run(["plan", s.path("a.gif"), "--device", "ipad-768"]) == 64)
        #expect(run(["plan", s.path("a.gif"), "--family", "small", "--device", "nosuch"]) == 64)
        #expect(run(["emulate", s.path("a.gif"), "--family", "extraLarge", "--device", "iphone-430"]) == 64)
    }
}

@Suite("Generated text in current spellings")
struct GeneratedSpellingsTests {
    /// Text that says `pattern` (one of `Spellings.deprecatedPatterns`), with where.
    static func findings(_ text: String, in place: String) -> [String] {
        Spellings.deprecatedPatterns.compactMap { pattern in
            guard let re = try? NSRegularExpression(pattern: pattern),
                let m = re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let r = Range(m.range, in: text)
            else { return nil }
            return "\(place): '\(text[r])'"
        }
    }

    @Test("the patterns catch what they stand for, and not today's spellings")
    func patterns() {
        #expect(!Self.findings("use --accented accented", in: "x").isEmpty)
        #expect(!Self.findings("arcmask emulate <this folder>", in: "x").isEmpty)
        #expect(!Self.findings("--loop 2", in: "x").isEmpty && !Self.findings("--rotation silgen", in: "x").isEmpty)
        #expect(
            Self.findings("--loop-seconds 2 --loops 3 --rotation-access runtime --tinted accented", in: "x").isEmpty)
    }

    @Test(
        "every file an export writes, and its summary, by every route and surface, names no deprecated spelling",
        arguments: [
            ["--family", "small"], ["--family", "small", "--tinted", "accented"],
            ["--family", "small", "--route", "timer-font"], ["--family", "small", "--route", "timer-mask"],
            ["--family", "activity"], ["--family", "accessoryRectangular"],
        ])
    func exports(_ options: [String]) throws {
        let s = try Scratch()
        let gif = s.path("a.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: gif), size: PixelSize(width: 40, height: 40), frames: 8, delays: [10])
        let out = s.path("out")
        let result = try output(["export", gif, "--out", out] + options)
        #expect(result.status == 0, "\(options)")
        var found = Self.findings(result.stdout, in: "summary")
        for name in try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        where [".md", ".swift", ".json", ".txt"].contains(where: name.hasSuffix) {
            let text = try String(contentsOfFile: (out as NSString).appendingPathComponent(name), encoding: .utf8)
            found += Self.findings(text, in: name)
        }
        #expect(found.isEmpty, "\(options): \(found)")
    }
}
