import ArcMaskBudget
import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskManifest
import ArcMaskMaskFonts
import ArcMaskRotationRoute
import ArcMaskTimerMask
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskKit
@testable import ArcMaskLayerExport

/// The CLI and ArcMaskKit are two front ends over one core: what they write must not drift.
@Suite("One source for export and ArcMaskKit", .serialized)
struct SharedSourceTests {
    static let root = KitStubs.root
    static let orbit = root.appendingPathComponent("Examples/orbit.gif").path

    static func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("the view file export writes is ArcMaskKit's view source, byte for byte")
    func viewFile() throws {
        let kit = try Data(
            contentsOf: Self.root.appendingPathComponent("Sources/FrontEnds/ArcMaskKit/ArcMaskAnimation.swift"))
        #expect(Data(AnimationSource.text.utf8) == kit, "run Scripts/embed-view")
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try StagedFolder(dir.appendingPathComponent("export"), existing: .refuse, createParents: true)
        let m = try RotationExporter.run(
            source: try GIFFrameSource(path: Self.orbit),
            settings: WidgetSettings(viewWidth: 80, viewHeight: 80, scale: 2, names: CodeNames("Orbit")!), into: out)
        try out.commit()
        let written = try Data(contentsOf: dir.appendingPathComponent("export/ArcMaskAnimation.swift"))
        #expect(written == kit)
        #expect(m.codeFiles == ["ArcMaskAnimation.swift", "OrbitPlan.swift", "OrbitWidget.swift", "INSTALL.md"])
    }

    @Test(
        "prepare's path writes the manifest export writes for the same layers, byte for byte", arguments: [false, true])
    func manifest(_ tight: Bool) throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A tight archive budget makes both paths merge, rescale and requantise the same way.
        let limits =
            tight
            ? WidgetLimits(
                archiveBytes: 120_000, layerPixels: WidgetLimits.smallestPixelCap, extensionBytes: 30_000_000)
            : .standard
        let settings = WidgetSettings(viewWidth: 80, viewHeight: 80, scale: 2, limits: limits, widgetFamily: .small)
        let out = try StagedFolder(dir.appendingPathComponent("export"), existing: .refuse, createParents: true)
        let exported = try RotationExporter.run(
            source: try GIFFrameSource(path: Self.orbit), settings: settings, writing: ExportWriting(jobs: 2), into: out
        )
        try out.commit()
        let exportBytes = try Data(contentsOf: dir.appendingPathComponent("export/manifest.json"))

        // prepare's half that decides, with the export's layer writer standing in for ImageIO's.
        let source = try GIFFrameSource(path: Self.orbit)
        // The export is a rotation export without timer masks (`--fallback none`): so is this.
        let options = PrepareOptions(size: .points(width: 80, height: 80), scale: 2, limits: limits, timerMasks: nil)
        let prepared = try AnimationPreparation.run(
            source: PreparedSource(
                name: "orbit.gif", canvasWidth: source.canvasSize.width, canvasHeight: source.canvasSize.height,
                durationsMs: source.durations),
            options: options, destination: dir.appendingPathComponent("prepared"), replacing: false,
            codeFiles: exported.codeFiles, vocabulary: settings.vocabulary.budget,
            writer: SourceLayerWriter(source: source, format: .auto, fit: .fill, compression: .balanced, jobs: 2))
        let preparedBytes = try Data(contentsOf: dir.appendingPathComponent("prepared/manifest.json"))
        #expect(prepared == exported)
        #expect(preparedBytes == exportBytes)
        #expect(exported.emulator.passed)
        if tight { #expect(!exported.budgetActions.isEmpty) }
        // ArcMaskKit's view reads that manifest as the plan the export's plan file spells out.
        let plan = try ArcMaskAnimationPlan(manifest: preparedBytes)
        #expect(plan.layers.count == exported.plan.layers.count && plan.cells.count == exported.frames.count)
        #expect(plan.periodSeconds == exported.plan.periodSeconds && plan.radius == exported.plan.radius)
        #expect(plan.layers.map(\.frame) == exported.plan.layers.map(\.frame))
        #expect(plan.layers.map { $0.curveCount(radius: plan.radius) } == exported.plan.layers.map(\.curves.count))
    }

