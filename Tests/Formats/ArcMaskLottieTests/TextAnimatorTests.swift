import ArcMaskValues
import Testing

@testable import ArcMaskLottie

/// Text animators applied letter by letter, rule by rule, as lottie-web's `getMeasures` and
/// range selector apply them, on glyph text whose every letter is a 40×40 square 50 wide.
@Suite struct TextAnimatorTests {
    static func document(
        text: String = "AB C", justify: Int = 0, animators: String, grouping: String = ""
    )
        -> [UInt8]
    {
        let square =
            #"{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"v":[[0,0],[40,0],[40,-40],[0,-40]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}}]}"#
        let chars = ["A", "B", "C", " "].map { ch in
            #"{"ch":"\#(ch)","size":100,"style":"Regular","w":50,"fFamily":"Fam","data":{"shapes":[\#(ch == " " ? "" : square)]}}"#
        }
        let layer = """
            {"ty":5,"nm":"T","ind":1,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"s":100,"f":"F","t":"\(text)","j":\(justify),"tr":0,"lh":120,"ls":0,"fc":[1,1,1]}}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}\(grouping)},"a":[\(animators)]}}
            """
        return Documents.animation(
            layers: layer,
            extra:
                #""fonts":{"list":[{"fName":"F","fFamily":"Fam","fStyle":"Regular","ascent":70}]},"chars":[\#(chars.joined(separator: ","))]"#
        )
    }

    /// Each drawn letter's fill: where its square's corner (0, 0) lands, its colour and alpha.
    static func letters(
        _ bytes: [UInt8], at time: Double = 0
    ) throws -> [(x: Double, y: Double, color: [Double], alpha: Double, transform: Affine)] {
        let a = try LottieAnimation.decode(bytes)
        return try LottieEvaluator(a).commands(at: time).compactMap { c in
            guard case .fill(_, .color(let r, let g, let b, _), _, let alpha, _, let m) = c else { return nil }
            let p = m.apply(0, 0)
            return (p.x, p.y, [r, g, b], alpha, m)
        }
    }

