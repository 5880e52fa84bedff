import ArcMaskPlatform
import Foundation
import Testing

/// The repository's root, from this file's place in it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

@Suite("The platform seam")
struct PlatformTests {
    @Test("write(2) through the seam writes the bytes it says it wrote")
    func writes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seam-\(UUID().uuidString)").path
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        let bytes: [UInt8] = Array("arcmask".utf8)
        let n = bytes.withUnsafeBytes { Platform.write(fd, $0.baseAddress!, $0.count) }
        close(fd)
        #expect(n == bytes.count)
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        Platform.keepFreedMemory()  // a no-op where the allocator has no such knob; never a crash
    }

    @Test("no Swift file outside the seam names glibc, musl or Darwin")
    func oneSeam() throws {
        let sources = root.appendingPathComponent("Sources")
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            guard !url.path.contains("/ArcMaskPlatform/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for name in ["Glibc", "Darwin", "Musl"] where text.contains("import \(name)") || text.contains("\(name).") {
                offenders.append("\(url.lastPathComponent): \(name)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    @Test("every system library lists an apt and a brew provider")
    func providers() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // Each declaration: `systemLibrary("CName", pkgConfig: …, apt: […], brew: […])`, up to its `),`.
        let declarations = manifest.components(separatedBy: "\n        systemLibrary(").dropFirst()
        #expect(declarations.count >= 10)
        for d in declarations {
            let text = d.components(separatedBy: "]),").first ?? d
            let name =
                text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\"").first.map(String.init)
                ?? "?"
            #expect(text.contains("apt: [\"") && text.contains("brew: [\""), "\(name)")
        }
    }
}
