import Testing

@testable import ArcMaskLottie

@Suite struct KeyframeTests {
    private func property(_ json: String) throws -> Animatable<[Double]> {
        let a = try Documents.decode(
            Documents.animation(
                layers: Documents.shapeLayer("").replacingOccurrences(of: #""ks":{}"#, with: #""ks":{"o":\#(json)}"#)))
        return a.layers[0].transform.opacity
    }

    @Test func linearHoldAndBeyondTheEnds() throws {
        let linear = try property(
            #"{"a":1,"k":[{"t":2,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":6,"s":[100]}]}"#)
        #expect(linear.value(at: 0) == [0])
        #expect(linear.value(at: 4) == [50])
        #expect(linear.value(at: 6) == [100])
        #expect(linear.value(at: 9) == [100])
        let hold = try property(#"{"a":1,"k":[{"t":0,"s":[10],"h":1},{"t":5,"s":[90]}]}"#)
        #expect(hold.value(at: 4.99) == [10])
        #expect(hold.value(at: 5) == [90])
    }

    @Test func oldFormatEndValuesAndMissingLastValue() throws {
        let p = try property(#"{"a":1,"k":[{"t":0,"s":[0],"e":[40],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":4}]}"#)
        #expect(p.value(at: 2) == [20])
        #expect(p.value(at: 8) == [40])
    }

    @Test func bezierEasingSolvesForTime() {
        let ease = BezierEasing(0.42, 0, 0.58, 1)
        #expect(abs(ease.value(at: 0.5) - 0.5) < 1e-9)
        // CSS ease-in at x = 0.25: y ≈ 0.0932 (published tables).
        #expect(abs(BezierEasing(0.42, 0, 1, 1).value(at: 0.25) - 0.0932) < 0.001)
        #expect(BezierEasing.linear.value(at: 0.3) == 0.3)
        #expect(ease.value(at: 0) == 0 && ease.value(at: 1) == 1)
    }

    @Test func spatialPositionsMoveAtEvenSpeedAlongTheCurve() {
        // A quarter circle-like curve: half the time is half the length.
        let c = CubicSegment(Vec2(0, 0), Vec2(55.19, 0), Vec2(100, 44.81), Vec2(100, 100))
        let mid = SpatialCurve.point(c, fraction: 0.5)
        var length = 0.0, half = 0.0
        var prev = c.p0
        for k in 1...1000 {
            let p = c.point(at: Double(k) / 1000)
            length += prev.distance(to: p)
            prev = p
        }
        prev = c.p0
        for k in 1...1000 {
            let p = c.point(at: Double(k) / 1000)
            half += prev.distance(to: p)
            prev = p
            if p.distance(to: mid) < 0.2 { break }
        }
        #expect(abs(half / length - 0.5) < 0.01)
        // Overshoot below 0 lands on the end point, as the player's walk does.
        #expect(SpatialCurve.point(c, fraction: -0.1) == c.p3)
    }

    @Test func transformsApplyAnchorScaleRotationPositionInOrder() throws {
        let a = try Documents.decode(
            Documents.animation(
                layers: Documents.shapeLayer("").replacingOccurrences(
                    of: #""ks":{}"#,
                    with:
                        #""ks":{"a":{"a":0,"k":[10,0]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":90},"p":{"a":0,"k":[50,50]}}"#
                )))
        let m = a.layers[0].transform.matrix(at: 0)
        // (10, 0) is the anchor: it lands on the position.
        let p = m.apply(Vec2(10, 0))
        #expect(abs(p.x - 50) < 1e-9 && abs(p.y - 50) < 1e-9)
        // One unit right of the anchor: scaled ×2, turned 90° clockwise (down on screen).
        let q = m.apply(Vec2(11, 0))
        #expect(abs(q.x - 50) < 1e-9 && abs(q.y - 52) < 1e-9)
    }
}

@Suite struct LoopExpressionTests {
    @Test func loopOutAndLoopInAreRecognisedAndMapTime() {
        #expect(
            KeyframeLoop.parse("var $bm_rt;\n$bm_rt = loopOut('cycle', 0);")
                == KeyframeLoop(out: true, kind: .cycle, count: 0))
        #expect(
            KeyframeLoop.parse("var $bm_rt;\n$bm_rt = loopOut('Cycle');")
                == KeyframeLoop(out: true, kind: .cycle, count: 0))
        #expect(KeyframeLoop.parse("loopIn(\"pingpong\", 2)") == KeyframeLoop(out: false, kind: .pingpong, count: 2))
        #expect(KeyframeLoop.parse("loopOut('offset')") == nil)
        #expect(KeyframeLoop.parse("wiggle(2, 5)") == nil)
        let times = [0.0, 10, 20]
        let cycle = KeyframeLoop(out: true, kind: .cycle, count: 0)
        #expect(cycle.mapped(25, times: times) == 5)
        #expect(cycle.mapped(15, times: times) == 15)
        #expect(KeyframeLoop(out: true, kind: .cycle, count: 1).mapped(25, times: times) == 15)
        #expect(KeyframeLoop(out: true, kind: .pingpong, count: 0).mapped(25, times: times) == 15)
        #expect(KeyframeLoop(out: false, kind: .cycle, count: 0).mapped(-5, times: times) == 15)
        // lottie-web's loopIn subtracts the first key's time (After Effects would give 15).
        #expect(KeyframeLoop(out: false, kind: .cycle, count: 0).mapped(5, times: [10, 20]) == -5)
        #expect(KeyframeLoop(out: false, kind: .pingpong, count: 0).mapped(5, times: [10, 20]) == 15)
    }

    @Test func aLoopedPropertyRepeatsAndIsNotWarnedAbout() throws {
        let a = try Documents.decode(
            Documents.animation(
                layers: Documents.shapeLayer("").replacingOccurrences(
                    of: #""ks":{}"#,
                    with:
                        #""ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":4,"s":[100]}],"x":"var $bm_rt;\n$bm_rt = loopOut('cycle');"}}"#
                ),
                op: 10))
        #expect(a.expressionPaths.map(\.description) == ["$.layers[0].ks.o"])
        #expect(LottieFeatures.warnings(a).isEmpty)
        #expect(a.layers[0].transform.opacity.value(at: 6) == [50])
    }
}

/// Rules lottie-web applies as it reads a file, which a reading of the format would not.
@Suite struct LottieWebReadingRules {
    private func position(_ keyframes: String) throws -> Animatable<[Double]> {
        let a = try Documents.decode(
            Documents.animation(
                layers: Documents.shapeLayer("").replacingOccurrences(
                    of: #""ks":{}"#, with: #""ks":{"p":{"a":1,"k":\#(keyframes)}}"#)))
        return a.layers[0].transform.position
    }

    private func keys(_ s: String, _ e: String, to: String, ti: String) -> String {
        #"[{"t":0,"s":\#(s),"to":\#(to),"ti":\#(ti),"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":\#(e)}]"#
    }

    @Test("handles on the line from start to end move the value straight, at the eased pace")
    func collinearHandlesAreStraight() throws {
        // The out handle reaches past the end: along the curve the value would overshoot.
        let flat = try position(keys("[0,0]", "[100,0]", to: "[150,0]", ti: "[0,0]"))
        #expect(flat.position(at: 5) == [50, 0])
        let deep = try position(keys("[0,0,0]", "[100,0,0]", to: "[150,0,0]", ti: "[0,0,0]"))
        #expect(deep.position(at: 5) == [50, 0, 0])
        // Three components off the screen's plane: the distances decide (here on the line).
        let tilted = try position(keys("[0,0,10]", "[100,0,10]", to: "[150,0,0]", ti: "[0,0,0]"))
        #expect(tilted.position(at: 5) == [50, 0, 10])
        // A handle off the line keeps the curve: half-way is above the chord.
        let curved = try position(keys("[0,0]", "[100,0]", to: "[0,-60]", ti: "[0,-60]"))
        #expect(curved.position(at: 5)[1] < -40)
        // A handle off the line in z alone keeps it too.
        let offPlane = try position(keys("[0,0,0]", "[100,0,0]", to: "[150,0,20]", ti: "[0,0,0]"))
        #expect(offPlane.position(at: 5)[0] > 50)
    }

    @Test("exporter versions compare part by part, as lottie-web's checkVersion does")
    func versions() {
        #expect(LottieAnimation.version("4.6.2", precedes: [4, 7, 99]))
        #expect(LottieAnimation.version("4.7.0", precedes: [4, 7, 99]))
        #expect(!LottieAnimation.version("4.7.99", precedes: [4, 7, 99]))
        #expect(!LottieAnimation.version("5.7.4", precedes: [4, 7, 99]))
        #expect(!LottieAnimation.version(nil, precedes: [4, 7, 99]))
        // Missing parts decide nothing: "4.7" is not older than 4.7.99 for lottie-web.
        #expect(!LottieAnimation.version("4.7", precedes: [4, 7, 99]))
    }

    @Test("glyphs of files before 4.7.99 take their tangents as absolute points")
    func oldGlyphTangents() throws {
        func glyph(_ v: String) throws -> BezierPath? {
            let json = Documents.animation(
                layers: "",
                extra:
                    #""chars":[{"ch":"O","size":100,"style":"R","fFamily":"F","w":50,"data":{"shapes":[{"ty":"sh","ks":{"a":0,"k":{"v":[[10,0],[20,0]],"i":[[5,5],[15,5]],"o":[[12,-3],[22,-3]],"c":true}}}]}}]"#,
                version: v)
            let a = try Documents.decode(json)
            guard case .path(let shape, _, _) = a.glyphs.values.first?.shapes.first else { return nil }
            return shape.value(at: 0)
        }
        let old = try #require(try glyph("4.6.2"))
        #expect(old.inPoints == [Vec2(5, 5), Vec2(15, 5)] && old.outPoints == [Vec2(12, -3), Vec2(22, -3)])
        let new = try #require(try glyph("5.7.0"))
        #expect(new.inPoints == [Vec2(15, 5), Vec2(35, 5)])
    }
}
