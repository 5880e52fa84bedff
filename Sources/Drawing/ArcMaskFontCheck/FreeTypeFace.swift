import ArcMaskFrames
import ArcMaskValues
internal import CFreeType

/// A font as FreeType loads it, for its colour bitmaps: the one wrapper over FreeType.
public final class FreeTypeFace {
    private var library: FT_Library?
    private var face: FT_Face?
    /// Keeps the bytes FreeType reads from alive.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    public let glyphCount: Int
    /// The bitmap strikes' sizes, pixels per em.
    public let strikes: [Int]

    public init(bytes data: [UInt8], name: String) throws {
        bytes = .allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        guard FT_Init_FreeType(&library) == 0 else {
            bytes.deallocate()
            throw InputError(file: name, "FreeType cannot start")
        }
        let status = FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(data.count), 0, &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)
            bytes.deallocate()
            throw InputError(file: name, "FreeType cannot open it (error \(status))")
        }
        glyphCount = Int(face.pointee.num_glyphs)
        strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { Int(face.pointee.available_sizes[$0].y_ppem >> 6) }
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// `glyph`'s colour bitmap in the strike at `ppem`, as straight RGBA, or nil when the glyph has
    /// none there. FreeType decodes the sbix PNG itself.
    public func colorBitmap(_ glyph: Int, ppem: Int) throws -> PixelBuffer? {
        guard let strike = strikes.firstIndex(of: ppem), let face else { return nil }
        guard FT_Select_Size(face, FT_Int(strike)) == 0 else {
            throw InputError(file: "font", "FreeType cannot select strike \(ppem)")
        }
        guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let bitmap = face.pointee.glyph.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
            let buffer = bitmap.buffer
        else { return nil }
        let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var out = PixelBuffer(width: w, height: h)
        out.bytes.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                for x in 0..<w {
                    // Premultiplied BGRA to straight RGBA.
                    let s = buffer + y * pitch + x * 4, d = (y * w + x) * 4
                    let a = Int(s[3])
                    func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
                    dst[d] = straight(s[2]); dst[d + 1] = straight(s[1]); dst[d + 2] = straight(s[0]);
                    dst[d + 3] = UInt8(a)
                }
            }
        }
        return out
    }
}
