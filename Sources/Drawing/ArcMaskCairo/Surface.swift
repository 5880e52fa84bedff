import ArcMaskFrames
import ArcMaskValues
internal import CCairo
internal import CUnpremultiply

/// An image surface: ARGB32 (premultiplied colour, one native-endian `UInt32` per pixel,
/// alpha in the top byte) or A8 (coverage only). Owns its cairo surface.
public final class Surface {
    public enum Format: Sendable { case argb, alpha }

    let pointer: OpaquePointer
    public let width: Int
    public let height: Int
    public let format: Format
    /// The owner of pixels this surface draws on but does not own (`init(adopting:)`).
    private let adopted: PremultipliedImage?

    public init(width: Int, height: Int, format: Format = .argb) throws(CairoError) {
        try CairoError.checkSize(width: width, height: height)
        guard
            let s = cairo_image_surface_create(
                format == .argb ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8,
                Int32(clamping: width), Int32(clamping: height))
        else {
            throw CairoError(description: "cairo: cannot create a \(width)×\(height) surface")
        }
        do { try check(cairo_surface_status(s)) } catch { cairo_surface_destroy(s); throw error }
        pointer = s
        self.width = width
        self.height = height
        self.format = format
        adopted = nil
    }

    /// A surface over `image`'s pixels, without a copy; `image` stays alive as long as it.
    public init(adopting image: PremultipliedImage) throws(CairoError) {
        try CairoError.checkSize(width: image.width, height: image.height)
        guard
            let s = cairo_image_surface_create_for_data(
                image.data, CAIRO_FORMAT_ARGB32, Int32(clamping: image.width), Int32(clamping: image.height),
                Int32(clamping: image.stride))
        else {
            throw CairoError(description: "cairo: cannot adopt a \(image.width)×\(image.height) image")
        }
        do { try check(cairo_surface_status(s)) } catch { cairo_surface_destroy(s); throw error }
        pointer = s
        width = image.width
        height = image.height
        format = .argb
        adopted = image
    }

    /// This surface's pixels, handed over without a copy (ARGB32 only): the image keeps the surface alive.
    public func premultipliedImage() throws(CairoError) -> PremultipliedImage {
        guard format == .argb else {
            throw CairoError(description: "cairo: an A8 surface holds no colour to hand over")
        }
        flush()
        return PremultipliedImage(width: width, height: height, stride: stride, data: data, owner: self)
    }

