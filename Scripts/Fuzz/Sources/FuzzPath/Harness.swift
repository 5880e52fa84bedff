import ArcMaskSVGA
import FuzzDriver

/// SVG path data.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: input(data, size), as: UTF8.self)
    _ = try? SVGPathParser.parse(text, maxCommands: 10_000)
    return 0
}

@_cdecl("FuzzPath_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
