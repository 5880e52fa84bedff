internal import CDeflate
import Foundation

/// Whole-buffer zlib compression with libdeflate: the same format zlib writes, faster at
/// every level and smaller at the same effort. Compressors are reused (their match-finder
/// tables are large to set up), one per thread at a time.
enum LibDeflate {
    /// libdeflate levels run from 1 (fastest) to 12 (smallest).
    static let levels = 1...12

    /// `input` as one zlib stream.
    static func zlib(_ input: UnsafeRawBufferPointer, level: Int) -> [UInt8] {
        let compressor = CompressorPool.shared.take(level: level)
        defer { CompressorPool.shared.give(compressor, level: level) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, bound)
            // The bound is libdeflate's worst case for this input, so a zero here is a broken invariant.
            precondition(count > 0, "libdeflate output exceeded its own bound")
        }
    }

    /// CRC-32 (the PNG and zlib polynomial), chainable.
    static func crc32(_ bytes: UnsafeRawBufferPointer, previous: UInt32 = 0) -> UInt32 {
        libdeflate_crc32(previous, bytes.baseAddress, bytes.count)
    }
}

/// Idle compressors by level, so a bulk job allocates one per level and thread, not one per image.
private final class CompressorPool: @unchecked Sendable {
    static let shared = CompressorPool()
    private let lock = NSLock()
    private var idle: [Int: [OpaquePointer]] = [:]

    func take(level: Int) -> OpaquePointer {
        if let c = lock.withLock({ idle[level]?.popLast() }) { return c }
        guard let c = libdeflate_alloc_compressor(Int32(level)) else {
            fatalError("libdeflate could not allocate a level-\(level) compressor (out of memory)")
        }
        return c
    }

    func give(_ compressor: OpaquePointer, level: Int) {
        lock.withLock { idle[level, default: []].append(compressor) }
    }
}
