import ArcMaskValues
internal import CBlit

/// Draws a premultiplied ARGB32 image (cairo's layout: one native-endian `UInt32` per pixel,
/// alpha in the top byte) into a premultiplied ARGB32 surface under an affine transform:
/// bilinear filtering, transparent outside the image (pixman's `EXTEND_NONE`, which gives the
/// image a one-pixel soft edge), Porter-Duff OVER, times a constant alpha and, under a clip,
/// times the clip's coverage.
///
/// This is the renderer's path for rotated and skewed bitmaps, where pixman's general
/// bilinear-affine path costs 9–14 ns per pixel; this loop, in 16.16 fixed point with the
/// colour channels in 16-bit lanes, four pixels to a vector, stays near 3 ns. Axis-aligned
/// draws stay with pixman, whose SIMD scaling paths are faster still.
enum AffineBlit {
    struct Image {
        let pixels: UnsafePointer<UInt32>
        let width: Int
        let height: Int
        /// Pixels from one row to the next.
        let rowPixels: Int
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
    /// - Parameter wide: run the interior with the AVX2 kernel where the CPU has it (the same
    ///   arithmetic as the four-pixel loop, so the same pixels; off for tests that compare them).
    @discardableResult
    static func draw(
        _ image: Image, over target: Target, transform m: Affine, alpha: Double, mask: Mask? = nil, wide: Bool = true
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

        let alpha256 = UInt64(min(256, max(0, (alpha * 256).rounded())))
        // Under a clip, each pixel's multiplier is alpha × coverage, in 256ths.
        let scaled: [UInt32] = mask == nil ? [] : (0...255).map { UInt32((alpha256 * UInt64($0) + 127) / 255) }
        let uniform = SIMD4<UInt32>(repeating: UInt32(alpha256))
        let fixed = 65536.0
        let du = Int((ia * fixed).rounded()), dv = Int((ib * fixed).rounded())
        // Fixed-point limits: all four taps inside when 0 ≤ u < (w − 1)·2¹⁶, same for v.
        let innerU = (image.width - 1) << 16, innerV = (image.height - 1) << 16
        // The wide kernel works in 32-bit positions and offsets.
        let wide =
            wide && arcmask_blit_wide_available() != 0 && image.width < 32_767 && image.height < 32_767
            && (image.height + 1) * image.rowPixels < Int(Int32.max) && abs(du) < 1 << 27 && abs(dv) < 1 << 27
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: wide && mask != nil ? x1 - x0 + 1 : 0)
        defer { scratch.deallocate() }
        for y in y0...y1 {
            // Sample at pixel centres; texel centres sit at i + 0.5, hence the −0.5.
            let py = Double(y) + 0.5
            let u0 = ia * 0.5 + ic * py + itx - 0.5
            let v0 = ib * 0.5 + id * py + ity - 0.5
            // Columns where some tap can be inside: −1 < u < w and −1 < v < h.
            var lo = Double(x0), hi = Double(x1)
            narrow(&lo, &hi, start: u0, step: ia, limit: w)
            narrow(&lo, &hi, start: v0, step: ib, limit: h)
            guard lo <= hi else { continue }
            let xs = Int(lo), xe = Int(hi)
            let uStart = u0 + ia * Double(xs), vStart = v0 + ib * Double(xs)
            // Within a few pixels of the image unless the transform's terms cancel badly.
            guard abs(uStart) < 1e9, abs(vStart) < 1e9 else { continue }
            let u = Int((uStart * fixed).rounded()), v = Int((vStart * fixed).rounded())
            // The interior run, where no tap needs a bounds check: first estimated, then
            // made exact at both ends (u and v are linear in x, so the ends decide).
            func inside(_ x: Int) -> Bool {
                let uu = u &+ du &* (x - xs), vv = v &+ dv &* (x - xs)
                return uu >= 0 && uu < innerU && vv >= 0 && vv < innerV
            }
            var ilo = lo, ihi = hi
            narrow(&ilo, &ihi, start: u0, step: ia, limit: w - 1, from: 0)
            narrow(&ilo, &ihi, start: v0, step: ib, limit: h - 1, from: 0)
            // Clamped to the row's columns before converting (the estimates can be far off).
            var xi0 = Int(min(max(lo, ilo), hi + 1)) + 1, xi1 = Int(max(min(hi, ihi), lo - 1)) - 1
            while xi0 <= xi1, !inside(xi0) { xi0 += 1 }
            while xi1 >= xi0, !inside(xi1) { xi1 -= 1 }
            if xi0 > xi1 { xi0 = xe + 1; xi1 = xe }
            let row = target.pixels + y * target.rowPixels
            // This row's coverage, indexed by target column.
            let clip = mask.map { $0.coverage + ((y - $0.y) * $0.rowBytes - $0.x) }
            @inline(__always) func scale(_ x: Int) -> UInt64 {
                guard let clip else { return alpha256 }
                return UInt64(scaled[Int(clip[x])])
            }
            @inline(__always) func edge(_ x: Int) {
                let uu = u &+ du &* (x - xs), vv = v &+ dv &* (x - xs)
                let iu = uu >> 16, iv = vv >> 16
                composite(
                    texel(image, iu, iv), texel(image, iu + 1, iv), texel(image, iu, iv + 1),
                    texel(image, iu + 1, iv + 1),
                    fx: uu, fy: vv, scale: scale(x), into: row + x)
            }
            // Left edge, interior, right edge.
            for x in xs..<min(xi0, xe + 1) { edge(x) }
            if xi0 <= xi1 {
                var uu = u &+ du &* (xi0 - xs), vv = v &+ dv &* (xi0 - xs)
                let stride = image.rowPixels
                var x = xi0
                // Eight pixels at a time with AVX2 where the CPU has it and positions fit 32 bits.
                if wide {
                    let count = xi1 - xi0 + 1
                    let factors: UnsafePointer<UInt32>? = clip.map { c in
                        for k in 0..<count { scratch[k] = scaled[Int(c[xi0 + k])] }
                        return UnsafePointer(scratch)
                    }
                    let done = Int(
                        arcmask_blit_run_wide(
                            image.pixels, Int64(stride), Int64(uu), Int64(vv), Int64(du), Int64(dv), Int64(count),
                            factors, UInt32(alpha256), row + xi0))
                    x += done
                    uu &+= du &* done
                    vv &+= dv &* done
                }
                // Four pixels at a time in vector lanes, then the rest one by one.
                while x + 3 <= xi1 {
                    let factors = clip.map { c in
                        SIMD4(scaled[Int(c[x])], scaled[Int(c[x + 1])], scaled[Int(c[x + 2])], scaled[Int(c[x + 3])])
                    }
                    compositeFour(image, u: uu, v: vv, du: du, dv: dv, scale: factors ?? uniform, into: row + x)
                    uu &+= du &* 4
                    vv &+= dv &* 4
                    x += 4
                }
                for x in x..<(xi1 + 1) {
                    let top = image.pixels + ((vv >> 16) &* stride &+ (uu >> 16))
                    composite(
                        top[0], top[1], top[stride], top[stride + 1], fx: uu, fy: vv, scale: scale(x), into: row + x)
                    uu &+= du
                    vv &+= dv
                }
            }
            for x in (xi1 + 1)..<(xe + 1) { edge(x) }
        }
        return true
    }

