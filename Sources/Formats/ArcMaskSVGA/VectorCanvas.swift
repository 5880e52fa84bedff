import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues
import Foundation

/// A premultiplied image ready to draw many times. Fully transparent borders are trimmed
/// once, so drawing touches only the pixels that can show.
public final class CanvasImage: @unchecked Sendable {
    let surface: Surface?
    /// The size of the image as given.
    public let width: Int
    public let height: Int
    /// Where the kept part lies in the image.
    let offsetX: Int
    let offsetY: Int
    /// The kept part with each row paired with the one below (`AffineBlit.pairedRows`) and
    /// its outlines, made the first time the blit draws the image: twice the image's bytes
    /// (each border kind), kept for the image's life.
    private var pairs: [UInt32]?
    /// The same with the edge texels for a border, for opaque axis-aligned fills.
    private var paddedPairs: [UInt32]?
    /// Outlines by visible threshold (`AffineBlit.visibleThreshold`).
    private var outlines: [UInt32: [Double]] = [:]
    private let pairsLock = NSLock()

    public init(_ pixels: PixelBuffer) throws {
        width = pixels.width
        height = pixels.height
        var x0 = pixels.width, y0 = pixels.height, x1 = -1, y1 = -1
        pixels.bytes.withUnsafeBufferPointer { p in
            for y in 0..<pixels.height {
                var rowHas = false
                for x in 0..<pixels.width where p[(y * pixels.width + x) * 4 + 3] != 0 {
                    rowHas = true
                    if x < x0 { x0 = x }
                    if x > x1 { x1 = x }
                }
                if rowHas { if y < y0 { y0 = y }; y1 = y }
            }
        }
        guard x1 >= 0 else { surface = nil; offsetX = 0; offsetY = 0; return }
        offsetX = x0
        offsetY = y0
        if x0 == 0 && y0 == 0 && x1 == pixels.width - 1 && y1 == pixels.height - 1 {
            surface = try Surface(pixels)
            return
        }
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        var cropped = PixelBuffer(width: w, height: h)
        cropped.bytes.withUnsafeMutableBytes { dst in
            pixels.bytes.withUnsafeBytes { src in
                for y in 0..<h {
                    (dst.baseAddress! + y * w * 4).copyMemory(
                        from: src.baseAddress! + ((y0 + y) * pixels.width + x0) * 4, byteCount: w * 4)
                }
            }
        }
        surface = try Surface(cropped)
    }

    /// Calls `body` with the kept part as `AffineBlit` reads it, outlined for drawing at
    /// `alpha`, its paired rows bordered transparent (or with `padded`, by the edge texels).
    func withBlitImage<R>(alpha: Double, padded: Bool = false, _ body: (AffineBlit.Image) -> R) -> R? {
        guard let surface else { return nil }
        surface.flush()
        var image = AffineBlit.Image(
            pixels: UnsafePointer(surface.data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0 }),
            width: surface.width, height: surface.height, rowPixels: surface.stride / 4)
        let threshold = AffineBlit.visibleThreshold(alpha: alpha)
        let (pairs, outline) = pairsLock.withLock {
            if padded {
                if self.paddedPairs == nil { self.paddedPairs = AffineBlit.pairedRows(image, padded: true) }
                return (self.paddedPairs!, [Double]())
            }
            if self.pairs == nil { self.pairs = AffineBlit.pairedRows(image) }
            if self.outlines[threshold] == nil {
                self.outlines[threshold] = AffineBlit.outline(image, threshold: threshold)
            }
            return (self.pairs!, self.outlines[threshold]!)
        }
        return pairs.withUnsafeBufferPointer {
            if padded {
                image.paddedPairs = $0.baseAddress
            } else {
                image.outline = outline
                image.pairs = $0.baseAddress
            }
            return body(image)
        }
    }
}

