import ArcMaskGIF
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// What VoiceOver meets in an exported widget: one image with the animation's label, on every
/// route, never each layer, lane or timer.
@Suite("Exported widgets carry an accessibility label", .serialized)
struct AccessibilityExportTests {
    func gif(_ s: Scratch, _ name: String) throws -> String {
        let path = s.path(name)
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 48, height: 32), frames: 4, delays: [10])
        return path
    }

    @Test("the label is the animation's name by default, --label's when given, in the manifest and the code")
    func labels() throws {
        let s = try Scratch()
        let input = try gif(s, "Spinning cat (1).gif")
        for route in ["rotation", "timer-mask", "timer-font"] {
            for (given, expected) in [(nil, "Spinning cat"), ("A cat \"spinning\"", "A cat \"spinning\"")]
                as [(String?, String)]
            {
                let out = s.path("\(route)-\(given == nil ? "default" : "given")")
                var line = ["export", input, "--route", route, "--view", "60x60", "--out", out, "--quiet"]
                if let given { line += ["--label", given] }
                let export = try outputs(line)
                #expect(export.status == 0, "\(route): \(export.stderr)")
                let manifest =
                    try JSONSerialization.jsonObject(
                        with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any]
                #expect(manifest?["label"] as? String == expected, "\(route)")
                let escaped = expected.replacingOccurrences(of: "\"", with: "\\\"")
                let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".swift") }
                let code = try files.map { try String(contentsOfFile: out + "/" + $0, encoding: .utf8) }.joined()
                if route == "timer-font" {
                    #expect(code.contains("public static let label = \"\(escaped)\""), "\(route)")
                    #expect(code.contains(".accessibilityLabel(Text(ArcMaskPlan.label))"))
                } else {
                    #expect(code.contains("label: \"\(escaped)\""), "\(route)")
                    #expect(code.contains(".accessibilityLabel(Text(label))"))
                }
                #expect(code.contains(".accessibilityElement(children: .ignore)"), "\(route)")
                #expect(code.contains(".accessibilityAddTraits(.isImage)"), "\(route)")
            }
        }
    }

    @Test("the exported view hides every layer, lane and poster from VoiceOver")
    func layersHidden() throws {
        let s = try Scratch()
        let input = try gif(s, "a.gif")
        let out = s.path("rotation")
        #expect(run(["export", input, "--view", "60x60", "--out", out, "--quiet"]) == 0)
        let view = try String(contentsOfFile: out + "/ArcMaskAnimation.swift", encoding: .utf8)
        // The poster, each timer-mask lane's image and each rotating layer.
        #expect(view.components(separatedBy: ".accessibilityHidden(true)").count - 1 == 3)
        #expect(view.contains("public init(\n        folder: URL, label: String? = nil"))
    }

    @Test("--label takes one line of 1 to 120 characters")
    func refused() throws {
        let s = try Scratch()
        let input = try gif(s, "a.gif")
        for bad in ["", "   ", String(repeating: "x", count: 121), "two\nlines"] {
            let r = try outputs(["export", input, "--view", "60x60", "--out", s.path("bad"), "--label", bad])
            #expect(r.status != 0 && r.stderr.contains("--label takes one line of 1 to 120 characters"))
            #expect(!FileManager.default.fileExists(atPath: s.path("bad")))
        }
    }
}
