import ArcMaskJSON
import Testing

@testable import ArcMaskLottie

@Suite struct DecoderTests {
    @Test func readsTheCompositionAndCountsFramesAsPlayersDo() throws {
        let a = try Documents.decode(Documents.animation(layers: Documents.shapeLayer(Documents.redSquare), op: 10))
        #expect(a.width == 100 && a.height == 100)
        #expect(a.frameRate == 10)
        #expect(a.frameCount == 10)
        #expect(a.layers.count == 1)
        guard case .shape(let items) = a.layers[0].kind, case .group(_, let children, _) = items[0] else {
            Issue.record("not a shape layer with a group")
            return
        }
        #expect(children.count == 3)
        // ⌊op − ip⌋ with a fractional out point.
        let b = try Documents.decode(Array(#"{"v":"5","fr":30,"ip":0.5,"op":10.9,"w":10,"h":10,"layers":[]}"#.utf8))
        #expect(b.frameCount == 10)
    }

    @Test func recognisesLottieByItsBytes() {
        #expect(LottieAnimation.matches(Documents.animation(layers: "")))
        #expect(LottieAnimation.matches([0xEF, 0xBB, 0xBF] + Documents.animation(layers: "")))
        // Any JSON object is offered to the reader, which decides from its top-level keys.
        #expect(LottieAnimation.matches(Array(" \n{\"assets\":[]}".utf8)))
        #expect(!LottieAnimation.matches(Array("[1,2]".utf8)))
        #expect(!LottieAnimation.matches(Array("GIF89a".utf8)))
    }

    @Test(arguments: [
        (#"{"v":"5","ip":0,"op":10,"w":10,"h":10,"layers":[]}"#, "$", "not a Lottie animation: it has no \"fr\""),
        (#"{"v":"5","fr":0,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#, "$.fr", "outside (0, 1000]"),
        (#"{"v":"5","fr":30,"ip":5,"op":5,"w":10,"h":10,"layers":[]}"#, "$.op", "not after in point"),
        (#"{"v":"5","fr":30,"ip":0,"op":10,"w":0,"h":10,"layers":[]}"#, "$.w", "outside 1…16384"),
        (#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":{}}"#, "$.layers", "expected an array"),
        (
            #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{"p":{"a":1,"k":[{"t":5,"s":[0,0]},{"t":2,"s":[1,1]}]}}}]}"#,
            "$.layers[0].ks.p.k[1].t", "comes before the previous one"
        ),
        (
            #"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"shapes":[{"ty":"fl","c":{"a":0,"k":[1,"x",0]}}]}]}"#,
            "$.layers[0].shapes[0].c.k[1]", "expected a number"
        ),
        (#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":0}]}"#, "$.layers[0]", "\"refId\" is missing"),
        (#"{"v":"5","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[],}"#, "$", "line 1"),
    ])
    func namesWhatIsWrongAndWhere(text: String, path: String, says: String) {
        do {
            _ = try LottieAnimation.decode(Array(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.path.description == path, "\(error)")
            #expect(error.description.contains(says), "\(error)")
        }
    }

    @Test func checksLimitsAsItReads() {
        var limits = LottieLimits()
        limits.maxLayers = 2
        let three = Documents.animation(
            layers: [1, 2, 3].map { Documents.shapeLayer("", ind: $0) }.joined(separator: ","))
        #expect(throws: LottieError.self) { try LottieAnimation.decode(three, limits: limits) }
        limits = LottieLimits()
        limits.maxFrames = 5
        #expect(throws: LottieError.self) {
            try LottieAnimation.decode(Documents.animation(layers: "", op: 10), limits: limits)
        }
        limits = LottieLimits()
        limits.maxKeyframes = 1
        let keyed = Documents.animation(
            layers: Documents.shapeLayer("", extra: #""ip":0"#).replacingOccurrences(
                of: #""ks":{}"#, with: #""ks":{"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":5,"s":[100]}]}}"#))
        #expect(throws: LottieError.self) { try LottieAnimation.decode(keyed, limits: limits) }
    }

    @Test func slotsReplaceThePropertiesThatNameThem() throws {
        let layer = Documents.shapeLayer(
            #"{"ty":"fl","c":{"a":0,"k":[1,0,0],"sid":"tint"},"o":{"a":0,"k":100}}, {"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
        )
        let a = try Documents.decode(
            Documents.animation(layers: layer, extra: #""slots":{"tint":{"p":{"a":0,"k":[0,0,1]}}}"#))
        guard case .shape(let items) = a.layers[0].kind, case .fill(let color, _, _, _, _, _) = items[0] else {
            Issue.record("no fill")
            return
        }
        #expect(color.value(at: 0) == [0, 0, 1])
    }

    @Test func oldFilesHoldColoursIn0To255() throws {
        let layer = Documents.shapeLayer(#"{"ty":"fl","c":{"a":0,"k":[255,51,0,255]},"o":{"a":0,"k":100}}"#)
        let old = try Documents.decode(Documents.animation(layers: layer, version: "4.0.0"))
        let new = try Documents.decode(Documents.animation(layers: layer, version: "5.7.0"))
        guard case .shape(let a) = old.layers[0].kind, case .fill(let c1, _, _, _, _, _) = a[0],
            case .shape(let b) = new.layers[0].kind, case .fill(let c2, _, _, _, _, _) = b[0]
        else { Issue.record("no fill"); return }
        #expect(c1.value(at: 0)[0] == 1 && abs(c1.value(at: 0)[1] - 0.2) < 1e-12)
        #expect(c2.value(at: 0)[0] == 255)
    }

    @Test func recordsExpressionsAndWarnsNamingLayerAndProperty() throws {
        let layer = Documents.shapeLayer("").replacingOccurrences(
            of: #""ks":{}"#, with: #""ks":{"p":{"a":0,"k":[1,2],"x":"wiggle(2,5)"}}"#
        ).replacingOccurrences(of: #""nm":"Shape 1""#, with: #""nm":"Title""#)
        let a = try Documents.decode(Documents.animation(layers: layer))
        #expect(a.expressionPaths.map(\.description) == ["$.layers[0].ks.p"])
        #expect(
            LottieFeatures.warnings(a) == [
                #"layer "Title": expression on position uses random numbers (wiggle, random), which lottie-web draws anew at every load: its keyframed or static value is drawn"#
            ])
    }
}
