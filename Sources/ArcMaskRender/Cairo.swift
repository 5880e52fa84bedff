internal import CCairo
import ArcMaskCore

/// A cairo failure, with cairo's own message.
public struct CairoError: Error, CustomStringConvertible {
    public let description: String
}

/// Maps a cairo status to success or a typed error (the one place that reads statuses).
func check(_ status: cairo_status_t) throws(CairoError) {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw CairoError(description: "cairo: " + String(cString: cairo_status_to_string(status)))
    }
}

/// An image surface owned by Swift: ARGB32 (premultiplied colour) or A8 (coverage only).
final class CairoSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    enum Format { case argb, alpha }

    init(width: Int, height: Int, format: Format) throws(CairoError) {
        guard let s = cairo_image_surface_create(format == .argb ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8,
                                                 Int32(width), Int32(height)) else {
            throw CairoError(description: "cairo: cannot create a \(width)×\(height) surface")
        }
        try check(cairo_surface_status(s))
        surface = s
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    var data: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface)! }

    /// Call before touching pixels directly; `markDirty` after writing them.
    func flush() { cairo_surface_flush(surface) }
    func markDirty() { cairo_surface_mark_dirty(surface) }

    /// A surface holding `image` (straight RGBA) as premultiplied ARGB32.
    convenience init(_ image: PixelBuffer) throws(CairoError) {
        try self.init(width: image.width, height: image.height, format: .argb)
        flush()
        let stride = self.stride, dst = data
        image.bytes.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = (dst + y * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { $0 }
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(src[i + 3])
                    if a == 0 { row[x] = 0; continue }
                    var r = UInt32(src[i]), g = UInt32(src[i + 1]), b = UInt32(src[i + 2])
                    if a != 255 { r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255 }
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        markDirty()
    }

    /// The pixels as straight RGBA: colour × 255 / alpha, rounded, as one division each,
    /// done exactly by a multiply with ⌈2²⁴ / alpha⌉ (exact for numerators below 2¹⁶).
    func pixelBuffer() -> PixelBuffer {
        flush()
        var out = PixelBuffer(width: width, height: height)
        let stride = self.stride, src = data
        let reciprocal = Self.reciprocals
        out.bytes.withUnsafeMutableBytes { raw in
            let dst = raw.bindMemory(to: UInt32.self)
            reciprocal.withUnsafeBufferPointer { recip in
                for y in 0..<height {
                    let row = (src + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                    let out = dst.baseAddress! + y * width
                    for x in 0..<width {
                        let p = row[x]
                        let a = p >> 24
                        if a == 0 { continue }
                        var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                        if a != 255 {
                            let m = recip[Int(a)], half = UInt64(a / 2)
                            r = min(255, UInt32(truncatingIfNeeded: ((UInt64(r) &* 255 &+ half) &* m) >> 24))
                            g = min(255, UInt32(truncatingIfNeeded: ((UInt64(g) &* 255 &+ half) &* m) >> 24))
                            b = min(255, UInt32(truncatingIfNeeded: ((UInt64(b) &* 255 &+ half) &* m) >> 24))
                        }
                        // RGBA in memory order, little-endian.
                        out[x] = (r | g << 8 | b << 16 | a << 24).littleEndian
                    }
                }
            }
        }
        return out
    }

    /// ⌈2²⁴ / a⌉ for a = 0…255 (entry 0 unused).
    private static let reciprocals: [UInt64] = (0...255).map { $0 == 0 ? 0 : ((1 << 24) + UInt64($0) - 1) / UInt64($0) }
}

/// A drawing context on a surface.
final class CairoContext {
    let cr: OpaquePointer
    let target: CairoSurface

    init(_ target: CairoSurface) throws(CairoError) {
        guard let cr = cairo_create(target.surface) else { throw CairoError(description: "cairo: cannot create a context") }
        self.cr = cr
        self.target = target
        try check(cairo_status(cr))
    }

    deinit { cairo_destroy(cr) }

    func status() throws(CairoError) { try check(cairo_status(cr)) }
}
