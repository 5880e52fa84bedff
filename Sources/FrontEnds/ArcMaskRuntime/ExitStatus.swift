import ArcMaskValues

/// How a run of the command line ends, as the process's exit status: one table for every
/// command.
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

    /// The status an error of `kind` ends a run with.
    public init(_ kind: ErrorKind) {
        switch kind {
        case .input, .output: self = .badInput
        case .bug: self = .internalError
        }
    }
}
