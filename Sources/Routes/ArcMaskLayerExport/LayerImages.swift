import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import Foundation

/// Encodes layer images: JPEG (libjpeg-turbo) or PNG (arcmask's encoder over libdeflate).
enum LayerEncoder {

    static func isOpaque(_ image: PixelBuffer) -> Bool {
        image.bytes.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// - Parameter measure: decode a JPEG back and compare it with `image` (SSIM).
    /// - Parameter background: flatten every layer onto this colour first (they are then opaque).
    static func encode(
        _ original: PixelBuffer, format: ImageFormat, quality: Int, compression: PNG.Compression, measure: Bool,
        background: Color? = nil
    ) throws -> LayerImage {
        let originalOpaque = isOpaque(original)
        var image = original
        var look: FlattenedLook? = nil
        if let background, !originalOpaque { (image, look) = Flattening.measured(original, onto: background) }
        let opaque = background != nil || originalOpaque
        guard format == .jpeg || (format == .auto && opaque) else {
            return LayerImage(bytes: try PNG.encode(image, compression: compression), lossy: false, ssim: 1, look: look)
        }
        if !opaque { (image, look) = Flattening.measured(image, onto: .black) }
        let bytes = try JPEG.encode(image, quality: quality)
        var ssim = 1.0
        if measure { ssim = SSIM.mean(image, try JPEG.decode(bytes).image) }
        return LayerImage(bytes: bytes, lossy: true, ssim: ssim, flattened: !opaque, look: look)
    }
}

/// Draws layer images.
public enum LayerWriter {
    /// Layer `index` of `source` drawn at `size`: vector sources draw at that size (on a worker
    /// thread when they can), the others are decoded here, in order, and resized on a worker.
    public static func cell(
        _ source: FrameSource, _ index: Int, size: PixelSize, fit: FitMode, resample: ResampleMode = .smooth
    ) throws -> @Sendable () throws -> PixelBuffer {
        if source.capabilities.contains(.drawsAtAnySize) {
            return try source.deferredFrame(index) { try Resampler.frame($1, of: $0, size: size, fit: fit) }
        }
        let frame = try source.frame(at: index)
        return { try Resampler.resized(frame, to: size, fit: fit, resample: resample) }
    }
}

extension LayerDigest {
    /// A file's size and digest, read through a small buffer.
    public static func ofFile(_ path: String) throws -> (bytes: Int, digest: String) {
        let reader = try FileReader(path: path)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { reader.read(into: $0.baseAddress!, count: $0.count) }
            if n <= 0 { break }
            for b in buffer[0..<n] { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        return (reader.size, hex(h))
    }
}
