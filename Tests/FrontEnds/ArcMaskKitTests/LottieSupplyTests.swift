import ArcMaskLottie
import ArcMaskLottieRender
import ArcMaskZIP
import Foundation
import Testing
import ZIPFoundation

@testable import ArcMaskKit

/// Lottie files as `prepare` reads them on a phone: the bytes decide the format, the dotLottie
/// choices are the command line's (the same `DotLottieChoice` and `LottiePlayback`), and what a
/// file or a choice gets wrong is a `PrepareError` naming the option or the entry.
@Suite("ArcMaskKit reads Lottie files: themes, states, markers")
struct LottieSupplyTests {
    /// A circle whose colour is the slot `tint`; markers `blink` (frames 0–3) and `rest` (6–11).
    static let animation = Array(
        #"{"v":"5.9.0","fr":24,"ip":0,"op":12,"w":64,"h":48,"slots":{"tint":{"p":{"a":0,"k":[0.2,0.2,0.2,1]}}},"markers":[{"cm":"blink","tm":0,"dr":4},{"cm":"rest","tm":6,"dr":6}],"layers":[{"ty":4,"ind":1,"ip":0,"op":12,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[32,24]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[0.2,0.2,0.2,1],"sid":"tint"},"o":{"a":0,"k":100}}]}]}"#
            .utf8)

    static let manifest =
        #"{"version":"2","animations":[{"id":"eye","initialTheme":"day"}],"themes":[{"id":"day"},{"id":"night"}],"stateMachines":[{"id":"look"}],"initial":{"animation":"eye","stateMachine":"look"}}"#

    static let machine =
        #"{"initial":"open","states":[{"type":"PlaybackState","name":"open","animation":"eye","segment":"blink"},{"type":"PlaybackState","name":"sleep","animation":"eye","segment":[6,9],"speed":0.5}]}"#

    static func dotLottie() throws -> Data {
        let archive = try Archive(accessMode: .create)
        let files: [(String, [UInt8])] = [
            ("manifest.json", Array(manifest.utf8)), ("a/eye.json", animation),
            ("t/day.json", Array(#"{"rules":[{"id":"tint","type":"Color","value":[1,0.5,0]}]}"#.utf8)),
            ("t/night.json", Array(#"{"rules":[{"id":"tint","type":"Color","value":[0,0,0.5,1]}]}"#.utf8)),
            ("s/look.json", Array(machine.utf8)),
        ]
        for (name, bytes) in files {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
            ) { position, size in Data(bytes[Int(position)..<(Int(position) + size)]) }
        }
        return try #require(archive.data)
    }

    /// The colour the first fill of the frame at composition time `t` is painted with, in 8-bit
    /// steps (Lottie's colours are quantised to them, as lottie-web's are).
    func fillColour(_ supply: LottieSupply, at t: Double) throws -> [Int] {
        let commands = try LottieEvaluator(supply.animation).commands(at: t)
        func first(_ c: [DrawCommand]) -> [Double]? {
            for command in c {
                switch command {
                case .fill(_, .color(let r, let g, let b, let a), _, _, _, _): return [r, g, b, a]
                case .clipped(_, let inner), .blended(_, let inner): if let found = first(inner) { return found }
                default: continue
                }
            }
            return nil
        }
        return try #require(first(commands)).map { Int(($0 * 255).rounded()) }
    }

    @Test("a dotLottie plays its initial theme and state, as its players start it and as the command line does")
    func defaults() throws {
        let data = try Self.dotLottie()
        let supply = try LottieSupply(data: data, name: "eye.lottie", choice: LottieChoice())
        #expect(supply.kind == .dotLottie)
        let c = supply.contents
        #expect(c.animations == ["eye"] && c.themes == ["day", "night"] && c.stateMachines == ["look"])
        #expect(c.states == ["open", "sleep"] && c.markers == ["blink", "rest"] && c.slots == ["tint"])
        #expect(c.theme == "day" && c.state == "open" && c.frameCount == 4)
        #expect(try fillColour(supply, at: 0) == [255, 127, 0, 255])
        let cli = try LottieFrameSource(bytes: [UInt8](data), name: "eye.lottie")
        #expect(supply.playback.times == cli.times && supply.playback.stepMs == cli.duration(at: 0))
        #expect(supply.source.durationsMs == Array(repeating: 1000 / 24, count: 4))
        #expect(supply.source.canvasWidth == 64 && supply.source.canvasHeight == 48)
    }

    @Test("a chosen theme and state change the look and the segment, as --theme and --state do")
    func chosen() throws {
        let data = try Self.dotLottie()
        let supply = try LottieSupply(
            data: data, name: "eye.lottie", choice: LottieChoice(theme: "night", state: "sleep"))
        #expect(try fillColour(supply, at: 6) == [0, 0, 127, 255])
        // Frames 6–9 at half speed: each lasts 2/24 s.
        #expect(supply.playback.times == [6, 7, 8, 9])
        #expect(abs(supply.playback.stepMs - 2000 / 24) < 1e-9)
        var options = LottieOptions()
        options.theme = "night"
        options.state = "sleep"
        let cli = try LottieFrameSource(bytes: [UInt8](data), name: "eye.lottie", options: options)
        #expect(supply.playback.times == cli.times && supply.playback.stepMs == cli.duration(at: 0))
        // A marker takes the place of the state's segment.
        let marked = try LottieContents(reading: data, name: "eye.lottie", choice: LottieChoice(marker: "rest"))
        #expect(marked.frameCount == 6 && marked.state == "open")
    }

    @Test("a theme, state, animation or marker the file lacks is refused as an option, naming what it has")
    func refusals() throws {
        let data = try Self.dotLottie()
        let cases: [(LottieChoice, String)] = [
            (LottieChoice(theme: "dusk"), "options: lottie.theme: no theme 'dusk'; the file has 'day', 'night'"),
            (
                LottieChoice(state: "run"),
                "options: lottie.state: no state 'run'; the state machine 'look' has 'open', 'sleep'"
            ),
            (LottieChoice(animation: "ear"), "options: lottie.animation: no animation 'ear'; the file has 'eye'"),
            (LottieChoice(marker: "wink"), "options: lottie.marker: no marker 'wink'; it has 'blink', 'rest'"),
        ]
        for (choice, says) in cases {
            let error = #expect(throws: PrepareError.self) {
                _ = try LottieContents(reading: data, name: "eye.lottie", choice: choice)
            }
            #expect(error?.description == says)
        }
        // A plain JSON has no themes: the choice is refused, not ignored.
        let json = #expect(throws: PrepareError.self) {
            _ = try LottieContents(reading: Data(Self.animation), name: "eye.json", choice: LottieChoice(theme: "day"))
        }
        #expect(
            json?.place == .options
                && json?.problem.hasPrefix("lottie.theme: a Lottie JSON holds one animation") == true)
    }

