import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLottieRender

/// dotLottie v2 files made with the published layout (manifest, `a/`, `t/` themes, `s/` state
/// machines): a square whose fill colour is the slot `fill`, two themes, and a state machine
/// whose states play a marker's segment and a range of frames at double speed.
@Suite("dotLottie v2 themes and states")
struct DotLottieV2Tests {
    static let square =
        #"{"ty":"gr","it":[{"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1],"sid":"fill"},"o":{"a":0,"k":100}},{"ty":"tr"}]}"#

    static let animation = Array(
        #"{"v":"5.12.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"slots":{"fill":{"p":{"a":0,"k":[1,0,0,1]}}},"markers":[{"cm":"intro","tm":0,"dr":5},{"cm":"outro","tm":10,"dr":10}],"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(square)]}]}"#
            .utf8)

    static func file(manifest: String, machine: String? = nil) throws -> [UInt8] {
        var files: [(String, [UInt8])] = [
            ("manifest.json", Array(manifest.utf8)), ("a/main.json", animation),
            ("t/light.json", Array(#"{"rules":[{"id":"fill","type":"Color","value":[0,1,0]}]}"#.utf8)),
            (
                "t/dark.json",
                Array(
                    #"{"rules":[{"id":"fill","type":"Color","keyframes":[{"frame":0,"value":[0,0,1,1]},{"frame":19,"value":[0,0,1,1]}]},{"id":"title","type":"Text","value":{"text":"x"}}]}"#
                        .utf8)
            ),
        ]
        if let machine { files.append(("s/sm.json", Array(machine.utf8))) }
        return try LottieFrameSourceTests.zip(files)
    }

    static let manifest =
        #"{"version":"2","animations":[{"id":"main","initialTheme":"light","themes":["light","dark"]}],"themes":[{"id":"light"},{"id":"dark"}],"stateMachines":[{"id":"sm"}],"initial":{"animation":"main","stateMachine":"sm"}}"#

    static let machine =
        #"{"initial":"idle","states":[{"type":"PlaybackState","name":"idle","animation":"main","segment":"intro","loop":true},{"type":"PlaybackState","name":"run","animation":"main","segment":[10,14],"speed":2,"mode":"Reverse"},{"type":"GlobalState","name":"all"}]}"#

    func centre(_ source: LottieFrameSource) throws -> [UInt8] {
        let image = try source.frame(at: 0)
        let o = (50 * image.width + 50) * 4
        return Array(image.bytes[o..<o + 4])
    }

    @Test("the initial theme and the initial state play by default, as the players start them")
    func defaults() throws {
        let source = try LottieFrameSource(
            bytes: Self.file(manifest: Self.manifest, machine: Self.machine), name: "t.lottie")
        #expect(source.container.themeIDs == ["light", "dark"] && source.container.theme == "light")
        #expect(source.container.stateNames == ["idle", "run", "all"] && source.container.state?.name == "idle")
        #expect(source.slotIDs == ["fill"])
        #expect(try centre(source) == [0, 255, 0, 255])
        // The intro marker: frames 0–4.
        #expect(source.times == [0, 1, 2, 3, 4])
    }

    @Test("--theme and --state choose another look and segment")
    func chosen() throws {
        var options = LottieOptions()
        options.theme = "dark"
        options.state = "run"
        let source = try LottieFrameSource(
            bytes: Self.file(manifest: Self.manifest, machine: Self.machine), name: "t.lottie", options: options)
        #expect(try centre(source) == [0, 0, 255, 255])
        // Frames 10–14, reversed, at twice the file's rate.
        #expect(source.times == [14, 13, 12, 11, 10])
        #expect(source.duration(at: 0) == 50)
        // A rule the renderer does not apply is named.
        #expect(source.warnings.contains { $0.contains("theme 'dark' rule 1 ('title'): Text rules are not applied") })
    }

    @Test("a theme or state that is not there is refused, naming those that are")
    func unknown() throws {
        let bytes = try Self.file(manifest: Self.manifest, machine: Self.machine)
        for (theme, state, says) in [
            ("night", nil, "no theme 'night'; the file has 'light', 'dark'"),
            (nil, "jump", "no state 'jump'; the state machine 'sm' has 'idle', 'run', 'all'"),
            (nil, "all", "'all' is a GlobalState, not a PlaybackState"),
        ] {
            var options = LottieOptions()
            options.theme = theme
            options.state = state
            #expect {
                _ = try LottieFrameSource(bytes: bytes, name: "t.lottie", options: options)
            } throws: { error in
                (error as? InputError)?.problem.contains(says) == true
            }
        }
        // A plain Lottie file has no themes.
        var options = LottieOptions()
        options.theme = "light"
        #expect {
            _ = try LottieFrameSource(bytes: Self.animation, name: "t.json", options: options)
        } throws: { error in
            (error as? InputError)?.problem.contains("themes and states are dotLottie's; a Lottie JSON has none")
                == true
        }
    }

