import ArcMaskValues

/// Premultiplied 32-bit pixels in memory, as cairo's ARGB32 image surfaces hold them: one
/// native-endian word per pixel, alpha in the top byte.
public struct PixelTarget {
    public let data: UnsafeMutablePointer<UInt8>
    public let width: Int
    public let height: Int
    public let stride: Int

    public init(data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) {
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
    }
}

/// A solid colour, straight (0…1 each), converted as cairo converts a source colour: through
/// 16 bits per channel, premultiplied, then the top 8 bits.
public struct SolidColor: Sendable, Equatable {
    public let pixel: UInt32

    public init(r: Double, g: Double, b: Double, a: Double) {
        func byte(_ v: Double) -> UInt32 {
            let c = v.isFinite ? min(max(v, 0), 1) : 0
            return UInt32(c * 65535 + 0.5) >> 8
        }
        let alpha = a.isFinite ? min(max(a, 0), 1) : 0
        pixel = byte(alpha) << 24 | byte(r * alpha) << 16 | byte(g * alpha) << 8 | byte(b * alpha)
    }

    public var alpha: UInt32 { pixel >> 24 }
}

/// Draws filled and stroked paths in solid colours onto premultiplied pixels, through a clip:
/// exact-area antialiasing, non-zero or even-odd winding, cairo's stroke geometry and
/// compositing arithmetic. It draws what cairo's image backend spends most of a vector frame on;
/// one rasterizer draws on one thread at a time.
public final class Rasterizer {
    public let width: Int
    public let height: Int
    /// How far a flattened curve may stray from the true one, in device pixels (cairo's default).
    public var tolerance = 0.1
    let converter: ScanConverter
    private let strokeBuffers = Stroker.Contour()
    /// The box the last fill or stroke may have drawn in (whole pixels), nil when it drew nothing.
    @exclusivity(unchecked) public private(set) var lastBounds: (x0: Int, y0: Int, x1: Int, y1: Int)?

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        converter = ScanConverter(width: self.width, height: self.height)
    }

    /// The interior of `path` (under `transform`) painted over `target` in `color`, blended
    /// by `blend`.
    public func fill(
        _ path: RasterPath, transform: Affine, evenOdd: Bool, color: SolidColor, blend: RasterBlend = .normal,
        clip: ClipMask?, into target: PixelTarget
    ) {
        lastBounds = nil
        guard prepareFill(path, transform) else { return }
        composite(evenOdd: evenOdd, color: color, blend: blend, clip: clip, into: target)
    }

    /// The outline of `path` of `geometry` (in user units, under `transform`) painted over
    /// `target` in `color`, blended by `blend`.
    public func stroke(
        _ path: RasterPath, transform: Affine, geometry: StrokeGeometry, color: SolidColor,
        blend: RasterBlend = .normal, clip: ClipMask?, into target: PixelTarget
    ) {
        lastBounds = nil
        guard prepareStroke(path, transform, geometry) else { return }
        composite(evenOdd: false, color: color, blend: blend, clip: clip, into: target)
    }

    /// The area the paths enclose together (non-zero winding over all of them), within `parent`.
    public func clip(_ paths: [(RasterPath, Affine)], within parent: ClipMask?) -> ClipMask {
        converter.reset()
        for (path, transform) in paths where path.isFinite && transform.isInvertible {
            addFill(path, transform)
        }
        if let rect = axisAlignedRectangle(), parent?.isRectangle ?? true {
            return ClipMask(rect: rect, within: parent, width: width, height: height)
        }
        return ClipMask(scanning: converter, within: parent, width: width, height: height)
    }

    /// The fill's edges in the converter (false when nothing would be drawn).
    func prepareFill(_ path: RasterPath, _ transform: Affine) -> Bool {
        converter.reset()
        guard path.isFinite, transform.isInvertible else { return false }
        addFill(path, transform)
        return !converter.isEmpty
    }

    func prepareStroke(_ path: RasterPath, _ transform: Affine, _ geometry: StrokeGeometry) -> Bool {
        converter.reset()
        guard path.isFinite, transform.isInvertible, geometry.width.isFinite, geometry.width > 0,
            geometry.miterLimit.isFinite
        else { return false }
        // The tolerance in user units: device pixels over the transform's largest stretch.
        let t = transform
        let p = t.a * t.a + t.b * t.b, q = t.c * t.c + t.d * t.d, s = t.a * t.c + t.b * t.d
        let stretch = ((p + q) / 2 + (((p - q) / 2) * ((p - q) / 2) + s * s).squareRoot()).squareRoot()
        let userTolerance = tolerance / max(stretch, 1e-12)
        let lines = path.flattened(.identity, tolerance: userTolerance)
        Stroker(
            geometry: geometry, transform: transform, tolerance: userTolerance, converter: converter, c: strokeBuffers
        ).stroke(lines)
        return !converter.isEmpty
    }

    /// The path's edges in device pixels, each contour closed, curves flattened as they come.
    private func addFill(_ path: RasterPath, _ transform: Affine) {
        let t = transform
        var start = (x: 0.0, y: 0.0), last = start
        var open = false
        func close() {
            if open { converter.addEdge(last.x, last.y, start.x, start.y) }
            open = false
        }
        for e in path.elements {
            switch e {
            case let .move(x, y):
                close()
                start = t.apply(x, y)
                last = start
            case let .line(x, y):
                let p = t.apply(x, y)
                converter.addEdge(last.x, last.y, p.x, p.y)
                last = p
                open = true
            case let .curve(x1, y1, x2, y2, x, y):
                let c1 = t.apply(x1, y1), c2 = t.apply(x2, y2), p = t.apply(x, y)
                let n = RasterPath.cubicSteps(last, c1, c2, p, tolerance: tolerance)
                var q = last
                let inv = 1 / Double(n)
                for k in 1..<n {
                    let r = RasterPath.cubicPoint(last, c1, c2, p, at: Double(k) * inv)
                    converter.addEdge(q.x, q.y, r.x, r.y)
                    q = r
                }
                converter.addEdge(q.x, q.y, p.x, p.y)
                last = p
                open = true
            case .close:
                close()
                last = start
            }
        }
        close()
    }

    /// The edges, when they are exactly one rectangle on whole pixels.
    private func axisAlignedRectangle() -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let edges = converter.edges
        guard edges.count == 2, edges[0].dxdy == 0, edges[1].dxdy == 0, edges[0].dir != edges[1].dir,
            edges[0].y0 == edges[1].y0, edges[0].y1 == edges[1].y1
        else { return nil }
        let xa = min(edges[0].x0, edges[1].x0), xb = max(edges[0].x0, edges[1].x0)
        let ya = edges[0].y0, yb = edges[0].y1
        for v in [xa, xb, ya, yb] where v.rounded() != v || abs(v) > 1e9 { return nil }
        return (Int(xa), Int(ya), Int(xb), Int(yb))
    }

    /// The converter's coverage, through the clip, painted over the target in the colour: the
    /// arithmetic of pixman's OVER (or the blend) with a solid source and an 8-bit mask.
    private func composite(
        evenOdd: Bool, color: SolidColor, blend: RasterBlend, clip: ClipMask?, into target: PixelTarget
    ) {
        lastBounds = nil
        guard color.alpha > 0 else { return }
        let src = color.pixel
        let opaque = color.alpha == 255
        var rows = 0..<min(height, target.height)
        if let clip { rows = rows.clamped(to: clip.y0..<clip.y1) }
        let drawnRows = converter.rows.clamped(to: rows)
        if !drawnRows.isEmpty, converter.minX.isFinite, converter.maxX.isFinite {
            let w = Double(target.width)
            let lo = max(Int(min(max(converter.minX, -1), w).rounded(.down)), clip?.x0 ?? 0, 0)
            let right = Int(min(max(converter.maxX, -1), w).rounded(.up)) + 1
            let hi = min(right, target.width, clip?.x1 ?? target.width)
            if lo < hi { lastBounds = (lo, drawnRows.lowerBound, hi, drawnRows.upperBound) }
        }
        let right = target.width
        converter.scan(evenOdd: evenOdd, limit: rows) { y, x0, x1, alpha in
            let row = UnsafeMutableRawPointer(target.data + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let paint = { (a: Int, b: Int, alpha: UInt32) in
                let b = min(b, right)
                guard a < b else { return }
                if blend != .normal {
                    let s = alpha == 255 ? src : Pixel.scale(src, alpha)
                    for x in a..<b { row[x] = blend.apply(s, row[x]) }
                } else if alpha == 255 && opaque {
                    (row + a).update(repeating: src, count: b - a)
                } else {
                    Pixel.over(alpha == 255 ? src : Pixel.scale(src, alpha), row + a, count: b - a)
                }
            }
            if let clip {
                clip.forEachRun(y, x0, x1) { a, b, m in paint(a, b, m == 255 ? alpha : Pixel.mul(alpha, m)) }
            } else {
                paint(x0, x1, alpha)
            }
        }
    }
}

