import ArcMaskFrames
import ArcMaskValues

/// Frames drawn by a function of (frame, x, y): for sources whose encoded size the tests control.
public final class DrawnFrames: FrameSource {
    public let name = "drawn"
    public let canvasSize: PixelSize
    public let frameCount: Int
    public let loopMode = LoopMode.forever
    public let warnings: [String] = []
    public let durationMs: Double
    public let pixel: @Sendable (Int, Int, Int) -> (UInt8, UInt8, UInt8, UInt8)

    public init(
        width: Int, height: Int, frames: Int, durationMs: Double = 40,
        pixel: @escaping @Sendable (Int, Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
    ) {
        canvasSize = PixelSize(width: width, height: height)
        frameCount = frames
        self.durationMs = durationMs
        self.pixel = pixel
    }

    public func duration(at index: Int) -> Double { durationMs }

    public func frame(at index: Int) throws -> PixelBuffer {
        var image = PixelBuffer(width: canvasSize.width, height: canvasSize.height)
        for y in 0..<canvasSize.height {
            for x in 0..<canvasSize.width {
                let (r, g, b, a) = pixel(index, x, y)
                let o = (y * canvasSize.width + x) * 4
                image.bytes[o] = r
                image.bytes[o + 1] = g
                image.bytes[o + 2] = b
                image.bytes[o + 3] = a
            }
        }
        return image
    }

    /// Smooth gradients that move with the frame: compresses like a photograph's sky.
    public static func smooth(width: Int = 120, height: Int = 90, frames: Int, opaque: Bool = true) -> DrawnFrames {
        DrawnFrames(width: width, height: height, frames: frames) { f, x, y in
            (
                UInt8((x * 2 + f * 9) & 255), UInt8((y * 2 + f * 5) & 255), UInt8((x + y + f * 3) & 255),
                opaque ? 255 : UInt8(x < width / 2 ? 255 : 0)
            )
        }
    }

    /// Pseudo-random noise that changes every frame: the worst case for any encoder.
    public static func noise(width: Int = 120, height: Int = 90, frames: Int) -> DrawnFrames {
        DrawnFrames(width: width, height: height, frames: frames) { f, x, y in
            var h = UInt64(truncatingIfNeeded: (f &* 73_856_093) ^ (x &* 19_349_663) ^ (y &* 83_492_791))
            h = (h ^ (h >> 13)) &* 0x5bd1_e995
            h ^= h >> 15
            return (UInt8(h & 255), UInt8((h >> 8) & 255), UInt8((h >> 16) & 255), 255)
        }
    }
}
