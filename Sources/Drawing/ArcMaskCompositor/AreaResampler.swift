import ArcMaskFrames
import ArcMaskValues
import CShrink

/// Shrinks a frame by averaging areas: each output pixel is the mean of the source area it
/// covers (premultiplied, so transparent pixels lend no colour), and the part of that area
/// outside the source counts as transparent, as a filled rectangle's antialiased edge does.
/// Separable: a pass along rows into 16-bit sums, then one along columns (C, `CBlit`). For
/// the uniform scales up to `largestScale` that `FitMode.placement` gives when a layer is much
/// smaller than its source, which is what most exports do to every frame. Above it cairo's
/// good filter is bilinear (fast, and sharp so near 1); at and below it cairo convolves
/// (pixman's separable convolution), which this matches in sharpness at a fraction of the time.
enum AreaResampler {
    /// Measured on cairo 1.16: its good filter gives bilinear's very bytes at scales of 0.76
    /// and above, and convolves at 0.75 and below.
    static let largestScale = 0.75

    /// Weights are fixed point in 1/4096.
    static let weightBits = 12

    /// The source pixels under each output pixel along one axis.
    struct Taps {
        /// First source index of output `o`, its number of taps, and where its weights start.
        var first: [Int32] = []
        var count: [Int32] = []
        var start: [Int32] = []
        var weights: [Int32] = []
        /// The source range any output pixel reads.
        var span = 0..<0

        /// `n` output pixels over `m` source pixels, output `o` covering source
        /// `[(o − offset) / scale, (o + 1 − offset) / scale)`.
        init(output n: Int, source m: Int, scale k: Double, offset t: Double) {
            let one = Double(1 << AreaResampler.weightBits)
            var lowest = Int.max, highest = 0
            for o in 0..<n {
                let a = max(0, (Double(o) - t) / k), b = min(Double(m), (Double(o + 1) - t) / k)
                start.append(Int32(weights.count))
                guard b > a else {
                    first.append(0)
                    count.append(0)
                    continue
                }
                let lo = Int(a.rounded(.down)), hi = min(m, Int(b.rounded(.up)))
                // Each tap's share is its overlap over the output pixel's whole span (1/k); the
                // rounding error goes to the largest tap, so a covered pixel sums to exactly one.
                let base = weights.count
                var sum: Int32 = 0, largest = base
                for i in lo..<hi {
                    let w = Int32(((min(b, Double(i + 1)) - max(a, Double(i))) * k * one).rounded())
                    weights.append(w)
                    sum += w
                    if w > weights[largest] { largest = weights.count - 1 }
                }
                weights[largest] += Int32(((b - a) * k * one).rounded()) - sum
                first.append(Int32(lo))
                count.append(Int32(hi - lo))
                lowest = min(lowest, lo)
                highest = max(highest, hi)
            }
            span = lowest < highest ? lowest..<highest : 0..<0
        }
    }

    /// `frame` (straight RGBA) shrunk to `size` under the uniform `scale` ≤ 1 and translation:
    /// straight RGBA.
    static func resized(
        _ frame: PixelBuffer, to size: PixelSize, scale k: Double, tx: Double, ty: Double
    )
        -> PixelBuffer
    {
        let columns = Taps(output: size.width, source: frame.width, scale: k, offset: tx)
        let rows = Taps(output: size.height, source: frame.height, scale: k, offset: ty)
        var out = PixelBuffer(width: size.width, height: size.height)
        let xs = columns.span, ys = rows.span
        guard !xs.isEmpty, !ys.isEmpty else { return out }
        // The source rows under the output, shrunk along x (premultiplied, 8 fractional bits),
        // then along y.
        var shrunk = [UInt16](repeating: 0, count: ys.count * size.width * 4)
        var row = [UInt16](repeating: 0, count: xs.count * 4)
        frame.bytes.withUnsafeBufferPointer { src in
            arcmask_shrink_rows(
                src.baseAddress! + ys.lowerBound * frame.width * 4, Int64(frame.width), Int64(ys.count),
                Int64(xs.lowerBound), Int64(xs.count), columns.first, columns.count, columns.start, columns.weights,
                Int64(size.width), &row, &shrunk)
        }
        out.bytes.withUnsafeMutableBufferPointer { dst in
            arcmask_shrink_columns(
                shrunk, Int64(size.width), Int64(ys.lowerBound), rows.first, rows.count, rows.start, rows.weights,
                Int64(size.height), dst.baseAddress!)
        }
        return out
    }
}
