import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFontCheck
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskTimerFontPlan
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskTimerFont

/// Frames held in memory: for translucency and exact timings a GIF cannot give.
final class MemorySource: FrameSource {
    let name = "memory.png"
    let canvasSize: PixelSize
    let frames: [PixelBuffer]
    let durationsMs: [Double]
    let loopMode = LoopMode.forever
    let warnings: [String] = []

    init(_ frames: [PixelBuffer], durationsMs: [Double]) {
        self.frames = frames
        self.durationsMs = durationsMs
        canvasSize = frames[0].size
    }

    var frameCount: Int { frames.count }
    func duration(at index: Int) -> Double { durationsMs[index] }
    func frame(at index: Int) throws -> PixelBuffer { frames[index] }
}

@Suite("Timer-font export", .serialized)
struct TimerFontExportTests {
    /// A 2 s, 30-frame GIF (delays 7, 7, 6 cs).
    func twoSeconds(_ dir: TempDir) throws -> GIFFrameSource {
        try patternGIF(dir, count: 30, delays: [7, 7, 6], turns: 2)
    }

    @Test("a 2 s, 30-frame GIF at 8 fps: 57,600 instants over two hours shaped to the intended frame, 0 wrong")
    func twoHours() throws {
        let dir = try TempDir()
        let source = try twoSeconds(dir)
        #expect(source.totalDuration == 2000)
        let m = try timerExport(
            source, dir, "out", TimerFontRequest(viewWidth: 60, viewHeight: 40, scale: 2, fps: 8))
        #expect(m.route == .timerFont && m.fps == 8 && m.loopSeconds == 2)
        #expect(m.timing.plays == 1 && m.timing.keepsPace)
        #expect(m.frames.count == 16 && m.frameFonts.count == 16)
        // Loop frame j starts at j × 125 ms: the source frame showing then (66.7 ms each).
        #expect(m.frames.map(\.sourceFrame) == (0..<16).map { j in (j * 125 * 3) / 200 })
        let first = try #require(m.proof.windows.first)
        #expect(first.fromSeconds == 0 && first.seconds == 2 * 60 * 60)
        #expect(m.proof.instants >= 2 * 60 * 60 * 8)
        #expect(m.proof.windows.dropFirst().map(\.fromSeconds) == TimerFontExporter.laterHours.map { $0 * 3600 - 2 })
        #expect(m.proof.passed && m.proof.wrongFrames == 0)
        #expect(m.proof.stringsShaped > 2 * 60 * 60)

        // Read back from disk, independently of the export's own check: every instant of the
        // two hours (one inside each frame) and both edges of each.
        let plan = try m.plan()
        let pictures = try (0..<plan.frameCount).map { j -> [UInt8] in
            let f = m.frames[j].sourceFrame
            let image = try Resampler.resized(
                try source.frame(at: f), to: PixelSize(width: 120, height: 80), fit: .fill)
            return try PNG.encode(
                Flattening.flattened(image, onto: Color(hex: m.background)!), compression: .small)
        }
        let verifier = try TimerFontVerifier(
            plan: plan, frameFonts: try m.frameFonts.map { try bytes(dir.path("out/\($0.file)")) },
            maskFont: try bytes(dir.path("out/\(m.maskFont.file)")), pictures: pictures,
            pixelSize: PixelSize(width: 120, height: 80))
        let report = verifier.verify(seconds: 2 * 60 * 60, samplesPerFrame: 1)
        #expect(report.instants == 2 * 60 * 60 * 8)
        #expect(report.wrongFrames == 0)
        #expect(verifier.verify(from: 3590, seconds: 20, samplesPerFrame: 3).wrongFrames == 0)
    }

