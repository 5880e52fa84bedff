import ArcMaskFiles
import ArcMaskFrames
import ArcMaskSources
import ArcMaskVideo
import FuzzDriver

/// Video clips and AVIF: the input is read as the one entry point reads a file — AVIF through
/// libavif when its bytes say AVIF, else any container FFmpeg's probe takes — with small limits;
/// HEIF brands are read as the entry point reads them (and refused); the timestamps are scanned, and the first, middle and last frames decoded and converted.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    let head = Array(bytes.prefix(4096))
    let limits = DecodeLimits(maxCanvasPixels: 1 << 18, maxFrames: 400, maxDecodedBytes: 64 << 20)
    let source: FrameSource?
    if !AVIFFormat.matches(head), HEIFBrand.of(head) != nil {
        // HEIC stills and HEIF sequences are refused by name before FFmpeg sees them.
        source = nil
    } else if AVIFFormat.matches(head) {
        source = try? AVIFFrameSource(reader: FileReader(bytes: bytes, name: "fuzz.avif"), name: "fuzz.avif", limits: limits)
    } else if VideoFormat.matches(head) {
        source = try? VideoFrameSource(
            reader: FileReader(bytes: bytes, name: "fuzz"), name: "fuzz", limits: limits,
            options: VideoOptions(checkpointBudget: 1 << 20))
    } else {
        source = nil
    }
    guard let source else { return 0 }
    let n = source.frameCount
    for k in Set([0, n / 2, n - 1]) where k >= 0 && k < n {
        _ = try? source.frame(at: k)
    }
    _ = source.warnings
    return 0
}

@_cdecl("FuzzVideo_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
