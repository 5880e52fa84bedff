import ArcMaskPlatform
import Foundation

/// Identity of a file on disk (device and inode), to tell whether two paths are one file.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
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
    static func add(_ path: String) throws {
        let ok = lock.withLock { () -> Bool in
            if closed { return false }
            paths.insert(path)
            return true
        }
        while !ok { sleep(1) }
    }

    static func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Registers a folder created to hold outputs, removed (only when empty) after the temporaries.
    static func addFolder(_ path: String) { lock.withLock { _ = folders.insert(path) } }

    static func removeFolder(_ path: String) { lock.withLock { _ = folders.remove(path) } }

    /// Registers a lock file this run holds, removed with the temporaries when the run is cut
    /// short (an interrupt, the watchdog), since no `deinit` runs then.
    public static func addLockFile(_ path: String) { lock.withLock { _ = lockFiles.insert(path) } }

    public static func removeLockFile(_ path: String) { lock.withLock { _ = lockFiles.remove(path) } }

    /// The run is being interrupted: errors now are its consequence, not worth reporting.
    public static var isInterrupted: Bool { lock.withLock { closed } }

    /// Stops new temporaries and removes every registered one (on SIGINT/SIGTERM). Files that
    /// other threads were creating meanwhile are caught by trying again.
    public static func removeAll() {
        let (all, created, locks) = lock.withLock { () -> (Set<String>, Set<String>, Set<String>) in
            closed = true; return (paths, folders, lockFiles)
        }
        defer {
            for folder in created.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
            for file in locks { unlink(file) }
        }
        for attempt in 0..<5 {
            var left = false
            for p in all where FileManager.default.fileExists(atPath: p) {
                try? FileManager.default.removeItem(atPath: p)
                left = left || FileManager.default.fileExists(atPath: p)
            }
            if !left { break }
            usleep(UInt32(10_000 * (attempt + 1)))
        }
    }
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

/// A folder of outputs written all or nothing.
///
/// Files are written into a hidden staging folder; `commit()` moves them into place.
/// If the run fails or is interrupted, `abort()` (or the signal handler) removes the
/// staging folder, so the destination never holds a partial set of files.
public final class OutputFolder {
    public let destination: URL
    public let staging: URL
    private let createdDestination: Bool
    /// Folders above the destination that this run created (deepest first), removed on abort.
    private let createdParents: [URL]
    private let inputs: [URL]
    private var finished = false
    private var `guard`: AnyObject?
    private var waits: [() -> Void] = []

    /// - Parameters:
    ///   - force: allow writing into a folder that already holds files
    ///     (same-named files are replaced, others are left alone).
    ///   - guardedBy: kept until the folder is committed or aborted (a front end's lock on it).
    public init(
        _ destination: URL, force: Bool, protecting inputs: [URL] = [], guardedBy guard: AnyObject? = nil
    ) throws {
        self.guard = `guard`
        let fm = FileManager.default
        guard !destination.path.isEmpty else { throw OutputError(path: "", "an empty path names no folder") }
        OutputFolder.removeStaleStaging(near: destination)
        var isDir: ObjCBool = false
        let exists = fm.fileExists(atPath: destination.path, isDirectory: &isDir)
        if exists && !isDir.boolValue {
            throw OutputError(path: destination.path, "exists and is not a folder")
        }
        if exists && !force {
            let entries = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
            if !entries.isEmpty {
                throw OutputError(
                    path: destination.path,
                    "folder is not empty (\(entries.count) entr\(entries.count == 1 ? "y" : "ies")); use --force to write into it"
                )
            }
        }
        self.destination = destination
        self.inputs = inputs
        // Every input inside the destination that a same-named output would replace is refused
        // later, at commit, before anything moves; an input that is the destination folder
        // itself is refused here.
        if exists, let target = FileIdentity(path: destination.path),
            inputs.contains(where: { FileIdentity(path: $0.path) == target })
        {
            throw OutputError(path: destination.path, "is an input; refusing to write into it")
        }
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        if exists {
            staging = destination.appendingPathComponent(".arcmask-staging-\(tag)")
            createdDestination = false
        } else {
            let parent = destination.deletingLastPathComponent()
            staging = parent.appendingPathComponent(".\(destination.lastPathComponent).arcmask-staging-\(tag)")
            createdDestination = true
        }
        var missing: [URL] = []
        var parent = staging.deletingLastPathComponent()
        while !fm.fileExists(atPath: parent.path) && parent.path != "/" && !parent.path.isEmpty {
            missing.append(parent)
            parent = parent.deletingLastPathComponent()
        }
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: parent.path, isDirectory: &isFolder) && !isFolder.boolValue {
            throw OutputError(
                path: destination.path, "cannot be created: \(parent.path) is a file, not a folder")
        }
        createdParents = missing
        for folder in missing { Temporaries.addFolder(folder.path) }
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try Temporaries.add(staging.path)
        } catch {
            for folder in missing { rmdir(folder.path); Temporaries.removeFolder(folder.path) }
            throw OutputError(
                path: destination.path,
                "cannot create the output folder (\(String(cString: strerror(errno == 0 ? EACCES : errno))))")
        }
    }

    /// Staging folders left by runs that were killed outright (their process is gone).
    static func removeStaleStaging(near destination: URL) {
        let fm = FileManager.default
        let places = [
            (destination, ".arcmask-staging-"),
            (destination.deletingLastPathComponent(), ".\(destination.lastPathComponent).arcmask-staging-"),
        ]
        for (dir, prefix) in places {
            for name in (try? fm.contentsOfDirectory(atPath: dir.path)) ?? [] where name.hasPrefix(prefix) {
                let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }) ?? 0
                if pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                    try? fm.removeItem(at: dir.appendingPathComponent(name))
                }
            }
        }
    }

    /// Runs `wait` before the staging folder is removed on a failure: work on other threads that
    /// writes into it ends first.
    public func waitBeforeRemoving(_ wait: @escaping () -> Void) { waits.append(wait) }

    /// Where to write the staged file `name`.
    public func url(for name: String) -> URL { staging.appendingPathComponent(name) }

    /// Moves every staged file into the destination.
    public func commit() throws {
        guard !finished else { return }
        let fm = FileManager.default
        if createdDestination {
            if rename(staging.path, destination.path) != 0 {
                let why = String(cString: strerror(errno))
                abort()
                throw OutputError(path: destination.path, "cannot move outputs into place (\(why))")
            }
        } else {
            let names: [String]
            do {
                names = try fm.contentsOfDirectory(atPath: staging.path).sorted()
                // Every refusal is decided before the first file moves: all or nothing.
                for name in names {
                    let target = destination.appendingPathComponent(name)
                    try AtomicFile.refuseOverwritingInputs(target, inputs)
                    var isFolder: ObjCBool = false
                    if fm.fileExists(atPath: target.path, isDirectory: &isFolder) && isFolder.boolValue {
                        throw OutputError(
                            path: target.path, "is a folder; an output file of that name cannot replace it")
                    }
                }
            } catch {
                abort()
                throw error
            }
            for name in names {
                let target = destination.appendingPathComponent(name)
                if rename(staging.appendingPathComponent(name).path, target.path) != 0 {
                    let why = String(cString: strerror(errno))
                    abort()
                    throw OutputError(path: target.path, "cannot move output into place (\(why))")
                }
            }
            try? fm.removeItem(at: staging)
        }
        Temporaries.remove(staging.path)
        for folder in createdParents { Temporaries.removeFolder(folder.path) }
        waits = []
        finished = true
        `guard` = nil
    }

    /// Removes everything staged, and the folders created to hold it; the destination is left
    /// as it was. Work that writes into the staging folder must have ended (see `ImagePipeline`).
    public func abort() {
        guard !finished else { return }
        for wait in waits { wait() }
        waits = []
        try? FileManager.default.removeItem(at: staging)
        Temporaries.remove(staging.path)
        for folder in createdParents {
            rmdir(folder.path)  // only if empty: another run may have put files there meanwhile
            Temporaries.removeFolder(folder.path)
        }
        finished = true
        `guard` = nil
    }

    deinit { abort() }
}
