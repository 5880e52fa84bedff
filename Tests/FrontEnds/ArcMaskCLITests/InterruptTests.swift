import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import ArcMaskZIP
import Foundation
import Testing

/// The built `arcmask` next to the tests (Scripts/test builds it first).
func arcmaskBinary() throws -> URL {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    let url = root.appendingPathComponent(".build/debug/arcmask")
    try #require(FileManager.default.isExecutableFile(atPath: url.path), "build the package first: \(url.path)")
    return url
}

@Suite("Interrupted runs and concurrent runs", .serialized)
struct InterruptTests {
    @Test(
        "SIGINT or SIGTERM mid-way leaves no partial output and no temporary",
        arguments: [
            (["frames"], SIGINT), (["export", "--memory-budget", "2000", "--view", "300x300"], SIGTERM),
        ])
    func interrupt(_ command: [String], _ sig: Int32) throws {
        let s = try Scratch()
        let input = s.path("long.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: input), size: PixelSize(width: 320, height: 240), frames: 800, delays: [4])
        let process = Process()
        process.executableURL = try arcmaskBinary()
        process.arguments = [command[0], input, "--out", s.path("out"), "--quiet"] + command.dropFirst()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until it has started writing (its staging folder exists), then interrupt.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && !s.entries.contains(where: { $0.contains("arcmask-staging") }) { usleep(20_000) }
        usleep(200_000)
        #expect(process.isRunning, "the run finished before it could be interrupted")
        kill(process.processIdentifier, sig)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + sig)
        #expect(s.entries == ["long.gif"], "left behind: \(s.entries)")
    }

    @Test("--timeout ends a long run with a clear error, no partial output and no lock file")
    func timeout() throws {
        let s = try Scratch(), tmp = try Scratch()
        let input = s.path("long.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: input), size: PixelSize(width: 480, height: 360), frames: 200, delays: [4])
        let process = Process(), errors = Pipe()
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp.url.path]) { $1 }
        process.executableURL = try arcmaskBinary()
        process.arguments = ["frames", input, "--out", s.path("out"), "--quiet", "--timeout", "0.1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message.contains("took longer than 0.1 s"))
        #expect(s.entries == ["long.gif"], "left behind: \(s.entries)")
        let locks = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path("arcmask-locks"))) ?? []
        #expect(locks.isEmpty, "lock files left: \(locks)")
    }

    @Test(
        "limit flags reach SVGA files in inspect, svga info and svga render",
        arguments: [
            ["inspect"], ["svga", "info"], ["svga", "render", "--out", "never.png"],
        ])
    func svgaLimits(_ command: [String]) throws {
        let s = try Scratch()
        let input = s.path("big.svga")
        try Data(Deflate.zlib([UInt8](repeating: 0, count: 5000))).write(to: URL(fileURLWithPath: input))
        let process = Process(), errors = Pipe()
        process.executableURL = try arcmaskBinary()
        process.currentDirectoryURL = s.url
        process.arguments = command + [input, "--max-svga-bytes", "1000"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message.contains("big.svga") && message.contains("inflates past 1000 bytes"), "\(message)")
        #expect(s.entries == ["big.svga"], "left behind: \(s.entries)")
    }

    @Test("a second run on the same output folder is refused while the first holds it")
    func concurrent() throws {
        let s = try Scratch()
        let input = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: input), size: PixelSize(width: 40, height: 30), frames: 3, delays: [4])
        // The first run holds the folder's lock (as `frames` does until it commits).
        var first: OutputLock? = try OutputLock(for: URL(fileURLWithPath: s.path("out")))
        #expect(run(["frames", input, "--out", s.path("out"), "--force", "--quiet"]) == ExitStatus.badInput.rawValue)
        #expect(!FileManager.default.fileExists(atPath: s.path("out")))
        withExtendedLifetime(first) {}
        first = nil  // finishing releases the folder
        #expect(run(["frames", input, "--out", s.path("out"), "--quiet"]) == ExitStatus.success.rawValue)
    }
}
