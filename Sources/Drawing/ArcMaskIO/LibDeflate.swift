internal import CDeflate
import Foundation

/// Whole-buffer zlib compression with libdeflate: the format zlib writes, in less time for
/// sizes within a few per cent of zlib's at the same level. Compressors are reused (their
/// match-finder tables are large to set up), one per thread at a time.
enum LibDeflate {
    /// `input` as one zlib stream; `level` runs from 1 (fastest) to 12 (smallest).
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
