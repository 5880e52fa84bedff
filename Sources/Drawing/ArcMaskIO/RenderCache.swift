import ArcMaskCore
import ArcMaskPlatform
import ArcMaskValues
import Foundation

/// Rendered frames kept on disk between runs, keyed by the input's content, the frame and
/// the size, bounded in bytes. Safe under concurrent runs: entries are written to a
/// temporary file and renamed, a vanished or unreadable entry is a miss, and eviction
/// removes the least recently used files.
public final class RenderCache: @unchecked Sendable {
    public let directory: URL
    public let capacityBytes: Int
    private let lock = NSLock()
    /// The folder's size as of the last scan plus what this cache wrote since (nil: not scanned
    /// yet). The folder is listed only when this passes the budget, not after every entry.
    private var estimatedBytes: Int?

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
            try AtomicFile.write(png, to: url(key, frame: frame, size: size))
            let over: Bool = lock.withLock {
                estimatedBytes = estimatedBytes.map { $0 + png.count }
                return estimatedBytes.map { $0 > capacityBytes } ?? true
            }
            if over { evictIfNeeded() }
        } catch {
            // A cache that cannot be written is only slower.
        }
    }

    /// Removes the least recently used entries until the folder fits its budget.
    public func evictIfNeeded() {
        lock.withLock {
            let fm = FileManager.default
            guard let names = try? fm.contentsOfDirectory(atPath: directory.path) else { return }
            var entries: [(path: String, size: Int, time: Date)] = []
            var total = 0
            for n in names where n.hasSuffix(".png") && !n.hasPrefix(".") {
                let path = directory.appendingPathComponent(n).path
                guard let a = try? fm.attributesOfItem(atPath: path), let size = a[.size] as? Int else { continue }
                entries.append((path, size, a[.modificationDate] as? Date ?? .distantPast))
                total += size
            }
            defer { estimatedBytes = total }
            guard total > capacityBytes else { return }
            for e in entries.sorted(by: { $0.time < $1.time }) where total > capacityBytes {
                if unlink(e.path) == 0 || errno == ENOENT { total -= e.size }
            }
        }
    }
}
