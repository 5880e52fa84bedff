import ArcMaskJSON
import ArcMaskLottie
import ArcMaskLottieRender
import ArcMaskValues
import FuzzDriver

/// Lottie reading and drawing: the container (JSON, gzip sticker, dotLottie ZIP), the strict JSON
/// reader, the top-level key scan (which must find the keys the reader finds), the model with its
/// limits and its lenient members, then three frames drawn small (first, middle, last).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    let jsonLimits = JSONLimits(maxBytes: 1 << 20, maxDepth: 128, maxValues: 200_000)
    let scanned = JSONKeys.topLevel(bytes, limits: jsonLimits)
    if case .object(let members)? = try? JSONParser.parse(bytes, limits: jsonLimits) {
        // A document the reader takes: the scan agrees on its keys.
        guard let scanned, Set(scanned) == Set(members.keys) else {
            fatalError("top-level keys \(String(describing: scanned)) differ from the reader's \(members.keys.sorted())")
        }
    }
    var limits = LottieLimits()
    limits.maxJSONBytes = 1 << 20
    limits.maxSide = 4096
    limits.maxFrames = 1000
    limits.maxKeyframes = 50_000
    limits.maxLayers = 2000
    limits.maxImageBytes = 1 << 20
    // A hundredth of the default work per frame: deep self-nested precompositions reach it
    // fast, and every layer and path is evaluated and drawn by instrumented code here.
    limits.maxFrameWork = 2_000
    guard let source = try? LottieFrameSource(bytes: bytes, name: "fuzz", options: LottieOptions(limits: limits)) else {
        return 0
    }
    _ = source.warnings
    _ = TelegramRules.check(source.animation, gzippedBytes: bytes.count)
    let n = source.frameCount
    for k in Set([0, n / 2, n - 1]) where k >= 0 && k < n {
        _ = try? source.frame(at: k, size: PixelSize(width: 48, height: 48), fit: .fit)
    }
    return 0
}

@_cdecl("FuzzLottie_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