    @Test("a prepared folder passes the check `arcmask emulate DIR` makes, and names no code files")
    func preparedFolderChecks() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try GIFFrameSource(path: Self.orbit)
        let target = dir.appendingPathComponent("prepared")
        let m = try AnimationPreparation.run(
            source: PreparedSource(
                name: "orbit.gif", canvasWidth: source.canvasSize.width, canvasHeight: source.canvasSize.height,
                durationsMs: source.durations),
            options: PrepareOptions(size: .family(.small)), destination: target, replacing: false,
            writer: SourceLayerWriter(source: source, format: .auto, fit: .fill, compression: .balanced, jobs: 2))
        #expect(m.codeFiles.isEmpty && m.family == .small && m.frames.count == 16)
        let check = try ExportCheck.run(target.path)
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.passed)
        // The view's reader takes it, and every cell names a file that is there.
        let plan = try ArcMaskAnimationPlan(
            manifest: try Data(contentsOf: target.appendingPathComponent("manifest.json")))
        for cell in plan.cells {
            #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent(cell.file).path))
        }
    }

    @Test("prepare writes timer masks both engines play, decided as export decides a rotation export's")
    func preparedTimerMasks() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try GIFFrameSource(path: Self.orbit)
        let target = dir.appendingPathComponent("prepared")
        let options = PrepareOptions(size: .family(.small), timerMasks: .init(loops: [10]))
        let m = try AnimationPreparation.run(
            source: PreparedSource(
                name: "orbit.gif", canvasWidth: source.canvasSize.width, canvasHeight: source.canvasSize.height,
                durationsMs: source.durations),
            options: options, destination: target, replacing: false,
            writer: SourceLayerWriter(source: source, format: .auto, fit: .fill, compression: .balanced, jobs: 2))
        let section = try #require(m.timerMask)
        #expect(section.loopSeconds == 10 && section.fonts.map(\.file) == ["ArcMaskMask10-Regular.ttf"])
        #expect(section.problems(images: Set(m.images.map(\.file))).isEmpty)
        // The same lanes the CLI's rotation export computes over these layers.
        let cli = try TimerMaskLayers.fitted(
            m, durationsMs: source.durations, fps: nil, loopSeconds: nil, mode: .auto, maxLanes: 320, loops: [10],
            whenFaithful: true, font: { TimerMaskLayers.font(prefix: "ArcMask", periodSeconds: $0) })
        #expect(cli.section == section && cli.fits)
        // On disk, read by the view: the rotation where it resolves, else the masks once their font is there.
        let plan = try ArcMaskAnimationPlan(
            manifest: try Data(contentsOf: target.appendingPathComponent("manifest.json")))
        #expect(plan.engine(.automatic, rotationResolves: false) == .timerMasks)
        #expect(plan.engine(.automatic, rotationResolves: true) == .rotation)
        #expect(plan.engine(.automatic, rotationResolves: false, masksDrawable: false) == .still)
        // With the font the extension carries (the CLI writes the same file), the lanes prove.
        let font = try MaskFonts.laneMaskFont(periodSeconds: 10, name: "ArcMaskMask10", family: "ArcMask Mask 10")
        try Data(font.bytes).write(to: target.appendingPathComponent(font.fileName))
        let proof = try TimerMaskExportCheck.run(folder: target.path, manifest: m, seconds: 60)
        #expect(proof.passed, "\(proof.defects.prefix(3))")
        // Loops outside the route's are refused before anything is written.
        for bad in [PrepareOptions.TimerMaskOptions(loops: [7]), .init(loops: []), .init(maxLanes: 0), .init(fps: 31)] {
            #expect(throws: PrepareError.self) {
                _ = try AnimationPreparation.run(
                    source: PreparedSource(name: "x.gif", canvasWidth: 10, canvasHeight: 10, durationsMs: [100]),
                    options: PrepareOptions(timerMasks: bad), destination: dir.appendingPathComponent("bad"),
                    replacing: false,
                    writer: SourceLayerWriter(
                        source: source, format: .auto, fit: .fill, compression: .balanced, jobs: 2))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad").path))
    }

    @Test("prepare leaves out timer masks that would not play the animation at its pace, and says why")
    func unfaithfulTimerMasks() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 9.09 s: in a 10 s loop, 0.909× the animation's pace.
        let gif = dir.appendingPathComponent("long.gif")
        try TestPattern.writeGIF(
            to: gif, size: PixelSize(width: 40, height: 40), frames: 10,
            delays: [91, 91, 91, 91, 91, 91, 91, 91, 91, 90])
        let source = try GIFFrameSource(path: gif.path)
        let target = dir.appendingPathComponent("prepared")
        let m = try AnimationPreparation.run(
            source: PreparedSource(
                name: "long.gif", canvasWidth: source.canvasSize.width, canvasHeight: source.canvasSize.height,
                durationsMs: source.durations),
            options: PrepareOptions(size: .family(.small), timerMasks: .init(loops: [10])), destination: target,
            replacing: false,
            writer: SourceLayerWriter(source: source, format: .auto, fit: .fill, compression: .balanced, jobs: 2))
        #expect(m.timerMask == nil)
        #expect(
            m.warnings.contains { $0.contains("would not play the animation") && $0.contains("0.909") }, "\(m.warnings)"
        )
        let prepared = PreparedAnimation(folder: target, manifest: m)
        #expect(!prepared.hasTimerMasks && prepared.timerMaskFailures.isEmpty && prepared.passed)
    }

    @Test("the example app's mask fonts are the ones the writer makes, one per loop")
    func exampleFonts() throws {
        let folder = Self.root.appendingPathComponent("Examples/WidgetApp/Widget/Fonts")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ttf") }
        #expect(Set(files) == Set(TimerMaskSection.loops.map { "ArcMaskMask\($0)-Regular.ttf" }))
        for p in TimerMaskSection.loops {
            let font = try MaskFonts.laneMaskFont(
                periodSeconds: p, name: "ArcMaskMask\(p)", family: "ArcMask Mask \(p)")
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(font.fileName)))
            #expect(
                bytes == font.bytes,
                "\(font.fileName): regenerate with arcmask export --route timer-mask --loop-seconds \(p)")
        }
    }

    @Test("a damaged manifest is refused with its JSON path, never indexed past its images")
    func damagedManifest() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try StagedFolder(dir.appendingPathComponent("export"), existing: .refuse, createParents: true)
        _ = try RotationExporter.run(
            source: try GIFFrameSource(path: Self.orbit),
            settings: WidgetSettings(viewWidth: 80, viewHeight: 80, scale: 2),
            into: out)
        try out.commit()
        let good = try Data(contentsOf: dir.appendingPathComponent("export/manifest.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
        var plan = try #require(json["plan"] as? [String: Any])
        var layers = try #require(plan["layers"] as? [[String: Any]])
        layers[0]["frame"] = 999
        plan["layers"] = layers
        json["plan"] = plan
        #expect(throws: ArcMaskAnimationPlan.Invalid.self) {
            try ArcMaskAnimationPlan(manifest: try JSONSerialization.data(withJSONObject: json))
        }
        json.removeValue(forKey: "frames")
        do {
            _ = try ArcMaskAnimationPlan(manifest: try JSONSerialization.data(withJSONObject: json))
            Issue.record("a manifest without frames was read")
        } catch let error as ArcMaskAnimationPlan.Invalid {
            #expect(error.path == "$.frames" && error.problem == "is missing")
        }
        #expect(throws: ArcMaskAnimationPlan.Invalid.self) { try ArcMaskAnimationPlan(manifest: Data("[1,".utf8)) }
        // Numbers that do not fit a cell's integers are refused (Apple's decoder names the path;
        // swift-corelibs-foundation refuses the document as a whole).
        for value in ["99999999999999999999999", "2.5", "-1"] {
            let odd = String(decoding: good, as: UTF8.self).replacingOccurrences(
                of: "\"x\" : 0", with: "\"x\" : \(value)")
            #expect(odd != String(decoding: good, as: UTF8.self))
            #expect(throws: ArcMaskAnimationPlan.Invalid.self) { try ArcMaskAnimationPlan(manifest: Data(odd.utf8)) }
        }
    }
}

