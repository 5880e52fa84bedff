import Foundation

/// Something is wrong with an input file: the message says what and where.
/// Front ends report it in one line and exit with status 1.
public struct InputError: Error, LocalizedError, Equatable, Sendable {
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

    public var errorDescription: String? {
        if let location { return "\(file): \(location): \(problem)" }
        return "\(file): \(problem)"
    }
}

/// An output could not be written, or writing it would destroy something.
public struct OutputError: Error, LocalizedError, Equatable, Sendable {
    public var path: String
    public var problem: String

    public init(path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    public var errorDescription: String? { "\(path): \(problem)" }
}