    static func selector(_ extra: String) -> String { #""s":{"t":0,"b":1,"sh":1,"r":1,"a":{"a":0,"k":100}\#(extra)}"# }

    @Test("no animators and an animator that changes nothing place letters alike")
    func neutral() throws {
        let plain = try Self.letters(Self.document(animators: ""))
        let neutral = try Self.letters(
            Self.document(animators: "{\(Self.selector("")),\"a\":{\"p\":{\"a\":0,\"k\":[0,0]}}}"))
        #expect(plain.count == 3 && neutral.count == 3)
        for (p, n) in zip(plain, neutral) {
            #expect(abs(p.x - n.x) < 1e-9 && abs(p.y - n.y) < 1e-9)
        }
        // A, B, then C after the space: 50 apart.
        #expect(plain.map(\.x) == [0, 50, 150])
    }

    @Test("a square selector's start moves through the letters: opacity 0 inside the range")
    func typewriter() throws {
        let animator =
            "{\(Self.selector(#","s":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10,"s":[100]}]}"#)),\"a\":{\"o\":{\"a\":0,\"k\":0}}}"
        // 4 letters (the space counts): at frame 5 the range starts at 50 % = letter 2.
        let atStart = try Self.letters(Self.document(animators: animator), at: 0)
        #expect(atStart.allSatisfy { $0.alpha == 0 })
        let half = try Self.letters(Self.document(animators: animator), at: 5)
        #expect(half.map(\.alpha) == [1, 1, 0])
    }

    @Test("position, scale and rotation are weighted by the selector, about the letter's anchor")
    func transforms() throws {
        let moved = try Self.letters(
            Self.document(animators: "{\(Self.selector("")),\"a\":{\"p\":{\"a\":0,\"k\":[10,-5]}}}"))
        #expect(moved.map(\.x) == [10, 60, 160] && moved.allSatisfy { $0.y == -5 })
        // Half the amount: half the move.
        let half = try Self.letters(
            Self.document(
                animators:
                    "{\(Self.selector("").replacingOccurrences(of: "\"k\":100", with: "\"k\":50")),\"a\":{\"p\":{\"a\":0,\"k\":[10,0]}}}"
            ))
        #expect(half.map(\.x) == [5, 55, 155])
        // Scale 200 % about the letter's centre on the baseline (x + 25): the corner moves 25 left.
        let scaled = try Self.letters(
            Self.document(animators: "{\(Self.selector("")),\"a\":{\"s\":{\"a\":0,\"k\":[200,200]}}}"))
        #expect(scaled.map(\.x) == [-25, 25, 125])
        #expect(abs(scaled[0].transform.a - 2) < 1e-12)
        // 90° clockwise about (25, 0): the corner (0, 0) goes to (25, -25).
        let turned = try Self.letters(
            Self.document(animators: "{\(Self.selector("")),\"a\":{\"r\":{\"a\":0,\"k\":90}}}"))
        #expect(abs(turned[0].x - 25) < 1e-9 && abs(turned[0].y + 25) < 1e-9)
    }

    @Test("ramp up weights letters from 0 to 1 across the range")
    func rampUp() throws {
        let a = try Self.letters(
            Self.document(
                text: "ABCA",
                animators:
                    "{\(Self.selector("").replacingOccurrences(of: "\"sh\":1", with: "\"sh\":2")),\"a\":{\"p\":{\"a\":0,\"k\":[0,100]}}}"
            ))
        // Four letters over 0…4: weights 1/8, 3/8, 5/8, 7/8.
        #expect(a.map(\.y) == [12.5, 37.5, 62.5, 87.5])
    }

    @Test("selection by words counts words")
    func words() throws {
        // "AB C": two words; a square range over the first 50 % selects the first word only.
        let a = try Self.letters(
            Self.document(
                animators:
                    "{\(Self.selector(#","e":{"a":0,"k":50}"#).replacingOccurrences(of: "\"b\":1", with: "\"b\":3")),\"a\":{\"p\":{\"a\":0,\"k\":[0,10]}}}"
            ))
        #expect(a.map(\.y) == [10, 10, 0])
    }

    @Test("fill colour, hue and brightness animators colour each letter, rounded as the player writes them")
    func colours() throws {
        let red = try Self.letters(
            Self.document(animators: "{\(Self.selector("")),\"a\":{\"fc\":{\"a\":0,\"k\":[1,0,0,1]}}}"))
        #expect(red.allSatisfy { $0.color == [1, 0, 0] })
        #expect(TextColor.addHue([1, 0, 0], 120).map { ($0 * 1000).rounded() / 1000 } == [0, 1, 0])
        #expect(TextColor.addBrightness([1, 1, 1], -0.5) == [0.5, 0.5, 0.5])
        #expect(TextColor.addSaturation([1, 0.5, 0.5], 1) == [1, 0, 0])
    }

    @Test("tracking spreads letters after each line's first, and right-aligned text moves with it")
    func tracking() throws {
        let a = try Self.letters(
            Self.document(animators: "{\(Self.selector("")),\"a\":{\"t\":{\"a\":0,\"k\":10}}}"))
        #expect(a.map(\.x) == [0, 60, 180])
        let right = try Self.letters(
            Self.document(justify: 1, animators: "{\(Self.selector("")),\"a\":{\"t\":{\"a\":0,\"k\":10}}}"))
        // Right-aligned: the line (200 wide) ends at 0, then every letter's tracking (4 × 10)
        // pulls the line left, and each letter is tracked from the first on.
        let expected: [Double] = [-230, -170, -50]  // −200 − 40 + 10, + 70, + 190
        #expect(right.map(\.x) == expected)
    }

    @Test("unusual selector values read as lottie-web reads them")
    func lenient() throws {
        // Shape 0 (not one of the six) is the square; "b" as a string is its default.
        let a = try Self.letters(
            Self.document(
                animators:
                    "{\(Self.selector("").replacingOccurrences(of: "\"sh\":1", with: "\"sh\":0").replacingOccurrences(of: "\"b\":1", with: "\"b\":\"x\"")),\"a\":{\"o\":{\"a\":0,\"k\":0}}}"
            ))
        #expect(a.allSatisfy { $0.alpha == 0 })
        let animation = try LottieAnimation.decode(
            Self.document(animators: #"{"s":{"rn":1},"a":{"rx":{"a":0,"k":5}}}"#))
        let warnings = LottieFeatures.warnings(animation)
        #expect(warnings.contains { $0.contains("random order") })
        #expect(warnings.contains { $0.contains("x and y rotations ignored") })
    }
}