@Suite("Preparing a folder")
struct AnimationPreparationTests {
    /// Layers of a fixed size, every frame a picture of its own (1×1 pixels 64 levels apart).
    struct FixedWriter: LayerWriting {
        let bytesPerLayer: Int
        let frames: Int
        var fail = false
        var traits: WriterTraits {
            WriterTraits(access: .inOrder, reference: .largestLayer, keep: .references, jobs: 1, speculates: false)
        }

        struct Pixel: FitPixels {
            let frame: Int
            var width: Int { 1 }
            var height: Int { 1 }
            var rgba: [UInt8] { [UInt8(frame * 64 & 255), 0, 0, 255] }
            static var premultiplied: Bool { true }
            func kept() -> [UInt8] { [UInt8(frame & 255)] }
            init(frame: Int) { self.frame = frame }
            init(kept: [UInt8], width: Int, height: Int) throws {
                guard kept.count == 1 else { throw PrepareError(.options, "damaged") }
                frame = Int(kept[0])
            }
        }

        func draw(_ frame: Int, at sizes: [PixelSize], from reference: Pixel?) throws -> DrawnFrame<Pixel> {
            let pixel = reference ?? Pixel(frame: frame)
            return DrawnFrame(reference: reference == nil ? pixel : nil, layers: sizes.map { _ in { pixel } })
        }

