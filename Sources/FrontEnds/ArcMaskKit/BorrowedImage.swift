#if canImport(CoreGraphics)
import CoreGraphics
import Foundation

/// A Core Graphics image over bytes someone else owns (a decoded video picture, a WebP canvas),
/// drawn from them without a copy. The image must be drawn before those bytes go: the caller
/// holds them (locked, or inside its `withUnsafe…` call) for the image's whole use.
/// `CGDataProvider(dataInfo:data:size:releaseData:)` calls its release callback when Core
/// Graphics frees the provider (Apple's documentation); here it does nothing, as the bytes stay
/// their owner's.
enum BorrowedImage {
    /// 8-bit RGBA-like pixels in 32 bits, `bytesPerRow` a row, as `bitmapInfo` lays them out;
    /// nil when Core Graphics refuses them.
    static func make(
        _ base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, bitmapInfo: CGBitmapInfo,
        interpolated: Bool
    ) -> CGImage? {
        guard width > 0, height > 0,
            let provider = CGDataProvider(
                dataInfo: nil, data: base, size: bytesPerRow * height, releaseData: { _, _, _ in })
        else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo, provider: provider, decode: nil,
            shouldInterpolate: interpolated, intent: .defaultIntent)
    }
}
#endif
