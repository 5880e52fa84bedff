import FuzzDriver

@testable import ArcMaskKit

/// The bytes ArcMaskKit's `prepare` reads itself before ImageIO sees them: which reader takes
/// a file (`KitFormat`), the ImageIO fault rules (`ImageIOQuirks`), and an animated WebP's
/// container (`WebPAnimation`), whose frames are then assembled on a `WebPCanvas` from made-up
/// pixels (the frame's size, each pixel a valid premultiplied colour).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    var sum = 0
    _ = KitFormat.decide(Array(bytes.prefix(4096)))
    sum &+= ImageIOQuirks.isPalettePNG(bytes) ? 1 : 0
    sum &+= ImageIOQuirks.avifSequenceRefusal(head: bytes, frameCount: 1, readsSequences: false) == nil ? 0 : 1
    guard
        let webp = try? WebPAnimation(bytes, name: "fuzz.webp", maxFrames: 64, maxCanvasPixels: 1 << 20)
    else { return 0 }
    precondition(webp.canvasWidth * webp.canvasHeight <= 1 << 20)
    // Refused only where the app cannot take the canvas's memory now.
    guard var canvas = try? WebPCanvas(width: webp.canvasWidth, height: webp.canvasHeight) else { return 0 }
    for (k, f) in webp.frames.enumerated() {
        precondition(f.x + f.width <= webp.canvasWidth && f.y + f.height <= webp.canvasHeight)
        precondition(f.still.count >= 20 && f.still.starts(with: Array("RIFF".utf8)))
        let a = UInt8(truncatingIfNeeded: k &* 37)
        let pixel: [UInt8] = [a / 2, a / 3, a, a]
        canvas.draw(f, index: k, rgba: Array([[UInt8]](repeating: pixel, count: f.width * f.height).joined()))
    }
    sum &+= Int(canvas.pixels.first ?? 0)
    return sum == Int.min ? 1 : 0
}

@_cdecl("FuzzKitImage_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
