import ArcMaskValues
internal import CBlit
import Foundation

/// Draws a premultiplied ARGB32 image (cairo's layout: one native-endian `UInt32` per pixel,
/// alpha in the top byte) into a premultiplied ARGB32 surface under an affine transform:
/// bilinear filtering, transparent outside the image (pixman's `EXTEND_NONE`, which gives the
/// image a one-pixel soft edge), Porter-Duff OVER, times a constant alpha and, under a clip,
/// times the clip's coverage.
///
/// This is the renderer's path for rotated, skewed and translucent resampled bitmaps, where
/// pixman's general bilinear-affine path costs 9–14 ns per pixel; `fillRectangle` takes
/// opaque axis-aligned ones. Positions are 16.16 fixed point and the bilinear weights 7 bits
/// (as pixman's). Each row is first cut to the image's outline at the draw's alpha; its
/// interior, where the taps lie inside the bordered paired rows, runs in `CBlit`'s AVX-512 or
/// AVX2 kernels (near 1 ns a pixel), and the rest one pixel at a time with the same
/// arithmetic.
enum AffineBlit {
    /// The faintest alpha that can show at `alpha`: a mix fainter than ⌈256 / f⌉ (f = alpha
    /// in 256ths) comes out as zero in every channel, since (s·f) >> 8 = 0. Rounded down to a
    /// power of two, so an image keeps at most nine outlines.
    static func visibleThreshold(alpha: Double) -> UInt32 {
        let f = UInt32(min(256, max(1, (alpha * 256).rounded())))
        let t = (256 + f - 1) / f
        return 1 << (31 - UInt32(t.leadingZeroBitCount))
    }

    /// The interior's kernels. On x86-64 a request for `.avx2` or `.avx512` is a cap (the
    /// widest the CPU runs, up to it); on arm64 either means NEON, the one vector kernel there.
    /// `.neon` asks for NEON itself: native on arm64, through SIMDe on x86-64 (for tests).
    enum Kernel: Int, CaseIterable {
        /// One pixel at a time, in Swift.
        case scalar = 0
        /// Eight pixels a step (`CBlit`).
        case avx2 = 1
        /// Sixteen pixels a step (`CBlit`).
        case avx512 = 2
        /// Two pixels a step with 128-bit NEON vectors (`CBlit`).
        case neon = 3

        /// The kernel to run for a request of `widest`, given what this machine has.
        static func chosen(for widest: Kernel) -> Kernel {
            switch widest {
            case .scalar: return .scalar
            case .neon: return neonAvailable ? .neon : .scalar
            case .avx2, .avx512:
                #if arch(arm64)
                return neonAvailable ? .neon : .scalar
                #else
                return Kernel(rawValue: min(widest.rawValue, x86Level)) ?? .scalar
                #endif
            }
        }

        private static let x86Level = Int(arcmask_blit_level())
        static let neonAvailable = arcmask_blit_neon_available() != 0
    }

    struct Image {
        let pixels: UnsafePointer<UInt32>
        let width: Int
        let height: Int
        /// Pixels from one row to the next.
        let rowPixels: Int
        /// The image in the wide kernels' layout (`pairedRows`), if the caller keeps one;
        /// else `draw` makes it when it runs a kernel.
        var pairs: UnsafePointer<UInt32>? = nil
        /// The image's `outline` at the draw's `threshold`, if the caller keeps it; else
        /// `draw` finds it.
        var outline: [Double]? = nil
        /// `pairedRows(padded: true)`, for `fillRectangle`, if the caller keeps it.
        var paddedPairs: UnsafePointer<UInt32>? = nil
    }

    /// Unit vectors n at every 22.5°: an image's outline is how far (n · (u, v) ≤ reach) its
    /// visible pixels reach along each.
    static let outlineDirections: [(Double, Double)] = (0..<16).map { k in
        let angle = Double(k) * .pi / 8
        return (cos(angle), sin(angle))
    }

