import ArcMaskFiles
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskRuntime

/// The command line's output folder: all or nothing, `--force` to write into a folder that
/// holds files.
@Suite("Output folders")
struct CommandLineOutputTests {
    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("a new folder appears only on commit, whole")
    func commitNew() throws {
        let parent = try tempDir()
        defer { try? FileManager.default.removeItem(at: parent) }
        let dest = parent.appendingPathComponent("frames")
        let folder = try CommandLineOutput(dest, force: false)
        try AtomicFile.write(Array("a".utf8), to: folder.url(for: "a.txt"))
        #expect(!FileManager.default.fileExists(atPath: dest.path))
        try folder.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dest.path) == ["a.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["frames"])
    }

    @Test("abort leaves nothing behind")
    func abort() throws {
        let parent = try tempDir()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try CommandLineOutput(parent.appendingPathComponent("x"), force: false)
        try AtomicFile.write(Array("a".utf8), to: folder.url(for: "a.txt"))
        folder.abort()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    @Test("a non-empty folder needs force; with force, same-named files are replaced and others kept")
    func force() throws {
        let dest = try tempDir()
        defer { try? FileManager.default.removeItem(at: dest) }
        try AtomicFile.write(Array("old".utf8), to: dest.appendingPathComponent("a.txt"))
        try AtomicFile.write(Array("keep".utf8), to: dest.appendingPathComponent("b.txt"))
        #expect(throws: OutputError.self) { try CommandLineOutput(dest, force: false) }
        let folder = try CommandLineOutput(dest, force: true)
        try AtomicFile.write(Array("new".utf8), to: folder.url(for: "a.txt"))
        try folder.commit()
        #expect(try String(contentsOf: dest.appendingPathComponent("a.txt"), encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dest.path).sorted() == ["a.txt", "b.txt"])
    }

    @Test("a folder that holds files is refused in words that name --force")
    func refusalNamesForce() throws {
        let dest = try tempDir()
        defer { try? FileManager.default.removeItem(at: dest) }
        try AtomicFile.write(Array("old".utf8), to: dest.appendingPathComponent("a.txt"))
        #expect {
            try CommandLineOutput(dest, force: false)
        } throws: { error in
            (error as? OutputError)?.problem == "folder is not empty (1 entry); use --force to write into it"
        }
    }
}
