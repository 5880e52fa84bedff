import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCompositor

@Suite("Shrinking by area")
struct AreaResamplerTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                out.bytes.replaceSubrange(((y * width + x) * 4)..<((y * width + x) * 4 + 4), with: [r, g, b, a])
            }
        }
        return out
    }

    func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.bytes[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 4)])
    }

    @Test("a flat colour stays that colour everywhere the source covers")
    func flat() throws {
        let source = Self.image(300, 200) { _, _ in (200, 100, 50, 255) }
        let out = try Resampler.resized(source, to: PixelSize(width: 97, height: 61), fit: .fill)
        for y in 0..<out.height {
            for x in 0..<out.width { #expect(pixel(out, x, y) == [200, 100, 50, 255]) }
        }
    }

    @Test("each output pixel is the mean of the block under it (a whole-number factor)")
    func blocks() {
        let source = Self.image(8, 4) { x, y in (UInt8(x * 30), UInt8(y * 60), 0, 255) }
        let out = AreaResampler.resized(source, to: PixelSize(width: 2, height: 1), scale: 0.25, tx: 0, ty: 0)
        // Columns 0–3 average 45, columns 4–7 average 165; rows 0–3 average 90.
        #expect(pixel(out, 0, 0) == [45, 90, 0, 255])
        #expect(pixel(out, 1, 0) == [165, 90, 0, 255])
    }

    @Test("transparent pixels lend no colour; the area outside the source counts as transparent")
    func alpha() {
        // Left half opaque red; right half transparent with a stray green that must not show.
        let source = Self.image(8, 8) { x, _ in x < 4 ? (255, 0, 0, 255) : (0, 255, 0, 0) }
        let out = AreaResampler.resized(source, to: PixelSize(width: 1, height: 1), scale: 0.125, tx: 0, ty: 0)
        #expect(pixel(out, 0, 0) == [255, 0, 0, 128])
        // Fitted into a wider view: bars beside the picture are empty, its edges partly covered.
        let wide = Self.image(100, 100) { _, _ in (10, 20, 30, 255) }
        let fitted = try! Resampler.resized(wide, to: PixelSize(width: 41, height: 20), fit: .fit)
        #expect(pixel(fitted, 0, 10) == [0, 0, 0, 0])
        #expect(pixel(fitted, 20, 10) == [10, 20, 30, 255])
        // The picture spans x 10.5–30.5: the pixels at 10 and 30 are half covered.
        #expect(pixel(fitted, 10, 10) == [10, 20, 30, 128])
        #expect(pixel(fitted, 30, 10) == [10, 20, 30, 128])
    }

    @Test("as sharp as cairo's filter, which it takes over from at 0.75 and below")
    func likeCairo() throws {
        // Soft shapes and a hard edge, as frames have.
        let source = Self.image(480, 270) { x, y in
            let d = Double((x - 240) * (x - 240) + (y - 135) * (y - 135)).squareRoot()
            return (UInt8(min(255, d)), UInt8((x * 255) / 480), y > 200 ? 255 : 40, 255)
        }
        for side in [100, 170, 200] {
            let size = PixelSize(width: side, height: side * 9 / 16)
            let ours = try Resampler.resized(source, to: size, fit: .fill)
            let src = try Surface(source)
            let dst = try Surface(width: size.width, height: size.height)
            let ctx = try Context(dst)
            ctx.concat(FitMode.fill.placement(of: (480, 270), in: (Double(size.width), Double(size.height))))
            ctx.setSource(src, filter: .good, extend: .pad)
            ctx.rectangle(0, 0, 480, 270)
            ctx.fill()
            let cairo = dst.pixelBuffer()
            let ssim = SSIM.mean(ours.bytes, cairo.bytes, width: size.width, height: size.height)
            #expect(ssim > 0.98, "\(side) px: SSIM \(ssim)")
        }
        // Above 0.75 cairo's bilinear filter is used as before.
        #expect(AreaResampler.largestScale == 0.75)
    }
}
