import ArcMaskValues
import Foundation

/// Animated test patterns: a gradient that shifts hue, a ball circling the centre and a
/// progress bar, ordered-dithered to a 216-colour palette. Every frame differs from its
/// neighbours, and the data compresses about as well as real GIF content.
public enum TestPattern {
    /// The 6×6×6 colour cube.
    public static let palette: [RGB] = (0..<216).map { (i: Int) -> RGB in
        let r = i / 36, g = i / 6 % 6, b = i % 6
        return RGB(r: UInt8(r * 51), g: UInt8(g * 51), b: UInt8(b * 51))
    }

    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Palette indexes of frame `t` of `count` at `size`; the pattern goes round `turns` times
    /// over the animation (more turns: neighbouring frames differ more).
    public static func indices(frame t: Int, of count: Int, size: PixelSize, turns: Int = 1) -> [UInt8] {
        let w = size.width, h = size.height
        let phase = Double(t * turns % max(1, count)) / Double(max(1, count))
        let angle = 2 * Double.pi * phase
        let cx = Double(w) * (0.5 + 0.3 * cos(angle)), cy = Double(h) * (0.5 + 0.3 * sin(angle))
        let radius = 0.12 * Double(min(w, h))
        let r2 = radius * radius
        let barTop = h - max(2, h / 16)
        let barEnd = Int(Double(w) * Double(t + 1) / Double(max(1, count)))
        var out = [UInt8](repeating: 0, count: w * h)
        // Gradient colours per column and row, computed once per frame.
        let colR = (0..<w).map { 255 * (0.5 + 0.5 * sin(2 * .pi * (Double($0) / Double(w) + phase))) }
        let rowB = (0..<h).map { 255 * (0.5 + 0.5 * cos(2 * .pi * (Double($0) / Double(h) - phase))) }
        out.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                let dy = Double(y) - cy
                for x in 0..<w {
                    var r = colR[x], g = 96.0, b = rowB[y]
                    let dx = Double(x) - cx
                    if dx * dx + dy * dy <= r2 { r = 255; g = 240; b = 200 }
                    if y >= barTop { (r, g, b) = x < barEnd ? (40, 220, 90) : (30, 30, 30) }
                    let d = Double(bayer[(y & 3) * 4 + (x & 3)]) / 16 * 51 - 25.5
                    func level(_ v: Double) -> Int { min(5, max(0, Int((v + d + 25.5) / 51))) }
                    p[y * w + x] = UInt8(level(r) * 36 + level(g) * 6 + level(b))
                }
            }
        }
        return out
    }

    /// Writes a looping GIF of the pattern. `delays` (centiseconds) repeat over the frames.
    public static func writeGIF(
        to url: URL, size: PixelSize, frames: Int, delays: [Int], turns: Int = 1,
        progress: ((Int) -> Void)? = nil
    ) throws {
        precondition(frames > 0 && !delays.isEmpty)
        let writer = try GIFWriter(url: url, screen: size, globalPalette: palette, loopCount: 0)
        for t in 0..<frames {
            try writer.add(
                GIFWriter.Frame(
                    indices: indices(frame: t, of: frames, size: size, turns: turns),
                    rect: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                    delayCentiseconds: delays[t % delays.count]))
            progress?(t)
        }
        try writer.finish()
    }
}
