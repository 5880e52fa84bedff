import ArcMaskPlatform
import ArcMaskValues
import Foundation

/// Identity of a file on disk (device and inode), to tell whether two paths are one file.
public struct FileIdentity: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

/// Temporary files and folders currently being written, so an interrupted run can remove them.
public enum Temporaries {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var folders: Set<String> = []
    nonisolated(unsafe) private static var lockFiles: Set<String> = []
    nonisolated(unsafe) private static var closed = false

    /// Registers a temporary about to be created. Once the run is being interrupted, the
    /// calling thread waits for the process to exit instead (so it cannot report another error).
    public static func add(_ path: String) throws {
        let ok = lock.withLock { () -> Bool in
            if closed { return false }
            paths.insert(path)
            return true
        }
        while !ok { sleep(1) }
    }

    public static func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Registers a folder created to hold outputs, removed (only when empty) after the temporaries.
    public static func addFolder(_ path: String) { lock.withLock { _ = folders.insert(path) } }

    public static func removeFolder(_ path: String) { lock.withLock { _ = folders.remove(path) } }

    /// Registers a lock file this run holds, removed with the temporaries when the run is cut
    /// short (an interrupt, the watchdog), since no `deinit` runs then.
    public static func addLockFile(_ path: String) { lock.withLock { _ = lockFiles.insert(path) } }

    public static func removeLockFile(_ path: String) { lock.withLock { _ = lockFiles.remove(path) } }

    /// The run is being interrupted: errors now are its consequence, not worth reporting.
    public static var isInterrupted: Bool { lock.withLock { closed } }

    /// Stops new temporaries and removes every registered one (on SIGINT/SIGTERM).
    ///
    /// Other threads go on working until the process exits, and a worker may be creating a
    /// file in a staging folder while it is removed: a folder's removal lists its entries,
    /// removes them, then the folder, and fails when an entry appeared in between. So each
    /// folder is first renamed aside (`rename(2)`, one step): no path a worker holds leads into
    /// it any more (their writes create nothing and fail, and the folders they would create
    /// need their parent), and what is inside can be removed without a race. The name set
    /// aside keeps the staging marker and the process id, so were the process killed outright
    /// in between, the next run beside it removes it (`StagedFolder.removeStale`).
    public static func removeAll() {
        let (all, created, locks) = lock.withLock { () -> (Set<String>, Set<String>, Set<String>) in
            closed = true; return (paths, folders, lockFiles)
        }
        defer {
            for folder in created.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
            for file in locks { unlink(file) }
        }
        deleteFromDisk(all)
    }

    /// Removes these files and folders (each folder with all it holds) while other threads may
    /// still be writing into them; see `removeAll`.
    static func deleteFromDisk(_ all: some Sequence<String>) {
        let fm = FileManager.default
        var targets: [String] = []
        for p in all {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isFolder) else { continue }
            let aside = p + setAsideSuffix
            targets.append(isFolder.boolValue && rename(p, aside) == 0 ? aside : p)
        }
        // A file a worker opened just before the rename may still appear inside: try again.
        for attempt in 0..<20 {
            var left = false
            for p in targets where fm.fileExists(atPath: p) {
                try? fm.removeItem(atPath: p)
                left = left || fm.fileExists(atPath: p)
            }
            if !left { break }
            usleep(UInt32(5_000 * (attempt + 1)))
        }
    }

    /// Added to a registered folder's name when it is set aside to be removed.
    static let setAsideSuffix = "-removing"
}

/// Writes files so that a reader only ever sees the old file or the complete new one:
/// the bytes go to a temporary file in the same folder, which is then renamed.
public enum AtomicFile {
    /// Writes `bytes` to `url`. Refuses when `url` is one of `inputs` (same file on disk).
    public static func write(_ bytes: some ContiguousBytes, to url: URL, protecting inputs: [URL] = []) throws {
        try refuseOverwritingInputs(url, inputs)
        let dir = url.deletingLastPathComponent().path
        let tmp =
            "\(dir.isEmpty ? "." : dir)/.\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        try Temporaries.add(tmp)
        defer { Temporaries.remove(tmp) }
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw OutputError(path: url.path, "cannot create a file here (\(String(cString: strerror(errno))))")
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Platform.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(tmp, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(tmp)
            throw OutputError(path: url.path, "write failed (\(String(cString: strerror(failure))))")
        }
    }

    /// Throws when `url` names the same file as any of `inputs`.
    public static func refuseOverwritingInputs(_ url: URL, _ inputs: [URL]) throws {
        guard let target = FileIdentity(path: url.path) else { return }
        for input in inputs where FileIdentity(path: input.path) == target {
            throw OutputError(path: url.path, "is an input file; refusing to overwrite it")
        }
    }
}