        /// With `fail`, frame 1's layer cannot be made (the survey's samples can).
        func encode(_ pixels: Pixel, frame: Int, step: ArchiveStep, measure: Bool) throws -> LayerImage {
            if fail && frame == 1 && measure { throw PrepareError(.frame(frame), "cannot be decoded") }
            return LayerImage(
                bytes: [UInt8](repeating: UInt8(frame & 255), count: bytesPerLayer), lossy: true, ssim: 0.99)
        }
    }

    static let source = PreparedSource(
        name: "clip.gif", canvasWidth: 100, canvasHeight: 100, durationsMs: [100, 100, 50, 250])

    @Test("the folder appears whole, replaces another only when asked, and leaves no staging folder")
    func staging() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("widget")
        let m = try AnimationPreparation.run(
            source: Self.source, options: PrepareOptions(), destination: target, replacing: false,
            writer: FixedWriter(bytesPerLayer: 1000, frames: 4))
        #expect(m.frames.count == 4 && m.family == .small && m.codeFiles.isEmpty && m.emulator.passed)
        #expect(m.frames.map(\.durationMs) == [100, 100, 50, 250])
        let files = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(files == ["frame-0000.jpg", "frame-0001.jpg", "frame-0002.jpg", "frame-0003.jpg", "manifest.json"])
        // An existing folder is not replaced unless asked.
        #expect(throws: PrepareError.self) {
            try AnimationPreparation.run(
                source: Self.source, options: PrepareOptions(), destination: target, replacing: false,
                writer: FixedWriter(bytesPerLayer: 10, frames: 4))
        }
        // A failing writer leaves the old folder as it was.
        #expect(throws: PrepareError.self) {
            try AnimationPreparation.run(
                source: Self.source, options: PrepareOptions(), destination: target, replacing: true,
                writer: FixedWriter(bytesPerLayer: 10, frames: 4, fail: true))
        }
        #expect(try Data(contentsOf: target.appendingPathComponent("frame-0000.jpg")).count == 1000)
        let replaced = try AnimationPreparation.run(
            source: Self.source, options: PrepareOptions(), destination: target, replacing: true,
            writer: FixedWriter(bytesPerLayer: 10, frames: 4))
        #expect(replaced.images.allSatisfy { $0.bytes == 10 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["widget"])
    }

    @Test("a staging folder left by a killed run is removed by the next prepare beside it")
    func staleStaging() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("widget")
        // What a run killed half way leaves: its staging folder, named with its (gone) process id.
        let left = dir.appendingPathComponent(".widget.\(StagedFolder.marker)999999999-7")
        try FileManager.default.createDirectory(at: left, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: left.appendingPathComponent("frame-0000.jpg"))
        _ = try AnimationPreparation.run(
            source: Self.source, options: PrepareOptions(), destination: target, replacing: false,
            writer: FixedWriter(bytesPerLayer: 100, frames: 4))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["widget"])
    }

    @Test("bad options and an empty animation are errors that say where")
    func errors() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("w")
        func attempt(_ options: PrepareOptions, _ source: PreparedSource = Self.source) -> PrepareError? {
            do {
                _ = try AnimationPreparation.run(
                    source: source, options: options, destination: target, replacing: false,
                    writer: FixedWriter(bytesPerLayer: 10, frames: 4))
                return nil
            } catch { return error as? PrepareError }
        }
        #expect(attempt(PrepareOptions(scale: 9))?.description == "options: scale 9.0 is not 1 to 4")
        #expect(attempt(PrepareOptions(size: .family(.small, device: "nope")))?.place == .options)
        #expect(attempt(PrepareOptions(size: .points(width: -1, height: 5)))?.place == .options)
        #expect(attempt(PrepareOptions(jpegQuality: 0))?.place == .options)
        let empty = PreparedSource(name: "x.gif", canvasWidth: 1, canvasHeight: 1, durationsMs: [])
        #expect(attempt(PrepareOptions(), empty)?.description == "input: holds no frames")
        // Odd numbers: NaN, infinities, zero, negative and huge.
        for bad in [
            PrepareOptions(scale: .nan), PrepareOptions(scale: .infinity), PrepareOptions(scale: 0),
            PrepareOptions(size: .points(width: .nan, height: 100)),
            PrepareOptions(size: .points(width: 100, height: .infinity)),
            PrepareOptions(size: .points(width: 0, height: 100)),
            PrepareOptions(size: .points(width: 1e12, height: 100)),
            PrepareOptions(budget: BudgetPolicy(minScale: .nan)), PrepareOptions(budget: BudgetPolicy(minScale: -1)),
            PrepareOptions(jpegQuality: 101), PrepareOptions(jpegQuality: -5),
            PrepareOptions(limits: WidgetLimits(archiveBytes: 0, layerPixels: 718_080, extensionBytes: 30_000_000)),
            PrepareOptions(limits: WidgetLimits(archiveBytes: 7_000_000, layerPixels: -1, extensionBytes: 30_000_000)),
        ] {
            #expect(attempt(bad)?.place == .options)
        }
        for (durations, place) in [
            ([100, .nan, 100], PrepareError.Place.frame(1)), ([100, 0], .frame(1)), ([-20.0], .frame(0)),
            ([100, .infinity], .frame(1)), ([100, 1e300], .frame(1)),
            (Array(repeating: 100.0, count: AnimationPreparation.maxFrames + 1), .input),
        ] {
            let odd = PreparedSource(name: "x.gif", canvasWidth: 10, canvasHeight: 10, durationsMs: durations)
            #expect(attempt(PrepareOptions(), odd)?.place == place)
        }
        let noCanvas = PreparedSource(name: "x.gif", canvasWidth: 0, canvasHeight: 10, durationsMs: [100])
        #expect(attempt(PrepareOptions(), noCanvas)?.place == .input)
        // Nothing fits: the budget says so.
        let tiny = PrepareOptions(limits: WidgetLimits(archiveBytes: 100, layerPixels: 718_080, extensionBytes: 100))
        let refusal = attempt(tiny)
        #expect(refusal?.place == .budget)
        // In the library's words, not the command line's.
        #expect(refusal?.problem.contains("raise limits.archiveBytes") == true, "\(String(describing: refusal))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("a file, a FIFO or a missing parent where the folder goes: an error naming it, nothing written")
    func oddDestinations() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        func attempt(_ target: URL, replacing: Bool = true) -> PrepareError? {
            do {
                _ = try AnimationPreparation.run(
                    source: Self.source, options: PrepareOptions(), destination: target, replacing: replacing,
                    writer: FixedWriter(bytesPerLayer: 10, frames: 4))
                return nil
            } catch { return error as? PrepareError }
        }
        let file = dir.appendingPathComponent("file")
        try Data("keep".utf8).write(to: file)
        #expect(attempt(file) == PrepareError(.folder(file.path), "exists and is not a folder"))
        #expect(try Data(contentsOf: file) == Data("keep".utf8))
        let fifo = dir.appendingPathComponent("fifo")
        #expect(try KitStubs.run("mkfifo", [fifo.path]).status == 0)
        #expect(attempt(fifo) == PrepareError(.folder(fifo.path), "exists and is not a folder"))
        let orphan = dir.appendingPathComponent("missing/widget")
        #expect(attempt(orphan)?.problem.hasPrefix("its parent folder") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["fifo", "file"])
    }
}
