import ArcMaskCairo
import ArcMaskCore
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

    private struct Entry {
        let surface: Surface
        let pixels: PixelBuffer
        let opaque: Bool
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
        let pixels = try Resampler.frame(index, of: source, size: pixelSize, fit: fit)
        let surface = try Surface(pixels)
        let opaque = pixels.bytes.withUnsafeBufferPointer { p in
            stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 }
        }
        let e = Entry(surface: surface, pixels: pixels, opaque: opaque)
        cache.insert(e, bytes: pixelSize.pixelCount * 8, for: index)
        return e
    }
}

/// Frames at a requested pixel size: drawn at that size by sources that can, resized otherwise.
public enum Resampler {
    /// Frame `index` of `source` at `size` pixels, placed as `fit` says, straight RGBA.
    public static func frame(_ index: Int, of source: FrameSource, size: PixelSize, fit: FitMode) throws -> PixelBuffer
    {
        if let scalable = source as? ScalableFrameSource { return try scalable.frame(at: index, size: size, fit: fit) }
        return try resized(source.frame(at: index), to: size, fit: fit)
    }

    /// `frame` resized to `size` (straight RGBA).
    public static func resized(_ frame: PixelBuffer, to size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        if frame.size == size { return frame }
        let src = try Surface(frame)
        let dst = try Surface(width: size.width, height: size.height)
        let ctx = try Context(dst)
        ctx.concat(
            fit.placement(
                of: (Double(frame.width), Double(frame.height)), in: (Double(size.width), Double(size.height))))
        ctx.setSource(src, filter: .good, extend: .pad)
        ctx.rectangle(0, 0, Double(frame.width), Double(frame.height))
        ctx.fill()
        try ctx.status()
        return dst.pixelBuffer()
    }
}
