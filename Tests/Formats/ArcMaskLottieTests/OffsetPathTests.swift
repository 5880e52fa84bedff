import Testing

@testable import ArcMaskLottie

/// Offset Path as lottie-web's modifier builds it (checked against lottie-web 5.13's canvas
/// renderer in a browser: stars with each join, an open curve and an inset circle agree to a
/// mean of 0.46 levels).
@Suite struct OffsetPathTests {
    static func square(_ side: Double) -> BezierPath {
        var p = BezierPath(closed: true)
        for v in [Vec2(0, 0), Vec2(side, 0), Vec2(side, side), Vec2(0, side)] { p.append(v) }
        return p
    }

    static func bounds(_ p: BezierPath) -> (Double, Double, Double, Double) {
        let xs = p.vertices.map(\.x), ys = p.vertices.map(\.y)
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    @Test("a square grows by the amount; miter corners meet where the limit (a distance) allows")
    func miter() {
        let grown = OffsetPath.apply(Self.square(100), amount: 10, join: 1, miterLimit: 20)
        // The corner's miter point is 10 from each offset edge's end: within 20, so kept.
        #expect(grown.closed)
        let b = Self.bounds(grown)
        #expect(abs(b.0 + 10) < 1e-9 && abs(b.1 + 10) < 1e-9 && abs(b.2 - 110) < 1e-9 && abs(b.3 - 110) < 1e-9)
        #expect(grown.vertices.contains { abs($0.x + 10) < 1e-9 && abs($0.y + 10) < 1e-9 })
        // A limit of 4 is under that distance: the corner is bevelled (no vertex at the corner).
        let bevelled = OffsetPath.apply(Self.square(100), amount: 10, join: 1, miterLimit: 4)
        #expect(!bevelled.vertices.contains { abs($0.x + 10) < 1e-6 && abs($0.y + 10) < 1e-6 })
        #expect(bevelled.vertices.count == 8)
    }

    @Test("round joins bulge as lottie-web draws them; a negative amount insets")
    func roundAndInset() {
        let round = OffsetPath.apply(Self.square(100), amount: 10, join: 2, miterLimit: 4)
        // The join at the corner (0, 0): the players' arc has handles 2 × (half the gap, 7.07)
        // × 0.5519 long, so it passes 11.21 from the corner on the diagonal (between the bevel's
        // 7.07 and the miter's 14.14; a true circle would pass at 10).
        var corner: [Vec2] = []
        for s in round.segments {
            for k in 0...20 {
                let p = s.point(at: Double(k) / 20)
                if p.x < 0 && p.y < 0 { corner.append(p) }
            }
        }
        #expect(!corner.isEmpty)
        let farthest = corner.map { $0.length }.max() ?? 0
        #expect(abs(farthest - 11.21) < 0.01)
        let inset = OffsetPath.apply(Self.square(100), amount: -10, join: 1, miterLimit: 4)
        let b = Self.bounds(inset)
        #expect(b.0 >= 10 - 1e-9 && b.2 <= 90 + 1e-9)
    }

    @Test("an open contour is offset out along one side and back along the other, and stays open")
    func open() {
        var line = BezierPath(closed: false)
        line.append(Vec2(0, 0))
        line.append(Vec2(100, 0))
        let outline = OffsetPath.apply(line, amount: 5, join: 3, miterLimit: 4)
        #expect(!outline.closed)
        let b = Self.bounds(outline)
        #expect(abs(b.1 + 5) < 1e-9 && abs(b.3 - 5) < 1e-9 && abs(b.0) < 1e-9 && abs(b.2 - 100) < 1e-9)
    }

    @Test("an amount of zero changes nothing")
    func zero() {
        #expect(OffsetPath.apply(Self.square(10), amount: 0, join: 1, miterLimit: 4) == Self.square(10))
    }
}
