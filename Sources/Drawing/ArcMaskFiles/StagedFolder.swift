import ArcMaskPlatform
import Foundation

/// A folder written all or nothing, for both front ends: files go to a hidden staging folder,
/// and `commit()` moves them into place; `abort()` (or a failure) removes the staging folder,
/// so the destination never holds a partial set of files and no staging folder is left behind.
/// Staging folders left by a process that was killed outright are removed by the next run
/// that stages beside them (their names carry the process id).
///
/// What to do with a destination that already exists is the caller's choice (`Existing`): the
/// command line merges into it with `--force`, ArcMaskKit replaces it in one step.
public final class StagedFolder {
    /// What to do when the destination already holds a folder.
    public enum Existing: Sendable, Equatable {
        /// Refuse a folder that holds anything (an empty one is written into).
        case refuse
        /// Write into it: files of the same names are replaced, others are left alone.
        case merge
        /// Replace the whole folder in one step (a reader sees the old folder or the new one).
        case replace
    }

    /// Why a folder cannot be staged or moved into place; each front end words it.
    public struct Failure: Error, Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The destination is a file.
            case notAFolder
            /// The destination holds this many entries and `Existing.refuse` was asked for.
            case notEmpty(entries: Int)
            /// The destination folder appeared while the staging folder was written.
            case appeared
            /// The parent folder is missing (and parents are not created).
            case noParent(String)
            /// A path above the destination is a file.
            case parentIsFile(String)
            /// The staging folder cannot be created: the system's reason.
            case cannotStage(String)
            /// The staged files cannot be moved into place: the system's reason.
            case cannotMove(String)
            /// A folder inside the destination has the name of a staged file.
            case folderInTheWay
            /// A staged file cannot be written: the system's reason.
            case cannotWrite(String)
            /// A staged file was written before (`write(_:as:)` writes each name once).
            case writtenTwice
        }

        /// The path the failure is about (the destination, or a file inside it).
        public var path: String
        public var kind: Kind

        public init(path: String, kind: Kind) {
            self.path = path
            self.kind = kind
        }
    }

    public let destination: URL
    public let staging: URL
    public let existing: Existing
    /// Whether the destination existed when staging began.
    public let destinationExisted: Bool
    /// Folders above the destination this run created (deepest first), removed on abort.
    public let createdParents: [URL]
    private var finished = false
    private var waits: [() -> Void] = []
    private let writes = NSLock()
    private var written: Set<String> = []

    /// The marker in staging folders' names.
    public static let marker = "arcmask-staging-"

    /// - Parameters:
    ///   - createParents: create missing folders above the destination (removed again on abort).
    ///   - registered: called with each path this run creates (the staging folder, then the
    ///     parents it made), so a front end can remove them when the process is interrupted.
    public init(
        _ destination: URL, existing: Existing, createParents: Bool = false, registered: (URL) -> Void = { _ in }
    ) throws(Failure) {
        let fm = FileManager.default
        Self.removeStale(near: destination)
        var isFolder: ObjCBool = false
        let exists = fm.fileExists(atPath: destination.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { throw Failure(path: destination.path, kind: .notAFolder) }
        if exists && existing == .refuse {
            let entries = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
            if !entries.isEmpty { throw Failure(path: destination.path, kind: .notEmpty(entries: entries.count)) }
        }
        self.destination = destination
        self.existing = existing
        destinationExisted = exists
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        // Merging stages inside the destination (each file then moves by rename within one
        // folder); otherwise beside it, so the whole folder moves in one rename.
        staging =
            exists && existing == .merge
            ? destination.appendingPathComponent(".\(Self.marker)\(tag)")
            : destination.deletingLastPathComponent().appendingPathComponent(
                ".\(destination.lastPathComponent).\(Self.marker)\(tag)")
        var missing: [URL] = []
        var parent = staging.deletingLastPathComponent()
        while !fm.fileExists(atPath: parent.path) && parent.path != "/" && !parent.path.isEmpty {
            missing.append(parent)
            parent = parent.deletingLastPathComponent()
        }
        if fm.fileExists(atPath: parent.path, isDirectory: &isFolder) && !isFolder.boolValue {
            throw Failure(path: destination.path, kind: .parentIsFile(parent.path))
        }
        if !missing.isEmpty && !createParents {
            throw Failure(path: destination.path, kind: .noParent(destination.deletingLastPathComponent().path))
        }
        createdParents = missing
        for folder in missing.reversed() { registered(folder) }
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            for folder in missing { try? fm.removeItem(at: folder) }
            throw Failure(path: destination.path, kind: .cannotStage(Self.reason(error)))
        }
        registered(staging)
    }

    /// Where to write the staged file `name`.
    public func url(for name: String) -> URL { staging.appendingPathComponent(name) }

    /// Writes the staged file `name`: once, and not over a file already there (each file of a
    /// folder is decided before it is written, so a second write is a mistake, refused). The
    /// staging folder is private until `commit`, so the bytes go straight into place, with the
    /// same mode as any file the user's umask allows. May be called on any thread.
    public func write(_ bytes: [UInt8], as name: String) throws(Failure) {
        let target = destination.appendingPathComponent(name).path
        guard writes.withLock({ written.insert(name).inserted }) else {
            throw Failure(path: target, kind: .writtenTwice)
        }
        let fd = open(url(for: name).path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let why = errno == EEXIST ? Failure.Kind.writtenTwice : .cannotWrite(String(cString: strerror(errno)))
            throw Failure(path: target, kind: why)
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Platform.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(url(for: name).path)
            throw Failure(path: target, kind: .cannotWrite(String(cString: strerror(failure))))
        }
    }

    /// The names staged so far, sorted.
    public func stagedNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: staging.path).sorted()
    }

    /// Moves the staged files into place. `check` sees every staged name before the first one
    /// moves (a front end refuses there what it must not replace): all or nothing.
    public func commit(checking check: ([String]) throws -> Void = { _ in }) throws {
        guard !finished else { return }
        let fm = FileManager.default
        do {
            try check(try stagedNames())
            if !destinationExisted || existing != .merge {
                try moveFolderIntoPlace()
            } else {
                let names = try stagedNames()
                for name in names {
                    var isFolder: ObjCBool = false
                    let target = destination.appendingPathComponent(name)
                    if fm.fileExists(atPath: target.path, isDirectory: &isFolder) && isFolder.boolValue {
                        throw Failure(path: target.path, kind: .folderInTheWay)
                    }
                }
                for name in names {
                    // rename(2): each file is replaced in one step.
                    let target = destination.appendingPathComponent(name)
                    if rename(url(for: name).path, target.path) != 0 {
                        throw Failure(path: target.path, kind: .cannotMove(String(cString: strerror(errno))))
                    }
                }
                try? fm.removeItem(at: staging)
            }
        } catch {
            abort()
            throw error
        }
        finished = true
    }

    /// The staging folder becomes the destination: a rename, or for `replace` a swap.
    private func moveFolderIntoPlace() throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: destination.path) else {
            do {
                try fm.moveItem(at: staging, to: destination)
            } catch {
                throw Failure(path: destination.path, kind: .cannotMove(Self.reason(error)))
            }
            return
        }
        guard existing == .replace else { throw Failure(path: destination.path, kind: .appeared) }
        do {
            // Apple systems swap the two folders in one step.
            _ = try fm.replaceItemAt(destination, withItemAt: staging)
        } catch {
            // Elsewhere (swift-corelibs-foundation replaces files only): set the old folder
            // aside, move the new one in, then remove the old one.
            let aside = staging.deletingLastPathComponent().appendingPathComponent(
                ".\(destination.lastPathComponent).arcmask-old-\(UUID().uuidString)")
            do {
                try fm.moveItem(at: destination, to: aside)
            } catch {
                throw Failure(path: destination.path, kind: .cannotMove(Self.reason(error)))
            }
            do {
                try fm.moveItem(at: staging, to: destination)
            } catch {
                try? fm.moveItem(at: aside, to: destination)
                throw Failure(path: destination.path, kind: .cannotMove(Self.reason(error)))
            }
            try? fm.removeItem(at: aside)
        }
    }

    /// Runs `wait` before the staging folder is removed on a failure: work on other threads that
    /// writes into it ends first (see `ImagePipeline`).
    public func waitBeforeRemoving(_ wait: @escaping () -> Void) { waits.append(wait) }

    /// Removes everything staged and the folders made to hold it; the destination is left as
    /// it was. Work writing into the staging folder is waited for first (`waitBeforeRemoving`).
    public func abort() {
        guard !finished else { return }
        for wait in waits { wait() }
        waits = []
        finished = true
        let fm = FileManager.default
        try? fm.removeItem(at: staging)
        for folder in createdParents {
            // Only when empty: another run may have put files there meanwhile.
            if (try? fm.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { try? fm.removeItem(at: folder) }
        }
    }

    deinit { abort() }

    /// Staging folders beside or inside `destination` whose process is gone.
    public static func removeStale(near destination: URL) {
        let fm = FileManager.default
        let places = [
            (destination, "." + marker),
            (destination.deletingLastPathComponent(), ".\(destination.lastPathComponent).\(marker)"),
        ]
        for (dir, prefix) in places {
            for name in (try? fm.contentsOfDirectory(atPath: dir.path)) ?? [] where name.hasPrefix(prefix) {
                let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }) ?? 0
                if pid > 0 && pid != ProcessInfo.processInfo.processIdentifier && !isRunning(pid) {
                    try? fm.removeItem(at: dir.appendingPathComponent(name))
                }
            }
        }
    }

    /// Whether a process with this id runs (one that exists but is not ours counts as running).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}
