import ArcMaskFolder
import Foundation
import Testing

@testable import ArcMaskKit

/// What the widget reads from an App Group folder that the app may replace at any moment.
@Suite("The view never mixes two prepared animations")
struct FolderReadTests {
    /// A folder prepared with layers of `bytes` bytes each, read into memory by name.
    static func prepared(_ dir: URL, _ name: String, bytes: Int) throws -> [String: Data] {
        let target = dir.appendingPathComponent(name)
        _ = try FolderPreparation.run(
            source: FolderPreparationTests.source, options: PrepareOptions(timerMasks: nil), destination: target,
            replacing: false
        ) { FolderPreparationTests.FixedWriter(folder: $0, bytesPerLayer: bytes, frames: 4) }
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
