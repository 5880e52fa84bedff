import ArcMaskFrames
import ArcMaskGIF
import FuzzDriver

/// GIF decoding through the frame source: open, then every frame (in order, then one backwards).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    let limits = DecodeLimits(maxCanvasPixels: 4_000_000, maxFrames: 500)
    guard let gif = try? GIFFrameSource(bytes: bytes, name: "fuzz", limits: limits) else { return 0 }
    readEveryFrame(gif)
    return 0
}

@_cdecl("FuzzGIF_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
