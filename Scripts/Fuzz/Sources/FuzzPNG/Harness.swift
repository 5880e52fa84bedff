import ArcMaskIO
import FuzzDriver

/// PNG reading (libpng through the project's wrapper), then writing: whatever decodes is
/// encoded again (indexed, RGB or RGBA; the preset picked by the input's length) and must
/// decode to the same pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let image = try? PNG.decode(input(data, size), maxPixels: 4_000_000) else { return 0 }
    let preset = PNG.Compression.Preset.allCases[size % 3]
    guard let again = try? PNG.decode(PNG.encode(image, compression: PNG.Compression(preset))), again == image else {
        fatalError("PNG round trip changed the pixels (\(image.size), \(preset))")
    }
    return 0
}

@_cdecl("FuzzPNG_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
