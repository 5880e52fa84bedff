import ArcMaskJSON
import ArcMaskValues
import Testing

@testable import ArcMaskLottie

/// Files as tools write them: keys in any order, members of the wrong type where lottie-web
/// reads on.
@Suite("Reading Lottie files as lottie-web does")
struct LenientReadingTests {
    static let layer = Documents.shapeLayer(Documents.redSquare)

    @Test("the telling keys may come anywhere: assets and big members first, keys sorted")
    func anyKeyOrder() throws {
        let original = try Documents.decode(Documents.animation(layers: Self.layer, extra: #""assets":[]"#))
        let sorted = Array(
            #"{"assets":[],"fr":10,"h":100,"ip":0,"layers":[\#(Self.layer)],"op":10,"v":"5.7.0","w":100}"#.utf8)
        let reordered = try Documents.decode(sorted)
        #expect(reordered.layers.count == original.layers.count && reordered.frameCount == original.frameCount)
        #expect(reordered.width == 100 && reordered.frameRate == 10)
        // A large first member puts the keys past any fixed window.
        let padding = "\"meta\":{\"note\":\"" + String(repeating: "x", count: 10_000) + "\"},"
        let late = Array(("{" + padding + #""fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[]}"#).utf8)
        #expect(LottieAnimation.matches(Array(late.prefix(4096))))
        #expect(try Documents.decode(late).frameCount == 10)
    }

    @Test("a JSON object that is not Lottie is refused for what it lacks")
    func notLottie() {
        do {
            _ = try LottieAnimation.decode(Array(#"{"name":"app","version":"1.0","dependencies":{}}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.path == .root)
            #expect(
                error.message.contains(#"a Lottie file has "fr", "ip", "op", "w", "h", "layers" at its top level"#),
                "\(error)")
            #expect(error.message.contains(#"this one has "name", "version", "dependencies""#), "\(error)")
        }
    }

    @Test("an effect that cannot be read is left out, named, and the file draws")
    func effects() throws {
        let effects = #""ef":[{"ty":5,"nm":"Slider","ef":[{"ty":"0","nm":"S","v":{"a":0,"k":3}}]},{"ty":"x"}]"#
        let a = try Documents.decode(
            Documents.animation(layers: Documents.shapeLayer(Documents.redSquare, extra: effects)))
        #expect(a.layers[0].effectEntries.count == 2)
        #expect(
            a.readingNotes.contains { $0.hasPrefix("$.layers[0].ef[0].ef[0].ty: expected a number, found a string") })
        #expect(a.readingNotes.contains { $0.hasPrefix("$.layers[0].ef[1].ty:") })
        // The notes are warnings, with their paths.
        #expect(LottieFeatures.warnings(a).contains { $0.contains("$.layers[0].ef[0].ef[0].ty") })
    }

    @Test("optional members of the wrong type read as their defaults, each noted")
    func defaults() throws {
        let layer = Documents.shapeLayer(Documents.redSquare, extra: #""st":"0","sr":[1],"parent":"2","bm":"normal""#)
        let a = try Documents.decode(
            Documents.animation(
                layers: layer,
                extra: #""markers":[{"cm":"intro","tm":"0","dr":10}],"chars":{},"assets":[{"id":"i","p":7}]"#))
        let l = a.layers[0]
        #expect(l.startTime == 0 && l.timeStretch == 1 && l.parent == nil && l.blendMode == .normal)
        #expect(a.markers.count == 1 && a.markers[0].time == 0 && a.markers[0].duration == 10)
        #expect(a.images.isEmpty)
        for path in [
            "$.layers[0].st", "$.layers[0].sr", "$.layers[0].parent", "$.layers[0].bm", "$.markers[0].tm", "$.chars",
            "$.assets[0].p",
        ] {
            #expect(a.readingNotes.contains { $0.hasPrefix(path + ":") }, "\(path)")
        }
    }

    @Test("what it needs to draw stays strict, and limits stay limits")
    func stillStrict() {
        #expect(throws: LottieError.self) {
            try Documents.decode(Array(#"{"fr":"30","ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8))
        }
        var limits = LottieLimits.default
        limits.maxKeyframes = 2
        let keyframes = #"{"a":1,"k":[{"t":0,"s":[0]},{"t":1,"s":[1]},{"t":2,"s":[2]}]}"#
        let effects = #""ef":[{"ty":5,"ef":[{"ty":0,"v":\#(keyframes)}]}]"#
        #expect(throws: LottieError.self) {
            try LottieAnimation.decode(
                Documents.animation(layers: Documents.shapeLayer(Documents.redSquare, extra: effects)), limits: limits)
        }
    }

    @Test("an effect's index past what an integer holds is no index, not a trap")
    func hugeIndex() throws {
        let effects = #""ef":[{"ty":5,"ix":1e999,"ef":[{"ty":0,"ix":1e19,"v":{"a":0,"k":1}}]}]"#
        let a = try Documents.decode(
            Documents.animation(layers: Documents.shapeLayer(Documents.redSquare, extra: effects)))
        #expect(a.layers[0].effectEntries.count == 1 && a.layers[0].effectEntries[0].index == nil)
    }

    @Test("a precomposition used many times inside itself is cut off by the limits, not walked for ever")
    func selfNesting() throws {
        let inner = (1...20).map { #"{"ty":0,"refId":"c","ind":\#($0),"ip":0,"op":10,"st":0,"w":100,"h":100,"ks":{}}"# }
        let shapes = Documents.shapeLayer(Documents.redSquare, ind: 21)
        let assets = #""assets":[{"id":"c","layers":[\#((inner + [shapes]).joined(separator: ","))]}]"#
        let root = #"{"ty":0,"refId":"c","nm":"Top","ind":1,"ip":0,"op":10,"st":0,"w":100,"h":100,"ks":{}}"#
        var limits = LottieLimits.default
        limits.maxFrameWork = 5_000
        let a = try LottieAnimation.decode(Documents.animation(layers: root, extra: assets), limits: limits)
        #expect(throws: LottieError.self) { try LottieEvaluator(a).commands(at: 0) }
        #expect(LottieKeypaths.list(a).count == 10_000)
        var overrides = KeypathOverrides()
        overrides.entries = [("**.Fill 1.Color", .color([0, 1, 0]))]
        #expect(throws: LottieError.self) { try LottieKeypaths.apply(overrides, to: a) }
    }
}
