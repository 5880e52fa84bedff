import ArcMaskValues
import Testing

@testable import ArcMaskLottie

@Suite struct ShapeTests {
    @Test func rectanglesStartTopRightAndTurnAsThePlayerBuildsThem() {
        let cw = ShapeBuilders.rectangle(center: Vec2(0, 0), size: Vec2(20, 10), roundness: 0, reversed: false)
        #expect(cw.vertices == [Vec2(10, -5), Vec2(10, 5), Vec2(-10, 5), Vec2(-10, -5)])
        let ccw = ShapeBuilders.rectangle(center: Vec2(0, 0), size: Vec2(20, 10), roundness: 0, reversed: true)
        #expect(ccw.vertices == [Vec2(10, -5), Vec2(-10, -5), Vec2(-10, 5), Vec2(10, 5)])
        let round = ShapeBuilders.rectangle(center: Vec2(0, 0), size: Vec2(20, 10), roundness: 100, reversed: false)
        #expect(round.count == 8)
        // The radius is capped at half the short side.
        #expect(round.vertices[0] == Vec2(10, 0))
    }

    @Test func ellipsesAndStars() {
        let e = ShapeBuilders.ellipse(center: Vec2(0, 0), size: Vec2(20, 10), reversed: false)
        #expect(e.vertices == [Vec2(0, -5), Vec2(10, 0), Vec2(0, 5), Vec2(-10, 0)])
        #expect(abs(e.outPoints[0].x - 10 * 0.5519) < 1e-12)
        let star = ShapeBuilders.star(
            center: Vec2(0, 0), points: 5, rotation: 0, outerRadius: 10, innerRadius: 5, outerRoundness: 0,
            innerRoundness: 0, isStar: true, reversed: false)
        #expect(star.count == 10)
        #expect(abs(star.vertices[0].x) < 1e-12 && abs(star.vertices[0].y + 10) < 1e-12)
        let polygon = ShapeBuilders.star(
            center: Vec2(0, 0), points: 6.7, rotation: 0, outerRadius: 10, innerRadius: 0, outerRoundness: 0,
            innerRoundness: 0, isStar: false, reversed: false)
        #expect(polygon.count == 6)
    }

    @Test func trimRangesFollowThePlayersRules() {
        #expect(TrimPath.range(start: 0, end: 1, offsetDegrees: 0) == .all)
        #expect(TrimPath.range(start: 0.3, end: 0.3, offsetDegrees: 90) == .none)
        #expect(TrimPath.range(start: 0.8, end: 0.2, offsetDegrees: 0) == .part(0.2, 0.8))
        #expect(TrimPath.range(start: 0, end: 1, offsetDegrees: -90) == .part(0.75, 1.75))
    }

    @Test func trimmingALineKeepsThatPartOfItsLength() {
        var line = BezierPath()
        line.append(Vec2(0, 0))
        line.append(Vec2(100, 0))
        let half = TrimPath.simultaneously([line], .part(0.25, 0.75))
        #expect(half.count == 1)
        #expect(abs(half[0].vertices[0].x - 25) < 0.01)
        #expect(abs(half[0].vertices[half[0].count - 1].x - 75) < 0.01)
        // Laid end to end, two equal lines trimmed to the first half keep only the first.
        let both = TrimPath.individually([[line], [line]], .part(0, 0.5))
        #expect(both[0].count == 1 && both[1].isEmpty)
    }

    @Test func trimsWrappingPastTheEndOfAClosedPathContinueThroughItsStart() {
        let square = ShapeBuilders.rectangle(center: Vec2(0, 0), size: Vec2(10, 10), roundness: 0, reversed: false)
        let wrapped = TrimPath.simultaneously([square], .part(0.75, 1.25))
        #expect(wrapped.count == 1)
        #expect(!wrapped[0].closed)
        let length = MeasuredShape(wrapped).total
        #expect(abs(length - 20) < 0.05)
    }

    @Test func puckerAndRoundCorners() {
        let square = ShapeBuilders.rectangle(center: Vec2(0, 0), size: Vec2(10, 10), roundness: 0, reversed: false)
        let pucker = PathModifiers.puckerBloat(square, amount: 50)
        #expect(pucker.vertices[0] == Vec2(2.5, -2.5))
        let rounded = PathModifiers.roundCorners(square, radius: 2)
        #expect(rounded.count == 8)
        // The first corner (5, −5) becomes a point 2 back toward the last vertex and one 2 on.
        #expect(rounded.vertices[0] == Vec2(3, -5))
        #expect(rounded.vertices[1] == Vec2(5, -3))
    }