    /// The 16-sided polygon outside which a sample leaves the target as it is: along each of
    /// `outlineDirections`, the furthest reach of a sample position (u, v) whose taps
    /// (⌊u⌋ or ⌊u⌋ + 1, ⌊v⌋ or ⌊v⌋ + 1) include a pixel with alpha ≥ `threshold`, that is of
    /// the corners (x ± 1, y ± 1) of such pixels. Outside it every tap with weight is fainter
    /// than the threshold, and so is their mix. Rows are clipped to it before any pixel is
    /// touched: trimmed images are still transparent at the corners of round shapes, and
    /// faint draws leave their faint fringe out. Empty when no pixel reaches the threshold.
    static func outline(_ image: Image, threshold: UInt32 = 1) -> [Double] {
        var reach = [Double](repeating: -.infinity, count: outlineDirections.count)
        var any = false
        for y in 0..<image.height {
            let row = image.pixels + y * image.rowPixels
            // The row's first and last pixels with alpha decide its reach in every direction.
            guard let first = (0..<image.width).first(where: { row[$0] >> 24 >= threshold }) else { continue }
            let last = (first..<image.width).last { row[$0] >> 24 >= threshold }!
            any = true
            for (k, (nu, nv)) in outlineDirections.enumerated() {
                let corner = abs(nu) + abs(nv) + nv * Double(y)
                reach[k] = max(reach[k], nu * Double(first) + corner, nu * Double(last) + corner)
            }
        }
        return any ? reach : []
    }

