import ArcMaskFrames
import ArcMaskSVG
import ArcMaskSequence
import FuzzDriver

/// Numbered sequences: the input is cut into up to six files of a folder (their names and the
/// settings taken from the first two bytes), listed, checked and decoded frame by frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    guard bytes.count >= 2 else { return 0 }
    let count = Int(bytes[0] % 6) + 1, flags = bytes[1]
    let body = Array(bytes.dropFirst(2))
    let piece = max(1, (body.count + count - 1) / count)
    var files: [String: [UInt8]] = [:]
    for i in 0..<count {
        let start = min(body.count, i * piece), end = min(body.count, start + piece)
        let number = i * (Int(flags & 3) + 1)  // steps of 1–4 make gaps
        let ext = flags & 0x80 != 0 ? "svg" : flags & 4 != 0 ? "jpg" : "png"
        let variant = flags & 0x10 != 0 && i == 0 ? "@2x" : ""
        files["f/frame\(number)\(variant).\(ext)"] = Array(body[start..<end])
    }
    var options = SequenceOptions()
    options.allowGaps = flags & 0x20 != 0
    options.reverse = flags & 0x40 != 0
    options.scale = flags & 0x10 != 0 ? 2 : nil
    let limits = DecodeLimits(maxCanvasPixels: 4_000_000, maxFrames: 100)
    guard
        let s = try? ImageSequenceSource.open(
            "f", options: options, limits: limits, svgLimits: SVGLimitsForFuzz.limits, files: MemoryFiles(files))
    else { return 0 }
    for k in 0..<s.frameCount { _ = try? s.frame(at: k) }
    return 0
}

enum SVGLimitsForFuzz {
    static let limits = SVGLimits(maxFileBytes: 1 << 20, maxElements: 2_000, maxPixels: 4_000_000)
}

@_cdecl("FuzzSequence_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
