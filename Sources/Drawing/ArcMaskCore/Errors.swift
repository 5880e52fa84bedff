import Foundation

/// How a run ends, as the process's exit status: one table for every front end.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Bad input or output: a file is wrong, missing or would be overwritten.
    case badInput = 1
    /// A FAIL verdict (`emulate`, `export`, `check`): the widget would show defects, or nothing moves.
    case defectsFound = 2
    /// Bad command-line arguments.
    case usage = 64
    /// A bug: something the tool did not expect.
    case internalError = 70
}

/// An error a user can act on: what is wrong, where, and how the run ends because of it.
/// Front ends report it in one line and exit with its status.
public protocol ArcMaskError: Error, LocalizedError {
    /// What is wrong.
    var message: String { get }
    /// Where, when known: a file, or a place within one (frame, chunk, sprite, key).
    var location: String? { get }
    var exitStatus: ExitStatus { get }
}

extension ArcMaskError {
    public var exitStatus: ExitStatus { .badInput }
    public var errorDescription: String? { location.map { "\($0): \(message)" } ?? message }
}

/// Something is wrong with an input file: the message says what and where.
public struct InputError: ArcMaskError, Equatable, Sendable {
    /// The file, as the user named it.
    public var file: String
    /// Where in the file, when known ("frame 12", "byte 4096", "sprite 'star'").
    public var location: String?
    /// What is wrong.
    public var problem: String

    public init(file: String, location: String? = nil, _ problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    public var message: String { problem }
    public var errorDescription: String? {
        ([file] + (location.map { [$0] } ?? []) + [problem]).joined(separator: ": ")
    }
}

/// An output could not be written, or writing it would destroy something.
public struct OutputError: ArcMaskError, Equatable, Sendable {
    public var path: String
    public var problem: String

    public init(path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    public var message: String { problem }
    public var location: String? { path }

    /// Refuses to replace an existing file unless `force` says so.
    public static func refuseReplacing(_ path: String, force: Bool) throws {
        if !force && FileManager.default.fileExists(atPath: path) {
            throw OutputError(path: path, "exists; use --force to replace it")
        }
    }
}
