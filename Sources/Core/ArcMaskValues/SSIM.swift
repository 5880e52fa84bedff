/// Structural similarity (Wang, Bovik, Sheikh and Simoncelli, 2004) of two images of one size,
/// on their luma: 8×8 windows every 4 pixels, uniform weights, C1 = (0.01·255)², C2 = (0.03·255)².
/// 1 means the same picture; what people judge "visibly worse" sits below about 0.95.
///
/// Pixels are composited onto black first (straight alpha), so two images that differ only in
/// the colour of fully transparent pixels are equal. Luma is BT.601's (0.299, 0.587, 0.114).
public enum SSIM {
    public static let window = 8
    public static let step = 4

    /// The mean SSIM over every window; 1 for images smaller than one window that are equal.
    /// For each row of windows, the column sums over its rows are taken once (from two bands of
    /// rows, each summed once) and their running sums give every window's: a few operations per
    /// pixel, and memory of a few rows.
    /// - Parameters: a, b: straight RGBA, 8 bits a channel, `width` × `height` pixels each.
    public static func mean(_ a: [UInt8], _ b: [UInt8], width w: Int, height h: Int) -> Double {
        precondition(a.count == w * h * 4 && b.count == w * h * 4, "SSIM compares images of one size")
        guard w > 0, h > 0 else { return 1 }
        let ya = luma(a, count: w * h), yb = luma(b, count: w * h)
        let win = min(window, w, h)
        let c1 = 6.5025, c2 = 58.5225, n = Double(win * win)
        let xs = origins(w, win)
        // Column sums of p, q, p², q², pq over a band of rows, for every x. Windows start every
        // `step` rows and are twice as tall, so a window's column sums are those of two
        // neighbouring bands of `step` rows, each summed once; a window flush with the bottom
        // edge (or a window shorter than two bands) sums its own rows.
        struct Columns {
            var a, b, aa, bb, ab: [Double]
            init(_ w: Int) {
                a = [Double](repeating: 0, count: w)
                b = a; aa = a; bb = a; ab = a
            }
        }
        func sums(
            _ pa: UnsafeBufferPointer<Float>, _ pb: UnsafeBufferPointer<Float>, rows: Range<Int>, into c: inout Columns
        ) {
            for x in 0..<w {
                var ca = 0.0, cb = 0.0, caa = 0.0, cbb = 0.0, cab = 0.0
                var i = rows.lowerBound * w + x
                for _ in rows {
                    let p = Double(pa[i]), q = Double(pb[i])
                    ca += p; cb += q; caa += p * p; cbb += q * q; cab += p * q
                    i += w
                }
                c.a[x] = ca; c.b[x] = cb; c.aa[x] = caa; c.bb[x] = cbb; c.ab[x] = cab
            }
        }
        var upper = Columns(w), lower = Columns(w), band = Columns(w)
        var lowerStart = -1
        // Running sums along the row of windows of the column sums.
        var sa = [Double](repeating: 0, count: w + 1)
        var sb = sa, saa = sa, sbb = sa, sab = sa
        var total = 0.0, count = 0
        let banded = win == 2 * step
        ya.withUnsafeBufferPointer { pa in
            yb.withUnsafeBufferPointer { pb in
                for y in origins(h, win) {
                    if banded && y % step == 0 {
                        // Band y..<y+step is the last window's lower band when it starts there.
                        if lowerStart == y {
                            swap(&upper, &lower)
                        } else {
                            sums(pa, pb, rows: y..<(y + step), into: &upper)
                        }
                        sums(pa, pb, rows: (y + step)..<(y + win), into: &lower)
                        lowerStart = y + step
                        for x in 0..<w {
                            band.a[x] = upper.a[x] + lower.a[x]
                            band.b[x] = upper.b[x] + lower.b[x]
                            band.aa[x] = upper.aa[x] + lower.aa[x]
                            band.bb[x] = upper.bb[x] + lower.bb[x]
                            band.ab[x] = upper.ab[x] + lower.ab[x]
                        }
                    } else {
                        sums(pa, pb, rows: y..<(y + win), into: &band)
                    }
                    var ra = 0.0, rb = 0.0, raa = 0.0, rbb = 0.0, rab = 0.0
                    for x in 0..<w {
                        ra += band.a[x]; rb += band.b[x]; raa += band.aa[x]; rbb += band.bb[x]
                        rab += band.ab[x]
                        sa[x + 1] = ra; sb[x + 1] = rb; saa[x + 1] = raa; sbb[x + 1] = rbb; sab[x + 1] = rab
                    }
                    for x in xs {
                        let e = x + win
                        let ma = (sa[e] - sa[x]) / n, mb = (sb[e] - sb[x]) / n
                        let va = (saa[e] - saa[x]) / n - ma * ma, vb = (sbb[e] - sbb[x]) / n - mb * mb
                        let cov = (sab[e] - sab[x]) / n - ma * mb
                        total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                        count += 1
                    }
                }
            }
        }
        return count == 0 ? 1 : total / Double(count)
    }

    /// Where windows start along a side of `length`: every `step`, and one flush with the end.
    public static func origins(_ length: Int, _ win: Int) -> [Int] {
        var out = Array(Swift.stride(from: 0, through: length - win, by: step))
        if out.last != length - win { out.append(length - win) }
        return out
    }

    /// BT.601 luma of each pixel composited onto black, 0–255 as a float.
    public static func luma(_ rgba: [UInt8], count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { out, initialized in
            rgba.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let r = Float(p[i &* 4]), g = Float(p[i &* 4 &+ 1]), b = Float(p[i &* 4 &+ 2])
                    let a = Float(p[i &* 4 &+ 3])
                    out[i] = (0.299 * r + 0.587 * g + 0.114 * b) * a * (1 / 255)
                }
            }
            initialized = count
        }
    }
}
