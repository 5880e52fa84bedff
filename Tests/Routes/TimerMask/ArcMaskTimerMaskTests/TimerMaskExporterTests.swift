import ArcMaskFiles
import ArcMaskFolder
import ArcMaskFrames
import ArcMaskLayerFolder
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
        var settings = WidgetSettings(viewWidth: 30, viewHeight: 20, scale: 2)
        settings.timerMasks = TimerMaskSettings(use: .route, fps: fps, loopSeconds: loop, maxLanes: maxLanes)
        let manifest = try TimerMaskExporter.export(source: source, settings: settings, into: folder)
        try folder.commit()
        return (url, manifest)
    }

    @Test("lanes written as layers, the mask font, and a section that, read back with the font, plays seamlessly")
    func seamless() throws {
        let dir = try TempDir()
        // 10 frames of 50, 100 and 200 ms in turn: 1.1 s, played as the loop's timing chooses.
        let source = try patternGIF(dir, count: 10)
        let (url, m) = try export(source, dir, fps: 16)
        #expect(m.route == "timer-mask")
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
        #expect(disk.timerMask == section && disk.route == "timer-mask")
    }

    /// A rotation export, then its timer masks, as `export` writes them by default.
    func rotationWithFallback(
        _ source: FrameSource, _ dir: TempDir, archive: Int = WidgetLimits.archiveAimBytes
    ) throws -> (URL, ExportManifest, ExportManifest) {
        let url = dir.path("rotation")
        let folder = try StagedFolder(url, existing: .refuse, createParents: true)
        var rotation = WidgetSettings(viewWidth: 30, viewHeight: 20, scale: 2)
        rotation.limits = WidgetLimits(
            archiveBytes: archive, layerPixels: WidgetLimits.smallestPixelCap,
            extensionBytes: WidgetLimits.extensionMemoryBytes)
        let turned = try Exporter.prepare(source: source, settings: rotation, into: folder)
        let m = try TimerMaskExporter.fallback(
            turned, source: source, masks: TimerMaskSettings(use: .fallback), names: rotation.names, into: folder)
        try Exporter.finish(m, settings: rotation, into: folder)
        try folder.commit()
        return (url, turned, m)
    }

    @Test("a rotation export carries timer masks over its own layers: no image added, the loop seamless")
    func fallback() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 10)
        let (url, turned, m) = try rotationWithFallback(source, dir)
        #expect(m.route == "rotation" && m.frames == turned.frames && m.images == turned.images)
        let section = try #require(m.timerMask)
        let timing = try #require(m.timing)
        #expect(section.loopSeconds == timing.loopSeconds)
        #expect(section.problems(images: Set(m.images.map(\.file))).isEmpty)
        // Each lane shows the layer on screen when its turn starts.
        let files = Set(m.frames.map(\.file))
        #expect(section.lanes.allSatisfy { files.contains($0.image) })
        for lane in section.lanes.prefix(12) {
            let ms = timing.animationTime(atLoopSeconds: lane.onTopFromSeconds)
            let layer = m.frames[TimerLoopTiming.frame(at: ms, durations: m.frames.map(\.durationMs))]
            #expect(lane.image == layer.file, "lane at \(lane.onTopFromSeconds) s")
        }
        let check = try TimerMaskFolderCheck.run(folder: url.path, manifest: m, seconds: 60)
        #expect(check.passed, "\(check.defects.prefix(3))")
        #expect(
            check.archiveBytes
                == section.archiveBytes(
                    imageBytes: Dictionary(uniqueKeysWithValues: m.images.map { ($0.file, $0.bytes) })))
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent(section.fonts[0].file).path))
        let disk = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: url.appendingPathComponent("manifest.json")))
        #expect(disk.timerMask == section && disk.route == "rotation")
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
        let check = try TimerMaskFolderCheck.run(folder: url.path, manifest: m, seconds: 60)
        #expect(check.passed, "\(check.defects.prefix(3))")
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
}