    /// Four target pixels in a row, all of whose taps are inside the image: the same
    /// arithmetic as `composite`, vectorised: each pixel's blue/red and green/alpha pairs sit
    /// in 16-bit lanes (as in `spread`), four pixels to a vector. Pixels whose taps are
    /// transparent come out unchanged (OVER with nothing), so there is no branch per pixel.
    @inline(__always)
    private static func compositeFour(
        _ image: Image, u: Int, v: Int, du: Int, dv: Int, scale: SIMD4<UInt32>,
        into pixels: UnsafeMutablePointer<UInt32>
    ) {
        if scale == .zero { return }
        typealias Pairs = SIMD8<UInt16>
        let stride = image.rowPixels
        var t00 = SIMD4<UInt32>(), t10 = SIMD4<UInt32>(), t01 = SIMD4<UInt32>(), t11 = SIMD4<UInt32>()
        var fx = SIMD4<UInt32>(), fy = SIMD4<UInt32>()
        var uu = u, vv = v
        for k in 0..<4 {
            let top = image.pixels + ((vv >> 16) &* stride &+ (uu >> 16))
            t00[k] = top[0]; t10[k] = top[1]; t01[k] = top[stride]; t11[k] = top[stride + 1]
            fx[k] = UInt32(truncatingIfNeeded: (uu >> 8) & 0xFF)
            fy[k] = UInt32(truncatingIfNeeded: (vv >> 8) & 0xFF)
            uu &+= du
            vv &+= dv
        }
        if (t00 | t10 | t01 | t11) == .zero { return }
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        @inline(__always) func pairs(_ x: SIMD4<UInt32>) -> Pairs { unsafeBitCast(x, to: Pairs.self) }
        @inline(__always) func both(_ x: SIMD4<UInt32>) -> Pairs { pairs(x | x &<< 16) }  // a pixel's value in its two lanes
        let x16 = both(fx), y16 = both(fy)
        let w11 = (x16 &* y16) &>> 8, w10 = x16 &- w11, w01 = y16 &- w11
        let w00 = 256 &- x16 &- y16 &+ w11
        @inline(__always) func mix(_ shift: UInt32) -> Pairs {
            (pairs((t00 &>> shift) & mask) &* w00 &+ pairs((t10 &>> shift) & mask) &* w10
                &+ pairs((t01 &>> shift) & mask) &* w01 &+ pairs((t11 &>> shift) & mask) &* w11) &>> 8
        }
        var rb = mix(0), ag = mix(8)
        if scale != SIMD4(repeating: 256) {
            let factor = both(scale)
            rb = (rb &* factor) &>> 8
            ag = (ag &* factor) &>> 8
        }
        // 255 − source alpha (the high lane of each green/alpha pair), in both lanes.
        let inverse = 255 &- both(unsafeBitCast(ag, to: SIMD4<UInt32>.self) &>> 16)
        let target = UnsafeMutableRawPointer(pixels)
        let d = target.loadUnaligned(as: SIMD4<UInt32>.self)
        @inline(__always) func over(_ s: Pairs, _ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
            var t = pairs(d & mask) &* inverse &+ 128
            t = (t &+ (t &>> 8)) &>> 8
            return unsafeBitCast(s &+ t, to: SIMD4<UInt32>.self)
        }
        let result = over(rb, d) | over(ag, d &>> 8) &<< 8
        target.storeBytes(of: result, as: SIMD4<UInt32>.self)
    }

