import Testing

@testable import ArcMaskLottie

@Suite struct EvaluatorTests {
    @Test func layersDrawBottomFirstWithinTheirTimes() throws {
        let bottom = Documents.shapeLayer(Documents.redSquare, ind: 2)
        let top = Documents.shapeLayer(
            Documents.redSquare.replacingOccurrences(of: "[1,0,0,1]", with: "[0,0,1,1]"), ind: 1
        )
        .replacingOccurrences(of: #""ip":0,"op":10"#, with: #""ip":5,"op":10"#)
        let a = try Documents.decode(Documents.animation(layers: top + "," + bottom))
        let e = LottieEvaluator(a)
        #expect(try e.commands(at: 0).count == 1)
        let later = try e.commands(at: 5)
        #expect(later.count == 2)
        if case .fill(_, .color(let r, _, let b, _), _, _, _, _) = later[1] {
            #expect(b == 1 && r == 0)
        } else {
            Issue.record("the top layer is not drawn last")
        }
    }

    @Test func masksBecomeOneClipAndMattesFindTheirSourceByIndex() throws {
        let masked = Documents.shapeLayer(
            Documents.redSquare, ind: 1,
            extra:
                #""masksProperties":[{"mode":"s","inv":false,"pt":{"a":0,"k":{"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"c":true}},"o":{"a":0,"k":100}}]"#
        )
        let a = try Documents.decode(Documents.animation(layers: masked))
        guard case .clipped(let clip, let inner) = (try LottieEvaluator(a).commands(at: 0)).first else {
            Issue.record("no clip"); return
        }
        #expect(clip.count == 1 && inner.count == 1)
        #expect(LottieFeatures.warnings(a).contains { $0.contains("mask mode subtract drawn as add") })

        let matte = Documents.shapeLayer(Documents.redSquare, ind: 1, extra: #""td":1"#)
        let content = Documents.shapeLayer(Documents.redSquare, ind: 2, extra: #""tt":1"#)
        let b = try Documents.decode(Documents.animation(layers: matte + "," + content))
        guard case .matted(let mode, let m, let c, _) = (try LottieEvaluator(b).commands(at: 0)).first else {
            Issue.record("no matte"); return
        }
        #expect(mode == .alpha && m.count == 1 && c.count == 1)
    }

    @Test func precompositionsRunOnTheirOwnClock() throws {
        let child = Documents.shapeLayer(Documents.redSquare).replacingOccurrences(
            of: #""ip":0,"op":10"#, with: #""ip":20,"op":30"#)
        let pre = #"{"ty":0,"refId":"c","ind":1,"ip":0,"op":10,"st":-20,"w":100,"h":100,"ks":{}}"#
        let a = try Documents.decode(
            Documents.animation(layers: pre, extra: #""assets":[{"id":"c","layers":[\#(child)]}]"#))
        // Start −20: the child's frames 20…29 show at 0…9, clipped to the precomp's rectangle.
        guard case .clipped(_, let inner) = (try LottieEvaluator(a).commands(at: 0)).first else {
            Issue.record("nothing drawn"); return
        }
        #expect(inner.count == 1)
    }
}
