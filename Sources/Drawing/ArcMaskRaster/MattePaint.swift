/// Which number of a matte's pixel gates the content painted through it.
public enum MatteCoverage: Sendable {
    /// The matte's alpha.
    case alpha
    /// 255 − the matte's alpha.
    case inverseAlpha
    /// 0.3 × (R + G + B) of the matte's straight colour (transparent pixels 0), as lottie-web's
    /// luminance filter gives it.
    case luminance
    /// 255 − the luminance.
    case inverseLuminance

    @inline(__always)
    func value(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        switch self {
        case .alpha: return a
        case .inverseAlpha: return 255 - a
        case .luminance, .inverseLuminance:
            var luma: UInt32 = 0
            if a > 0 {
                // Straight colour from premultiplied, then 0.3 of each channel.
                let sum = (p >> 16 & 0xFF) + (p >> 8 & 0xFF) + (p & 0xFF)
                luma = min(255, (sum * 255 * 3 + a * 5) / (a * 10))
            }
            return self == .luminance ? luma : 255 - luma
        }
    }
}

extension Rasterizer {
    /// `content` painted over `target` through the coverage `matte` gives each pixel and
    /// through the clip, within `box`: the arithmetic of pixman's OVER with an 8-bit mask
    /// (the content scaled by the coverage, then over), which is what cairo does when it masks
    /// one image surface by another. The three rasters have this rasterizer's size.
    public func paint(
        _ content: PixelTarget, through matte: PixelTarget, _ coverage: MatteCoverage,
        box: (x0: Int, y0: Int, x1: Int, y1: Int), clip: ClipMask?, into target: PixelTarget
    ) {
        let w = min(width, content.width, matte.width, target.width)
        let h = min(height, content.height, matte.height, target.height)
        let x0 = max(box.x0, 0), x1 = min(box.x1, w)
        guard x0 < x1 else { return }
        for y in max(box.y0, 0)..<max(max(box.y0, 0), min(box.y1, h)) {
            let src = UnsafeRawPointer(content.data + y * content.stride).assumingMemoryBound(to: UInt32.self)
            let gate = UnsafeRawPointer(matte.data + y * matte.stride).assumingMemoryBound(to: UInt32.self)
            let dst = UnsafeMutableRawPointer(target.data + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let run = { (a: Int, b: Int, clipAlpha: UInt32) in
                for x in a..<b {
                    let s = src[x]
                    guard s != 0 else { continue }
                    var m = coverage.value(gate[x])
                    if clipAlpha != 255 { m = Pixel.mul(m, clipAlpha) }
                    guard m != 0 else { continue }
                    let c = m == 255 ? s : Pixel.scale(s, m)
                    dst[x] = c >> 24 == 255 ? c : Pixel.over(c, dst[x])
                }
            }
            if let clip {
                clip.forEachRun(y, x0, x1, run)
            } else {
                run(x0, x1, 255)
            }
        }
    }
}
