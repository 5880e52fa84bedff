import ArcMaskIO
import FuzzDriver

/// PNG reading (libpng through the project's wrapper).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? PNG.decode(input(data, size), maxPixels: 4_000_000)
    return 0
}

@_cdecl("FuzzPNG_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
