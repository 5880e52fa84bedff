import ArcMaskAPNG
import ArcMaskFrames
import FuzzDriver

/// APNG reading: chunk walk and checks, then every frame decoded and composited (in order, then one backwards).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let limits = DecodeLimits(maxCanvasPixels: 4_000_000, maxFrames: 500, maxDecodedBytes: 256 << 20)
    guard let apng = try? APNGFrameSource(bytes: input(data, size), name: "fuzz", limits: limits) else { return 0 }
    readEveryFrame(apng)
    return 0
}

@_cdecl("FuzzAPNG_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
