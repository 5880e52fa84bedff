import ArcMaskFrames
import ArcMaskWebP
import FuzzDriver

/// WebP reading: container repair, demuxing, then every frame through libwebp's animation decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let limits = DecodeLimits(maxCanvasPixels: 4_000_000, maxFrames: 500, maxDecodedBytes: 256 << 20)
    guard let webp = try? WebPFrameSource(bytes: input(data, size), name: "fuzz", limits: limits) else { return 0 }
    readEveryFrame(webp)
    return 0
}

@_cdecl("FuzzWebP_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
