import ArcMaskGIF
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// The timer-font route in the dark appearance: translucent pictures flattened onto white would
/// show a white tile there, so a second set is flattened onto black, in fonts of its own,
/// proven as the first, and taken by `colorScheme`.
@Suite("Timer fonts in the dark appearance", .serialized)
struct DarkAppearanceTests {
    struct Manifest: Decodable {
        struct Font: Decodable { let file: String; let postScriptName: String }
        struct Dark: Decodable {
            let background: String
            let frameFonts: [Font]
            let pictureDigests: [String]
        }
        struct Frame: Decodable { let pictureDigest: String }
        let frameFonts: [Font]
        let frames: [Frame]
        let dark: Dark?
    }

    func manifest(_ dir: String) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json")))
    }

    @Test("a translucent animation gets dark fonts, listed, proven, checked and chosen by colorScheme")
    func translucent() throws {
        let s = try Scratch()
        let t = try FirstAfternoonRound3Tests().sprite(s)
        let out = s.path("t")
        let line = ["export", t, "--view", "60x60", "--scale", "1", "--route", "timer-font", "--widget-fps", "10"]
        let export = try outputs(line + ["--out", out])
        #expect(export.status == 0, "\(export.stdout)\(export.stderr)")
        let m = try manifest(out)
        let dark = try #require(m.dark)
        #expect(dark.background == "#000000" && dark.frameFonts.count == m.frameFonts.count)
        #expect(dark.pictureDigests.count == m.frames.count)
        // Other pictures (the sprite over black, not white), other fonts.
        #expect(Set(dark.pictureDigests).isDisjoint(with: m.frames.map(\.pictureDigest)))
        #expect(Set(dark.frameFonts.map(\.postScriptName)).isDisjoint(with: m.frameFonts.map(\.postScriptName)))
        for f in dark.frameFonts { #expect(FileManager.default.fileExists(atPath: out + "/" + f.file)) }
        let plist = try String(contentsOfFile: out + "/UIAppFonts.plist", encoding: .utf8)
        #expect(dark.frameFonts.allSatisfy { plist.contains("<string>\($0.file)</string>") })
        let view = try String(contentsOfFile: out + "/ArcMaskView.swift", encoding: .utf8)
        #expect(view.contains("@Environment(\\.colorScheme) private var colorScheme"))
        #expect(dark.frameFonts.allSatisfy { view.contains("\"\($0.postScriptName)\",") })
        #expect(view.contains("let font = ArcMaskPlan.frameFonts(dark: dark)[i]"))
        // check proves the dark fonts too, and notices one that changed.
        let check = try outputs(["check", out])
        #expect(check.status == 0 && check.stdout.contains("dark appearance (pictures flattened onto #000000)"))
        let first = out + "/" + dark.frameFonts[0].file
        var bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: first))
        let broken = try outputs(["check", out])
        #expect(broken.status != 0 && broken.stdout.contains(dark.frameFonts[0].file))
    }

    @Test("opaque pictures, or a background chosen for both, keep one set")
    func oneSet() throws {
        let s = try Scratch()
        let opaque = s.path("o.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: opaque), size: PixelSize(width: 32, height: 32), frames: 4, delays: [10])
        let base = ["export", "--view", "60x60", "--scale", "1", "--route", "timer-font", "--quiet"]
        #expect(run(base + [opaque, "--out", s.path("o")]) == 0)
        #expect(try manifest(s.path("o")).dark == nil)
        let t = try FirstAfternoonRound3Tests().sprite(s)
        #expect(run(base + [t, "--background", "336699", "--out", s.path("b")]) == 0)
        #expect(try manifest(s.path("b")).dark == nil)
        let view = try String(contentsOfFile: s.path("b") + "/ArcMaskView.swift", encoding: .utf8)
        #expect(view.contains("public static let darkFrameFonts: [String] = [\n\n    ]"))
    }
}
