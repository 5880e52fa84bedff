import ArcMaskFrames
import ArcMaskSVGA
import ArcMaskValues
import Foundation
import FuzzDriver

/// Bitmap drawing with random transforms, alpha, clips and image and canvas sizes: the path
/// that draws resampled bitmaps straight into cairo's pixels (`AffineBlit`), with its wide
/// kernels and without, which must agree byte for byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let b = input(data, size)
    guard b.count >= 24 else { return 0 }
    func i16(_ i: Int) -> Double { Double(Int16(bitPattern: UInt16(b[i]) | UInt16(b[i + 1]) << 8)) }
    func raw(_ i: Int) -> Double {
        guard i + 8 <= b.count else { return 0 }
        return Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[i + $1]) << (8 * $1) })
    }
    let flags = b[0]
    var transform: Affine
    if flags & 1 != 0, b.count >= 72 {
        // Raw doubles: extremes, denormals, infinities, NaN.
        transform = Affine(a: raw(24), b: raw(32), c: raw(40), d: raw(48), tx: raw(56), ty: raw(64))
    } else {
        transform = Affine(
            a: i16(1) / 256, b: i16(3) / 256, c: i16(5) / 256, d: i16(7) / 256, tx: i16(9) / 16, ty: i16(11) / 16)
    }
    // Axis-aligned (scaled, mirrored, between pixels) half the time.
    if flags & 8 != 0 {
        transform = Affine(a: transform.a, b: 0, c: 0, d: transform.d, tx: transform.tx, ty: transform.ty)
    }
    // Opaque draws often (the rectangle fill takes opaque axis-aligned ones), else any alpha.
    let alpha = b[13] >= 192 ? 1 : Double(b[13]) / 191
    let width = 1 + Int(b[14]) % 64, height = 1 + Int(b[15]) % 64
    let canvasWidth = 1 + Int(b[16]) % 96, canvasHeight = 1 + Int(b[17]) % 96
    var image = PixelBuffer(width: width, height: height)
    let pixels = b.count > 24 ? Array(b[24...]) : [0xFF]
    for k in 0..<image.bytes.count { image.bytes[k] = pixels[k % pixels.count] }
    guard let picture = try? CanvasImage(image) else { return 0 }
    // Drawn twice: with the wide kernels and one pixel at a time in Swift. They must agree byte for byte.
    let drawn = [true, false].map { wide -> PixelBuffer? in
        guard let canvas = try? VectorCanvas(width: canvasWidth, height: canvasHeight) else { return nil }
        canvas.wideBlitKernels = wide
        if flags & 2 != 0 {
            canvas.setEllipse(
                cx: Double(b[18]) / 2, cy: Double(b[19]) / 2, rx: Double(b[20]) / 3, ry: Double(b[21]) / 3)
            canvas.clip()
        }
        if flags & 4 != 0 { canvas.beginGroup() }
        if transform.isInvertible { canvas.concat(transform) }
        canvas.draw(picture, alpha: alpha)
        if flags & 4 != 0 {
            let content = canvas.endGroup()
            canvas.beginGroup()
            canvas.setEllipse(cx: Double(b[22]) / 2, cy: Double(b[23]) / 2, rx: 20, ry: 30)
            canvas.fill(.black)
            canvas.paint(content, maskedBy: canvas.endGroup())
        }
        return try? canvas.pixels()
    }
    if let wide = drawn[0], let narrow = drawn[1], wide != narrow {
        fatalError("the blit's kernels and its pixel-at-a-time loop disagree: \(transform), alpha \(alpha)")
    }
    return 0
}

@_cdecl("FuzzBlit_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
