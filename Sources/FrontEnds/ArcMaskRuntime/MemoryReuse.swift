import ArcMaskPlatform

/// Keeps freed frame-sized buffers in the process for the next frame.
///
/// Bulk work allocates and frees a few frame-sized buffers per frame (pixels, filtered rows,
/// compressed bytes: megabytes each). glibc serves such sizes with fresh `mmap`s or returns
/// them to the system as soon as they are freed at the top of the heap, so every frame paid
/// for page faults and zeroed pages: a third of the time of `frames` on a 1080×630 SVGA.
/// Raising the mmap threshold to its maximum (32 MB) and the trim threshold to 256 MB keeps
/// them for reuse; peak memory stays bounded by the frames in flight.
public enum MemoryReuse {
    public static func install() {
        Platform.keepFreedMemory()
    }
}
