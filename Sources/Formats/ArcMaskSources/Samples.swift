import ArcMaskGIF
import ArcMaskSVGA
import ArcMaskValues
import Foundation

/// Inputs to try the tool on, as `generate` writes them: a GIF test pattern and an SVGA with keys
/// to fill. Each format module makes its own; a front end asks here.
public enum Samples {
    /// Writes a looping GIF of the test pattern (a wheel that turns `turns` times over the
    /// frames); `delays` (centiseconds) repeat over the frames. `progress` gets each frame written.
    public static func writeTestPatternGIF(
        to url: URL, size: PixelSize, frames: Int, delays: [Int], turns: Int = 1, progress: ((Int) -> Void)? = nil
    ) throws {
        try TestPattern.writeGIF(to: url, size: size, frames: frames, delays: delays, turns: turns, progress: progress)
    }

    /// The SVGA gift banner: 300×300, `giftBannerFrames` frames at 20 fps, with an avatar, a ribbon
    /// and a name to fill.
    public static func giftBannerSVGA() throws -> [UInt8] { try SVGAGiftExample.bytes() }

    public static let giftBannerFrames = SVGAGiftExample.frameCount
}
