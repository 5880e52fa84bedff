/// Ceilings on what an input may ask for, checked before anything is allocated.
///
/// Defaults are generous for real animations and refuse decompression bombs:
/// - `maxCanvasPixels`: 50 megapixels (e.g. 8192×6100), 200 MB of RGBA.
/// - `maxFrames`: 20,000 frames.
/// - `maxDecodedBytes`: 16 GiB of RGBA produced by decoding every frame once (frames × canvas).
public struct DecodeLimits: Sendable, Equatable {
    public var maxCanvasPixels: Int
    public var maxFrames: Int
    public var maxDecodedBytes: Int

    public static let defaultMaxCanvasPixels = 50_000_000
    public static let defaultMaxFrames = 20_000
    public static let defaultMaxDecodedBytes = 16 << 30

    public init(
        maxCanvasPixels: Int = DecodeLimits.defaultMaxCanvasPixels,
        maxFrames: Int = DecodeLimits.defaultMaxFrames,
        maxDecodedBytes: Int = DecodeLimits.defaultMaxDecodedBytes
    ) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxFrames = maxFrames
        self.maxDecodedBytes = maxDecodedBytes
    }

    public static let `default` = DecodeLimits()
}
