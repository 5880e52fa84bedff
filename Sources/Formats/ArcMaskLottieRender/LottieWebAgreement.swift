import ArcMaskFrames

/// Whether a frame agrees with lottie-web's, by the rule of the Lottie corpus
/// (../shared/corpus/lottie/SOURCES.md): colours premultiplied by alpha; the mean |Δ| over the
/// four channels at most 2.0, and at most 1 % of the pixels off by more than 32 on a channel.
/// The corpus lane and the tests that pin frames to lottie-web's renders judge by it.
public enum LottieWebAgreement {
    public static func judge(_ got: PixelBuffer, _ expected: PixelBuffer) -> (agrees: Bool, mean: Double, far: Double) {
        guard got.size == expected.size else { return (false, .infinity, 100) }
        var total = 0
        var far = 0
        got.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { b in
                for i in stride(from: 0, to: a.count, by: 4) {
                    let aa = Int(a[i + 3]), ba = Int(b[i + 3])
                    var worst = abs(aa - ba)
                    total += worst
                    for c in 0..<3 {
                        let x = (Int(a[i + c]) * aa + 127) / 255, y = (Int(b[i + c]) * ba + 127) / 255
                        let d = abs(x - y)
                        total += d
                        if d > worst { worst = d }
                    }
                    if worst > 32 { far += 1 }
                }
            }
        }
        let pixels = Double(got.size.pixelCount)
        let mean = Double(total) / (pixels * 4)
        let farPercent = Double(far) / pixels * 100
        return (mean <= 2.0 && farPercent <= 1.0, mean, farPercent)
    }
}
