import ArcMaskCore
import ArcMaskPlatform
import ArcMaskValues
import Dispatch
import Foundation

/// An exclusive lock on an output path, so concurrent runs cannot write the same folder.
/// Lock files live in the system's temporary folder, never beside the user's files, and are
/// removed when released.
public final class OutputLock {
    private let fd: Int32
    private let lockPath: String

    public init(for destination: URL) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-locks")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = destination.standardizedFileURL.path
        let h = FNV1a.hash(path.utf8)
        lockPath = dir.appendingPathComponent(String(format: "%016llx.lock", h)).path
        fd = try Self.acquire(lockPath, for: path)
        Temporaries.addLockFile(lockPath)
    }

    /// The descriptor of `lockPath`, locked. A holder removes the file as it unlocks: a lock
    /// taken on a file that is no longer the one at `lockPath` is worthless, so the loop opens
    /// the file anew.
    private static func acquire(_ lockPath: String, for path: String) throws -> Int32 {
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw OutputError(path: path, "cannot create a lock (\(String(cString: strerror(errno))))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                throw OutputError(path: path, "another arcmask run is writing here; wait for it to finish")
            }
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0 && stat(lockPath, &named) == 0 && held.st_ino == named.st_ino
                && held.st_dev == named.st_dev
            {
                return fd
            }
            close(fd)
        }
    }

    deinit {
        Temporaries.removeLockFile(lockPath)
        unlink(lockPath)
        flock(fd, LOCK_UN)
        close(fd)
    }
}
