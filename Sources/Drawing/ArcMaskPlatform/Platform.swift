// The platform seam: the one file that names a C library. Everything else imports
// ArcMaskPlatform and reaches POSIX through it (open, stat, flock, signals, errno …), which
// glibc, musl and Darwin all provide; what differs between them is said here.

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("arcmask needs a POSIX C library: glibc, musl or Darwin")
#endif

/// Calls whose spelling or presence differs between C libraries.
public enum Platform {
    /// `write(2)`: writes up to `count` bytes from `bytes` to `descriptor`; the bytes written,
    /// or -1 with `errno` set. Named here so code inside types with a `write` of their own
    /// reaches the C call on every platform.
    @inline(__always)
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// The last modification time of what `info` describes, seconds since 1970 (`st_mtim` on
    /// Linux, `st_mtimespec` on Darwin).
    public static func modificationSeconds(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// Asks the allocator to keep freed frame-sized buffers for reuse instead of returning
    /// them to the system at once (see `MemoryReuse`). glibc: the mmap threshold at its
    /// maximum (32 MB) and the trim threshold at 256 MB, through `mallopt`, looked up at run
    /// time (Swift's Glibc module does not declare `<malloc.h>`; musl has no `mallopt`).
    /// Darwin's allocator has no such knobs and already keeps large freed regions a while.
    public static func keepFreedMemory() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }

    /// The operating system's name as `inspect --json` and benchmarks report it.
    public static var name: String {
        #if os(macOS)
        "macOS"
        #elseif os(iOS)
        "iOS"
        #elseif os(Linux)
        "Linux"
        #else
        "unknown"
        #endif
    }
}
