import ArcMaskSVGA
import ArcMaskValues
import FuzzDriver

/// SVGA parsing for every container (the first bytes pick it), then the first and last frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    var limits = SVGALimits()
    limits.maxInflatedBytes = 16 << 20
    limits.maxViewBoxPixels = 1_000_000
    limits.maxFrames = 300
    guard let movie = try? SVGAReader.read(bytes: bytes, name: "fuzz", limits: limits) else { return 0 }
    let renderer = SVGARenderer(movie: movie)
    let size = PixelSize(width: 64, height: 64)
    _ = try? renderer.render(frame: 0, size: size)
    _ = try? renderer.render(frame: movie.frameCount - 1, size: size)
    return 0
}

@_cdecl("FuzzSVGA_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
