import ArcMaskValues
import ArgumentParser
import Foundation

/// The `arcmask` command: parses options and calls the library; nothing else.
public struct ArcMaskCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "arcmask",
        abstract: "Plan, emulate, preview and export animations for iOS widgets: rotating arc masks or live timers.",
        discussion: """
            Reads \(AnimationArgument.formats). \
            Exit status: 0 success; 1 bad input or output (the message says which file and where); \
            2 a FAIL verdict (emulate, export, check: the widget would show defects, or nothing moves \
            without --allow-still); 64 bad arguments; 70 internal error. \
            Limits on inputs (--max-…, --timeout) are listed by `arcmask COMMAND --help-hidden`.
            """,
        version: ArcMaskVersion.string,
        subcommands: [
            Inspect.self, Frames.self, PlanCommand.self, Render.self, Emulate.self, PreviewCommand.self, Export.self,
            Check.self, Devices.self, SVGACommand.self, Generate.self,
        ]
    )

    public init() {}

    /// Parses the command line and runs the command. Errors in the arguments exit 64 with the
    /// option and the value as typed, shortened when long, control characters shown escaped.
    public static func start() -> Never {
        do {
            var command = try parse(arguments: Array(CommandLine.arguments.dropFirst()))
            try command.run()
            exit()
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            // An error the command already printed (an ExitCode) has no message of its own: no
            // blank line after it.
            let message = shortenValues(in: fullMessage(for: error))
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            Foundation.exit(code.rawValue)
        }
    }

    /// ArgumentParser quotes the value it could not read in full: "The value '…' is invalid".
    static func shortenValues(in message: String) -> String {
        let open = "The value '", close = "' is invalid"
        guard let a = message.range(of: open), let b = message.range(of: close, options: .backwards),
            a.upperBound <= b.lowerBound
        else { return message }
        let value = String(message[a.upperBound..<b.lowerBound])
        return message.replacingCharacters(in: a.upperBound..<b.lowerBound, with: shortened(value))
    }
}
