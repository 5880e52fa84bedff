import ArcMaskBudget
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskTimerClock
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskTimerMask

@Suite struct TimerMaskExporterTests {
    func export(
        _ source: FrameSource, _ dir: TempDir, fps: Int? = nil, loop: Int? = nil, maxLanes: Int = 320
    ) throws -> (URL, ExportManifest) {
        let url = dir.path("out")
        let folder = try StagedFolder(url, existing: .refuse, createParents: true)
        let settings = WidgetSettings(viewWidth: 30, viewHeight: 20, scale: 2)
        let masks = TimerMaskSettings(use: .route, fps: fps, loopSeconds: loop, maxLanes: maxLanes)
        let manifest = try TimerMaskExporter.export(source: source, settings: settings, masks: masks, into: folder)
        try folder.commit()
        return (url, manifest)
    }

    @Test("lanes written as layers, the mask font, and a section that, read back with the font, plays seamlessly")
    func seamless() throws {
        let dir = try TempDir()
        // 10 frames of 50, 100 and 200 ms in turn: 1.1 s, played as the loop's timing chooses.
        let source = try patternGIF(dir, count: 10)
        let (url, m) = try export(source, dir, fps: 16)
        #expect(m.route == .timerMask)
        let section = try #require(m.timerMask)
        let timing = try #require(m.timing)
        #expect(section.loopSeconds == timing.loopSeconds && TimerMaskSection.loops.contains(section.loopSeconds))
        #expect(abs(Double(timing.loopSeconds) * 1000 * timing.speed / Double(timing.plays) - 1100) < 1)
        #expect(section.problems(images: Set(m.images.map(\.file))).isEmpty)
        // Lanes are the layers (merged where neighbouring lanes show one frame).
        #expect(section.lanes.count == m.frames.count && section.lanes.count <= 16 * section.loopSeconds)
        #expect(Set(section.lanes.map(\.frame)).isSubset(of: Set(0..<10)))
        for lane in section.lanes {
            #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent(lane.image).path))
        }
        let font = try #require(section.fonts.first)
        let bytes = try [UInt8](Data(contentsOf: url.appendingPathComponent(font.file)))
        let plan = try #require(TimerMaskPlan(section: section))
        let proof = try TimerMaskProof(
            plan: plan, fonts: [font.periodSeconds: bytes], cell: PixelSize(width: m.pixelWidth, height: m.pixelHeight))
        let check = proof.run(seconds: 4)
        #expect(check.passed, "\(check.defects.prefix(3))")
        #expect(check.handOffs > 0)
        // The manifest on disk says the same.
        let disk = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: url.appendingPathComponent("manifest.json")))
        #expect(disk.timerMask == section && disk.route == .timerMask)
    }

    /// A rotation export, then its timer masks, as `export` writes them by default.
    func rotationWithFallback(
        _ source: FrameSource, _ dir: TempDir, archive: Int = WidgetLimits.archiveAimBytes,
        masks: TimerMaskSettings = TimerMaskSettings(use: .fallback), name: String = "rotation"
    ) throws -> (URL, ExportManifest, ExportManifest) {
        let url = dir.path(name)
        let folder = try StagedFolder(url, existing: .refuse, createParents: true)
        var rotation = WidgetSettings(viewWidth: 30, viewHeight: 20, scale: 2)
        rotation.limits = WidgetLimits(
            archiveBytes: archive, layerPixels: WidgetLimits.smallestPixelCap,
            extensionBytes: WidgetLimits.extensionMemoryBytes)
        let turned = try Exporter.prepare(source: source, settings: rotation, into: folder)
        let m = try TimerMaskExporter.fallback(
            turned, source: source, masks: masks, names: rotation.names, into: folder)
        try Exporter.finish(m, settings: rotation, into: folder)
        try folder.commit()
        return (url, turned, m)
    }

    @Test("a rotation export carries timer masks over its own layers: no image added, the loop seamless")
    func fallback() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 10)
        let (url, turned, m) = try rotationWithFallback(source, dir)
        #expect(m.route == .rotation && m.frames == turned.frames && m.images == turned.images)
        let section = try #require(m.timerMask)
        let timing = try #require(m.timing)
        #expect(section.loopSeconds == timing.loopSeconds)
        #expect(section.problems(images: Set(m.images.map(\.file))).isEmpty)
        // Each lane shows the layer holding the source frame that starts within half a lane
        // (1/60 s) of its turn: a lane wherever a frame starts.
        let files = Set(m.frames.map(\.file))
        #expect(section.lanes.allSatisfy { files.contains($0.image) })
        let durations = source.durations
        let starts = durations.indices.map { durations[..<$0].reduce(0, +) }
        for (k, lane) in section.lanes.enumerated() where k == 0 || section.lanes[k - 1].frame != lane.frame {
            let layer = try #require(m.frames.first { $0.file == lane.image })
            #expect(layer.sourceFrames.contains(lane.frame), "lane \(k)")
            let nominal = (0..<timing.plays).map {
                (Double($0) * timing.durationMs + starts[lane.frame]) / (timing.speed * 1000)
            }
            #expect(nominal.contains { abs($0 - lane.onTopFromSeconds) <= 1.0 / 60 + 1e-9 }, "lane \(k)")
        }
        let fidelity = try #require(section.fidelity)
        #expect(fidelity.passed && fidelity.fewestShownPerPlay == 10 && fidelity.onTimeShare > 0.85)
        let check = try TimerMaskExportCheck.run(folder: url.path, manifest: m, seconds: 60)
        #expect(check.passed, "\(check.defects.prefix(3))")
        #expect(
            check.archiveBytes
                == section.archiveBytes(
                    imageBytes: Dictionary(uniqueKeysWithValues: m.images.map { ($0.file, $0.bytes) })))
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent(section.fonts[0].file).path))
        let disk = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: url.appendingPathComponent("manifest.json")))
        #expect(disk.timerMask == section && disk.route == .rotation)
        let install = try String(contentsOf: url.appendingPathComponent("INSTALL.md"), encoding: .utf8)
        #expect(install.contains("plays the rotation where it turns, else the timer masks"))
    }

    @Test("each lane's image counts in the archive: over the budget every n-th lane goes, and the loop still plays")
    func fallbackBudget() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 10)
        let full = try rotationWithFallback(source, try TempDir()).2
        let lanes = try #require(full.timerMask).lanes.count
        let perLane = full.images.map(\.bytes).max()! + WidgetLimits.viewBytesPerLayer
        // A budget that holds the layers but not every lane.
        let budget = max(
            full.images.reduce(0) { $0 + $1.bytes } + 16 * WidgetLimits.viewBytesPerLayer, lanes * perLane / 3)
        let (url, _, m) = try rotationWithFallback(source, dir, archive: budget)
        let section = try #require(m.timerMask)
        let bytes = section.archiveBytes(
            imageBytes: Dictionary(uniqueKeysWithValues: m.images.map { ($0.file, $0.bytes) }))
        #expect(section.lanes.count < lanes)
        #expect(bytes <= budget, "\(bytes) B over \(budget) B")
        #expect(abs(section.lanes.last!.onTopToSeconds - Double(section.loopSeconds)) < 1e-9)
        // The lanes left still play without a wrong frame; the frames they lose are named, and
        // losing one that lasts two lanes or more fails.
        let check = try TimerMaskExportCheck.run(folder: url.path, manifest: m, seconds: 60)
        #expect(check.defects.isEmpty && check.archiveProblem == nil, "\(check.defects.prefix(3))")
        let fidelity = try #require(check.fidelity)
        #expect(fidelity.missing.isEmpty == (fidelity.fewestShownPerPlay == 10))
        #expect(check.passed == fidelity.dropped.isEmpty)
    }

    @Test("over the lane limit every n-th lane is kept, and the loop keeps its length")
    func fewerLanes() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 24, delays: [4])
        let (_, m) = try export(source, dir, fps: 25, loop: 2, maxLanes: 20)
        let section = try #require(m.timerMask)
        #expect(section.lanes.count <= 20)
        #expect(abs(section.lanes.last!.onTopToSeconds - 2) < 1e-9)
        #expect(TimerMaskPlan(section: section).map { TimerMaskCheck.run($0, hz: 60, seconds: 4).passed } == true)
    }

    @Test("a frame held more than a second is stacked again each second, so no second goes dark")
    func longHold() throws {
        let dir = try TempDir()
        // Two frames: a flash, then a still held for most of the loop.
        let source = try patternGIF(dir, count: 2, delays: [10, 290])
        let (_, m) = try export(source, dir, fps: 10, loop: 3)
        let section = try #require(m.timerMask)
        #expect(section.lanes.allSatisfy { $0.masks.isEmpty || $0.onTopToSeconds - $0.onTopFromSeconds <= 1 + 1e-9 })
        let plan = try #require(TimerMaskPlan(section: section))
        let check = TimerMaskCheck.run(plan, hz: 120, seconds: 6)
        #expect(check.passed, "\(check.defects.prefix(3))")
    }

    @Test("the code written plays the lanes from the bundle too, and type-checks against the stub SDK in Swift 5 and 6")
    func code() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 10)
        let (url, m) = try export(source, dir, fps: 8)
        let names = CodeNames.standard
        let plan = try String(contentsOf: url.appendingPathComponent(names.planFile), encoding: .utf8)
        #expect(plan.contains("timerMasks: .init(") && plan.contains("prefersTimerMasks: true"))
        #expect(plan.contains("\"\(m.timerMask!.fonts[0].postScriptName)\""))
        let sdk = try StubSDK(in: dir)
        let files = [CodeNames.animationFile, names.planFile, names.widgetFile].map { url.appendingPathComponent($0) }
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(3000))")
        }
    }

    @Test("the default fallback leaves out lanes that would not play the animation; asked for, they are judged")
    func unfaithfulFallback() throws {
        let dir = try TempDir()
        // 9.09 s: the nearest loop that divides a minute is 10 s, 0.909× the animation's pace.
        let source = try patternGIF(dir, count: 10, delays: [91, 91, 91, 91, 91, 91, 91, 91, 91, 90])
        let (url, _, quiet) = try rotationWithFallback(
            source, dir, masks: TimerMaskSettings(use: .fallback, whenFaithful: true), name: "auto")
        #expect(quiet.timerMask == nil && quiet.timing == nil)
        let warning = try #require(quiet.warnings.first { $0.hasPrefix("no timer masks") })
        #expect(warning.contains("would not play the animation") && warning.contains("0.909"), "\(warning)")
        #expect(warning.contains("the view shows the first frame"))
        // No mask font left behind in the folder.
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
        #expect(!files.contains { $0.hasSuffix(".ttf") }, "\(files)")
        // Asked for (`--fallback timer-mask`), the lanes are written and their verdict FAILs on the pace.
        let (_, _, asked) = try rotationWithFallback(source, dir, name: "asked")
        let fidelity = try #require(asked.timerMask?.fidelity)
        #expect(!fidelity.passed && abs(fidelity.speed - 0.909) < 0.001)
        #expect(fidelity.failures.contains { $0.contains("more than 5 % off") }, "\(fidelity.failures)")
    }
}

