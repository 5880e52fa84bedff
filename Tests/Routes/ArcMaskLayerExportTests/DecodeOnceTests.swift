import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFrames
import ArcMaskIO
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLayerExport

/// A source read in order from its first frame (as a GIF or a video is), counting the frames
/// asked of it.
final class CountedFrames: FrameSource, @unchecked Sendable {
    let base: DrawnFrames
    var checkpointBudget = 64 << 20 {
        didSet { budgets.append(checkpointBudget) }
    }
    /// Every budget an export set, in order.
    private(set) var budgets: [Int] = []
    var capabilities: FrameCapabilities { .savesCanvases }
    private let lock = NSLock()
    private var asked = 0

    init(_ base: DrawnFrames) { self.base = base }

    var reads: Int { lock.withLock { asked } }
    var name: String { base.name }
    var canvasSize: PixelSize { base.canvasSize }
    var frameCount: Int { base.frameCount }
    var loopMode: LoopMode { base.loopMode }
    var warnings: [String] { base.warnings }
    func duration(at index: Int) -> Double { base.duration(at: index) }
    func frame(at index: Int) throws -> PixelBuffer {
        lock.withLock { asked += 1 }
        return try base.frame(at: index)
    }
}

@Suite("An export decodes its source once")
struct DecodeOnceTests {
    /// The export of `source` read in order, and of the same frames read where asked: the
    /// manifests and every file in the two folders.
    func bothWays(_ source: DrawnFrames, _ r: WidgetSettings) throws -> (ExportManifest, reads: Int) {
        let dir = try TempDir()
        let counted = CountedFrames(source)
        let once = try export(counted, dir, "once", r)
        let asked = try export(source, dir, "asked", r)
        #expect(once == asked)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("once").path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: dir.path("asked").path).sorted()))
        // Nothing the survey wrote is left: no hidden files, no layer the manifest does not list.
        #expect(!names.contains { $0.hasPrefix(".") })
        #expect(Set(names.filter { $0.hasPrefix("frame-") }) == Set(once.images.map(\.file)))
        for name in names {
            let a = try Data(contentsOf: dir.path("once").appendingPathComponent(name))
            let b = try Data(contentsOf: dir.path("asked").appendingPathComponent(name))
            #expect(a == b, "\(name)")
        }
        return (once, counted.reads)
    }

    @Test("every frame fits: each layer written while surveying, each frame read once")
    func fits() throws {
        let source = DrawnFrames.smooth(frames: 96)
        var r = WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2)
        r.limits.archiveBytes = 4_000_000
        let (m, reads) = try bothWays(source, r)
        #expect(m.frames.count == 96)
        // Before: 192 (a survey, then a write).
        #expect(reads == 96)
    }

    @Test("the quality lowered at the lowest scale: encoded again from the kept pixels, not decoded")
    func qualityLowered() throws {
        let source = DrawnFrames.noise(width: 60, height: 60, frames: 96)
        var r = WidgetSettings(viewWidth: 30, viewHeight: 30, scale: 2)
        r.budget.minScale = 2
        let at75 = try JPEG.encode(source.frame(at: 0), quality: 75).count + WidgetLimits.viewBytesPerLayer
        r.limits.archiveBytes = 96 * at75 * 103 / 100
        let (m, reads) = try bothWays(source, r)
        #expect(m.frames.count == 96 && m.scale == 2)
        #expect(m.jpegQuality! < 90)
        #expect(reads == 96)
    }

    @Test("frames merged or dropped: the layers the survey wrote move to their layers' names")
    func mergedAndDropped() throws {
        // Runs of four equal frames: merging keeps one layer a run.
        let runs = DrawnFrames(width: 120, height: 90, frames: 96) { f, x, y in
            let k = f / 4
            return (UInt8((x * 2 + k * 9) & 255), UInt8((y * 2 + k * 5) & 255), UInt8((x + y + k * 3) & 255), 255)
        }
        var r = WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2)
        let layer = try JPEG.encode(
            Resampler.resized(runs.frame(at: 0), to: PixelSize(width: 120, height: 90), fit: .fill), quality: 90
        ).count
        r.limits.archiveBytes = 30 * (layer + WidgetLimits.viewBytesPerLayer)
        let (merged, mergedReads) = try bothWays(runs, r)
        #expect(merged.frames.count >= 24 && merged.frames.count < 96 && merged.scale == 2)
        #expect(merged.budgetActions.contains { $0.hasPrefix("merged 96 frames") })
        #expect(mergedReads == 96)

        r.limits.archiveBytes = 12 * (layer + WidgetLimits.viewBytesPerLayer)
        let (dropped, droppedReads) = try bothWays(runs, r)
        #expect(dropped.frames.count < 24)
        #expect(dropped.budgetActions.contains { $0.contains("lowered the frame rate") })
        #expect(droppedReads == 96)
    }

    @Test(
        "played at another rate or grouped, a source keeps its saved canvases: the export lowers their budget, then restores it"
    )
    func capabilitiesForwarded() throws {
        let counted = CountedFrames(DrawnFrames.smooth(frames: 24))
        let played = try PlaybackSource.over(counted, playback: Playback(reverse: true))
        let grouped = GroupedSource.over(
            played, groups: [FrameGroup(first: 0, last: 1, shown: 1, durationMs: 200)])
        #expect(played.capabilities == .savesCanvases && grouped.capabilities == .savesCanvases)
        // Set through the wrappers, the base's own budget changes.
        grouped.checkpointBudget = 5
        #expect(counted.checkpointBudget == 5 && played.checkpointBudget == 5)
        counted.checkpointBudget = 64 << 20

        let dir = try TempDir()
        let m = try export(played, dir, "out", WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2))
        #expect(m.frames.count == 24)
        #expect(counted.budgets.suffix(2) == [Exporter.exportCheckpointBytes, 64 << 20])
        // Read in order, once: the fit knows the frames come from a source that decodes from the start.
        #expect(counted.reads == 24)
    }
}
