import ArcMaskFrames
import ArcMaskValues
internal import CJPEG

/// JPEG with libjpeg-turbo's TurboJPEG API. Decoding: baseline and progressive, grey, YCbCr,
/// to opaque straight RGBA (accurate DCT and smooth upsampling, libjpeg's defaults). Encoding:
/// baseline YCbCr 4:2:0 from RGBA (alpha ignored), the output of the widget export.
public enum JPEG {
    /// The qualities `encode` takes (libjpeg's scale).
    public static let qualities = 1...100

    /// Encodes the image's colour (alpha is ignored: give it opaque pixels) as a baseline
    /// JPEG, YCbCr with 4:2:0 chroma subsampling, at `quality` (1–100, libjpeg's scale).
    /// The bytes depend only on the pixels and the quality.
    public static func encode(_ image: PixelBuffer, quality: Int) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw JPEGError("cannot encode an empty image") }
        guard let handle = tjInitCompress() else { throw JPEGError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = image.bytes.withUnsafeBufferPointer { src in
            tjCompress2(
                handle, src.baseAddress, Int32(image.width), Int32(image.width * 4), Int32(image.height),
                Int32(TJPF_RGBA.rawValue), &out, &size, Int32(TJSAMP_420.rawValue),
                Int32(min(max(quality, 1), 100)), 0)
        }
        defer { if let out { tjFree(out) } }
        guard status == 0, let out else { throw JPEGError("encoding failed (\(message(handle)))") }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// The bytes every JPEG starts with (SOI and a marker).
    public static func matches(_ head: [UInt8]) -> Bool { head.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// The image size the frame header states, read without decoding; nil when it cannot be read.
    public static func size(of bytes: [UInt8]) -> PixelSize? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace)
        }
        return status == 0 && w > 0 && h > 0 ? PixelSize(width: Int(w), height: Int(h)) : nil
    }

    /// Decodes to opaque RGBA; refuses images over `maxPixels` before allocating. Data that is
    /// damaged but decodable (libjpeg's warnings) gives the image and `warning`.
    public static func decode(
        _ bytes: [UInt8], maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels
    ) throws -> (image: PixelBuffer, warning: String?) {
        guard let handle = tjInitDecompress() else { throw JPEGError("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace)
        }
        guard header == 0 else { throw JPEGError("not a readable JPEG (\(message(handle)))") }
        let width = Int(w), height = Int(h)
        guard width > 0, height > 0, width * height <= maxPixels else {
            throw JPEGError("\(width)×\(height) is over the limit of \(maxPixels) pixels")
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(
                    handle, src.baseAddress, UInt(src.count), dst.baseAddress, w, Int32(width * 4), h,
                    Int32(TJPF_RGBA.rawValue), TJFLAG_LIMITSCANS)
            }
        }
        var warning: String? = nil
        if status != 0 {
            let why = message(handle)
            guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                throw JPEGError("corrupt JPEG data (\(why))")
            }
            warning = why
        }
        return (PixelBuffer(width: width, height: height, bytes: pixels), warning)
    }

    private static func message(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "no reason given"
    }
}

/// A JPEG could not be decoded.
public struct JPEGError: ArcMaskError, Equatable {
    public let message: String
    init(_ message: String) { self.message = message }
    public var location: String? { nil }
}
