import ArcMaskCore
import ArcMaskGIF
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// The rows of a new user's first afternoon (round 2 of the findings), each as the behaviour that mends it.
@Suite("First afternoon", .serialized)
struct FirstAfternoonTests {
    func gif(_ s: Scratch, frames: Int = 8) throws -> String {
        let path = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 48, height: 32), frames: frames, delays: [5, 10])
        return path
    }

    struct Verdict: Decodable {
        let passed: Bool
        let defective: Int?
        let torn: Int, gap: Int, wrongFrame: Int
    }

    struct Manifest: Decodable { let emulator: Verdict }

    @Test("a FAIL verdict exits 2 with the folder written; --allow-defects exits 0; one count of defective refreshes")
    func failExits2() throws {
        let s = try Scratch()
        let input = try gif(s)
        let line = ["export", input, "--view", "170x170", "--preset", "dynamicwidget"]
        #expect(run(line + ["--out", s.path("dw")]) == ExitStatus.defectsFound.rawValue)
        let m = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: s.path("dw/manifest.json"))))
        #expect(!m.emulator.passed)
        // A refresh that is both a gap and a wrong frame counts once, as emulate counts it.
        let defective = try #require(m.emulator.defective)
        #expect(defective > 0 && defective <= m.emulator.torn + m.emulator.gap + m.emulator.wrongFrame)
        let emulate = try output(["emulate", input, "--view", "170x170", "--preset", "dynamicwidget", "--json"])
        let e = try JSONDecoder().decode(Verdict.self, from: Data(emulate.stdout.utf8))
        #expect(emulate.status == ExitStatus.defectsFound.rawValue && e.defective == defective)
        #expect(run(line + ["--out", s.path("ok"), "--allow-defects"]) == 0)
        #expect(run(["export", input, "--view", "170x170", "--out", s.path("arcmask")]) == 0)
    }
}
