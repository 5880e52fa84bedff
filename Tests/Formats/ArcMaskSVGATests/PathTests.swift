import Testing

@testable import ArcMaskSVGA

@Suite("SVG path data")
struct PathTests {
    func parse(_ d: String) throws -> [SVGPath.Element] { try SVGPathParser.parse(d).elements }

    @Test("absolute and relative moves, lines, horizontals and verticals")
    func lines() throws {
        #expect(
            try parse("M10 20 L30 40 H50 V60 Z") == [
                .move(10, 20), .line(30, 40), .line(50, 40), .line(50, 60), .close,
            ])
        #expect(
            try parse("m10 20 l5 5 h5 v-10 z m1 1") == [
                .move(10, 20), .line(15, 25), .line(20, 25), .line(20, 15), .close, .move(11, 21),
            ])
    }

    @Test("implicit repetition: coordinates after M are lines, after l relative lines")
    func repetition() throws {
        #expect(try parse("M0 0 10 0 10 10") == [.move(0, 0), .line(10, 0), .line(10, 10)])
        #expect(try parse("m1 1 2 2 l1 0 0 1") == [.move(1, 1), .line(3, 3), .line(4, 3), .line(4, 4)])
    }

    @Test("numbers: commas, no separators, signs, leading dots, exponents")
    func numbers() throws {
        #expect(try parse("M1,2L-3-4") == [.move(1, 2), .line(-3, -4)])
        #expect(try parse("M.5.5L1e1,2E-1") == [.move(0.5, 0.5), .line(10, 0.2)])
        #expect(try parse("  M  1  2   L 3 , 4  ") == [.move(1, 2), .line(3, 4)])
    }

    @Test("cubic, smooth cubic, quadratic and smooth quadratic")
    func curves() throws {
        #expect(try parse("M0 0 C1 2 3 4 5 6") == [.move(0, 0), .cubic(1, 2, 3, 4, 5, 6)])
        #expect(
            try parse("M0 0 C1 2 3 4 5 6 S9 9 10 10") == [
                .move(0, 0), .cubic(1, 2, 3, 4, 5, 6), .cubic(7, 8, 9, 9, 10, 10),
            ])
        #expect(
            try parse("M0 0 c1 2 3 4 5 6 s4 3 5 4") == [
                .move(0, 0), .cubic(1, 2, 3, 4, 5, 6), .cubic(7, 8, 9, 9, 10, 10),
            ])
        // Q becomes a cubic with control points 2/3 of the way to the quadratic's.
        let q = try parse("M0 0 Q3 3 6 0")
        #expect(q[1] == .cubic(2, 2, 4, 2, 6, 0))
        let t = try parse("M0 0 Q3 3 6 0 T12 0")
        #expect(t[2] == .cubic(8, -2, 10, -2, 12, 0))
    }

    @Test("arcs end where they should and stay on the ellipse")
    func arcs() throws {
        let a = try parse("M0 0 A10 10 0 0 1 20 0")
        guard case .cubic(_, _, _, _, let x, let y)? = a.last else { Issue.record("no curve"); return }
        #expect(abs(x - 20) < 1e-9 && abs(y) < 1e-9)
        #expect(a.count == 3)  // a half circle: two quarter curves
        #expect(try parse("M0 0 a0 5 0 1 0 10 0") == [.move(0, 0), .line(10, 0)])  // zero radius: a line
        #expect(try parse("M0 0 A5 5 0 1 0 0 0") == [.move(0, 0)])  // same end point: nothing
        #expect(try parse("M0 0a5 5 0 1110 0").count == 3)  // packed flags
    }

    @Test("arcs with overflowing coordinates become their chord (fuzzing finding: Int(NaN) trapped)")
    func hugeArc() throws {
        let p = try parse("M0 2 A5 5 0 1 1 220E205 205")
        #expect(p.last == .line(220e205, 205))
        let big = try parse("M0 0 A1e308 1e308 0 1 1 1e308 -1e308")
        switch big.last {
        case .line(let x, let y)?, .cubic(_, _, _, _, let x, let y)?: #expect(x == 1e308 && y == -1e308)
        default: Issue.record("\(big)")
        }
    }

    @Test("empty data is an empty path")
    func empty() throws {
        #expect(try SVGPathParser.parse("").isEmpty)
        #expect(try SVGPathParser.parse("   ").isEmpty)
    }

    @Test(
        "bad data says where",
        arguments: [("M1 2 X3", 5), ("10 20", 0), ("M1", 2), ("M1 2 A1 1 0 2 0 3 3", 12), ("M 1 2 Z 3", 8)])
    func errors(_ d: String, _ offset: Int) {
        #expect(throws: SVGPathError.self) { try SVGPathParser.parse(d) }
        do { _ = try SVGPathParser.parse(d) } catch { #expect(error.offset == offset, "\(d): \(error)") }
    }

    @Test("the command limit is enforced")
    func limit() {
        #expect(throws: SVGPathError.self) {
            try SVGPathParser.parse(String(repeating: "L1 1 ", count: 20), maxCommands: 10)
        }
    }
}
