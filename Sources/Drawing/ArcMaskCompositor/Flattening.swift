import ArcMaskFrames
import ArcMaskValues

/// Translucent pictures drawn over an opaque colour, and what that keeps of them.
///
/// A route flattens its pictures when what shows them cannot hold transparency: a JPEG layer,
/// or the timer-font route's colour glyphs, which stack (a translucent glyph would let the
/// frames under it show through). Flattening can erase an animation: a blue sprite on a
/// transparent canvas, flattened onto blue, is sixteen identical blue squares. `Flattening`
/// measures each picture as it is flattened (`FlattenedLook`) and `FlattenedLook.problems`
/// judges the sequence: frames that were different and became identical, and pictures that lost most of
/// what they showed.
public enum Flattening {
    /// What the widget draws under a picture when the user names no colour: white, the widget
    /// background of the system's light appearance, which the generated widget then draws as
    /// its container background too, so the picture's edges never show.
    public static let defaultBackground = Color.white

    /// `image` drawn over an opaque `colour`: every pixel opaque, straight colours rounded.
    public static func flattened(_ image: PixelBuffer, onto colour: Color) -> PixelBuffer {
        var out = image
        let bg = [colour.r, colour.g, colour.b].map { Int(($0 * 255).rounded()) }
        out.bytes.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8((Int(p[i + c]) * a + bg[c] * (255 - a) + 127) / 255) }
                    p[i + 3] = 255
                }
                i += 4
            }
        }
        return out
    }

    /// Flattens `image` onto `colour` and measures what is left of it.
    public static func measured(_ image: PixelBuffer, onto colour: Color) -> (image: PixelBuffer, look: FlattenedLook) {
        let flat = flattened(image, onto: colour)
        let bg = [colour.r, colour.g, colour.b].map { Int(($0 * 255).rounded()) }
        var content = 0, visible = 0, translucent = false
        image.bytes.withUnsafeBufferPointer { src in
            flat.bytes.withUnsafeBufferPointer { dst in
                var i = 0
                while i < src.count {
                    let a = src[i + 3]
                    if a != 255 { translucent = true }
                    if a >= 128 {
                        content += 1
                        let d = max(
                            abs(Int(dst[i]) - bg[0]), abs(Int(dst[i + 1]) - bg[1]), abs(Int(dst[i + 2]) - bg[2]))
                        if d > FlattenedLook.invisibleDifference { visible += 1 }
                    }
                    i += 4
                }
            }
        }
        let look = FlattenedLook(
            contentPixels: content, visiblePixels: visible, translucent: translucent,
            sourceThumbnail: thumbnail(image, premultiplied: true), flatThumbnail: thumbnail(flat, premultiplied: false)
        )
        return (flat, look)
    }

    /// The picture as `FlattenedLook.thumbnailSide`² cell averages of RGBA (premultiplied when
    /// asked), rounded.
    static func thumbnail(_ image: PixelBuffer, premultiplied: Bool) -> [UInt8] {
        let side = FlattenedLook.thumbnailSide
        var sums = [Int](repeating: 0, count: side * side * 4)
        var counts = [Int](repeating: 0, count: side * side)
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return [] }
        image.bytes.withUnsafeBufferPointer { p in
            for y in 0..<h {
                let row = y * side / h * side
                for x in 0..<w {
                    let cell = row + x * side / w
                    let i = (y * w + x) * 4
                    let a = Int(p[i + 3])
                    for c in 0..<3 { sums[cell * 4 + c] += premultiplied ? Int(p[i + c]) * a / 255 : Int(p[i + c]) }
                    sums[cell * 4 + 3] += a
                    counts[cell] += 1
                }
            }
        }
        return sums.indices.map { i in UInt8(counts[i / 4] == 0 ? 0 : (sums[i] + counts[i / 4] / 2) / counts[i / 4]) }
    }
}
