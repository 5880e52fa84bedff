import ArcMaskGIF
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// A new user's afternoon, round 4 of the findings: each row's reproduction through the built
/// `arcmask`, asserting what the user expects.
@Suite("A new user, round 4", .serialized)
struct RoundFourTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Formats/ArcMaskVideoTests/Fixtures")

    func gif(_ s: Scratch, _ name: String, frames: Int, size: PixelSize = PixelSize(width: 48, height: 32)) throws
        -> String
    {
        let path = s.path(name)
        try TestPattern.writeGIF(to: URL(fileURLWithPath: path), size: size, frames: frames, delays: [10])
        return path
    }

    @Test("check passes what export just wrote: every route's fresh export of a still, a short GIF and a clip")
    func checkPassesFreshExports() throws {
        let s = try Scratch()
        let inputs = [
            ("still", try gif(s, "still.gif", frames: 1, size: PixelSize(width: 61, height: 47))),
            ("short", try gif(s, "short.gif", frames: 6)),
            ("clip", Self.fixtures.appendingPathComponent("gray.mp4").path),
        ]
        for (name, input) in inputs {
            for route in ["rotation", "timer-mask", "timer-font"] {
                let out = s.path("\(name)-\(route)")
                var line = ["export", input, "--route", route, "--view", "60x60", "--out", out, "--quiet"]
                if name == "still" { line.append("--allow-still") }
                let export = try outputs(line)
                #expect(export.status == 0, "\(name) \(route): \(export.stdout) \(export.stderr)")
                let check = try outputs(["check", out])
                #expect(
                    check.status == 0 && check.stdout.contains("→ PASS"),
                    "\(name) \(route): \(check.stdout) \(check.stderr)")
            }
        }
    }

    @Test("check compares the SSIMs as written: a mean a hair below its worst is float noise, a real inversion a problem")
    func qualityNoise() throws {
        let s = try Scratch()
        let input = try gif(s, "still.gif", frames: 1, size: PixelSize(width: 16, height: 16))
        let out = s.path("tm")
        #expect(run(["export", input, "--route", "timer-mask", "--view", "60x60", "--allow-still", "--out", out]) == 0)
        let url = URL(fileURLWithPath: out + "/manifest.json")
        let original = try Data(contentsOf: url)
        func checked(worstOver delta: Double) throws -> (status: Int32, stdout: String) {
            var m = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            var q = try #require(m["quality"] as? [String: Any])
            let mean = try #require(q["meanSSIM"] as? Double)
            q["worstSSIM"] = delta == 0 ? mean.nextUp : min(1, mean + delta)
            m["quality"] = q
            try JSONSerialization.data(withJSONObject: m).write(to: url)
            return try output(["check", out])
        }
        let noise = try checked(worstOver: 0)
        #expect(noise.status == 0 && !noise.stdout.contains("quality"), "\(noise.stdout)")
        let inverted = try checked(worstOver: 0.001)
        #expect(inverted.status == 2 && inverted.stdout.contains("are not SSIMs of one export"), "\(inverted.stdout)")
    }
}
