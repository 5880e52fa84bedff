import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCore

@Suite("Pixel geometry")
struct GeometryTests {
    @Test("clipping keeps the part inside the canvas")
    func clip() {
        let size = PixelSize(width: 10, height: 8)
        #expect(
            PixelRect(x: -2, y: 3, width: 5, height: 10).clipped(to: size) == PixelRect(x: 0, y: 3, width: 3, height: 5)
        )
        #expect(PixelRect(x: 12, y: 0, width: 5, height: 5).clipped(to: size).isEmpty)
        #expect(PixelRect(x: 0, y: 0, width: 10, height: 8).covers(size))
        #expect(!PixelRect(x: 1, y: 0, width: 10, height: 8).covers(size))
    }

    @Test("loop modes speak GIF's loop count")
    func loops() {
        #expect(LoopMode.forever.gifLoopCount == 0 && LoopMode.forever.plays == nil)
        #expect(LoopMode.finite(repeats: 2).plays == 3)
        #expect(LoopMode.once.gifLoopCount == nil && LoopMode.once.plays == 1)
    }
}

@Suite("Outputs")
struct OutputTests {
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
        let folder = try OutputFolder(dest, force: false)
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
        let folder = try OutputFolder(parent.appendingPathComponent("x"), force: false)
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
        #expect(throws: OutputError.self) { try OutputFolder(dest, force: false) }
        let folder = try OutputFolder(dest, force: true)
        try AtomicFile.write(Array("new".utf8), to: folder.url(for: "a.txt"))
        try folder.commit()
        #expect(try String(contentsOf: dest.appendingPathComponent("a.txt"), encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dest.path).sorted() == ["a.txt", "b.txt"])
    }

    @Test("an input is never overwritten")
    func protectsInputs() throws {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.gif")
        try AtomicFile.write(Array("GIF89a".utf8), to: input)
        #expect(throws: OutputError.self) { try AtomicFile.write(Array("x".utf8), to: input, protecting: [input]) }
        #expect(try String(contentsOf: input, encoding: .utf8) == "GIF89a")
    }

    @Test("the file reader reads across its buffer and stops at the end")
    func reader() throws {
        let bytes = (0..<10_000).map { UInt8($0 % 251) }
        let r = FileReader(bytes: bytes, name: "mem")
        var out = [UInt8](repeating: 0, count: 10_050)
        let n = out.withUnsafeMutableBytes { r.read(into: $0.baseAddress!, count: 10_050) }
        #expect(n == 10_000)
        #expect(Array(out.prefix(n)) == bytes)
        #expect(r.bytes(at: 9_998, count: 5) == [bytes[9_998], bytes[9_999]])
    }
}
