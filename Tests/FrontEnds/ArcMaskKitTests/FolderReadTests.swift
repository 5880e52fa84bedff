import ArcMaskBudget
import Foundation
import Testing

@testable import ArcMaskKit

/// What the widget reads from an App Group folder that the app may replace at any moment.
@Suite("The view never mixes two prepared animations")
struct FolderReadTests {
    /// A folder prepared with layers of `bytes` bytes each, read into memory by name.
    static func prepared(_ dir: URL, _ name: String, bytes: Int) throws -> [String: Data] {
        let target = dir.appendingPathComponent(name)
        _ = try AnimationPreparation.run(
            source: AnimationPreparationTests.source, options: PrepareOptions(timerMasks: nil), destination: target,
            replacing: false, writer: AnimationPreparationTests.FixedWriter(bytesPerLayer: bytes, frames: 4))
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: target.path) {
            files[file] = try Data(contentsOf: target.appendingPathComponent(file))
        }
        return files
    }

    @Test("files of another manifest are caught by their digests; the read starts again from the new manifest")
    func swapMidRead() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try Self.prepared(dir, "old", bytes: 100), new = try Self.prepared(dir, "new", bytes: 130)
        let oldPlan = try ArcMaskAnimationPlan(manifest: try #require(old["manifest.json"]))
        #expect(!oldPlan.digests.isEmpty && oldPlan.files.allSatisfy { oldPlan.digests[$0] != nil })
        for file in oldPlan.files {
            let bytes = try #require(old[file])
            #expect(oldPlan.verifies(file, bytes) && ArcMaskAnimationPlan.digest(bytes) == LayerDigest.of(bytes))
            #expect(!oldPlan.verifies(file, try #require(new[file])))
        }
        // The app replaces the folder after the widget has read the old manifest.
        var manifestsRead = 0
        let read = ArcMaskAnimationPlan.read { name, limit in
            if name == "manifest.json" {
                manifestsRead += 1
                return manifestsRead == 1 ? old[name] : new[name]
            }
            return new[name].flatMap { $0.count <= limit ? $0 : nil }
        }
        let (plan, files) = try #require(read)
        #expect(manifestsRead == 2)
        #expect(files.allSatisfy { plan.verifies($0.key, $0.value) && $0.value == new[$0.key] })
        // A folder whose files never agree with its manifest is not played.
        #expect(ArcMaskAnimationPlan.read { name, _ in name == "manifest.json" ? old[name] : new[name] } == nil)
        // An untouched folder is read once.
        manifestsRead = 0
        #expect(ArcMaskAnimationPlan.read { name, _ in old[name] }?.1.count == oldPlan.files.count)
    }
}

@Suite("A folder over the archive the renderer draws is thinned evenly, not drawn black")
struct ThinnedPlanTests {
    func plan(frames: Int, lanes: [Int] = []) -> ArcMaskAnimationPlan {
        let step = 360 / Double(frames)
        return ArcMaskAnimationPlan(
            viewWidth: 170, viewHeight: 170, scale: 3, radius: 200, lineWidth: 400, centerOffset: 0, periodSeconds: 60,
            squareCaps: false, strip: nil,
            layers: (0..<frames).map {
                .init(frame: $0, startDegrees: Double($0) * step, endDegrees: Double($0 + 1) * step)
            },
            cells: (0..<frames).map { .init(x: 0, y: 0, width: 510, height: 510, file: "f\($0).jpg") },
            timerMasks: lanes.isEmpty
                ? nil : .init(loopSeconds: 10, lanes: lanes.map { .init(cell: $0, masks: []) }))
    }

    @Test("frames are dropped evenly until the files fit; arcs and lanes keep their times")
    func thinning() throws {
        let p = plan(frames: 8, lanes: [1, 3, 7])
        let twoMB = try #require(p.thinned(maxBytes: 9_000_000) { _ in 2_000_000 })
        #expect(twoMB.layers.map(\.frame) == [0, 0, 2, 2, 4, 4, 6, 6])
        #expect(twoMB.layers.map(\.startDegrees) == p.layers.map(\.startDegrees))
        #expect(twoMB.timerMasks?.lanes.map(\.cell) == [0, 2, 6])
        #expect(twoMB.files == ["f0.jpg", "f2.jpg", "f4.jpg", "f6.jpg"])
        let threeMB = try #require(p.thinned(maxBytes: 9_000_000) { _ in 3_000_000 })
        #expect(threeMB.layers.map(\.frame) == [0, 0, 0, 3, 3, 3, 6, 6] && threeMB.files.count == 3)
        // Under the cap, or sizes unknown: as it is. The first frame alone over: nothing to play.
        #expect(p.thinned(maxBytes: 9_000_000) { _ in 1_000_000 } == p)
        #expect(p.thinned(maxBytes: 9_000_000) { _ in nil } == p)
        #expect(p.thinned(maxBytes: 9_000_000) { _ in 10_000_000 } == nil)
    }
}
