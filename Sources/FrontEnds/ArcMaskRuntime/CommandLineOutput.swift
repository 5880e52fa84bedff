import ArcMaskFiles
import ArcMaskValues
import Foundation

/// A folder of outputs written all or nothing, as the command line writes it: a `StagedFolder`
/// (the one both front ends use, which the routes write into) that merges into an existing
/// folder only with `--force`, refuses to replace an input, and registers what it creates so
/// that an interrupt removes it.
public final class CommandLineOutput {
    public let destination: URL
    public var staging: URL { staged.staging }
    /// The staging folder the routes write into.
    public let staged: StagedFolder
    private let inputs: [URL]
    private var finished = false
    private var `guard`: AnyObject?
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
        staged.abort()
        unregister()
    }

    private func unregister() {
        Temporaries.remove(staged.staging.path)
        for folder in staged.createdParents { Temporaries.removeFolder(folder.path) }
        finished = true
        `guard` = nil
    }

    deinit { abort() }
}

extension OutputError {
    /// Refuses to replace an existing file unless `force` says so.
    public static func refuseReplacing(_ path: String, force: Bool) throws {
        if !force && FileManager.default.fileExists(atPath: path) {
            throw OutputError(path: path, "exists; use --force to replace it")
        }
    }

    /// A staging failure in the command line's words.
    public init(_ failure: StagedFolder.Failure) {
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
        case .cannotWrite(let why): self.init(path: path, "write failed (\(why))")
        case .writtenTwice: self.init(path: path, "was written twice in one run (a bug; nothing was replaced)")
        }
    }
}