    deinit { cairo_surface_destroy(pointer) }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }
    /// The pixels; call `flush()` before touching them and `markDirty()` after writing.
    public var data: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(pointer)! }

    public func flush() { cairo_surface_flush(pointer) }
    public func markDirty() { cairo_surface_mark_dirty(pointer) }

    /// A surface holding `image` (straight RGBA) as premultiplied ARGB32.
    public convenience init(_ image: PixelBuffer) throws(CairoError) {
        try self.init(width: image.width, height: image.height, format: .argb)
        flush()
        let stride = self.stride, dst = data, width = image.width
        image.bytes.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { src in
                for y in 0..<image.height {
                    let row = (dst + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                    let from = src.baseAddress! + y * width
                    // Branch-free, so that the compiler vectorises it: (c·a + 127) / 255 is c itself
                    // under full alpha and 0 under none. RGBA bytes read as a little-endian word.
                    for x in 0..<width {
                        let p = UInt32(littleEndian: from[x])
                        let a = p >> 24
                        let r = ((p & 0xff) * a + 127) / 255
                        let g = ((p >> 8 & 0xff) * a + 127) / 255
                        let b = ((p >> 16 & 0xff) * a + 127) / 255
                        row[x] = a << 24 | r << 16 | g << 8 | b
                    }
                }
            }
        }
        markDirty()
    }

    /// A copy of this surface's pixels in a new surface of its own.
    public func copy() throws(CairoError) -> Surface {
        let other = try Surface(width: width, height: height, format: format)
        flush()
        other.flush()
        let rowBytes = min(stride, other.stride)
        for y in 0..<height { (other.data + y * other.stride).update(from: data + y * stride, count: rowBytes) }
        other.markDirty()
        return other
    }

    /// Every pixel is fully opaque (ARGB32; an A8 surface answers for its coverage).
    public var isOpaque: Bool {
        flush()
        for y in 0..<height {
            let row = data + y * stride
            if format == .argb {
                let words = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width where words[x] >> 24 != 255 { return false }
            } else {
                for x in 0..<width where row[x] != 255 { return false }
            }
        }
        return true
    }

    /// The pixels as straight RGBA: colour × 255 / alpha, rounded (`Unpremultiply.table`).
    public func pixelBuffer() -> PixelBuffer {
        flush()
        let stride = self.stride, src = data
        // Every pixel is written below (transparent ones as zeros), so the bytes start uninitialized.
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { raw, count in
            count = raw.count
            let dst = UnsafeMutableRawBufferPointer(raw).bindMemory(to: UInt32.self)
            Unpremultiply.table.withUnsafeBufferPointer { table in
                for y in 0..<height {
                    let row = (src + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                    Unpremultiply.row(row, into: dst.baseAddress! + y * width, count: width, table: table.baseAddress!)
                }
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}

extension DrawnImage {
    /// The frame as a surface of the caller's own: adopted as drawn, or premultiplied from straight RGBA.
    public func surface() throws(CairoError) -> Surface {
        switch self {
        case .straight(let pixels): try Surface(pixels)
        case .premultiplied(let image): try Surface(adopting: image)
        }
    }

    /// The frame as straight RGBA.
    public func pixelBuffer() throws(CairoError) -> PixelBuffer {
        switch self {
        case .straight(let pixels): pixels
        case .premultiplied(let image): try Surface(adopting: image).pixelBuffer()
        }
    }
}

/// Premultiplied ARGB32 words (cairo's native layout) to straight RGBA bytes.
enum Unpremultiply {
    /// The row kernels: Swift alone, AVX2 eight pixels a step, NEON four pixels a step
    /// (native on arm64; through SIMDe on x86-64, for tests).
    enum Kernel: CaseIterable {
        case scalar, avx2, neon

        /// Whether this machine runs it.
        var isAvailable: Bool {
            switch self {
            case .scalar: true
            case .avx2: arcmask_unpremultiply_available() != 0
            case .neon: arcmask_unpremultiply_neon_available() != 0
            }
        }

        /// The one rows are converted with: AVX2 where the CPU has it, NEON on arm64.
        static let best: Kernel = {
            #if arch(arm64)
            return Kernel.neon.isAvailable ? .neon : .scalar
            #else
            return Kernel.avx2.isAvailable ? .avx2 : .scalar
            #endif
        }()
    }

    /// Entry `a << 8 | c`: premultiplied channel `c` under alpha `a`, straight, that is
    /// round(c × 255 / a) capped at 255; zero under alpha 0. 64 KB, built once.
    static let table: [UInt8] = (0..<65536).map { i in
        let a = i >> 8, c = i & 0xFF
        return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// One row of `count` pixels: eight at a time with AVX2 where the CPU has it, four with NEON
    /// on arm64 (the same quotients, divided exactly), then runs of four all-opaque or all-transparent pixels
    /// take a vector path (a byte swap or zeros); the rest look each channel up in `table`.
    @inline(__always)
    static func row(
        _ row: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count width: Int,
        table: UnsafePointer<UInt8>, kernel: Kernel = .best
    ) {
        @inline(__always) func convert(_ x: Int) {
            let p = row[x]
            let a = p >> 24, base = Int(a << 8)
            let r = UInt32(table[base | Int((p >> 16) & 0xFF)])
            let g = UInt32(table[base | Int((p >> 8) & 0xFF)])
            let b = UInt32(table[base | Int(p & 0xFF)])
            // RGBA in memory order, little-endian.
            out[x] = (r | g << 8 | b << 16 | a << 24).littleEndian
        }
        var x = 0
        #if _endian(little)
        switch kernel {
        case .avx2: x = Int(arcmask_unpremultiply_avx2(row, out, Int64(width)))
        case .neon: x = Int(arcmask_unpremultiply_neon(row, out, Int64(width)))
        case .scalar: break
        }
        while x + 4 <= width {
            let p = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD4<UInt32>.self)
            let a = p &>> 24
            if a == SIMD4(repeating: 255) {
                let rgba = (p & 0xFF00_FF00) | ((p &>> 16) & 0xFF) | ((p & 0xFF) &<< 16)
                UnsafeMutableRawPointer(out + x).storeBytes(of: rgba, as: SIMD4<UInt32>.self)
            } else if a == .zero {
                UnsafeMutableRawPointer(out + x).storeBytes(of: .zero, as: SIMD4<UInt32>.self)
            } else {
                convert(x); convert(x + 1); convert(x + 2); convert(x + 3)
            }
            x += 4
        }
        #endif
        while x < width {
            convert(x)
            x += 1
        }
    }
}

/// Direct access to the pixels of an image surface that cairo owns (a group being drawn, a
/// group's result). Valid while the group or pattern it came from lives.
public struct ImageAccess {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    public let data: UnsafeMutablePointer<UInt8>
    /// Device pixel (0, 0) of the drawing lies at this pixel of the surface.
    public let deviceOffsetX: Double
    public let deviceOffsetY: Double

    init?(_ s: OpaquePointer, format wanted: cairo_format_t) {
        guard cairo_surface_get_type(s) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(s) == wanted,
            let data = cairo_image_surface_get_data(s)
        else { return nil }
        pointer = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
        self.data = data
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(s, &dx, &dy)
        deviceOffsetX = dx
        deviceOffsetY = dy
    }

    public func flush() { cairo_surface_flush(pointer) }
    public func markDirty() { cairo_surface_mark_dirty(pointer) }
}
