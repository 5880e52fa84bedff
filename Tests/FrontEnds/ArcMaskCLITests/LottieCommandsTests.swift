import ArcMaskGIF
import ArcMaskIO
import ArcMaskRuntime
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("Commands on Lottie files")
struct LottieCommandsTests {
    /// A 60×60, 12-frame Lottie at 12 fps: a red square moving right, a marker "second half".
    func lottie(_ s: Scratch, name: String = "in.json", extraLayerKeys: String = "") throws -> String {
        let json = """
            {"v":"5.7.0","nm":"square","fr":12,"ip":0,"op":12,"w":60,"h":60,"markers":[{"cm":"second half","tm":6,"dr":6}],
            "layers":[{"ty":4,"nm":"Square","ind":1,"ip":0,"op":12,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[15,30],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":12,"s":[45,30]}]}}\(extraLayerKeys),
            "shapes":[{"ty":"gr","nm":"Box","it":[{"ty":"rc","d":1,"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
            {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}]}
            """
        let path = s.path(name)
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("frames, inspect, emulate and export take a Lottie file; markers and keypaths choose what plays")
    func everyCommand() throws {
        let s = try Scratch()
        let input = try lottie(s)
        #expect(run(["inspect", input, "--json"]) == 0)
        #expect(run(["frames", input, "--out", s.path("all"), "--quiet"]) == 0)
        #expect(FileManager.default.fileExists(atPath: s.path("all/frame-0011.png")))
        #expect(
            run([
                "frames", input, "--marker", "second half", "--set-color", "**.Fill 1.Color=#00FF00", "--out",
                s.path("half"), "--quiet",
            ]) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: s.path("half")).filter { $0.hasSuffix(".png") }
        #expect(files.count == 6)
        let first = try PNG.read(URL(fileURLWithPath: s.path("half/frame-0000.png")))
        // Frame 6 of the file: the square centred at x 30, green.
        let i = (30 * 60 + 30) * 4
        #expect(Array(first.bytes[i..<i + 4]) == [0, 255, 0, 255])
        #expect(run(["emulate", input, "--view", "120x120"]) == 0)
        #expect(run(["export", input, "--family", "small", "--out", s.path("export"), "--quiet"]) == 0)
    }

    @Test("Lottie settings are answered: unknown markers and keypaths, other formats, strictness")
    func badSettings() throws {
        let s = try Scratch()
        let input = try lottie(s)
        #expect(run(["inspect", input, "--marker", "nope"]) == ExitStatus.badInput.rawValue)
        #expect(run(["inspect", input, "--set-color", "Nothing.Color=#000000"]) == ExitStatus.badInput.rawValue)
        #expect(run(["inspect", input, "--set-color", "Square=red"]) == ExitStatus.usage.rawValue)
        #expect(run(["inspect", input, "--set-opacity", "Square.Transform.Opacity=150"]) == ExitStatus.usage.rawValue)
        #expect(run(["inspect", input, "--animation", "a"]) == ExitStatus.badInput.rawValue)
        let expression = try lottie(s, name: "expr.json", extraLayerKeys: #","ef":[{"ty":5,"nm":"Slider Control"}]"#)
        #expect(run(["inspect", expression]) == 0)
        #expect(run(["inspect", expression, "--strict"]) == ExitStatus.badInput.rawValue)
        let gif = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: gif), size: PixelSize(width: 16, height: 16), frames: 2, delays: [10])
        #expect(run(["inspect", gif, "--marker", "x"]) == ExitStatus.badInput.rawValue)
    }
}
