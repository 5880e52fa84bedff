import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLayerExport
@testable import ArcMaskRotationRoute

@Suite("Export")
struct ExportTests {
    /// The strip layout, whose budget is the strip's decoded size in the extension.
    let small = WidgetSettings(viewWidth: 50, viewHeight: 40, scale: 2, layout: .strip)

    @Test("--layout strip writes a strip, a manifest and Swift code; the manifest's plan emulates clean")
    func basics() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir)
        let m = try export(source, dir, "out", small)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path("out").path).sorted() == [
                "ArcMaskAnimation.swift", "ArcMaskPlan.swift", "ArcMaskWidget.swift", "INSTALL.md", "manifest.json",
                "strip.png",
            ])
        let strip = try PNG.read(dir.path("out/strip.png"))
        #expect(
            strip.width == m.stripColumns * 100 && strip.height == 80 * ((10 + m.stripColumns - 1) / m.stripColumns))
        // Cell 3 of the strip is frame 3 resized.
        let cell3 = try Resampler.resized(source.frame(at: 3), to: PixelSize(width: 100, height: 80), fit: .fill)
        let f = m.frames[3]
        #expect(strip.pixel(x: f.x + 50, y: f.y + 40) == cell3.pixel(x: 50, y: 40))
        #expect(m.frames.map(\.durationMs) == source.durations)
        #expect(m.emulator.passed && m.emulator.samples > 0)
        let decoded = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: dir.path("out/manifest.json")))
        #expect(decoded == m)
        let plan = decoded.plan
        #expect(plan == m.plan)  // the plan as computed, embedded, not planned again
        let again = Emulator.run(plan, model: AnalyticModel(plan))
        #expect(again.defective == 0 && again.samples > 0)
    }

    @Test("exporting twice gives byte-identical files")
    func deterministic() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir)
        _ = try export(source, dir, "a", small)
        _ = try export(try GIFFrameSource(path: dir.path("in.gif").path), dir, "b", small)
        for name in ["strip.png", "manifest.json", "ArcMaskPlan.swift", "ArcMaskAnimation.swift"] {
            #expect(try Data(contentsOf: dir.path("a/\(name)")) == Data(contentsOf: dir.path("b/\(name)")), "\(name)")
        }
    }

    @Test("over budget: near-identical frames merge first (only as far as needed), keeping the total duration")
    func merging() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 10, repeats: [1, 2, 5, 6, 7])
        var r = small
        // The 60×40 px source fills the 50×40 pt view at 1 px per pt: over budget, the layers are
        // held to that first (50×40 px), then frames merge.
        r.limits.extensionBytes = 5 * 50 * 40 * 4  // room for 5 layers at 1×
        let m = try export(source, dir, "out", r)
        #expect(m.frames.count == 5)
        #expect(m.scale == 1 && m.resolution?.bound == .source)
        #expect(m.frames.map(\.sourceFrames) == [[0, 1, 2], [3], [4, 5, 6, 7], [8], [9]])
        #expect(m.frames.map(\.durationMs).reduce(0, +) == source.totalDuration)
        #expect(m.budgetActions.contains { $0.contains("merged 10 frames into 5 layers") })
        #expect(m.emulator.passed)
        // With room for 6, one merge fewer.
        r.limits.extensionBytes = 6 * 50 * 40 * 4
        #expect(try export(source, dir, "six", r).frames.count == 6)
    }

    @Test("--layout strip: over budget, held to the source's resolution first; when nothing fits, refused")
    func scaleAndRefusal() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 8)
        var r = WidgetSettings(viewWidth: 50, viewHeight: 40, scale: 3, layout: .strip)
        r.limits.extensionBytes = 8 * 100 * 80 * 4
        let m = try export(source, dir, "out", r)
        #expect(m.scale == 1 && m.pixelWidth == 50 && m.frames.count == 8)
        #expect(m.budgetActions.contains { $0.hasPrefix("held the layers to the source's resolution") })
        // A source with pixels to spare (a 20×16 pt view: 2.5 px per pt) is held to those, then
        // the scale drops further when they do not fit.
        var roomy = WidgetSettings(viewWidth: 20, viewHeight: 16, scale: 3, layout: .strip)
        roomy.limits.extensionBytes = 8 * 40 * 32 * 4
        let lowered = try export(source, dir, "roomy", roomy)
        #expect(lowered.scale == 2 && lowered.pixelWidth == 40 && lowered.frames.count == 8)
        #expect(lowered.budgetActions.contains { $0.contains("lowered the scale from 2.5× to 2×") })
        r.limits.extensionBytes = 1000
        #expect(throws: BudgetError.self) { try export(source, dir, "refused", r) }
        #expect(!FileManager.default.fileExists(atPath: dir.path("refused").path))
    }

    @Test(
        "long animations keep playing: the source's resolution, then fewer layers evenly in time, total duration kept")
    func frameRate() throws {
        let dir = try TempDir()
        // 60 distinct frames of 40 ms (the pattern goes round 20 times: no two neighbours alike).
        let source = try patternGIF(dir, count: 60, delays: [4], turns: 20)
        var r = WidgetSettings(viewWidth: 50, viewHeight: 40, scale: 3, layout: .strip)
        r.limits.extensionBytes = 12 * 50 * 40 * 4  // 12 layers at 1× (the source's resolution)
        let m = try export(source, dir, "out", r)
        #expect(m.scale == 1)
        #expect(m.frames.count <= 12 && m.limits.extensionBytes <= r.limits.extensionBytes)
        #expect(abs(m.frames.map(\.durationMs).reduce(0, +) - source.totalDuration) < 1e-9)
        // Equal slots on the 120 Hz grid: 2400 ms / 12 = 200 ms each.
        #expect(m.frames.allSatisfy { abs($0.durationMs - 200) < 1e-9 })
        // Each layer shows the frame at its slot's middle: 100 ms, 300 ms… → frames 2, 7, 12…
        let shown = try (0..<m.frames.count).map { g -> Bool in
            let cell = try Resampler.resized(
                source.frame(at: 2 + 5 * g), to: PixelSize(width: 50, height: 40), fit: .fill)
            let strip = try PNG.read(dir.path("out/strip.png"))
            let f = m.frames[g]
            return strip.pixel(x: f.x + 15, y: f.y + 10) == cell.pixel(x: 15, y: 10)
        }
        #expect(shown.allSatisfy { $0 })
        #expect(m.budgetActions.contains { $0.contains("lowered the frame rate from 25.0 to 5.0 layers per second") })
        #expect(m.budgetActions.contains { $0.contains("in all: 60 frames → 12 layers, 3× → 1×") })
        #expect(m.emulator.passed)

        // --keep-frames refuses instead.
        r.budget = BudgetPolicy(keepFrames: true)
        #expect(throws: BudgetError.self) { try export(source, dir, "kept", r) }
    }

    @Test("slots: the frame at each slot's middle; equal neighbours become one layer")
    func decimation() {
        let groups = (0..<10).map { FrameGroup(first: $0, last: $0, shown: $0, durationMs: 100) }
        let five = FrameBudget.decimate(groups, to: 5)
        #expect(five.map(\.shown) == [1, 3, 5, 7, 9])
        #expect(five.map(\.first) == [0, 2, 4, 6, 8] && five.map(\.last) == [1, 3, 5, 7, 9])
        // One long frame covering several slots stays one layer.
        let long =
            [FrameGroup(first: 0, last: 0, shown: 0, durationMs: 900)]
            + (1...3).map { FrameGroup(first: $0, last: $0, shown: $0, durationMs: 100) }
        let merged = FrameBudget.decimate(long, to: 3)  // 400 ms slots, middles at 200, 600, 1000 ms
        #expect(merged.map(\.shown) == [0, 2])
        #expect(merged.map(\.durationMs) == [800, 400])
    }

    @Test(
        "the Swift file's numbers equal the manifest's, and its plain-Swift part compiles and runs here",
        .enabled(if: StubSDK.usesStubs, "on macOS the view's SwiftUI part compiles too, for iOS only"))
    func swiftCode() throws {
        let dir = try TempDir()
        let m = try export(try patternGIF(dir), dir, "out", small)
        let code = try String(contentsOf: dir.path("out/ArcMaskPlan.swift"), encoding: .utf8)
        func value(_ name: String) -> Double? {
            guard let range = code.range(of: " \(name): ") else { return nil }
            return Double(code[range.upperBound...].prefix { $0 != "," && $0 != ")" && $0 != "\n" })
        }
        #expect(value("radius") == m.plan.radius)
        #expect(value("lineWidth") == m.plan.lineWidth)
        #expect(value("centerOffset") == m.plan.centerOffset)
        #expect(value("periodSeconds") == m.plan.periodSeconds)
        #expect(value("viewWidth") == m.viewWidth && value("scale") == m.scale)
        // Compile the plain-Swift part (SwiftUI is compiled out on Linux) with a main that prints it.
        try """
        import Foundation
        let plan = ArcMaskPlan.plan
        let cells = plan.cells.map { "\\($0.x),\\($0.y),\\($0.width),\\($0.height)" }.joined(separator: ";")
        let layers = plan.layers.map { "\\($0.frame):\\($0.startDegrees):\\($0.endDegrees)" }.joined(separator: ";")
        print(plan.radius, plan.layers.count, plan.rotation(at: plan.periodSeconds / 4))
        print(cells)
        print(layers)
        """.write(to: dir.path("out/main.swift"), atomically: true, encoding: .utf8)
        let compile = try swiftc([
            dir.path("out/ArcMaskAnimation.swift").path, dir.path("out/ArcMaskPlan.swift").path,
            dir.path("out/main.swift").path, "-o", dir.path("check").path,
        ])
        try #require(compile.status == 0, "\(compile.output)")
        let run = Process(), pipe = Pipe()
        run.executableURL = dir.path("check")
        run.standardOutput = pipe
        try run.run()
        run.waitUntilExit()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: "\n")
        let first = lines[0].split(separator: " ")
        #expect(
            Double(first[0]) == m.plan.radius && Int(first[1]) == m.frames.count && abs(Double(first[2])! - 90) < 1e-9)
        #expect(String(lines[1]) == m.frames.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: ";"))
        #expect(
            String(lines[2]) == m.frames.map { "\($0.index):\($0.startAngle):\($0.endAngle)" }.joined(separator: ";"))
    }

    @Test("the widget size table has every family for the default devices")
    func sizes() {
        #expect(WidgetSizeTable.defaultDevice(for: .small).size(.small)! == (170, 170))
        #expect(WidgetSizeTable.defaultDevice(for: .extraLarge).size(.extraLarge) != nil)
        #expect(WidgetSizeTable.devices.allSatisfy { $0.size(.medium)!.0 > $0.size(.small)!.0 })
        // A class by its id or any model's name; each name names one class.
        #expect(WidgetSizeTable.choice("iPhone 17 Pro")?.device.id == "iphone-402")
        #expect(WidgetSizeTable.choice("iphone-11")?.scale == 2 && WidgetSizeTable.choice("iphone-414")?.scale == 3)
        #expect(WidgetSizeTable.devices.filter { $0.id.hasPrefix("ipad") }.allSatisfy { $0.scale == 2 })
        #expect(Set(WidgetSizeTable.names).count == WidgetSizeTable.names.count)
    }
}
