import ArcMaskValues
import Foundation
import Testing

@Suite("arcmask --version")
struct VersionTests {
    @Test("prints the release on stdout and exits 0")
    func version() throws {
        let process = Process()
        process.executableURL = try arcmaskBinary()
        process.arguments = ["--version"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == ArcMaskVersion.string + "\n")
        #expect(ArcMaskVersion.string.split(separator: ".").count == 3)
    }
}