/// Vector drawing in Swift terms (cairo underneath): transforms, paths, clips, fills, strokes,
/// images, and groups masked by other groups.
public final class VectorCanvas {
    let surface: Surface
    let ctx: Context
    /// Per save level: is a clip in effect (bitmaps skip cairo only when none is), and is the
    /// transform degenerate (then nothing draws until the level is restored)?
    private struct Level {
        var clipped = false
        var degenerate = false
        /// Opened by `beginGroup` (closed by `endGroup`), not by `save`.
        var group = false
    }
    private var levels = [Level()]
    /// Off: every bitmap goes through pixman (the reference `AffineBlit` is tested against).
    var allowsBlit = true
    /// The widest kernel the blit's interior runs may use (tests compare them).
    var widestBlit = AffineBlit.Kernel.avx512
    /// Off: the blit draws one pixel at a time in Swift, as its kernels must (the blit fuzzer
    /// compares the two).
    public var wideBlitKernels: Bool {
        get { widestBlit != .scalar }
        set { widestBlit = newValue ? .avx512 : .scalar }
    }

    public init(width: Int, height: Int) throws {
        surface = try Surface(width: width, height: height)
        ctx = try Context(surface)
    }

    /// Clears every pixel and resets the transform and clip, to draw the next picture on
    /// the same surface (cheaper than a new canvas: no fresh pages to fault in).
    public func reset() {
        while levels.count > 1 { restore() }
        ctx.resetClip()
        ctx.resetTransform()
        ctx.clear()
        levels = [Level()]
    }

    public var width: Int { surface.width }
    public var height: Int { surface.height }

    public func save() {
        ctx.save()
        levels.append(levels.last!)
        levels[levels.count - 1].group = false
    }

    public func restore() {
        ctx.restore()
        if levels.count > 1 { levels.removeLast() }
    }

    /// Multiplies the transform by `m`. A product cairo cannot use safely (non-finite, singular
    /// or beyond ten million in scale or a billion in offset: cairo asserts on some of these)
    /// makes the level degenerate: nothing draws until it is restored.
    public func concat(_ m: Affine) {
        let product = m.concatenating(ctx.matrix)
        // An infinite entry fails `largest <= 1e7`; a NaN one makes `det` NaN, which fails its test.
        let largest = max(abs(product.a), abs(product.b), abs(product.c), abs(product.d))
        guard !levels.last!.degenerate, largest <= 1e7, abs(product.determinant) >= 1e-14,
            abs(product.tx) <= 1e9, abs(product.ty) <= 1e9
        else {
            levels[levels.count - 1].degenerate = true
            return
        }
        ctx.concat(m)
    }

    /// Nothing draws at this level (see `concat`).
    private var degenerate: Bool { levels.last!.degenerate }

    /// Whether anything drawn at this level can show (false under a degenerate transform).
    public var isDrawable: Bool { !degenerate }

    public func setPath(_ elements: [PathElement]) {
        ctx.newPath()
        if degenerate { return }
        ctx.append(elements)
    }

