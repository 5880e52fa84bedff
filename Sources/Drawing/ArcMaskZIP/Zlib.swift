internal import CLibZ
import Foundation

/// CRC-32 (the zlib/PNG polynomial), chainable: `crc32(b, previous: crc32(a))` is the CRC of a then b.
public func crc32(_ bytes: [UInt8], previous: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBytes { crc32($0, previous: previous) }
}

/// CRC-32 of raw bytes (a slice of a larger buffer, without copying it).
public func crc32(_ bytes: UnsafeRawBufferPointer, previous: UInt32 = 0) -> UInt32 {
    UInt32(CLibZ.crc32(uLong(previous), bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), uInt(bytes.count)))
}

/// zlib inflation with a ceiling on the output, checked as it grows (zip bombs stop early).
public enum Inflate {
    public enum Failure: Error, Sendable {
        case corrupt(String)
        case tooLarge(limit: Int)
    }

    public static func zlib(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        try run(input[...], limit: limit, raw: false)
    }

    /// Raw deflate data (no header), as in ZIP entries.
    public static func raw(_ input: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        try run(input, limit: limit, raw: true)
    }

    /// A gzip file's data (its header and trailer checked), as a Telegram sticker holds it.
    public static func gzip(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        try run(input[...], limit: limit, raw: false, gzip: true)
    }

    /// How many bytes a zlib stream inflates to, without keeping them; `tooLarge` as soon as
    /// the count passes `limit`. Lets a reader check a stream's size before decoding it.
    public static func count<C: ContiguousBytes>(zlib input: C, limit: Int) throws(Failure) -> Int {
        try input.withUnsafeBytes { src in
            Result { () throws(Failure) in try inflate(src, raw: false, limit: limit) { _ in } }
        }.get()
    }

    private static func run(
        _ input: ArraySlice<UInt8>, limit: Int, raw: Bool, gzip: Bool = false
    ) throws(Failure) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(min(limit, max(1 << 16, input.count * 4)))
        let result = input.withUnsafeBytes { src in
            Result { () throws(Failure) in
                try inflate(src, raw: raw, gzip: gzip, limit: limit) { output.append(contentsOf: $0) }
            }
        }
        _ = try result.get()
        return output
    }

    /// Inflates `src` in 64 KB pieces handed to `keep`; returns the total. Stops with `tooLarge`
    /// before a piece would take the total past `limit`.
    private static func inflate(
        _ src: UnsafeRawBufferPointer, raw: Bool, gzip: Bool = false, limit: Int,
        keep: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(Failure) -> Int {
        var stream = z_stream()
        let started =
            gzip
            ? arcmask_inflate_init_gzip(&stream)
            : raw ? arcmask_inflate_init_raw(&stream) : arcmask_inflate_init(&stream)
        guard started == Z_OK else {
            throw .corrupt("cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        stream.next_in = UnsafeMutablePointer(mutating: src.bindMemory(to: UInt8.self).baseAddress)
        stream.avail_in = uInt(src.count)
        var total = 0
        var status: Int32 = Z_OK
        while status != Z_STREAM_END {
            stream.next_out = chunk.baseAddress
            stream.avail_out = uInt(chunk.count)
            status = CLibZ.inflate(&stream, Z_NO_FLUSH)
            let produced = chunk.count - Int(stream.avail_out)
            if status != Z_OK && status != Z_STREAM_END {
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw .corrupt(status == Z_BUF_ERROR ? "the data ends early" : message)
            }
            total += produced
            if total > limit { throw .tooLarge(limit: limit) }
            keep(UnsafeBufferPointer(rebasing: chunk[0..<produced]))
            if produced == 0 && stream.avail_in == 0 && status != Z_STREAM_END {
                throw .corrupt("the data ends early")
            }
        }
        return total
    }
}

/// zlib compression (used to write SVGA 2.x files in tests and tools).
public enum Deflate {
    public static func zlib(_ input: [UInt8], level: Int = 6) -> [UInt8] {
        var size = compressBound(uLong(input.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { dst in
            input.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &size, src.baseAddress, uLong(src.count), Int32(level))
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed with \(status)")
        return Array(out.prefix(Int(size)))
    }
}

extension Deflate {
    /// Why a raw deflate piece could not be made.
    public struct Failure: Error, Sendable {
        public let message: String
    }

    /// `data` as raw deflate, primed with `dictionary` (at most the last 32 KB before it), ending
    /// on a byte boundary with a sync flush, or, for the `last` piece, ending the stream: pieces
    /// deflated apart and written in order make one stream (PNG's parallel IDAT writer).
    public static func rawPiece(
        _ data: [UInt8], dictionary: [UInt8], level: Int32, last: Bool
    ) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard arcmask_deflate_init_raw(&stream, level) == Z_OK else { throw Failure(message: "cannot start deflate") }
        defer { deflateEnd(&stream) }
        if !dictionary.isEmpty {
            let status = dictionary.withUnsafeBufferPointer {
                deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count))
            }
            guard status == Z_OK else { throw Failure(message: "cannot set the dictionary") }
        }
        // A sync flush adds at most a few bytes beyond the bound.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced = data.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst -> Int? in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                let status = CLibZ.deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
                guard status == (last ? Z_STREAM_END : Z_OK), stream.avail_in == 0 else { return nil }
                return dst.count - Int(stream.avail_out)
            }
        }
        guard let produced else { throw Failure(message: "deflate stopped short") }
        output.removeLast(output.count - produced)
        return output
    }
}

/// Adler-32, zlib's checksum (a zlib stream's trailer).
public enum Adler32 {
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
    }

    /// The checksum of two byte runs one after the other, from theirs and the second's length.
    public static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }
}