/// Every route's lanes tell the animation: a lane wherever one of its frames starts.
@Suite struct SourceLaneTests {
    static let orbit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/orbit.gif").path

    /// The plays in which each source frame appears, from the manifest's lanes.
    static func playsShowing(_ m: ExportManifest, durations: [Double]) throws -> [Set<Int>] {
        let section = try #require(m.timerMask)
        let timing = try #require(m.timing)
        let fidelity = SourceFidelity(
            turns: section.lanes.map { .init(frame: $0.frame, from: $0.onTopFromSeconds, to: $0.onTopToSeconds) },
            durationsMs: durations, timing: timing, laneMs: 1000 / 30, paceAsked: false)
        #expect(fidelity.onTimeShare >= 0.85, "\(fidelity.sentence)")
        #expect(
            fidelity
                == section.fidelity.map {
                    var f = $0; f.paceAsked = false; return f
                } || section.fidelity?.paceAsked == true)
        return [Set(fidelity.missing)]
    }

    @Test("orbit.gif: every frame in every play of the rotation's fallback and of the timer-mask route, on time")
    func orbitEveryFrame() throws {
        let source = try GIFFrameSource(path: Self.orbit)
        for use in [TimerMaskSettings.Use.fallback, .route] {
            let dir = try TempDir()
            let url = dir.path("out")
            let folder = try StagedFolder(url, existing: .refuse, createParents: true)
            let settings = WidgetSettings(viewWidth: 170, viewHeight: 170, scale: 3)
            let m = try TimerMaskExporter.export(
                source: source, settings: settings, masks: TimerMaskSettings(use: use), into: folder)
            try folder.commit()
            let f = try #require(m.timerMask?.fidelity)
            #expect(f.passed && f.fewestShownPerPlay == 16 && f.missing.isEmpty, "\(use): \(f.sentence)")
            #expect(f.onTimeShare >= 0.85, "\(use): \(f.sentence)")
            #expect(try Self.playsShowing(m, durations: source.durations) == [[]])
            let check = try TimerMaskExportCheck.run(folder: url.path, manifest: m, seconds: 60)
            #expect(check.passed, "\(use): \(check.failures)")
        }
    }

    @Test("uneven delays keep every frame of 100 ms or more, each for its own time")
    func uneven() throws {
        let dir = try TempDir()
        // 0, 1, 200, 3, 0, 50, 1, 10 cs: the 0 and 1 cs frames play 100 ms, as browsers do.
        let source = try patternGIF(dir, count: 8, delays: [0, 1, 200, 3, 0, 50, 1, 10])
        let url = dir.path("out")
        let folder = try StagedFolder(url, existing: .refuse, createParents: true)
        let settings = WidgetSettings(viewWidth: 30, viewHeight: 20, scale: 2)
        let m = try TimerMaskExporter.export(
            source: source, settings: settings, masks: TimerMaskSettings(use: .route), into: folder)
        try folder.commit()
        let f = try #require(m.timerMask?.fidelity)
        let long = source.durations.indices.filter { source.durations[$0] >= 100 }
        #expect(long.count == 7 && long.allSatisfy { !f.missing.contains($0) }, "\(f.sentence)")
        #expect(f.passed && f.onTimeShare > 0.9, "\(f.sentence)")
        // Frame 0 lasts its 100 ms, not a third of a second.
        let first = try #require(m.timerMask?.lanes.first)
        #expect(abs(first.onTopToSeconds - first.onTopFromSeconds - 0.1) < 1.0 / 30)
    }
}
