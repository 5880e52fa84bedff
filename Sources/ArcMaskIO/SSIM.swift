import ArcMaskCore

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
    public static func mean(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height, "SSIM compares images of one size")
        let w = a.width, h = a.height
        guard w > 0, h > 0 else { return 1 }
        let ya = luma(a), yb = luma(b)
        let win = min(window, w, h)
        let c1 = 6.5025, c2 = 58.5225
        var total = 0.0, count = 0
        var y = 0
        while y + win <= h {
            var x = 0
            while x + win <= w {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for j in y..<(y + win) {
                    let row = j * w
                    for i in x..<(x + win) {
                        let p = Double(ya[row + i]), q = Double(yb[row + i])
                        sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                    }
                }
                let n = Double(win * win)
                let ma = sa / n, mb = sb / n
                let va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                count += 1
                x += (x + win == w) ? win : min(step, w - win - x)
            }
            y += (y + win == h) ? win : min(step, h - win - y)
        }
        return count == 0 ? 1 : total / Double(count)
    }

    /// BT.601 luma of each pixel composited onto black, 0–255 as a float.
    static func luma(_ image: PixelBuffer) -> [Float] {
        var out = [Float](repeating: 0, count: image.width * image.height)
        image.bytes.withUnsafeBufferPointer { p in
            for i in 0..<out.count {
                let r = Float(p[i * 4]), g = Float(p[i * 4 + 1]), b = Float(p[i * 4 + 2]), a = Float(p[i * 4 + 3])
                out[i] = (0.299 * r + 0.587 * g + 0.114 * b) * a / 255
            }
        }
        return out
    }
}