/// pixman's 8-bit arithmetic on packed premultiplied pixels.
enum Pixel {
    /// a × b / 255, rounded as pixman rounds.
    @inline(__always)
    static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 0x80
        return ((t &>> 8) &+ t) &>> 8
    }

    /// Every channel × m / 255.
    @inline(__always)
    static func scale(_ x: UInt32, _ m: UInt32) -> UInt32 {
        var lo = (x & 0x00FF_00FF) &* m &+ 0x0080_0080
        lo = ((lo &+ ((lo &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        var hi = ((x &>> 8) & 0x00FF_00FF) &* m &+ 0x0080_0080
        hi = (hi &+ ((hi &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return lo | hi
    }

    /// One colour over a run of pixels, four at a time in vector lanes, with the arithmetic of
    /// `over(_:_:)` exactly.
    @inline(__always)
    static func over(_ src: UInt32, _ row: UnsafeMutablePointer<UInt32>, count: Int) {
        let ia = UInt16(255 &- (src &>> 24))
        let b0 = UInt16(src & 0xFF), b1 = UInt16((src &>> 8) & 0xFF)
        let b2 = UInt16((src &>> 16) & 0xFF), b3 = UInt16(src &>> 24)
        let s = SIMD16<UInt16>(b0, b1, b2, b3, b0, b1, b2, b3, b0, b1, b2, b3, b0, b1, b2, b3)
        let round = SIMD16<UInt16>(repeating: 0x80), top = SIMD16<UInt16>(repeating: 255)
        var i = 0
        let raw = UnsafeMutableRawPointer(row)
        while i + 4 <= count {
            let d = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self))
            var t = d &* ia &+ round
            t = (t &+ (t &>> 8)) &>> 8
            let r = (t &+ s).replacing(with: top, where: t &+ s .> top)
            raw.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: r), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            row[i] = over(src, row[i])
            i += 1
        }
    }

    /// src OVER dst: dst × (255 − src alpha) / 255 + src, each channel saturating.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let ia = 255 &- (src &>> 24)
        let d = scale(dst, ia)
        var lo = (d & 0x00FF_00FF) &+ (src & 0x00FF_00FF)
        lo |= 0x0100_0100 &- ((lo &>> 8) & 0x0001_0001)
        lo &= 0x00FF_00FF
        var hi = ((d &>> 8) & 0x00FF_00FF) &+ ((src &>> 8) & 0x00FF_00FF)
        hi |= 0x0100_0100 &- ((hi &>> 8) & 0x0001_0001)
        hi &= 0x00FF_00FF
        return lo | hi &<< 8
    }
}
