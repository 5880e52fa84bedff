import ArcMaskJSON
import ArcMaskLottie
import FuzzDriver

/// Lottie expressions: the input is an expression's source, put on properties of every kind
/// (a position, a rotation, a path, an effect's slider, a precomposition's time remap) of a
/// document whose layers, contents and effects it can reach; three frames are evaluated and
/// the warnings scan runs (which evaluates them again).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let source = String(decoding: input(data, size), as: UTF8.self)
    let x = quoted(source)
    let keys = #"[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":5,"s":[50,20]},{"t":9,"s":[10,10]}]"#
    let path = #"{"a":0,"k":{"c":true,"v":[[0,0],[20,0],[20,20]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]},"x":\#(x)}"#
    let effect = #""ef":[{"ty":5,"nm":"Controls","mn":"ADBE Slider Control","ix":1,"ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","ix":1,"v":{"a":0,"k":10,"x":\#(x)}}]}]"#
    let json = """
        {"v":"5.7.0","nm":"fuzz","fr":10,"ip":0,"op":10,"w":64,"h":64,
        "assets":[{"id":"pre","layers":[{"ty":4,"nm":"Inner","ind":1,"ip":0,"op":10,"st":0,"ks":{"r":{"a":0,"k":0,"x":\(x)}},"shapes":[]}]}],
        "layers":[
        {"ty":4,"nm":"Shape","ind":1,"parent":2,"ip":0,"op":10,"st":0,\(effect),
         "ks":{"p":{"a":1,"k":\(keys),"x":\(x)},"r":{"a":0,"k":0,"x":\(x)},"o":{"a":0,"k":100,"x":\(x)}},
         "shapes":[{"ty":"gr","nm":"Group 1","it":[{"ty":"sh","nm":"Path 1","ks":\(path)},
           {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0,1],"x":\(x)},"o":{"a":0,"k":100}},
           {"ty":"tr","nm":"Transform","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100],"x":\(x)}}]}]},
        {"ty":3,"nm":"Other","ind":2,"ip":0,"op":10,"st":0,"ks":{"p":{"a":1,"k":\(keys)}}},
        {"ty":0,"nm":"Pre","ind":3,"refId":"pre","w":64,"h":64,"ip":0,"op":10,"st":0,"ks":{},"tm":{"a":0,"k":0,"x":\(x)}}
        ]}
        """
    var limits = LottieLimits()
    limits.maxExpressionSteps = 50_000
    guard let animation = try? LottieAnimation.decode(Array(json.utf8), limits: limits) else { return 0 }
    let evaluator = LottieEvaluator(animation)
    for time in [0.0, 4.5, 9] { _ = try? evaluator.commands(at: time) }
    _ = LottieFeatures.warnings(animation)
    return 0
}

/// `text` as a JSON string literal.
func quoted(_ text: String) -> String { "\"" + JSONText.escaped(text) + "\"" }

@_cdecl("FuzzExpression_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
