import ArcMaskValues

/// An 8-bit RGBA image, bytes in R, G, B, A order, rows packed (`width * 4` bytes each).
///
/// Alpha is **straight** (not premultiplied): a pixel's colour is stored as is and
/// alpha says how much of it shows. GIF pixels are either fully opaque or fully
/// transparent, so for them the distinction never matters; renderers that work in
/// premultiplied space (cairo) convert at their boundary.
///
/// Storage is copy-on-write: a frame source hands out its working canvas without
/// copying, and only pays for a copy when the caller keeps the buffer while the
/// source draws the next frame.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    /// A fully transparent buffer.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative buffer size")
        self.width = width
        self.height = height
        self.bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "pixel data does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var rowBytes: Int { width * 4 }
    public var byteCount: Int { bytes.count }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    public mutating func setPixel(x: Int, y: Int, _ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let i = (y * width + x) * 4
        bytes[i] = p.r; bytes[i + 1] = p.g; bytes[i + 2] = p.b; bytes[i + 3] = p.a
    }

    /// Sets every byte to zero (transparent black).
    public mutating func clear() {
        bytes.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
    }
}
