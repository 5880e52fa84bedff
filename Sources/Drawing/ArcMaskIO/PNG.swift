import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues
internal import CPNG
import Foundation

/// PNG encoding and decoding with libpng.
public enum PNG {
    /// How hard to compress. Every preset stores the same pixels; they differ in time and bytes.
    public struct Compression: Sendable, Hashable, CustomStringConvertible {
        public enum Preset: String, CaseIterable, Sendable {
            /// libdeflate level 1, truecolor rows Sub-filtered: the least time.
            case fast
            /// libdeflate level 6, rows unfiltered: for bulk frames, faster than zlib's level 6
            /// and no larger (ffmpeg writes zlib level 6 unfiltered).
            case balanced
            /// libdeflate level 10; RGB(A) rows are compressed both unfiltered and with per-row
            /// adaptive filters, and few-colour images both indexed and as RGB(A); the smallest
            /// is kept: for files people keep.
            case small
        }

        public let preset: Preset
        public init(_ preset: Preset) { self.preset = preset }

        /// From a zlib-style level, 0 to 9: 0–3 fast, 4–7 balanced, 8–9 small.
        public init(level: Int) {
            self.init(level <= 3 ? .fast : level <= 7 ? .balanced : .small)
        }

        public static let fast = Compression(.fast)
        public static let balanced = Compression(.balanced)
        public static let small = Compression(.small)

        public var description: String { preset.rawValue }

        /// libdeflate's level for the IDAT stream. `small` stops at 10: on a 380-frame 472×298
        /// GIF (wuffs' gifplayer-muybridge.gif) level 12 took 57.6 s for 2.21 MB, 11 took 29.1 s
        /// for 2.25 MB, 10 took 15.5 s for 2.27 MB (balanced: 0.54 s, 2.46 MB).
        var deflateLevel: Int {
            switch preset {
            case .fast: 1
            case .balanced: 6
            case .small: 10
            }
        }

        /// The scanline filter tried first for RGB(A) images (indexed images are never filtered).
        var firstFilter: ScanlineFilter { preset == .fast ? .sub : .none }
        /// A second filter whose result is kept when smaller.
        var secondFilter: ScanlineFilter? { preset == .small ? .adaptive : nil }

        /// zlib level for the band-by-band writer (`PNGStreamWriter`), which writes the export's
        /// strips Sub-filtered. Measured on a strip of 500 layers of 510×510 (520 MB of RGBA)
        /// through libpng on one core: Sub-filtered at zlib 1, 3.5 s for 108 MB; at zlib 3,
        /// 4.4 s for 101 MB; at zlib 6, 14.7 s for 87 MB; at zlib 9, 39.8 s for 87 MB. libpng's
        /// adaptive filter choice made it larger and slower (zlib 6: 18.3 s, 100 MB; zlib 9:
        /// 45.4 s, 99 MB).
        var zlibLevel: Int32 {
            switch preset {
            case .fast: 1
            case .balanced: 3
            case .small: 6
            }
        }
    }

    /// Which colour type a PNG is written with.
    public enum Layout: Sendable {
        /// Indexed when there are 256 colours or fewer, RGB when every pixel is opaque, else RGBA.
        case smallest
        /// Always 8-bit RGBA (colour type 6), for consumers that need one layout.
        case rgba
    }

    /// Encodes straight RGBA pixels as a PNG that decodes to exactly those pixels (see `PNGEncoder`).
    public static func encode(
        _ image: PixelBuffer, compression: Compression = .balanced, layout: Layout = .smallest
    ) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw PNGError("cannot encode an empty \(image.size) image") }
        guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw PNGError("\(image.size) is larger than PNG allows")
        }
        return PNGEncoder.encode(image, compression: compression, layout: layout)
    }

    /// Encodes and writes atomically (temporary file, then rename); never replaces an input.
    public static func write(
        _ image: PixelBuffer, to url: URL, compression: Compression = .balanced,
        protecting inputs: [URL] = []
    ) throws {
        try AtomicFile.write(encode(image, compression: compression), to: url, protecting: inputs)
    }

    /// Decodes any PNG (palette, grey, 16-bit, interlaced, with or without alpha) to straight
    /// 8-bit RGBA. Samples are taken as stored: 16-bit samples keep their high byte, and gAMA,
    /// sRGB and iCCP are not applied (as browsers' canvases and Pillow read pixels).
    /// - Parameter maxPixels: refuse larger images before allocating their pixels.
    public static func decode(
        _ bytes: [UInt8], maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels
    ) throws -> PixelBuffer {
        let reader = UnsafeMutablePointer<arcmask_png_reader>.allocate(capacity: 1)
        defer {
            arcmask_png_reader_destroy(reader)
            reader.deallocate()
        }
        return try bytes.withUnsafeBytes { raw in
            guard arcmask_png_reader_begin(reader, raw.baseAddress, raw.count) == 0 else {
                throw PNGError("not a readable PNG (\(readerMessage(reader)))")
            }
            let width = Int(reader.pointee.width), height = Int(reader.pointee.height)
            guard width > 0, height > 0 else { throw PNGError("zero-sized image") }
            guard width * height <= maxPixels else {
                throw PNGError("\(width)×\(height) is over the limit of \(maxPixels) pixels")
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBufferPointer {
                arcmask_png_reader_finish(reader, $0.baseAddress, width * 4)
            }
            if finished != 0 { throw PNGError("corrupt PNG data (\(readerMessage(reader)))") }
            return PixelBuffer(width: width, height: height, bytes: pixels)
        }
    }

    /// The width and height a PNG's IHDR states, read from its first 24 bytes (nil: not a valid PNG header).
    public static func size(ofHeader head: [UInt8]) -> PixelSize? {
        guard head.count >= 24, head.starts(with: signature), head[12..<16].elementsEqual("IHDR".utf8) else {
            return nil
        }
        func be(_ i: Int) -> Int { head[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        // PNG allows 1 to 2³¹−1 each way; anything else is not a valid header (and could overflow a pixel count).
        let w = be(16), h = be(20)
        guard (1...Int(Int32.max)).contains(w), (1...Int(Int32.max)).contains(h) else { return nil }
        return PixelSize(width: w, height: h)
    }

    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads and decodes a PNG file.
    public static func read(_ url: URL, maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels) throws -> PixelBuffer {
        // A PNG holds at most ~1,032 deflated bytes per 4 pixels' worth of raw data; a file far
        // over what its pixel limit allows is refused before it is read.
        let data = try FileReader.contents(
            of: url.path, limit: max(64 << 20, maxPixels.multipliedReportingOverflow(by: 8).partialValue),
            kind: "PNG files of at most \(maxPixels) pixels")
        do { return try decode(data, maxPixels: maxPixels) } catch let error as PNGError {
            throw InputError(file: url.path, error.message)
        }
    }

    private static func message(of io: inout arcmask_png_io) -> String {
        withUnsafeBytes(of: &io.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func readerMessage(_ reader: UnsafeMutablePointer<arcmask_png_reader>) -> String {
        withUnsafeBytes(of: &reader.pointee.io.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// A PNG could not be encoded or decoded.
public struct PNGError: ArcMaskError, Equatable {
    public let message: String
    init(_ message: String) { self.message = message }
    public var location: String? { nil }
}
