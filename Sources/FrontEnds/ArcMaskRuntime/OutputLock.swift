import ArcMaskFiles
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
        let dir = try Self.folder()
        let path = destination.standardizedFileURL.path
        let h = FNV1a.hash(path.utf8)
        lockPath = dir.appendingPathComponent(String(format: "%016llx.lock", h)).path
        fd = try Self.acquire(lockPath, for: path)
        Temporaries.addLockFile(lockPath)
    }

    /// The lock folder of this user: `$TMPDIR/arcmask-locks-<uid>`, made with mode 0700 on first
    /// use. Each user has their own, so the first user's folder never blocks another's runs; one
    /// that is not a folder, is a link, belongs to someone else or others can write is refused,
    /// named by its path.
    public static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-locks-\(getuid())")
        if mkdir(dir.path, 0o700) != 0 && errno != EEXIST {
            throw OutputError(path: dir.path, "cannot create the lock folder (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard lstat(dir.path, &info) == 0 else {
            throw OutputError(path: dir.path, "cannot read the lock folder (\(String(cString: strerror(errno))))")
        }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        guard isFolder, info.st_uid == getuid(), info.st_mode & 0o022 == 0 else {
            let why =
                !isFolder
                ? "is not a folder" : info.st_uid != getuid() ? "belongs to another user" : "can be written by others"
            throw OutputError(path: dir.path, "\(why): it cannot hold arcmask's locks; remove it")
        }
        return dir
    }

    /// The descriptor of `lockPath`, locked. A holder removes the file as it unlocks: a lock
    /// taken on a file that is no longer the one at `lockPath` is worthless, so the loop opens
    /// the file anew.
    private static func acquire(_ lockPath: String, for path: String) throws -> Int32 {
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw OutputError(
                    path: path, "cannot create its lock file \(lockPath) (\(String(cString: strerror(errno))))")
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
