internal import CCairo
import ArcMaskCore

/// How a frame is placed in a view of another shape.
public enum FitMode: String, Sendable, CaseIterable, Codable {
    /// Cover the whole view, cropping the overflow (what widgets usually want).
    case fill
    /// Show the whole frame, leaving transparent bars.
    case fit
}

/// Frames of a source resized to the view's pixel size, kept in a cache bounded in bytes.
///
/// Resizing uses cairo's GOOD filter (box-filtered when shrinking, bilinear when growing)
/// with the edges padded, so borders do not darken.
public final class FrameImages {
    public let source: FrameSource
    public let pixelSize: PixelSize
    public let fit: FitMode
    /// Bytes the cache may hold (each frame is kept as a cairo surface and as RGBA).
    public let budget: Int
    private var cache: [Int: Entry] = [:]
    private var order: [Int] = []

    private struct Entry {
        let surface: CairoSurface
        let pixels: PixelBuffer
        let opaque: Bool
    }

    public init(source: FrameSource, pixelSize: PixelSize, fit: FitMode = .fill, budget: Int = 128 << 20) {
        self.source = source
        self.pixelSize = pixelSize
        self.fit = fit
        self.budget = budget
    }

    /// Frame `index` at the view's pixel size, straight RGBA.
    public func image(_ index: Int) throws -> PixelBuffer { try entry(index).pixels }

    /// Every pixel of frame `index` at the view's size is fully opaque.
    public func isOpaque(_ index: Int) throws -> Bool { try entry(index).opaque }

    func surface(_ index: Int) throws -> CairoSurface { try entry(index).surface }

    private func entry(_ index: Int) throws -> Entry {
        if let e = cache[index] {
            if order.last != index {
                order.removeAll { $0 == index }
                order.append(index)
            }
            return e
        }
        let s = try FrameImages.resize(source.frame(at: index), to: pixelSize, fit: fit)
        let pixels = s.pixelBuffer()
        let opaque = stride(from: 3, to: pixels.bytes.count, by: 4).allSatisfy { pixels.bytes[$0] == 255 }
        let e = Entry(surface: s, pixels: pixels, opaque: opaque)
        let each = pixelSize.pixelCount * 8
        while !order.isEmpty && (order.count + 1) * each > budget {
            cache[order.removeFirst()] = nil
        }
        cache[index] = e
        order.append(index)
        return e
    }

    /// `frame` resized to `size` (straight RGBA), as the cache would hold it.
    public static func resized(_ frame: PixelBuffer, to size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        if frame.size == size { return frame }
        return try resize(frame, to: size, fit: fit).pixelBuffer()
    }

    static func resize(_ frame: PixelBuffer, to size: PixelSize, fit: FitMode) throws -> CairoSurface {
        let src = try CairoSurface(frame)
        if frame.size == size { return src }
        let dst = try CairoSurface(width: size.width, height: size.height, format: .argb)
        let ctx = try CairoContext(dst)
        let sx = Double(size.width) / Double(frame.width), sy = Double(size.height) / Double(frame.height)
        let k = fit == .fill ? max(sx, sy) : min(sx, sy)
        cairo_translate(ctx.cr, (Double(size.width) - k * Double(frame.width)) / 2,
                        (Double(size.height) - k * Double(frame.height)) / 2)
        cairo_scale(ctx.cr, k, k)
        cairo_set_source_surface(ctx.cr, src.surface, 0, 0)
        let pattern = cairo_get_source(ctx.cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(ctx.cr, 0, 0, Double(frame.width), Double(frame.height))
        cairo_fill(ctx.cr)
        try ctx.status()
        return dst
    }
}
