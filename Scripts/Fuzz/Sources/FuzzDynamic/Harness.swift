import ArcMaskSVGA
import ArcMaskText
import ArcMaskValues
import FuzzDriver

/// SVGA dynamic content: the input is "SPEC\0TEXT\0IMAGE FLAGS" — a text-style spec, a text, an
/// image's bytes and a flag byte (which key gets the text, the image's fit, a hidden key). The spec
/// is parsed, the image decoded as a player would, and the example gift banner drawn with the
/// content at a small size.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    guard let movie = Gift.movie, parts.count >= 2 else { return 0 }
    let spec = String(decoding: parts[0], as: UTF8.self), text = String(decoding: parts[1], as: UTF8.self)
    guard let style = try? TextStyle(spec: spec) else { return 0 }
    let flags = parts.count > 2 ? parts[2].last ?? 0 : 0
    let keys = ["name", "ribbon", "avatar", "halo.vector"]
    var content = SVGADynamicContent()
    content.setText(text, style: style, forKey: keys[Int(flags & 3)])
    if parts.count > 2, let image = try? SVGADynamicContent.decodeImage(Array(parts[2].dropLast()), maxPixels: 1 << 20) {
        content.setImage(image, fit: KeyImageFit.allCases[Int(flags >> 2) % 3], forKey: "avatar")
    }
    if flags & 0x20 != 0 { content.setHidden(true, forKey: keys[Int(flags >> 6)]) }
    guard (try? content.check(against: movie, file: "fuzz")) != nil else { return 0 }
    _ = content.notes(for: movie)
    let renderer = SVGARenderer(movie: movie)
    renderer.content = content
    _ = try? renderer.render(frame: Int(flags) % movie.frameCount, size: PixelSize(width: 96, height: 96))
    return 0
}

enum Gift {
    static let movie: SVGAMovie? = try? SVGAReader.read(bytes: SVGAGiftExample.bytes(), name: "gift")
}

@_cdecl("FuzzDynamic_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
