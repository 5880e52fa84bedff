import ArcMaskJSON

@testable import ArcMaskLottie

/// Small Lottie documents written for the tests.
enum Documents {
    /// A 100×100, 10-frame animation at 10 fps with `layers` (JSON text) and optional extra
    /// top-level members.
    static func animation(layers: String, extra: String = "", version: String = "5.7.0", op: Int = 10) -> [UInt8] {
        Array(
            """
            {"v":"\(version)","fr":10,"ip":0,"op":\(op),"w":100,"h":100,"layers":[\(layers)]\(extra.isEmpty ? "" : "," + extra)}
            """.utf8)
    }

    /// A shape layer holding `shapes`, with index `ind`.
    static func shapeLayer(_ shapes: String, ind: Int = 1, extra: String = "") -> String {
        """
        {"ty":4,"nm":"Shape \(ind)","ind":\(ind),"ip":0,"op":10,"st":0,"ks":{},"shapes":[\(shapes)]\(extra.isEmpty ? "" : "," + extra)}
        """
    }

    static let redSquare = """
        {"ty":"gr","it":[{"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},\
        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]}}]}
        """

    static func decode(_ bytes: [UInt8]) throws -> LottieAnimation { try LottieAnimation.decode(bytes) }
}
