import ArcMaskFiles
import ArcMaskFrames
import ArcMaskPlatform
import ArcMaskValues
import ArcMaskZIP
import Foundation

/// Rendered frames kept on disk between runs, keyed by the input's content, the frame and
/// the size, bounded in bytes. Safe under concurrent runs: entries are written to a
/// temporary file and renamed, a vanished or unreadable entry is a miss, and eviction
/// removes the least recently used files.
///
/// The cache keeps its own index of the folder (each entry's size and last use), built by one
/// listing when it first stores and refreshed after each budget's worth written (to see other
/// runs' entries). A store evicts from the index, oldest first, just enough to stay
/// within the budget: a full cache costs a few removals per store, never a listing per store.
public final class RenderCache: @unchecked Sendable {
    public let directory: URL
    public let capacityBytes: Int
    private let lock = NSLock()
    /// Entries by last use, oldest first from `head`; nil until the folder is listed.
    private var index: [(name: String, size: Int, time: Date)]?
    private var head = 0
    private var indexedBytes = 0
    /// Bytes stored since the last listing.
    private var writtenSinceScan = 0
    /// How many times this cache listed its folder (for the tests and the bench).
    public private(set) var scans = 0

    /// `ARCMASK_CACHE_DIR`, else `$XDG_CACHE_HOME/arcmask/renders`, else `~/.cache/arcmask/renders`.
    public static var defaultDirectory: URL {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["ARCMASK_CACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        let base =
            env["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("arcmask/renders")
    }

    public init(directory: URL = RenderCache.defaultDirectory, capacityBytes: Int = 256 << 20) {
        self.directory = directory
        self.capacityBytes = capacityBytes
    }

    /// A key for `bytes` (two independent hashes and the length, so collisions need both to collide).
    public static func contentKey(_ bytes: [UInt8]) -> String {
        String(format: "%016llx%08x%llx", FNV1a.hash(bytes), crc32(bytes), UInt64(bytes.count))
    }

    /// Changes whenever the renderer's output changes, so a newer arcmask never serves
    /// frames an older one drew (2: rotated bitmaps drawn by `AffineBlit`; 3: its bilinear
    /// weights in 128ths).
    public static let rendererRevision = 3

    private func url(_ key: String, frame: Int, size: PixelSize) -> URL {
        directory.appendingPathComponent("r\(Self.rendererRevision)-\(key)-\(frame)-\(size.width)x\(size.height).png")
    }

    public func image(key: String, frame: Int, size: PixelSize) -> PixelBuffer? {
        let u = url(key, frame: frame, size: size)
        guard let data = FileManager.default.contents(atPath: u.path),
            let image = try? PNG.decode([UInt8](data)), image.size == size
        else { return nil }
        utime(u.path, nil)  // mark as recently used
        return image
    }

    public func store(_ image: PixelBuffer, key: String, frame: Int, size: PixelSize) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let png = try PNG.encode(image, compression: .fast)
            let url = url(key, frame: frame, size: size)
            try AtomicFile.write(png, to: url)
            lock.withLock { added(url.lastPathComponent, bytes: png.count) }
        } catch {
            // A cache that cannot be written is only slower.
        }
    }

    /// Records an entry written, and evicts the least recently used ones beyond the budget.
    private func added(_ name: String, bytes: Int) {
        writtenSinceScan += bytes
        if index == nil || writtenSinceScan > capacityBytes {
            scan()  // the listing holds the entry just written
        } else {
            index!.append((name, bytes, Date()))
            indexedBytes += bytes
        }
        while indexedBytes > capacityBytes, head < index!.count - 1 {
            let oldest = index![head]
            head += 1
            let path = directory.appendingPathComponent(oldest.name).path
            if unlink(path) == 0 || errno == ENOENT { indexedBytes -= oldest.size }
        }
        // Drop the evicted prefix now and then, so the index does not grow with every store.
        if head > 4096 && head > index!.count / 2 {
            index!.removeFirst(head)
            head = 0
        }
    }

    /// Lists the folder into the index, oldest first.
    private func scan() {
        scans += 1
        writtenSinceScan = 0
        let fm = FileManager.default
        var entries: [(name: String, size: Int, time: Date)] = []
        var total = 0
        for n in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        where n.hasSuffix(".png") && !n.hasPrefix(".") {
            let path = directory.appendingPathComponent(n).path
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let size = Int(info.st_size)
            entries.append((n, size, Date(timeIntervalSince1970: Platform.modificationSeconds(info))))
            total += size
        }
        index = entries.sorted { $0.time < $1.time }
        head = 0
        indexedBytes = total
    }
}
