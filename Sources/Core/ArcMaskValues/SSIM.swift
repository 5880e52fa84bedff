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
    /// For each row of windows, the column sums over its rows are taken once and their running
    /// sums give every window's: a few operations per pixel, and memory of a few rows.
    /// - Parameters: a, b: straight RGBA, 8 bits a channel, `width` × `height` pixels each.
    public static func mean(_ a: [UInt8], _ b: [UInt8], width w: Int, height h: Int) -> Double {
        precondition(a.count == w * h * 4 && b.count == w * h * 4, "SSIM compares images of one size")
        guard w > 0, h > 0 else { return 1 }
        let ya = luma(a, count: w * h), yb = luma(b, count: w * h)
        let win = min(window, w, h)
        let c1 = 6.5025, c2 = 58.5225, n = Double(win * win)
        let xs = origins(w, win)
        // Running sums along the row of windows of the column sums of p, q, p², q², pq.
        var sa = [Double](repeating: 0, count: w + 1)
        var sb = sa, saa = sa, sbb = sa, sab = sa
        var total = 0.0, count = 0
        ya.withUnsafeBufferPointer { pa in
            yb.withUnsafeBufferPointer { pb in
                for y in origins(h, win) {
                    var ra = 0.0, rb = 0.0, raa = 0.0, rbb = 0.0, rab = 0.0
                    for x in 0..<w {
                        var ca = 0.0, cb = 0.0, caa = 0.0, cbb = 0.0, cab = 0.0
                        var i = y * w + x
                        for _ in 0..<win {
                            let p = Double(pa[i]), q = Double(pb[i])
                            ca += p; cb += q; caa += p * p; cbb += q * q; cab += p * q
                            i += w
                        }
                        ra += ca; rb += cb; raa += caa; rbb += cbb; rab += cab
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
