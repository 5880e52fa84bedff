import ArcMaskFiles
import ArcMaskValues
import Foundation

/// Where a sequence's files are read from: the file system, or memory (tests and fuzzing).
public protocol SequenceFiles {
    /// The names (not paths) of the regular files in `folder`.
    func names(in folder: String) throws -> [String]
    func exists(_ path: String) -> Bool
    /// The file's bytes, refused over `limit` before reading.
    func read(_ path: String, limit: Int) throws -> [UInt8]
    /// Up to `count` bytes from the start of the file.
    func head(_ path: String, count: Int) throws -> [UInt8]
}

/// The file system, read-only.
public struct DiskFiles: SequenceFiles {
    public init() {}

    public func names(in folder: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter {
                var isDir: ObjCBool = false
                return !$0.hasPrefix(".")
                    && FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isDir)
                    && !isDir.boolValue
            }
        } catch {
            throw InputError(file: folder, "cannot list the folder (\(error.localizedDescription))")
        }
    }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public func read(_ path: String, limit: Int) throws -> [UInt8] {
        try FileReader(path: path).contents(limit: limit, kind: "sequence frames")
    }

    public func head(_ path: String, count: Int) throws -> [UInt8] {
        try FileReader(path: path, bufferSize: max(4096, count)).bytes(at: 0, count: count)
    }
}

/// Files held in memory, keyed by path ("folder/name").
public struct MemoryFiles: SequenceFiles {
    public var files: [String: [UInt8]]
    public init(_ files: [String: [UInt8]]) { self.files = files }

    public func names(in folder: String) throws -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return files.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { String($0.dropFirst(prefix.count)) }
    }

    public func exists(_ path: String) -> Bool { files[path] != nil }

    public func read(_ path: String, limit: Int) throws -> [UInt8] {
        guard let b = files[path] else { throw InputError(file: path, "cannot open (no such file)") }
        guard b.count <= limit else {
            throw InputError(file: path, "is \(b.count) bytes, over the \(limit)-byte limit for sequence frames")
        }
        return b
    }

    public func head(_ path: String, count: Int) throws -> [UInt8] { Array(try read(path, limit: .max).prefix(count)) }
}
