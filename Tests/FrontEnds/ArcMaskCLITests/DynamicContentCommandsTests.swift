import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

/// The example gift banner (`generate --svga`): "avatar" is a 96×96 image zoomed in about
/// (150, 118) and clipped to a circle (radius 60 from frame 10 on), "name" a 240×40 text
/// placeholder at (30, 226), "ribbon" the bar under it.
@Suite("SVGA dynamic content on the command line")
struct DynamicContentCommandsTests {
    func gift(_ s: Scratch) throws -> String {
        let path = s.path("gift.svga")
        #expect(run(["generate", "--svga", "--out", path]) == 0)
        return path
    }

    func solidPNG(_ s: Scratch, _ name: String, _ rgba: (UInt8, UInt8, UInt8, UInt8)) throws -> String {
        var b = PixelBuffer(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { b.setPixel(x: x, y: y, rgba) } }
        try PNG.write(b, to: URL(fileURLWithPath: s.path(name)))
        return s.path(name)
    }

    func rgba(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        let v = p.pixel(x: x, y: y)
        return [v.r, v.g, v.b, v.a]
    }

    @Test("svga render --set-image, --set-text and --hide change the pixels where the keys draw, and only there")
    func render() throws {
        let s = try Scratch()
        let svga = try gift(s)
        let avatar = try solidPNG(s, "avatar.png", (255, 0, 255, 255))
        let base = ["svga", "render", svga, "--frame", "12"]
        #expect(run(base + ["--out", s.path("plain.png")]) == 0)
        #expect(
            run(
                base + [
                    "--set-image", "avatar=\(avatar)", "--set-text", "name=送了一朵玫瑰", "--text-style",
                    "name:font=Noto Sans CJK SC,size=24,color=#000000", "--out", s.path("filled.png"),
                ]) == 0)
        #expect(run(base + ["--hide", "avatar", "--out", s.path("hidden.png")]) == 0)
        let plain = try PNG.read(URL(fileURLWithPath: s.path("plain.png")))
        let filled = try PNG.read(URL(fileURLWithPath: s.path("filled.png")))
        let hidden = try PNG.read(URL(fileURLWithPath: s.path("hidden.png")))
        // The avatar's circle (centre 150, 118; radius 60 at this frame): the set image inside, untouched outside.
        #expect(rgba(filled, 150, 118) == [255, 0, 255, 255] && rgba(filled, 110, 118) == [255, 0, 255, 255])
        #expect(rgba(filled, 100, 70) == rgba(plain, 100, 70))  // inside the layout's square, outside the circle
        // Text ink (black) only inside the name's layout.
        var inkInside = 0
        for y in 0..<300 {
            for x in 0..<300 where rgba(filled, x, y) != rgba(plain, x, y) {
                let inAvatar = hypot(Double(x) + 0.5 - 150, Double(y) + 0.5 - 118) <= 61
                let inName = x >= 30 && x < 270 && y >= 226 && y < 266
                #expect(inAvatar || inName, "changed pixel at \(x),\(y)")
                if inName { inkInside += 1 }
            }
        }
        #expect(inkInside > 300)
        // Hidden: the avatar's placeholder portrait is gone, the halo and ribbon stay.
        #expect(rgba(plain, 150, 118)[3] == 255 && rgba(hidden, 150, 118)[3] == 0)
        #expect(rgba(hidden, 150, 240) == rgba(plain, 150, 240))
    }

    @Test("every command that reads an SVGA takes the content: frames, plan-based commands, export")
    func everyCommand() throws {
        let s = try Scratch()
        let svga = try gift(s)
        let avatar = try solidPNG(s, "avatar.png", (255, 0, 255, 255))
        let content = ["--set-image", "avatar=\(avatar)", "--set-text", "name=Ada", "--hide", "halo.vector"]
        #expect(run(["frames", svga, "--out", s.path("frames"), "--quiet"] + content) == 0)
        let frame = try PNG.read(URL(fileURLWithPath: s.path("frames") + "/frame-0012.png"))
        #expect(rgba(frame, 150, 118) == [255, 0, 255, 255])
        #expect(
            run(
                ["render", svga, "--view", "100x100", "--scale", "1", "--time", "0.5", "--out", s.path("r.png")]
                    + content)
                == 0)
        let composite = try PNG.read(URL(fileURLWithPath: s.path("r.png")))
        #expect(rgba(composite, 50, 39) == [255, 0, 255, 255], "the widget's view shows the set avatar")
        #expect(
            run(["export", svga, "--view", "100x100", "--layout", "strip", "--out", s.path("w"), "--quiet"] + content)
                == 0)
        let strip = try PNG.read(URL(fileURLWithPath: s.path("w") + "/strip.png"))
        let magentaInStrip = (0..<strip.height).contains { y in
            (0..<strip.width).contains { rgba(strip, $0, y) == [255, 0, 255, 255] }
        }
        #expect(magentaInStrip, "the exported frames carry the set avatar")
        #expect(run(["preview", svga, "--view", "100x100", "--out", s.path("p"), "--quiet"] + content) == 0)
        #expect(run(["emulate", svga, "--view", "100x100", "--json"] + content) == 0)
        // The image a key was filled from is an input: no output replaces it, even with --force.
        #expect(run(["svga", "render", svga, "--out", avatar, "--force", "--set-image", "avatar=\(avatar)"]) == 1)
        #expect(try PNG.read(URL(fileURLWithPath: avatar)).width == 8)
    }

    @Test("bad content is refused before anything is written, saying what and where")
    func refusals() throws {
        let s = try Scratch()
        let svga = try gift(s)
        let gif = s.path("in.gif")
        #expect(run(["generate", "--out", gif, "--frames", "2"]) == 0)
        func refused(_ args: [String], _ status: Int32 = 1) {
            #expect(run(args + ["--out", s.path("never.png")]) == status, "\(args)")
            #expect(!FileManager.default.fileExists(atPath: s.path("never.png")))
        }
        let render = ["svga", "render", svga]
        refused(render + ["--set-text", "nope=x"])  // unknown key
        refused(render + ["--set-image", "avatar=\(s.path("missing.png"))"])  // unreadable image
        refused(render + ["--set-image", "avatar=\(svga)", "--set-image", "avatar=\(s.path("x.txt"))"])
        refused(render + ["--set-text", "name=x", "--text-style", "name:size=0"], 64)
        refused(render + ["--set-text", "name=x", "--text-style", "name:color=red"], 64)
        refused(render + ["--set-text", "name=x", "--text-style", "name:align=justify"], 64)
        refused(render + ["--set-text", "name=x", "--text-style", "name:weight=bold"], 64)
        refused(render + ["--text-style", "name:size=20"], 64)  // styles no text
        refused(render + ["--image-fit", "avatar=cover"], 64)
        refused(render + ["--set-image", "avatar"], 64)
        var wide = PixelBuffer(width: 16_385, height: 1)
        wide.setPixel(x: 0, y: 0, (1, 2, 3, 255))
        try PNG.write(wide, to: URL(fileURLWithPath: s.path("wide.png")))
        refused(render + ["--set-image", "avatar=\(s.path("wide.png"))"])  // over the side limit
        refused(["render", gif, "--view", "50x50", "--time", "0", "--set-text", "name=x"])  // a GIF has no keys
        refused(["svga", "render", gif])  // not an SVGA
        refused(render + ["--frame", "24"])  // past the last frame
    }

    @Test("the error for an unknown key lists the keys there are; svga info --json lists them with their kinds")
    func messages() throws {
        let s = try Scratch()
        let svga = try gift(s)
        let process = Process(), errors = Pipe()
        process.executableURL = try arcmaskBinary()
        process.arguments = ["svga", "render", svga, "--set-text", "nmae=x", "--out", s.path("x.png")]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(
            message.contains("key 'nmae'") && message.contains("'halo.vector', 'avatar', 'ribbon', 'name'"),
            "\(message)")

        let (status, json) = try output(["svga", "info", svga, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let keys = report["keys"] as! [[String: Any]]
        #expect(status == 0)
        #expect(keys.map { $0["key"] as! String } == ["halo.vector", "avatar", "ribbon", "name"])
        #expect(keys.map { $0["kind"] as! String } == ["vector", "bitmap", "bitmap", "empty"])
        #expect(keys[1]["imageWidth"] as? Int == 96 && keys[3]["layoutWidth"] as? Double == 240)
        #expect(report["emptyKeys"] as? [String] == ["name"])
    }
}