    @Test("a Telegram sticker (gzip of the JSON) reads; a damaged one is refused as the input")
    func sticker() throws {
        let zlib = Deflate.zlib(Self.animation)
        let raw = Array(zlib[2..<(zlib.count - 4)])
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let gzip =
            [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + raw + le32(crc32(Self.animation))
            + le32(UInt32(Self.animation.count))
        let contents = try LottieContents(reading: Data(gzip), name: "eye.tgs")
        #expect(contents.kind == .sticker && contents.frameCount == 12 && contents.themes.isEmpty)
        var damaged = gzip
        damaged[gzip.count - 6] ^= 0xFF
        let error = #expect(throws: PrepareError.self) {
            _ = try LottieContents(reading: Data(damaged), name: "eye.tgs")
        }
        #expect(error?.place == .input && error?.problem.hasPrefix("eye.tgs: gzip:") == true)
    }

    @Test("cut or foreign files are refused as the input, each with what is wrong and where")
    func damaged() throws {
        let data = try Self.dotLottie()
        for cut in [40, data.count / 2, data.count - 10] {
            let error = #expect(throws: PrepareError.self) {
                _ = try LottieContents(reading: data.prefix(cut), name: "eye.lottie")
            }
            #expect(error?.place == .input && error?.problem.hasPrefix("eye.lottie: ZIP:") == true)
        }
        let notLottie = #expect(throws: PrepareError.self) {
            _ = try LottieContents(reading: Data(#"{"name":"x","items":[]}"#.utf8), name: "list.json")
        }
        #expect(notLottie?.problem.contains("not a Lottie animation") == true)
        #expect(LottieSupply.matches(Array(#"  {"layers":[]}"#.utf8)) && LottieSupply.matches([UInt8](data)))
        #expect(!LottieSupply.matches(Array("GIF89a".utf8)))
    }
}