    @Test func theCanvasOpacityStateIsThePlayers() {
        // A precomposition at 50 %, a layer at 80 % inside it, styles at 100, 60, 100, 100 %:
        // lottie-web 5.12+ draws them at 0.8, 0.6, 0.4, 0.4.
        var alpha = CanvasAlpha()
        alpha.save()
        alpha.opacity(0.5)
        alpha.save()
        alpha.opacity(0.8)
        var drawn: [Double] = []
        for style in [1, 0.6, 1, 1] {
            alpha.save()
            alpha.opacity(style)
            drawn.append(alpha.current)
            alpha.restore()
        }
        #expect(drawn.map { ($0 * 100).rounded() / 100 } == [0.8, 0.6, 0.4, 0.4])
    }

    @Test func telegramRulesAreReportedNotEnforced() throws {
        let a = try Documents.decode(Documents.animation(layers: Documents.shapeLayer(Documents.redSquare)))
        let rules = TelegramRules.check(a, gzippedBytes: 70_000)
        #expect(rules.first { $0.name == "canvas 512×512" }?.passes == false)
        #expect(rules.first { $0.name == "at most 64 KB gzipped" }?.found == "70000 bytes")
        #expect(rules.first { $0.name == "no masks" }?.passes == true)
    }
}

@Suite struct KeypathTests {
    private func animation() throws -> LottieAnimation {
        let layer = Documents.shapeLayer(
            #"{"ty":"gr","nm":"Body","it":[{"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"st","nm":"Stroke 1","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}]}"#
        )
        return try Documents.decode(Documents.animation(layers: layer))
    }

    @Test func listsWhereValuesCanBeSet() throws {
        #expect(
            try LottieKeypaths.list(animation()) == [
                "Shape 1.Transform.Opacity", "Shape 1.Body.Fill 1.Color", "Shape 1.Body.Fill 1.Opacity",
                "Shape 1.Body.Stroke 1.Color", "Shape 1.Body.Stroke 1.Opacity",
            ])
    }

    @Test func wildcardsMatchOneOrAnyNames() {
        #expect(LottieKeypaths.matches(["**", "Color"], ["A", "B", "Fill 1", "Color"]))
        #expect(LottieKeypaths.matches(["A", "*", "Fill 1", "Color"], ["A", "B", "Fill 1", "Color"]))
        #expect(!LottieKeypaths.matches(["A", "*", "Color"], ["A", "B", "Fill 1", "Color"]))
        #expect(LottieKeypaths.matches(["**"], []))
    }

    @Test func setsColoursAndOpacitiesAndRefusesUnknownKeypaths() throws {
        var o = KeypathOverrides()
        o.entries = [("**.Fill 1.Color", .color([0, 1, 0])), ("Shape 1.Transform.Opacity", .opacity(50))]
        let a = try LottieKeypaths.apply(o, to: animation())
        let commands = try LottieEvaluator(a).commands(at: 0)
        guard case .fill(_, .color(let r, let g, _, _), _, let alpha, _, _) = commands.last else {
            Issue.record("no fill last")
            return
        }
        #expect(r == 0 && g == 1)
        #expect(alpha == 0.5)
        o.entries = [("Nothing.Here.Color", .color([0, 0, 0]))]
        #expect(throws: LottieError.self) { try LottieKeypaths.apply(o, to: try animation()) }
        #expect(KeypathOverrides.parseColor("#00FF0080") == [0, 1, 0, 128.0 / 255])
        #expect(KeypathOverrides.parseColor("green") == nil)
    }
}

@Suite struct ZigZagTests {
    @Test func ridgesAlternateSidesAsThePlayerPlacesThem() {
        var line = BezierPath()
        for x in [0.0, 100, 200] { line.append(Vec2(x, 0)) }
        let z = PathModifiers.zigZag(line, size: 10, ridges: 1, smooth: false)
        // Open paths wrap for the end corners' direction, as lottie-web's modifier does.
        let expected = [Vec2(0, -10), Vec2(50, -10), Vec2(100, 10), Vec2(150, -10), Vec2(200, -10)]
        #expect(z.count == expected.count)
        #expect(zip(z.vertices, expected).allSatisfy { $0.distance(to: $1) < 1e-9 })
        #expect(z.inPoints == z.vertices && z.outPoints == z.vertices)
        let smooth = PathModifiers.zigZag(line, size: 10, ridges: 1, smooth: true)
        #expect(smooth.outPoints[1].distance(to: Vec2(75, -10)) < 1e-9)
        #expect(PathModifiers.zigZag(line, size: 0, ridges: 3, smooth: false) == line)
    }
}
