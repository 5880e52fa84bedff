import Foundation
import Testing

@testable import ArcMaskFiles

/// A value several threads read and change.
private final class Atomic<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

extension Atomic where Value == Int {
    func add(_ n: Int) { lock.withLock { stored += n } }
}

@Suite("The staged folder both front ends write through")
struct StagedFolderTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func write(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }
    func read(_ url: URL) -> String? { (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } }
    func entries(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test("a new folder appears whole at commit; nothing is left beside it")
    func newFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        let folder = try StagedFolder(dest, existing: .refuse)
        try write("a", folder.url(for: "a.txt"))
        #expect(!FileManager.default.fileExists(atPath: dest.path))
        try folder.commit()
        #expect(entries(dest) == ["a.txt"] && entries(root) == ["out"])
    }

    @Test("bytes kept between passes never bring back a staging folder an interrupted run removed")
    func keptAfterRemoval() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        let folder = try StagedFolder(dest, existing: .refuse)
        try folder.keep([1, 2, 3], as: "a")
        try folder.keep([4], as: "b")
        #expect(try folder.kept("a") == [1, 2, 3])
        // What `Temporaries.removeAll` does on SIGTERM, while a worker still keeps bytes.
        for entry in entries(root) { try FileManager.default.removeItem(at: root.appendingPathComponent(entry)) }
        #expect(entries(root).isEmpty)
        #expect(throws: StagedFolder.Failure.self) { try folder.keep([5], as: "c") }
        #expect(entries(root).isEmpty, "left behind: \(entries(root))")
    }

    @Test("an interrupt removes a staging folder that workers are still writing into, and it stays gone")
    func removedWhileWritten() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        // `write` and `keep` may be called on any thread.
        nonisolated(unsafe) let folder = try StagedFolder(dest, existing: .refuse)
        // Two workers stage files and keep bytes as fast as they can, as an export's do.
        let stop = Atomic(false), made = Atomic(0)
        let workers = DispatchGroup()
        for worker in 0..<2 {
            DispatchQueue.global().async(group: workers) {
                var n = 0
                while !stop.value {
                    n += 1
                    if (try? folder.write([1, 2, 3], as: "w\(worker)-\(n)")) != nil { made.add(1) }
                    _ = try? folder.keep([4], as: "k\(worker)-\(n)")
                }
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while made.value < 200 && Date() < deadline { usleep(1_000) }
        #expect(made.value >= 200, "the workers staged only \(made.value) files")
        Temporaries.deleteFromDisk([folder.staging.path])
        let afterRemoval = entries(root)
        usleep(20_000)  // the workers go on, as they do until the process exits
        let later = entries(root)
        stop.value = true
        workers.wait()
        #expect(afterRemoval.isEmpty, "left behind: \(afterRemoval)")
        #expect(later.isEmpty, "brought back: \(later)")
    }

    @Test("each staged file is written once: a second write of a name is refused, naming it")
    func writtenOnce() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        let folder = try StagedFolder(dest, existing: .refuse)
        try folder.write(Array("first".utf8), as: "manifest.json")
        #expect(
            throws: StagedFolder.Failure(path: dest.appendingPathComponent("manifest.json").path, kind: .writtenTwice)
        ) {
            try folder.write(Array("second".utf8), as: "manifest.json")
        }
        // A file put there another way is not overwritten either.
        try write("other", folder.url(for: "a.txt"))
        #expect(throws: StagedFolder.Failure(path: dest.appendingPathComponent("a.txt").path, kind: .writtenTwice)) {
            try folder.write(Array("mine".utf8), as: "a.txt")
        }
        // A folder that is not there cannot be written into: the system's reason.
        #expect(throws: StagedFolder.Failure.self) { try folder.write([1], as: "missing/b.bin") }
        try folder.commit()
        #expect(read(dest.appendingPathComponent("manifest.json")) == "first")
        #expect(read(dest.appendingPathComponent("a.txt")) == "other")
        let mode =
            try FileManager.default.attributesOfItem(atPath: dest.appendingPathComponent("manifest.json").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o644 & ~Int(umaskNow()))
    }

    func umaskNow() -> mode_t {
        let m = umask(0o022)
        umask(m)
        return m
    }

    @Test("refuse, merge and replace an existing folder")
    func existing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: dest, withIntermediateDirectories: true)
        try write("old", dest.appendingPathComponent("a.txt"))
        try write("keep", dest.appendingPathComponent("b.txt"))
        #expect(throws: StagedFolder.Failure(path: dest.path, kind: .notEmpty(entries: 2))) {
            _ = try StagedFolder(dest, existing: .refuse)
        }
        let merge = try StagedFolder(dest, existing: .merge)
        try write("new", merge.url(for: "a.txt"))
        try merge.commit()
        #expect(read(dest.appendingPathComponent("a.txt")) == "new" && entries(dest) == ["a.txt", "b.txt"])
        let replace = try StagedFolder(dest, existing: .replace)
        try write("only", replace.url(for: "c.txt"))
        try replace.commit()
        #expect(entries(dest) == ["c.txt"] && entries(root) == ["out"])
    }

    @Test("an aborted folder leaves nothing, not even the parents it made")
    func aborted() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("a/b/out")
        #expect(throws: StagedFolder.Failure.self) { _ = try StagedFolder(dest, existing: .refuse) }
        var made: [String] = []
        let folder = try StagedFolder(dest, existing: .refuse, createParents: true) {
            made.append($0.lastPathComponent)
        }
        #expect(made.first == "a" && made.count == 3)
        try write("x", folder.url(for: "x"))
        folder.abort()
        #expect(entries(root).isEmpty)
    }

    @Test("staging folders of a process that is gone are removed; a running one's are kept")
    func stale() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        let dead = root.appendingPathComponent(".out.\(StagedFolder.marker)999999999-1")
        let alive = root.appendingPathComponent(".out.\(StagedFolder.marker)1-1")  // pid 1 always runs
        for f in [dead, alive] { try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true) }
        StagedFolder.removeStale(near: dest)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
    }

    @Test("a file where the folder should be is refused")
    func fileInTheWay() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let dest = root.appendingPathComponent("out")
        try write("x", dest)
        #expect(throws: StagedFolder.Failure(path: dest.path, kind: .notAFolder)) {
            _ = try StagedFolder(dest, existing: .merge)
        }
    }
}