    /// One target pixel: the bilinear mix of four taps (`fx`, `fy`: 16.16 positions, whose
    /// fractions weigh them), times `scale` (256ths), OVER the pixel.
    @inline(__always)
    private static func composite(
        _ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
        fx u: Int, fy v: Int, scale: UInt64, into pixel: UnsafeMutablePointer<UInt32>
    ) {
        if p00 | p10 | p01 | p11 == 0 || scale == 0 { return }
        // Weights in 256ths that sum to exactly 256, so no lane can pass 255·256.
        let fx = UInt64(truncatingIfNeeded: (u >> 8) & 0xFF), fy = UInt64(truncatingIfNeeded: (v >> 8) & 0xFF)
        let w11 = (fx &* fy) >> 8, w10 = fx &- w11, w01 = fy &- w11
        let w00 = 256 &- fx &- fy &+ w11
        var s = (spread(p00) &* w00 &+ spread(p10) &* w10 &+ spread(p01) &* w01 &+ spread(p11) &* w11) >> 8 & lanes
        if scale < 256 { s = ((s &* scale) >> 8) & lanes }
        let sa = s >> 48
        if sa == 0 { return }
        if sa == 255 {
            pixel.pointee = pack(s)
        } else {
            var t = spread(pixel.pointee) &* (255 &- sa) &+ 0x0080_0080_0080_0080
            t = ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
            pixel.pointee = pack(s &+ t)
        }
    }

    /// Narrows the columns `lo…hi` to those where `start + step·x` lies in (floor, limit).
    @inline(__always)
    private static func narrow(
        _ lo: inout Double, _ hi: inout Double, start: Double, step: Double, limit: Double,
        from floor: Double = -1
    ) {
        if abs(step) < 1e-12 {
            if !(start > floor && start < limit) { lo = 1; hi = 0 }
            return
        }
        let a = (floor - start) / step, b = (limit - start) / step
        lo = max(lo, min(a, b).rounded(.down))
        hi = min(hi, max(a, b).rounded(.up))
    }

    /// Each 8-bit channel of a pixel in its own 16-bit lane: B, R, G, A from the bottom.
    private static let lanes: UInt64 = 0x00FF_00FF_00FF_00FF

    @inline(__always)
    private static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | ((x & 0xFF00_FF00) << 24)
    }

    @inline(__always)
    private static func pack(_ e: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (e & 0x00FF_00FF) | ((e >> 24) & 0xFF00_FF00))
    }

    @inline(__always)
    private static func texel(_ image: Image, _ x: Int, _ y: Int) -> UInt32 {
        // Outside the image (the soft edge): transparent.
        guard x >= 0, x < image.width, y >= 0, y < image.height else { return 0 }
        return image.pixels[y * image.rowPixels + x]
    }
}