    /// The image with each row paired with the one below, for the wide kernels, inside a
    /// border one texel wide: texel (x, y) at `2·((y + 1)·(width + 2) + x + 1)`, the texel
    /// under it next, for y from −1 through height − 1. Every sample whose taps may hold
    /// colour (−1 ≤ u < width, −1 ≤ v < height) reads it without a bounds check. The border
    /// is transparent (the kernels then draw the image's soft edge), or with `padded` a copy
    /// of the nearest edge texel (taps clamped to the image, as pixman's `EXTEND_PAD`). Each
    /// byte is stored with its top bit flipped (p − 128 as a signed byte, as the kernels take it).
    static func pairedRows(_ image: Image, padded: Bool = false) -> [UInt32] {
        let w = image.width, h = image.height, stride = w + 2
        let count = 2 * stride * (h + 1)
        // Each byte's top bit flipped: the kernels' `maddubs` takes the taps as p − 128.
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            let p = padded ? clampedTexel(image, x, y) : AffineBlit.texel(image, x, y)
            return p ^ 0x8080_8080
        }
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            for y in -1..<h {
                let row = out.baseAddress! + 2 * ((y + 1) * stride + 1)
                for x in -1...w {
                    row[2 * x] = texel(x, y)
                    row[2 * x + 1] = texel(x, y + 1)
                }
            }
            initialized = count
        }
    }

    struct Target {
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int
        let height: Int
        let rowPixels: Int
    }

    /// A clip as coverage (0…255) over a box of target pixels; nothing is drawn outside it.
    struct Mask {
        let coverage: UnsafePointer<UInt8>
        /// The target pixel of the first coverage byte.
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let rowBytes: Int
    }

    /// Composites `image` over `target`, `transform` mapping image space to target pixels.
    /// Returns false (drawing nothing) for transforms it cannot invert.
    /// - Parameter widest: the widest kernel the interior may run where the CPU has it (each
    ///   has the pixel-at-a-time loop's arithmetic, so the same pixels; tests compare them).
    @discardableResult
    static func draw(
        _ image: Image, over target: Target, transform m: Affine, alpha: Double, mask: Mask? = nil,
        widest: Kernel = .avx512
    ) -> Bool {
        let det = m.a * m.d - m.b * m.c
        guard det.isFinite, abs(det) > 1e-12, m.tx.isFinite, m.ty.isFinite, alpha > 0,
            image.width > 0, image.height > 0
        else { return false }
        // Target → image: u = ia·x + ic·y + itx, v = ib·x + id·y + ity.
        let ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det
        let itx = (m.c * m.ty - m.d * m.tx) / det, ity = (m.b * m.tx - m.a * m.ty) / det
        // Steps beyond a million image pixels per target pixel (an image shrunk to nothing)
        // would not fit the 16.16 arithmetic: those go back to pixman.
        guard [ia, ib, ic, id, itx, ity].allSatisfy(\.isFinite), abs(ia) < 1e6, abs(ib) < 1e6 else { return false }

        // The target rows and columns the image (with its soft edge) can touch.
        let w = Double(image.width), h = Double(image.height)
        let corners = [(-1.0, -1.0), (w + 1, -1), (-1, h + 1), (w + 1, h + 1)].map { (x, y) in
            (m.a * x + m.c * y + m.tx, m.b * x + m.d * y + m.ty)
        }
        let minX = corners.map(\.0).min()!, maxX = corners.map(\.0).max()!
        let minY = corners.map(\.1).min()!, maxY = corners.map(\.1).max()!
        // The box drawing may touch: the target, or the clip's box within it.
        let bx0 = max(0, mask?.x ?? 0), by0 = max(0, mask?.y ?? 0)
        let bx1 = min(target.width, mask.map { $0.x + $0.width } ?? target.width) - 1
        let by1 = min(target.height, mask.map { $0.y + $0.height } ?? target.height) - 1
        guard minX < Double(bx1 + 1), maxX > Double(bx0), minY < Double(by1 + 1), maxY > Double(by0) else {
            return true
        }
        // Clamped as doubles first: far-off corners must not overflow the conversion.
        let x0 = Int(max(Double(bx0), minX.rounded(.down))), x1 = Int(min(Double(bx1), maxX.rounded(.up)))
        let y0 = Int(max(Double(by0), minY.rounded(.down))), y1 = Int(min(Double(by1), maxY.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return true }

        let alpha256 = UInt32(min(256, max(0, (alpha * 256).rounded())))
        let du = Int((ia * 65536).rounded()), dv = Int((ib * 65536).rounded())
        // The wide kernels work in 32-bit positions and offsets.
        let level = kernelLevel(image, steps: (du, dv), widest: widest)
        let outline = image.outline ?? outline(image, threshold: visibleThreshold(alpha: alpha))
        guard !outline.isEmpty else { return true }
        let made = level > 0 && image.pairs == nil ? pairedRows(image) : []
        made.withUnsafeBufferPointer { madePairs in
            let pairs = level == 0 ? nil : image.pairs ?? UnsafePointer(madePairs.baseAddress)
            drawRows(
                image, pairs: pairs, level: level, outline: outline, over: target, rows: y0...y1,
                columns: x0...x1, inverse: (ia, ib, ic, id, itx, ity), steps: (du, dv), alpha256: alpha256, mask: mask)
        }
        return true
    }

    /// Half-planes n · (u, v) ≤ c of image space, as columns of each target row y: with the
    /// sample positions linear in x and y, each gives x ≤ a + b·y or x ≥ a + b·y, or, when
    /// rows run parallel to its edge, keeps a row whole (a + b·y ≤ 0) or drops it.
    private struct ColumnBounds {
        private var upper: [(Double, Double)] = [], lower: [(Double, Double)] = []
        private var parallel: [(Double, Double)] = []

        /// Row y's column x samples (u, v) = origin + x·step + y·down.
        init(
            _ planes: [((Double, Double), Double)], origin: (Double, Double), step: (Double, Double),
            down: (Double, Double)
        ) {
            for (n, c) in planes {
                let along = n.0 * step.0 + n.1 * step.1
                let base = n.0 * origin.0 + n.1 * origin.1, perRow = n.0 * down.0 + n.1 * down.1
                if abs(along) < 1e-12 {
                    parallel.append((base - c, perRow))
                } else if along > 0 {
                    upper.append(((c - base) / along, -perRow / along))
                } else {
                    lower.append(((c - base) / along, -perRow / along))
                }
            }
        }

        /// Narrows `lo…hi` to the columns of row `y` inside every half-plane; lo > hi when none are.
        @inline(__always)
        func narrow(_ lo: inout Double, _ hi: inout Double, y: Double) {
            for (a, b) in upper { hi = min(hi, a + b * y) }
            for (a, b) in lower { lo = max(lo, a + b * y) }
            for (a, b) in parallel where !(a + b * y <= 0) { lo = 1; hi = 0 }
        }
    }

    /// The rows of `draw`, once the transform is inverted (target → image) and the box found.
    private static func drawRows(
        _ image: Image, pairs: UnsafePointer<UInt32>?, level: Int, outline: [Double], over target: Target,
        rows: ClosedRange<Int>, columns: ClosedRange<Int>, inverse: (Double, Double, Double, Double, Double, Double),
        steps: (Int, Int), alpha256: UInt32, mask: Mask?
    ) {
        let (ia, ib, ic, id, itx, ity) = inverse
        let x0 = columns.lowerBound, x1 = columns.upperBound
        let w = Double(image.width), h = Double(image.height)
        // Where a sample reads its taps without a bounds check (fixed point): the kernels read
        // the bordered pairs, so −1 ≤ u < w and −1 ≤ v < h; the loop here reads the image,
        // so all four taps inside: 0 ≤ u < w − 1, same for v.
        let bordered = pairs != nil
        let lowU = bordered ? -65536 : 0, lowV = lowU
        let highU = (image.width - (bordered ? 0 : 1)) << 16, highV = (image.height - (bordered ? 0 : 1)) << 16
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: pairs != nil && mask != nil ? x1 - x0 + 1 : 0)
        defer { scratch.deallocate() }
        let painter = RowPainter(
            image: image, pairs: pairs, level: level, du: steps.0, dv: steps.1, lowU: lowU, highU: highU,
            lowV: lowV, highV: highV, alpha256: alpha256,
            // Under a clip, each pixel's multiplier is alpha × coverage, in 256ths.
            scaled: mask == nil ? [] : (0...255).map { (alpha256 * UInt32($0) + 127) / 255 }, scratch: scratch)
        // Pixel (x, y) samples at its centre; texel centres sit at i + 0.5, hence the −0.5:
        // (u, v) = origin + x·step + y·down.
        let origin = (ia * 0.5 + ic * 0.5 + itx - 0.5, ib * 0.5 + id * 0.5 + ity - 0.5)
        let step = (ia, ib), down = (ic, id)
        // Where some tap may show: the outline, widened by what the fixed-point positions can
        // stray from these (half a unit per step across the box) plus a weight's 1/128, so
        // every sample left out has only transparent taps or weights of zero on the rest.
        let slack = 1.0 / 128 + Double(x1 - x0 + 2) / 65536
        let shows = ColumnBounds(
            zip(outlineDirections, outline).map { n, c in (n, c + 1.5 * slack) }, origin: origin, step: step,
            down: down)
        // Where all four taps lie inside (an estimate; made exact per row below).
        let margin = bordered ? 1.0 : 0
        let within = ColumnBounds(
            [((-1, 0), margin), ((1, 0), w - 1 + margin), ((0, -1), margin), ((0, 1), h - 1 + margin)],
            origin: origin, step: step, down: down)
        for y in rows {
            var lo = Double(x0), hi = Double(x1)
            shows.narrow(&lo, &hi, y: Double(y))
            // Whole columns, a column of margin each side (the bounds are estimates).
            guard lo <= hi else { continue }
            let xs = Int(max(lo.rounded(.down) - 1, Double(x0))), xe = Int(min(hi.rounded(.up) + 1, Double(x1)))
            guard xs <= xe else { continue }
            // Fixed point from the box's first column, so positions do not depend on where a row is cut.
            let uStart = origin.0 + ia * Double(x0) + ic * Double(y),
                vStart = origin.1 + ib * Double(x0) + id * Double(y)
            // Within a few pixels of the image unless the transform's terms cancel badly.
            guard abs(uStart) < 1e9, abs(vStart) < 1e9 else { continue }
            let u = Int((uStart * 65536).rounded()), v = Int((vStart * 65536).rounded())
            var ilo = Double(xs), ihi = Double(xe)
            within.narrow(&ilo, &ihi, y: Double(y))
            let start = RowStart(x0: x0, u: u, v: v)
            let interior = painter.interior(start, columns: xs...xe, estimate: (ilo, ihi))
            painter.paint(
                target.pixels + y * target.rowPixels, start, columns: xs...xe, interior: interior,
                // This row's coverage, indexed by target column.
                clip: mask.map { $0.coverage + ((y - $0.y) * $0.rowBytes - $0.x) })
        }
    }

    /// Where a row's sampling starts: the 16.16 image position (u, v) of its column `x0`.
    private struct RowStart {
        let x0: Int
        let u: Int
        let v: Int

        /// Column `x`'s 16.16 image position.
        @inline(__always)
        func position(_ x: Int, du: Int, dv: Int) -> (u: Int, v: Int) {
            (u &+ du &* (x - x0), v &+ dv &* (x - x0))
        }
    }

    /// What every row of one `drawRows` shares: the image and its 16.16 steps per target
    /// column, the positions whose taps need no bounds check, the per-pixel multipliers.
    private struct RowPainter {
        let image: Image
        let pairs: UnsafePointer<UInt32>?
        let level: Int
        let du: Int, dv: Int
        /// lowU ≤ u < highU and lowV ≤ v < highV: every tap of the sample at (u, v) inside.
        let lowU: Int, highU: Int, lowV: Int, highV: Int
        let alpha256: UInt32
        /// Under a clip: alpha × coverage for each coverage byte, in 256ths (empty without one).
        let scaled: [UInt32]
        /// Room for a row's multipliers, for the kernels under a clip.
        let scratch: UnsafeMutablePointer<UInt32>

        /// The interior run of `columns`, first and last column, where no tap needs a bounds
        /// check (first > last, past the end, when there is none): `estimate` made exact at
        /// both ends (u and v are linear in x, so the ends decide).
        @inline(__always)
        func interior(_ start: RowStart, columns: ClosedRange<Int>, estimate: (Double, Double)) -> (Int, Int) {
            let xs = columns.lowerBound, xe = columns.upperBound
            func inside(_ x: Int) -> Bool {
                let (uu, vv) = start.position(x, du: du, dv: dv)
                return uu >= lowU && uu < highU && vv >= lowV && vv < highV
            }
            var xi0 = Int(min(max(estimate.0.rounded(.up), Double(xs)), Double(xe + 1)))
            var xi1 = Int(max(min(estimate.1.rounded(.down), Double(xe)), Double(xs - 1)))
            while xi0 <= xi1, !inside(xi0) { xi0 += 1 }
            while xi1 >= xi0, !inside(xi1) { xi1 -= 1 }
            if xi0 > xi1 { xi0 = xe + 1; xi1 = xe }
            return (xi0, xi1)
        }

        /// Draws `columns` of one target row: the edges a pixel at a time with checked taps,
        /// the `interior` run through the kernels where there are pairs, then unchecked.
        @inline(__always)
        func paint(
            _ row: UnsafeMutablePointer<UInt32>, _ start: RowStart, columns: ClosedRange<Int>,
            interior: (Int, Int), clip: UnsafePointer<UInt8>?
        ) {
            let xs = columns.lowerBound, xe = columns.upperBound
            let (xi0, xi1) = interior
            @inline(__always) func scale(_ x: Int) -> UInt32 {
                guard let clip else { return alpha256 }
                return scaled[Int(clip[x])]
            }
            @inline(__always) func edge(_ x: Int) {
                let (uu, vv) = start.position(x, du: du, dv: dv)
                let iu = uu >> 16, iv = vv >> 16
                AffineBlit.composite(
                    AffineBlit.texel(image, iu, iv), AffineBlit.texel(image, iu + 1, iv),
                    AffineBlit.texel(image, iu, iv + 1), AffineBlit.texel(image, iu + 1, iv + 1),
                    fx: uu, fy: vv, scale: scale(x), into: row + x)
            }
            // Left edge, interior, right edge.
            for x in xs..<min(xi0, xe + 1) { edge(x) }
            if xi0 <= xi1 {
                var (uu, vv) = start.position(xi0, du: du, dv: dv)
                let stride = image.rowPixels
                var x = xi0
                // Sixteen or eight pixels at a time where the CPU has AVX-512 or AVX2.
                if let pairs {
                    let count = xi1 - xi0 + 1
                    let factors: UnsafePointer<UInt32>? = clip.map { c in
                        for k in 0..<count { scratch[k] = scaled[Int(c[xi0 + k])] }
                        return UnsafePointer(scratch)
                    }
                    let done = AffineBlit.runKernels(
                        level: level, pairs: pairs, width: image.width, u: uu, v: vv, steps: (du, dv), count: count,
                        factors: factors, uniform: alpha256, into: row + xi0)
                    x += done
                    uu &+= du &* done
                    vv &+= dv &* done
                    // The AVX2 kernel's last few pixels may sample the border.
                    for x in x..<(xi1 + 1) { edge(x) }
                    x = xi1 + 1
                }
                for x in x..<(xi1 + 1) {
                    let top = image.pixels + ((vv >> 16) &* stride &+ (uu >> 16))
                    AffineBlit.composite(
                        top[0], top[1], top[stride], top[stride + 1], fx: uu, fy: vv, scale: scale(x), into: row + x)
                    uu &+= du
                    vv &+= dv
                }
            }
            for x in (xi1 + 1)..<(xe + 1) { edge(x) }
        }
    }

    /// The widest kernel (a `Kernel` raw value) that may draw `image` with these 16.16 steps:
    /// up to `widest` and what the CPU runs, and 0 (Swift) when positions, offsets into the
    /// bordered pairs, or sixteen steps would not fit the kernels' 32-bit lanes.
    private static func kernelLevel(_ image: Image, steps: (Int, Int), widest: Kernel) -> Int {
        let fits =
            image.width < 32_000 && image.height < 32_000 && (image.height + 1) * (image.width + 2) < Int(Int32.max)
            && abs(steps.0) < 1 << 26 && abs(steps.1) < 1 << 26
        return fits ? Kernel.chosen(for: widest).rawValue : 0
    }

    /// Runs `count` target pixels from `row` through the widest kernel `level` allows, the
    /// first sampling at (u, v) of an image `width` texels wide whose `pairs` carry a border;
    /// returns how many it drew (all with AVX-512, a multiple of eight with AVX2).
    private static func runKernels(
        level: Int, pairs: UnsafePointer<UInt32>, width: Int, u: Int, v: Int, steps: (Int, Int), count: Int,
        factors: UnsafePointer<UInt32>?, uniform: UInt32, into row: UnsafeMutablePointer<UInt32>
    ) -> Int {
        let (du, dv) = steps
        // The border puts texel (0, 0) one texel in.
        let u = u + 65536, v = v + 65536, stride = Int64(width + 2)
        if level == Kernel.neon.rawValue {
            return Int(
                arcmask_blit_run_neon(
                    pairs, stride, Int64(u), Int64(v), Int64(du), Int64(dv), Int64(count), factors, uniform, row))
        }
        var done = 0
        if level == Kernel.avx512.rawValue {
            done = Int(
                arcmask_blit_run_avx512(
                    pairs, stride, Int64(u), Int64(v), Int64(du), Int64(dv), Int64(count), factors, uniform, row))
        }
        if done < count {
            done += Int(
                arcmask_blit_run_avx2(
                    pairs, stride, Int64(u &+ du &* done), Int64(v &+ dv &* done), Int64(du), Int64(dv),
                    Int64(count - done), factors.map { $0 + done }, uniform, row + done))
        }
        return done
    }

    /// Fills the rectangle `image` covers under an axis-aligned `transform` (scaled, mirrored,
    /// between pixels), as cairo fills a rectangle with a padded image source: the taps
    /// clamped to the image, and each pixel weighted by how much of it the rectangle covers
    /// (so the edge is hard, and nothing outside the rectangle changes). Returns false
    /// (drawing nothing) for transforms that rotate or skew, or that it cannot use.
    @discardableResult
    static func fillRectangle(
        _ image: Image, over target: Target, transform m: Affine, alpha: Double, widest: Kernel = .avx512
    ) -> Bool {
        guard m.b == 0, m.c == 0, m.a.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite, abs(m.a) > 1e-6,
            abs(m.d) > 1e-6, abs(m.a) < 1e6, abs(m.d) < 1e6, alpha > 0, image.width > 0, image.height > 0
        else { return false }
        let w = Double(image.width), h = Double(image.height)
        // The rectangle in target pixels, and the pixels it touches.
        let left = min(m.tx, m.tx + m.a * w), right = max(m.tx, m.tx + m.a * w)
        let top = min(m.ty, m.ty + m.d * h), bottom = max(m.ty, m.ty + m.d * h)
        guard right > 0, left < Double(target.width), bottom > 0, top < Double(target.height) else { return true }
        let x0 = Int(max(0, left.rounded(.down))), x1 = Int(min(Double(target.width), right.rounded(.up))) - 1
        let y0 = Int(max(0, top.rounded(.down))), y1 = Int(min(Double(target.height), bottom.rounded(.up))) - 1
        guard x0 <= x1, y0 <= y1 else { return true }
        // Target → image, sampling at pixel centres (texel centres at i + 0.5).
        let ia = 1 / m.a, id = 1 / m.d
        let du = Int((ia * 65536).rounded())
        func coverage(_ p: Int, _ lo: Double, _ hi: Double) -> Double {
            max(0, min(Double(p + 1), hi) - max(Double(p), lo))
        }
        // Columns whose pixels the rectangle covers whole; the first and last may be partly covered.
        let inner0 = coverage(x0, left, right) < 1 ? x0 + 1 : x0
        let inner1 = coverage(x1, left, right) < 1 ? x1 - 1 : x1
        let level = kernelLevel(image, steps: (du, 0), widest: widest)
        let made = level > 0 && image.paddedPairs == nil ? pairedRows(image, padded: true) : []
        made.withUnsafeBufferPointer { madePairs in
            let pairs = level == 0 ? nil : image.paddedPairs ?? UnsafePointer(madePairs.baseAddress)
            // Positions stay inside the padded texels: −1 ≤ u, v and u < w, v < h.
            let lowest = -65536, highU = (image.width << 16) - 1, highV = (image.height << 16) - 1
            let uStart = (ia * (Double(x0) + 0.5) - ia * m.tx - 0.5) * 65536
            // Within a few texels of the image unless the transform's terms cancel badly.
            guard abs(uStart) < 1e15 else { return }
            let u0 = Int(uStart.rounded())
            for y in y0...y1 {
                let cy = coverage(y, top, bottom)
                let rowScale = UInt32(min(256, (cy * alpha * 256).rounded()))
                guard rowScale > 0 else { continue }
                let vStart = (id * (Double(y) + 0.5) - id * m.ty - 0.5) * 65536
                guard abs(vStart) < 1e15 else { continue }
                let v = min(max(Int(vStart.rounded()), lowest), highV)
                let row = target.pixels + y * target.rowPixels
                @inline(__always) func pixel(_ x: Int, scale: UInt32) {
                    guard scale > 0 else { return }
                    let u = min(max(u0 &+ du &* (x - x0), lowest), highU)
                    let iu = u >> 16, iv = v >> 16
                    composite(
                        clampedTexel(image, iu, iv), clampedTexel(image, iu + 1, iv), clampedTexel(image, iu, iv + 1),
                        clampedTexel(image, iu + 1, iv + 1), fx: u, fy: v, scale: scale, into: row + x)
                }
                for x in x0..<inner0 {
                    pixel(x, scale: UInt32(min(256, (coverage(x, left, right) * cy * alpha * 256).rounded())))
                }
                var x = inner0
                if let pairs, inner0 <= inner1 {
                    x += runKernels(
                        level: level, pairs: pairs, width: image.width, u: u0 &+ du &* (inner0 - x0), v: v,
                        steps: (du, 0), count: inner1 - inner0 + 1, factors: nil, uniform: rowScale, into: row + inner0)
                }
                for x in x..<max(x, inner1 + 1) { pixel(x, scale: rowScale) }
                // The last column when partly covered (and not the first one already drawn).
                let last = max(inner1 + 1, inner0)
                if last <= x1 {
                    for x in last...x1 {
                        pixel(x, scale: UInt32(min(256, (coverage(x, left, right) * cy * alpha * 256).rounded())))
                    }
                }
            }
        }
        return true
    }

    /// One target pixel: the bilinear mix of four taps (`fx`, `fy`: 16.16 positions, whose
    /// fractions, to 7 bits, weigh them), times `scale` (256ths), OVER the pixel. The kernels
    /// in `CBlit` compute exactly this.
    @inline(__always)
    private static func composite(
        _ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
        fx u: Int, fy v: Int, scale: UInt32, into pixel: UnsafeMutablePointer<UInt32>
    ) {
        if p00 | p10 | p01 | p11 == 0 || scale == 0 { return }
        let wx = UInt32(truncatingIfNeeded: (u >> 9) & 127), wy = UInt32(truncatingIfNeeded: (v >> 9) & 127)
        // Each column mixed vertically, then the two columns; at most 255·128·128, so no lane overflows.
        let left = channels(p00) &* (128 &- wy) &+ channels(p01) &* wy
        let right = channels(p10) &* (128 &- wy) &+ channels(p11) &* wy
        var s = (left &* (128 &- wx) &+ right &* wx &+ 8192) &>> 14
        if scale != 256 { s = (s &* scale) &>> 8 }
        // Premultiplied taps keep every channel at most alpha, so no sum below passes 255.
        let sa = s[3]
        if sa == 0 { return }
        var t = channels(pixel.pointee) &* (255 &- sa) &+ 128
        t = (t &+ (t &>> 8)) &>> 8
        let o = s &+ t
        pixel.pointee = o[0] | o[1] << 8 | o[2] << 16 | o[3] << 24
    }

    /// A pixel's channels (B, G, R, A: cairo's ARGB32 word from its low byte up), one to a lane.
    @inline(__always)
    private static func channels(_ p: UInt32) -> SIMD4<UInt32> {
        SIMD4(p, p >> 8, p >> 16, p >> 24) & 0xFF
    }

    /// The texel nearest (x, y) inside the image (pixman's `EXTEND_PAD`).
    @inline(__always)
    private static func clampedTexel(_ image: Image, _ x: Int, _ y: Int) -> UInt32 {
        image.pixels[min(max(y, 0), image.height - 1) * image.rowPixels + min(max(x, 0), image.width - 1)]
    }

    @inline(__always)
    private static func texel(_ image: Image, _ x: Int, _ y: Int) -> UInt32 {
        // Outside the image (the soft edge): transparent.
        guard x >= 0, x < image.width, y >= 0, y < image.height else { return 0 }
        return image.pixels[y * image.rowPixels + x]
    }
}