    @Test("without a state machine, the manifest's animation plays whole with its initial theme")
    func noMachine() throws {
        let manifest =
            #"{"version":"2","animations":[{"id":"main","initialTheme":"dark"}],"themes":[{"id":"light"},{"id":"dark"}]}"#
        let source = try LottieFrameSource(bytes: Self.file(manifest: manifest), name: "t.lottie")
        #expect(source.container.state == nil && source.container.theme == "dark")
        #expect(source.frameCount == 20)
        #expect(try centre(source) == [0, 0, 255, 255])
    }

    @Test("another animation than the initial state's plays whole; a state asked for with it is refused")
    func animationAgainstState() throws {
        let manifest =
            #"{"version":"2","animations":[{"id":"main"},{"id":"other"}],"stateMachines":[{"id":"sm"}],"initial":{"animation":"main","stateMachine":"sm"}}"#
        var files: [(String, [UInt8])] = [
            ("manifest.json", Array(manifest.utf8)), ("a/main.json", Self.animation), ("a/other.json", Self.animation),
            ("s/sm.json", Array(Self.machine.utf8)),
        ]
        var options = LottieOptions(animation: "other")
        let other = try LottieFrameSource(bytes: LottieFrameSourceTests.zip(files), name: "t.lottie", options: options)
        #expect(other.container.animationID == "other" && other.container.state == nil && other.frameCount == 20)
        options.state = "idle"
        #expect {
            _ = try LottieFrameSource(bytes: LottieFrameSourceTests.zip(files), name: "t.lottie", options: options)
        } throws: { error in
            (error as? InputError)?.problem.contains("'idle' plays the animation 'main', not 'other'") == true
        }
        // An initial state machine that cannot be read is passed over, named.
        files.removeLast()
        let whole = try LottieFrameSource(bytes: LottieFrameSourceTests.zip(files), name: "t.lottie")
        #expect(whole.container.state == nil && whole.frameCount == 20)
        #expect(whole.warnings.contains { $0.hasPrefix("the initial state machine 'sm' is not played") })
    }

    @Test("hostile speeds and marker lengths are held, never trusted as counts")
    func hostileNumbers() throws {
        let machine =
            #"{"initial":"fast","states":[{"type":"PlaybackState","name":"fast","animation":"main","segment":"intro","speed":1e306}]}"#
        var options = LottieOptions()
        options.fps = 30
        let fast = try LottieFrameSource(
            bytes: Self.file(manifest: Self.manifest, machine: machine), name: "t.lottie", options: options)
        // Held to 100×: the 5 frames at 1000 fps last 5 ms, one 30 fps frame.
        #expect(fast.frameCount == 1)
        let long = Array(
            String(decoding: Self.animation, as: UTF8.self).replacingOccurrences(of: #""dr":5"#, with: #""dr":1e300"#)
                .utf8)
        let source = try LottieFrameSource(bytes: long, name: "t.json", options: LottieOptions(marker: "intro"))
        #expect(source.frameCount == 20)
    }
}
