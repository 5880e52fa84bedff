import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("Old spellings")
struct SpellingsTests {
    @Test("each old option becomes today's for its command, with one notice each")
    func rewrites() {
        let plan = Spellings.rewrite(["plan", "a.gif", "--size", "170x170"])
        #expect(plan.arguments == ["plan", "a.gif", "--view", "170x170"])
        #expect(plan.notices == ["note: --size is now --view here; the old spelling goes in 0.11"])
        #expect(
            Spellings.rewrite(["frames", "a.svga", "--size=64x64"]).arguments == ["frames", "a.svga", "--pixels=64x64"])
        #expect(Spellings.rewrite(["svga", "render", "a.svga", "--size", "9x9"]).arguments[3] == "--pixels")
        #expect(Spellings.rewrite(["generate", "--size", "9x9"]).arguments[1] == "--canvas")
        let export = Spellings.rewrite(["export", "a.gif", "--loop", "2", "--rotation", "silgen"])
        #expect(export.arguments == ["export", "a.gif", "--loop-seconds", "2", "--rotation-access", "silgen"])
        #expect(export.notices.count == 2)
        // Only where the word had that meaning: --loops stays, and nothing after `--` changes.
        #expect(Spellings.rewrite(["frames", "seq", "--loops", "2"]).notices.isEmpty)
        #expect(Spellings.rewrite(["plan", "--", "--size"]).arguments == ["plan", "--", "--size"])
        let info = Spellings.rewrite(["svga", "info", "a.svga"])
        #expect(info.arguments == ["inspect", "a.svga"] && info.notices.count == 1)
        #expect(Spellings.rewrite(["plan", "a.gif", "--view", "9x9"]).notices.isEmpty)
    }

    @Test("old spellings still run, and give what the new ones give")
    func oldStillWorks() throws {
        let s = try Scratch()
        #expect(run(["generate", "--out", s.path("a.gif"), "--size", "40x30", "--frames", "4", "--quiet"]) == 0)
        #expect(run(["generate", "--out", s.path("b.gif"), "--canvas", "40x30", "--frames", "4", "--quiet"]) == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: s.path("a.gif")))
        let b = try Data(contentsOf: URL(fileURLWithPath: s.path("b.gif")))
        #expect(a == b)
        #expect(run(["plan", s.path("a.gif"), "--size", "60x60", "--json"]) == 0)
    }

    @Test("sizes are read as the tool prints them too: 170×170")
    func printedSizes() throws {
        let size = try SizeArgument.parse("170×170")
        #expect(size.width == 170 && size.height == 170)
        #expect(throws: (any Error).self) { try SizeArgument.parse("170×") }
    }
}
