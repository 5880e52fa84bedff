import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues

/// Frames of a source at the view's pixel size, kept in a cache bounded in bytes.
///
/// Sources that draw at any size (vector formats) render at the view's size; the others are
/// resized with cairo's GOOD filter (box-filtered when shrinking, bilinear when growing) with
/// the edges padded, so borders do not darken.
public final class FrameImages {
    public let source: FrameSource
    public let pixelSize: PixelSize
    public let fit: FitMode
    private var cache: ByteLRU<Int, Entry>

    /// A frame as a surface to draw with; its straight pixels are made when first asked for.
    private final class Entry {
        let surface: Surface
        let opaque: Bool
        private var straight: PixelBuffer?

        init(surface: Surface, pixels: PixelBuffer?) {
            self.surface = surface
            straight = pixels
            opaque = surface.isOpaque
        }

        var pixels: PixelBuffer {
            if let straight { return straight }
            let made = surface.pixelBuffer()
            straight = made
            return made
        }
    }

    /// - Parameter budget: bytes the cache may hold (each frame is kept as a surface and as RGBA).
    public init(source: FrameSource, pixelSize: PixelSize, fit: FitMode = .fill, budget: Int = 128 << 20) {
        self.source = source
        self.pixelSize = pixelSize
        self.fit = fit
        cache = ByteLRU(capacityBytes: budget)
    }

    /// Frame `index` at the view's pixel size, straight RGBA.
    public func image(_ index: Int) throws -> PixelBuffer { try entry(index).pixels }

    /// Every pixel of frame `index` at the view's size is fully opaque.
    public func isOpaque(_ index: Int) throws -> Bool { try entry(index).opaque }

    /// Frame `index` at the view's size, premultiplied, to draw with.
    public func surface(_ index: Int) throws -> Surface { try entry(index).surface }

    private func entry(_ index: Int) throws -> Entry {
        if let e = cache.value(for: index) { return e }
        let e: Entry
        switch try source.drawn(at: index, size: pixelSize, fit: fit) {
        case .premultiplied(let image)?:
            // Drawn by cairo: kept premultiplied as drawn.
            e = Entry(surface: try Surface(adopting: image), pixels: nil)
        case .straight(let pixels)?:
            e = Entry(surface: try Surface(pixels), pixels: pixels)
        case nil:
            let pixels = try Resampler.resized(source.frame(at: index), to: pixelSize, fit: fit)
            e = Entry(surface: try Surface(pixels), pixels: pixels)
        }
        cache.insert(e, bytes: pixelSize.pixelCount * 8, for: index)
        return e
    }
}

/// Frames at a requested pixel size: drawn at that size by sources that can, resized otherwise.
public enum Resampler {
    /// Frame `index` of `source` at `size` pixels, placed as `fit` says, straight RGBA.
    public static func frame(_ index: Int, of source: FrameSource, size: PixelSize, fit: FitMode) throws -> PixelBuffer
    {
        if let drawn = try source.drawn(at: index, size: size, fit: fit) { return try drawn.pixelBuffer() }
        return try resized(source.frame(at: index), to: size, fit: fit)
    }

    /// `frame` resized to `size` (straight RGBA); `resample` decides the filter where it enlarges.
    public static func resized(
        _ frame: PixelBuffer, to size: PixelSize, fit: FitMode, resample: ResampleMode = .smooth
    ) throws -> PixelBuffer {
        if frame.size == size { return frame }
        let place = fit.placement(
            of: (Double(frame.width), Double(frame.height)), in: (Double(size.width), Double(size.height)))
        let nearest = place.a > 1 && resample.nearest(atScale: place.a)
        if place.a <= AreaResampler.largestScale && !nearest {
            // Shrinking by more than cairo's bilinear filter takes (what most exports do):
            // averaged by area, several times faster than cairo's convolution and as sharp.
            return AreaResampler.resized(frame, to: size, scale: place.a, tx: place.tx, ty: place.ty)
        }
        if frame.width > maxDrawnSide || frame.height > maxDrawnSide {
            // Legal in GIF (65,535 a side) but past cairo's 32,767: reduced in whole steps first.
            return try resized(boxReduced(frame), to: size, fit: fit)
        }
        let src = try Surface(frame)
        let dst = try Surface(width: size.width, height: size.height)
        let ctx = try Context(dst)
        ctx.concat(
            fit.placement(
                of: (Double(frame.width), Double(frame.height)), in: (Double(size.width), Double(size.height))))
        ctx.setSource(src, filter: nearest ? .nearest : .good, extend: .pad)
        ctx.rectangle(0, 0, Double(frame.width), Double(frame.height))
        ctx.fill()
        try ctx.status()
        return dst.pixelBuffer()
    }

    /// cairo draws surfaces up to this many pixels a side.
    public static let maxDrawnSide = CairoError.maxSide

    /// `frame` shrunk by whole factors until both sides fit cairo: each output pixel averages its
    /// block, weighted by alpha (so transparent pixels lend no colour).
    static func boxReduced(_ frame: PixelBuffer) -> PixelBuffer {
        let fx = (frame.width + maxDrawnSide - 1) / maxDrawnSide, fy = (frame.height + maxDrawnSide - 1) / maxDrawnSide
        let w = (frame.width + fx - 1) / fx, h = (frame.height + fy - 1) / fy
        var out = PixelBuffer(width: w, height: h)
        frame.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        var r = 0, g = 0, b = 0, a = 0, n = 0
                        for sy in (y * fy)..<min(frame.height, y * fy + fy) {
                            for sx in (x * fx)..<min(frame.width, x * fx + fx) {
                                let i = (sy * frame.width + sx) * 4, al = Int(src[i + 3])
                                r += Int(src[i]) * al; g += Int(src[i + 1]) * al; b += Int(src[i + 2]) * al
                                a += al; n += 1
                            }
                        }
                        let o = (y * w + x) * 4
                        if a > 0 {
                            dst[o] = UInt8((r + a / 2) / a); dst[o + 1] = UInt8((g + a / 2) / a)
                            dst[o + 2] = UInt8((b + a / 2) / a)
                        }
                        dst[o + 3] = UInt8((a + n / 2) / n)
                    }
                }
            }
        }
        return out
    }
}
