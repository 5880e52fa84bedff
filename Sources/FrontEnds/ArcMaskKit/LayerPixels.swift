import ArcMaskBudget
import ArcMaskZIP

/// A layer's pixels: premultiplied RGBA, row by row, in a buffer this process owns. Drawn by
/// Core Graphics on Apple's systems (`ImageIOFrames.swift`); kept between passes by the fitter,
/// deflated at zlib's fastest level.
@_spi(Measuring) public struct LayerPixels: Equatable, Sendable {
    /// The layer's width, px (1 to `AnimationPreparation.maxLayerSide`).
    public let width: Int
    /// The layer's height, px (1 to `AnimationPreparation.maxLayerSide`).
    public let height: Int
    /// The pixels, 4 bytes each (red, green, blue, alpha, premultiplied), row by row from the
    /// top: `width` × `height` × 4 bytes.
    public var bytes: [UInt8]

    /// Transparent pixels; the side limit, and the memory the app may still take
    /// (`MemoryCeiling`), are checked before anything is allocated.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= AnimationPreparation.maxLayerSide,
            height <= AnimationPreparation.maxLayerSide
        else {
            throw PrepareError(.options, "a layer of \(width)×\(height) px cannot be drawn")
        }
        try MemoryCeiling.check(width: width, height: height, what: "a \(width)×\(height) px picture", place: .input)
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Pixels already made: `bytes` must hold `width`×`height`×4 of them.
    public init(width: Int, height: Int, bytes: [UInt8]) throws {
        guard width > 0, height > 0, width <= AnimationPreparation.maxLayerSide,
            height <= AnimationPreparation.maxLayerSide,
            bytes.count == width * height * 4
        else {
            throw PrepareError(.options, "\(bytes.count) bytes are no layer of \(width)×\(height) px")
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Whether every pixel's alpha is 255 (with the `.auto` image format, such a layer is written as JPEG).
    public var isOpaque: Bool {
        var i = 3
        while i < bytes.count {
            if bytes[i] != 255 { return false }
            i += 4
        }
        return true
    }

    /// The pixels composited onto black, opaque: premultiplied colour is exactly that.
    public var onBlack: [UInt8] {
        var out = bytes
        var i = 3
        while i < out.count {
            out[i] = 255
            i += 4
        }
        return out
    }
}

@_spi(Measuring) extension LayerPixels: FitPixels {
    /// The pixels, for comparing frames.
    public var rgba: [UInt8] { bytes }
    /// Core Graphics draws premultiplied.
    public static var premultiplied: Bool { true }

    /// The pixels deflated at zlib's fastest level: a frame kept between passes is a few times
    /// smaller on disk, and inflates faster than it decodes.
    public func kept() -> [UInt8] { Deflate.zlib(bytes, level: 1) }

    /// Pixels inflated from `kept()`'s bytes; never more than `width`×`height`×4 bytes are made.
    public init(kept: [UInt8], width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= AnimationPreparation.maxLayerSide,
            height <= AnimationPreparation.maxLayerSide
        else {
            throw PrepareError(.options, "a layer of \(width)×\(height) px cannot be kept")
        }
        try self.init(width: width, height: height, bytes: try Inflate.zlib(kept, limit: width * height * 4))
    }
}