    /// A rectangle with rounded corners (radius clamped to half the shorter side).
    public func setRoundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        ctx.newPath()
        if degenerate { return }
        let r = max(0, min(radius, abs(width) / 2, abs(height) / 2))
        if r == 0 { ctx.rectangle(x, y, width, height); return }
        ctx.arc(cx: x + width - r, cy: y + r, radius: r, from: -.pi / 2, to: 0)
        ctx.arc(cx: x + width - r, cy: y + height - r, radius: r, from: 0, to: .pi / 2)
        ctx.arc(cx: x + r, cy: y + height - r, radius: r, from: .pi / 2, to: .pi)
        ctx.arc(cx: x + r, cy: y + r, radius: r, from: .pi, to: 3 * .pi / 2)
        ctx.closePath()
    }

    public func setEllipse(cx: Double, cy: Double, rx: Double, ry: Double) {
        ctx.newPath()
        guard !degenerate, rx > 0, ry > 0 else { return }
        ctx.save()
        ctx.translate(cx, cy)
        ctx.scale(rx, ry)
        ctx.arc(cx: 0, cy: 0, radius: 1, from: 0, to: 2 * .pi)
        ctx.closePath()
        ctx.restore()
    }

    /// Intersects the clip with the current path (non-zero winding).
    public func clip() {
        // A clip drawn under a degenerate transform leaves nothing visible.
        if degenerate { return }
        ctx.clip()
        levels[levels.count - 1].clipped = true
    }

    public func fill(_ color: Color) {
        if degenerate { return }
        ctx.setSource(color)
        ctx.fill(preserve: true)
    }

    public func stroke(_ color: Color, style: StrokeStyle) {
        if degenerate { return }
        ctx.setSource(color)
        ctx.setStroke(style)
        ctx.stroke(preserve: true)
        ctx.setDash([])
    }

    /// Draws `image` with its top-left at the origin of the current transform, bilinear
    /// filtered (as the players draw bitmaps); only the image's own rectangle is touched.
    /// Rotated, skewed and translucent resampled images are drawn by `AffineBlit` (under a
    /// clip, through the clip's coverage); the rest by pixman.
    public func draw(_ image: CanvasImage, alpha: Double) {
        guard let surface = image.surface, !degenerate else { return }
        let m = ctx.matrix
        let scale = max(abs(m.a), abs(m.d), abs(m.c), abs(m.b))
        if allowsBlit, Self.needsBlit(m, scale: scale, alpha: alpha) {
            if !levels.last!.clipped {
                if blit(image, m, alpha: alpha, clip: nil) { return }
            } else if let (pattern, coverage) = clipCoverage() {
                let drawn = withExtendedLifetime(pattern) { blit(image, m, alpha: alpha, clip: coverage) }
                if drawn { return }
            }
        }
        // Opaque axis-aligned draws that resample: the padded rectangle, filled by the blit.
        if allowsBlit, alpha >= 1, !levels.last!.clipped, m.b == 0, m.c == 0, Self.resamples(m), fill(image, m) {
            return
        }
        ctx.save()
        defer { ctx.restore() }
        ctx.translate(Double(image.offsetX), Double(image.offsetY))
        if alpha >= 1 {
            // A filled rectangle with a padded source keeps pixman on its fast scaling paths.
            ctx.setSource(surface, filter: .bilinear, extend: .pad)
            ctx.newPath()
            ctx.rectangle(0, 0, Double(surface.width), Double(surface.height))
            ctx.fill()
        } else {
            ctx.setSource(surface, filter: .bilinear)
            ctx.paint(alpha: alpha)
        }
    }

    /// Whether a draw goes to `AffineBlit`'s sampling (`draw`): rotated and skewed images, and
    /// translucent ones that resample. Pixman draws those on its general path (a scalar
    /// bilinear fetch, then the combiner: several times slower than the blit). Opaque
    /// axis-aligned ones that resample go to `AffineBlit.fillRectangle` instead (the image's
    /// rectangle filled with the image padded: a hard edge, as the players draw it; the
    /// sampling's edge is soft); whole-pixel copies stay with pixman's SIMD paths.
    static func needsBlit(_ m: Affine, scale: Double, alpha: Double) -> Bool {
        if abs(m.c) > 1e-9 * scale || abs(m.b) > 1e-9 * scale { return true }
        return alpha < 1 && resamples(m)
    }

    /// Whether an axis-aligned transform resamples: anything but a whole-pixel translation.
    static func resamples(_ m: Affine) -> Bool {
        let whole = { (x: Double) in abs(x - x.rounded()) < 1e-9 }
        return !(abs(m.a - 1) < 1e-9 && abs(m.d - 1) < 1e-9 && whole(m.tx) && whole(m.ty))
    }

    /// Draws through `AffineBlit` straight into the current target (the canvas or the group
    /// being drawn); false when that target is not a plain ARGB32 image.
    private func blit(_ image: CanvasImage, _ m: Affine, alpha: Double, clip: ImageAccess?) -> Bool {
        guard let (target, into, transform) = blitTarget(image, m) else { return false }
        // The clip's coverage byte (i, j) lies at device pixel (i − its offset); shift it into this target's pixels.
        let mask = clip.map {
            AffineBlit.Mask(
                coverage: UnsafePointer($0.data), x: -Int($0.deviceOffsetX) + Int(target.deviceOffsetX),
                y: -Int($0.deviceOffsetY) + Int(target.deviceOffsetY),
                width: $0.width, height: $0.height, rowBytes: $0.stride)
        }
        _ = image.withBlitImage(alpha: min(1, alpha)) { source in
            AffineBlit.draw(
                source, over: into, transform: transform, alpha: min(1, alpha), mask: mask, widest: widestBlit)
        }
        target.markDirty()
        return true
    }

    /// Fills the rectangle of an opaque axis-aligned image through `AffineBlit.fillRectangle`
    /// (as cairo fills it with the image padded); false when the target is not a plain
    /// ARGB32 image or the transform does not suit.
    private func fill(_ image: CanvasImage, _ m: Affine) -> Bool {
        guard let (target, into, transform) = blitTarget(image, m) else { return false }
        let drawn =
            image.withBlitImage(alpha: 1, padded: true) { source in
                AffineBlit.fillRectangle(source, over: into, transform: transform, alpha: 1, widest: widestBlit)
            } ?? false
        if drawn { target.markDirty() }
        return drawn
    }

    /// The current target (the canvas or the group being drawn), flushed, as the blit writes
    /// it, and `m` for the image's kept part in its pixels (a group may have a device
    /// offset); nil when the target is not a plain ARGB32 image.
    private func blitTarget(_ image: CanvasImage, _ m: Affine) -> (ImageAccess, AffineBlit.Target, Affine)? {
        guard let target = ctx.currentTargetImage() else { return nil }
        target.flush()
        let into = AffineBlit.Target(
            pixels: target.data.withMemoryRebound(to: UInt32.self, capacity: 1) { $0 },
            width: target.width, height: target.height, rowPixels: target.stride / 4)
        let ox = Double(image.offsetX), oy = Double(image.offsetY)
        let transform = Affine(
            a: m.a, b: m.b, c: m.c, d: m.d,
            tx: m.tx + m.a * ox + m.c * oy + target.deviceOffsetX, ty: m.ty + m.b * ox + m.d * oy + target.deviceOffsetY
        )
        return (target, into, transform)
    }

    /// The current clip as coverage over its extents, drawn by cairo (so it matches what cairo
    /// would clip to); nil if cairo gives no plain A8 image. The pattern owns the coverage.
    private func clipCoverage() -> (Pattern, ImageAccess)? {
        ctx.pushGroup(alphaOnly: true)
        ctx.setSource(.black)
        ctx.paint()
        let pattern = ctx.popGroup()
        guard let coverage = pattern.alphaImage() else { return nil }
        coverage.flush()
        return (pattern, coverage)
    }

    /// Starts drawing into an offscreen group.
    public func beginGroup() {
        ctx.pushGroup()
        levels.append(levels.last!)
        levels[levels.count - 1].group = true
    }

    /// How many saves and groups are open (for `unwind(to:)`).
    public var depth: Int { levels.count }

    /// Closes saves and groups opened since `depth` was read (groups dropped undrawn), as after
    /// code that may leave them open; throws cairo's error if the context broke.
    public func unwind(to depth: Int) throws {
        while levels.count > max(1, depth) {
            if levels.last!.group { _ = endGroup() } else { restore() }
        }
        try ctx.status()
    }

    /// Ends the group begun by `beginGroup()`, to paint or to use as a mask.
    public func endGroup() -> Pattern {
        if levels.count > 1 { levels.removeLast() }
        return ctx.popGroup()
    }

    /// Paints `content` with `alpha` applied.
    public func paint(_ content: Pattern, alpha: Double) {
        ctx.setSource(content)
        ctx.paint(alpha: alpha)
    }

    /// Paints `content` where `mask` is opaque (multiplied by the mask's alpha).
    public func paint(_ content: Pattern, maskedBy mask: Pattern) {
        ctx.setSource(content)
        ctx.mask(mask)
    }

    public func pixels() throws -> PixelBuffer {
        try ctx.status()
        return surface.pixelBuffer()
    }

    /// The drawing so far, premultiplied, copied into a surface of its own.
    public func surfaceCopy() throws -> Surface {
        try ctx.status()
        return try surface.copy()
    }
}
