import Foundation

/// What kind of thing went wrong, which each front end turns into its own outcome (the command
/// line's exit status, an app's alert): a file that is wrong, an output that cannot be written,
/// or a bug.
public enum ErrorKind: Sendable, Equatable {
    /// An input is wrong, missing or asks for more than a limit allows.
    case input
    /// An output cannot be written, or writing it would destroy something.
    case output
    /// Something arcmask did not expect.
    case bug
}

/// An error a user can act on: what is wrong, where, and of what kind. Front ends report it in
/// one line and end as its kind says.
public protocol ArcMaskError: Error, LocalizedError {
    /// What is wrong.
    var message: String { get }
    /// Where, when known: a file, or a place within one (frame, chunk, sprite, key).
    var location: String? { get }
    var kind: ErrorKind { get }
}

extension ArcMaskError {
    public var kind: ErrorKind { .input }
    public var errorDescription: String? { location.map { "\($0): \(message)" } ?? message }
}

/// Something is wrong with an input file: the message says what and where, and which setting
/// would change the outcome (`mention`), which each front end names in its own words.
public struct InputError: ArcMaskError, Equatable, Sendable {
    /// The file, as the user named it.
    public var file: String
    /// Where in the file, when known ("frame 12", "byte 4096", "sprite 'star'").
    public var location: String?
    /// What is wrong, without the name of the setting `mention` points to.
    public var problem: String
    /// The setting that would change the outcome (a ceiling to raise, a setting at fault).
    public var mention: SettingMention?

    public init(file: String, location: String? = nil, _ problem: String, mention: SettingMention? = nil) {
        self.file = file
        self.location = location
        self.problem = problem
        self.mention = mention
    }

    /// The problem with its mention put into `vocabulary`'s words.
    public func message(_ vocabulary: InputVocabulary) -> String { vocabulary.words(problem, mention) }

    /// The same error with its mention put into `vocabulary`'s words: what a front end shows.
    public func worded(_ vocabulary: InputVocabulary) -> InputError {
        InputError(file: file, location: location, message(vocabulary))
    }

    public var message: String { message(.plain) }
    public var errorDescription: String? {
        ([file] + (location.map { [$0] } ?? []) + [message]).joined(separator: ": ")
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
    public var kind: ErrorKind { .output }
}