    @Test("UIAppFonts lists every font file; each file's PostScript name is the one the view asks for")
    func appFontsAndNames() throws {
        let dir = try TempDir()
        let m = try timerExport(
            try twoSeconds(dir), dir, "out",
            TimerFontRequest(viewWidth: 60, viewHeight: 40, scale: 2, fps: 3, names: CodeNames("Orbit")!))
        #expect(m.frameFonts.count == 6)
        let plist = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: dir.path("out/UIAppFonts.plist")), format: nil)
        let entries = try #require((plist as? [String: Any])?["UIAppFonts"] as? [String])
        #expect(entries == m.fontFiles)
        let view = try String(contentsOf: dir.path("out/OrbitView.swift"), encoding: .utf8)
        let guide = try String(contentsOf: dir.path("out/INSTALL.md"), encoding: .utf8)
        for font in m.frameFonts + [m.maskFont] {
            let file = try bytes(dir.path("out/\(font.file)"))
            #expect(file.count == font.bytes)
            let read = try HarfBuzzFont(bytes: file, name: font.file, ppem: m.pixelHeight).postScriptName
            #expect(read == font.postScriptName)
            #expect(view.contains("\"\(font.postScriptName)\""))
            #expect(guide.contains("| `\(font.file)` | `\(font.postScriptName)` |"))
            #expect(guide.contains("<string>\(font.file)</string>"))
        }
        #expect(m.codeFiles == ["OrbitView.swift", "OrbitWidget.swift", "UIAppFonts.plist", "INSTALL.md"])
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("out").path).sorted()
        #expect(names == (m.fontFiles + m.codeFiles + ["manifest.json"]).sorted())
    }

    @Test("the view and widget type-check against the stub SDK beside a rotation export, in Swift 5 and 6 modes")
    func typecheck() throws {
        let dir = try TempDir()
        let sdk = try StubSDK(in: dir)
        let source = try twoSeconds(dir)
        var files: [URL] = []
        for (name, fps) in [("Blink", 1), ("Orbit", 8), ("Quick", 15)] {
            let m = try timerExport(
                source, dir, name,
                TimerFontRequest(
                    viewWidth: 40, viewHeight: 30, scale: 1, fps: fps, widgetFamily: .medium,
                    names: CodeNames(name)!))
            files += m.codeFiles.filter { $0.hasSuffix(".swift") }.map { dir.path("\(name)/\($0)") }
        }
        let rotation = try export(source, dir, "Rotation", WidgetSettings(viewWidth: 60, viewHeight: 40, scale: 2))
        files += rotation.codeFiles.filter { $0.hasSuffix(".swift") }.map { dir.path("Rotation/\($0)") }
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(3000))")
        }
        // A modifier the stubs do not declare is noticed.
        let orbit = dir.path("Orbit/OrbitView.swift")
        let text = try String(contentsOf: orbit, encoding: .utf8)
        try text.replacingOccurrences(of: ".contentTransition(.identity)", with: ".contentTransition(.none)")
            .write(to: orbit, atomically: false, encoding: .utf8)
        #expect(try sdk.typecheck(files).status != 0)
    }

    @Test("the widget plays the view with the entry's date, never reloads, and declares its family")
    func widget() throws {
        let dir = try TempDir()
        let m = try timerExport(
            try twoSeconds(dir), dir, "out",
            TimerFontRequest(viewWidth: 60, viewHeight: 40, scale: 2, fps: 4, widgetFamily: .large))
        let widget = try String(contentsOf: dir.path("out/ArcMaskWidget.swift"), encoding: .utf8)
        #expect(widget.contains("ArcMaskView(date: entry.date)"))
        #expect(widget.contains("policy: .never"))
        #expect(widget.contains(".supportedFamilies([.systemLarge])"))
        let view = try String(contentsOf: dir.path("out/ArcMaskView.swift"), encoding: .utf8)
        #expect(view.contains(".contentTransition(.identity)"))
        #expect(view.contains("Locale(identifier: \"en_US_POSIX\")"))
        #expect(view.contains(".font(.custom(font, fixedSize: ArcMaskPlan.viewHeight))"))
        #expect(view.contains("@available(iOS 18.0, *)"))
        // The leads in the code are the plan's.
        let plan = try m.plan()
        let leads = (0..<plan.layers).map { String(plan.frameLead($0)) }.joined(separator: ", ")
        #expect(view.contains("frameLeads: [Double] = [\(leads)]"))
    }

    @Test("translucent pixels are flattened onto white (the widget's background), or the background asked for")
    func flattening() throws {
        // Frame 0: a transparent row, then opaque green; frame 1: half-transparent red.
        var a = PixelBuffer(width: 20, height: 20)
        for y in 1..<20 { for x in 0..<20 { a.setPixel(x: x, y: y, (0, 200, 0, 255)) } }
        var b = PixelBuffer(width: 20, height: 20)
        for y in 0..<20 { for x in 0..<20 { b.setPixel(x: x, y: y, (255, 0, 0, 128)) } }
        let source = MemorySource([a, b], durationsMs: [1000, 1000])
        let dir = try TempDir()
        let m = try timerExport(source, dir, "auto", TimerFontRequest(viewWidth: 20, viewHeight: 20, scale: 1, fps: 1))
        #expect(m.background == "#FFFFFF" && m.flattening == [])
        // Onto the green of frame 0, frame 0 loses its picture: a problem naming it.
        let green0 = try timerExport(
            source, dir, "green",
            TimerFontRequest(viewWidth: 20, viewHeight: 20, scale: 1, fps: 1, background: Color(0, 200.0 / 255, 0)))
        #expect(green0.flattening?.count == 1 && green0.flattening?[0].contains("frame 0 keeps 0 % of it") == true)
        #expect(!green0.passed)
        let pictures = try TimerFontExporter.draw(
            source, request: TimerFontRequest(viewWidth: 20, viewHeight: 20, scale: 1, fps: 1, background: .white))
        let red = try PNG.decode(pictures.pngs[1])
        #expect(red.pixel(x: 5, y: 5) == (255, 127, 127, 255))
        let green = try PNG.decode(pictures.pngs[0])
        #expect(green.pixel(x: 5, y: 0) == (255, 255, 255, 255))
        #expect(green.pixel(x: 5, y: 5) == (0, 200, 0, 255))
        #expect(pictures.background == .white)
    }

    @Test("timing: a short animation repeats, another is fitted in time, and the budget lowers the scale")
    func timing() throws {
        let dir = try TempDir()
        let frames = (0..<5).map { k -> PixelBuffer in
            var p = PixelBuffer(width: 16, height: 16)
            for i in 0..<256 { p.setPixel(x: i % 16, y: i / 16, (UInt8(k * 50), 0, 0, 255)) }
            return p
        }
        // 0.5 s: plays 4 times in 2 s, each loop frame the source frame at its start.
        let half = MemorySource(frames, durationsMs: [100, 100, 100, 100, 100])
        let r = TimerFontRequest(viewWidth: 16, viewHeight: 16, scale: 1, fps: 10)
        let s = try TimerFontExporter.schedule(half, request: r)
        #expect(s.timing.loopSeconds == 2 && s.timing.plays == 4 && s.timing.keepsPace)
        #expect(s.sourceFrames == (0..<20).map { $0 % 5 })
        // 1.5 s: repeating needs 6 s; forced into 2 s it plays once at 0.75× its pace.
        let slow = MemorySource(frames, durationsMs: [300, 300, 300, 300, 300])
        #expect(try TimerFontExporter.schedule(slow, request: r).timing.loopSeconds == 6)
        var scaled = r
        scaled.loopSeconds = 2
        scaled.timing = .scale
        let t = try TimerFontExporter.schedule(slow, request: scaled).timing
        #expect(t.plays == 1 && abs(t.speed - 0.75) < 1e-9)
        #expect(t.sentence == "plays once per 2 s loop at 0.75× its own pace (1.5 s → 2 s)")
        var repeated = r
        repeated.loopSeconds = 4
        repeated.timing = .repeat
        #expect(throws: InputError.self) { try TimerFontExporter.schedule(slow, request: repeated) }
        // The budget: 16 pictures of 60×40 at 3× are 1.4 MB; at 2× 0.6 MB.
        let source = try patternGIF(dir, count: 30, delays: [7, 7, 6])
        var tight = TimerFontRequest(viewWidth: 60, viewHeight: 40, scale: 3, fps: 8, budgetBytes: 700_000)
        let m = try timerExport(source, dir, "scaled", tight)
        #expect(m.scale == 2 && m.pixelWidth == 120 && m.decodedBytes == 16 * 120 * 80 * 4)
        #expect(m.budgetActions.count == 1)
        // A budget 16 pictures do not fit at any scale: fewer pictures a second keep the pace…
        tight.budgetBytes = 100_000
        let lowered = try timerExport(source, dir, "lowered", tight)
        #expect(lowered.fps < 8 && lowered.timing.keepsPace && lowered.decodedBytes <= 100_000)
        // …unless the rate was asked for: then nothing fits, and nothing is written.
        tight.fpsAsked = true
        #expect(throws: BudgetError.self) { try timerExport(source, dir, "refused", tight) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("refused").path))
    }

    @Test(
        "auto timing keeps the pace with fewer pictures a second when the budget asks; with the rate asked for, it fits the pace to a shorter loop"
    )
    func autoWithinBudget() throws {
        let frames = (0..<3).map { k -> PixelBuffer in
            var p = PixelBuffer(width: 16, height: 16)
            for i in 0..<256 { p.setPixel(x: i % 16, y: i / 16, (0, UInt8(k * 90), 0, 255)) }
            return p
        }
        // 1.5 s keeps its pace in 6 s (48 pictures at 8 fps); with 40 pictures' worth of budget
        // the closest pace is 3 plays in 4 s (1.125×), not once in 2 s (0.75×).
        let source = MemorySource(frames, durationsMs: [500, 500, 500])
        var r = TimerFontRequest(
            viewWidth: 16, viewHeight: 16, scale: 1, fps: 8, budgetBytes: 40 * 16 * 16 * 4, minScale: 1)
        // 6 s at 6 pictures a second (36 pictures) keeps the pace within the budget.
        let kept = try TimerFontExporter.draw(source, request: r)
        #expect(kept.plan.loopSeconds == 6 && kept.plan.fps == 6 && kept.timing.keepsPace)
        #expect(
            kept.budgetActions.first?.hasPrefix("rate: 6 pictures a second keep the animation's pace in a 6 s loop")
                == true)
        let fidelity = TimerFontExporter.fidelity(
            sourceFrames: kept.sourceFrames, fps: kept.plan.fps, timing: kept.timing, durationsMs: [500, 500, 500],
            paceAsked: false)
        #expect(fidelity.passed && fidelity.fewestShownPerPlay == 3, "\(fidelity.sentence)")
        // With the rate asked for: the closest pace among the loops that fit, which a check fails.
        r.fpsAsked = true
        let pictures = try TimerFontExporter.draw(source, request: r)
        #expect(pictures.plan.loopSeconds == 4 && pictures.timing.plays == 3 && !pictures.timing.keepsPace)
        // The summary says what the pace would have been, why not, and what it is.
        let pace = try #require(pictures.budgetActions.first)
        #expect(pace.hasPrefix("pace: the loop closest to the animation's own pace is 6 s"))
        #expect(pace.contains("over the 41 kB budget"))
        #expect(pace.contains("plays 3 times per 4 s loop at 1.125× its own pace"))
        let off = TimerFontExporter.fidelity(
            sourceFrames: pictures.sourceFrames, fps: pictures.plan.fps, timing: pictures.timing,
            durationsMs: [500, 500, 500], paceAsked: false)
        #expect(
            !off.passed && off.failures.contains { $0.contains("1.12× the animation's own pace") }, "\(off.failures)")
    }
}

private func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }
