import ArcMaskFiles
import ArcMaskFolder
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

/// A folder of outputs written all or nothing, as the command line writes it: a `StagedFolder`
/// (the one both front ends use) that merges into an existing folder only with `--force`,
/// refuses to replace an input, and registers what it creates so that an interrupt removes it.
public final class OutputFolder {
    public let destination: URL
    public var staging: URL { staged.staging }
    private let staged: StagedFolder
    private let inputs: [URL]
    private var finished = false
    private var `guard`: AnyObject?
    private var waits: [() -> Void] = []
    /// Files of an earlier output in the destination that this one replaces as a whole: at commit,
    /// those this output does not write are removed (never an input), so a folder written again
    /// with `--force` holds the new output only, beside any file of the user's own.
    public var replacing: [String] = []

    /// - Parameters:
    ///   - force: allow writing into a folder that already holds files
    ///     (same-named files are replaced, others are left alone).
    ///   - guardedBy: kept until the folder is committed or aborted (a front end's lock on it).
    public init(
        _ destination: URL, force: Bool, protecting inputs: [URL] = [], guardedBy guard: AnyObject? = nil
    ) throws {
        self.guard = `guard`
        guard !destination.path.isEmpty else { throw OutputError(path: "", "an empty path names no folder") }
        self.destination = destination
        self.inputs = inputs
        do {
            staged = try StagedFolder(destination, existing: force ? .merge : .refuse, createParents: true) { url in
                if url.lastPathComponent.contains(StagedFolder.marker) {
                    try? Temporaries.add(url.path)
                } else {
                    Temporaries.addFolder(url.path)
                }
            }
        } catch {
            throw OutputError(error)
        }
        // Every input inside the destination that a same-named output would replace is refused
        // at commit, before anything moves; an input that is the destination folder itself is
        // refused here.
        if staged.destinationExisted, let target = FileIdentity(path: destination.path),
            inputs.contains(where: { FileIdentity(path: $0.path) == target })
        {
            abort()
            throw OutputError(path: destination.path, "is an input; refusing to write into it")
        }
    }

    /// Runs `wait` before the staging folder is removed on a failure: work on other threads that
    /// writes into it ends first.
    public func waitBeforeRemoving(_ wait: @escaping () -> Void) { waits.append(wait) }

    /// Where to write the staged file `name`.
    public func url(for name: String) -> URL { staged.url(for: name) }

    /// Moves every staged file into the destination.
    public func commit() throws {
        guard !finished else { return }
        do {
            var written: Set<String> = []
            try staged.commit { names in
                for name in names {
                    try AtomicFile.refuseOverwritingInputs(destination.appendingPathComponent(name), inputs)
                }
                written = Set(names)
            }
            for name in replacing where !written.contains(name) && !name.contains("/") {
                let url = destination.appendingPathComponent(name)
                guard (try? AtomicFile.refuseOverwritingInputs(url, inputs)) != nil else { continue }
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    unlink(url.path)
                }
            }
        } catch let failure as StagedFolder.Failure {
            abort()
            throw OutputError(failure)
        } catch {
            abort()
            throw error
        }
        unregister()
    }

    /// Removes everything staged, and the folders created to hold it; the destination is left
    /// as it was. Work that writes into the staging folder must have ended (see `ImagePipeline`).
    public func abort() {
        guard !finished else { return }
        for wait in waits { wait() }
        waits = []
        staged.abort()
        unregister()
    }

    private func unregister() {
        Temporaries.remove(staged.staging.path)
        for folder in staged.createdParents { Temporaries.removeFolder(folder.path) }
        waits = []
        finished = true
        `guard` = nil
    }

    deinit { abort() }
}

extension OutputError {
    /// A staging failure in the command line's words.
    init(_ failure: StagedFolder.Failure) {
        let path = failure.path
        switch failure.kind {
        case .notAFolder: self.init(path: path, "exists and is not a folder")
        case .notEmpty(let entries):
            self.init(
                path: path,
                "folder is not empty (\(entries) entr\(entries == 1 ? "y" : "ies")); use --force to write into it")
        case .appeared: self.init(path: path, "appeared while the outputs were written; not replaced")
        case .noParent(let parent): self.init(path: path, "cannot be created: \(parent) does not exist")
        case .parentIsFile(let parent): self.init(path: path, "cannot be created: \(parent) is a file, not a folder")
        case .cannotStage(let why): self.init(path: path, "cannot create the output folder (\(why))")
        case .cannotMove(let why): self.init(path: path, "cannot move outputs into place (\(why))")
        case .folderInTheWay: self.init(path: path, "is a folder; an output file of that name cannot replace it")
        }
    }
}
