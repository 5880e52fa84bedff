import ArcMaskFrames
import ArcMaskValues

extension SSIM {
    /// The mean SSIM of two pixel buffers of one size.
    public static func mean(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height, "SSIM compares images of one size")
        return mean(a.bytes, b.bytes, width: a.width, height: a.height)
    }
}
