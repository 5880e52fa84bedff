import ArcMaskFiles
import ArcMaskValues
import Foundation
import Testing

@Suite("Outputs")
struct OutputTests {
    func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
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
