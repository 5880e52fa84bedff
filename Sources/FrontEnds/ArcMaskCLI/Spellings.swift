import ArgumentParser
import Foundation

/// Options renamed so that each word means one thing (the view's points, output pixels, a
/// generated canvas; the timer-font loop's seconds beside the plays a sequence loops; the route
/// beside how the view reaches the rotation). The old spellings keep working for one release:
/// they are rewritten before parsing, with a one-line notice on stderr for each.
enum Spellings {
    struct Rename: Sendable {
        /// The commands where `old` means `new` ("svga render" for a subcommand's subcommand).
        var commands: Set<String>
        var old: String
        var new: String
    }

    /// The release that drops the old spellings.
    static let nextRelease = "0.11"

    static let renames: [Rename] = [
        Rename(commands: ["plan", "emulate", "preview", "export", "render"], old: "--size", new: "--view"),
        Rename(commands: ["frames", "svga render"], old: "--size", new: "--pixels"),
        Rename(commands: ["generate"], old: "--size", new: "--canvas"),
        Rename(commands: ["export", "preview"], old: "--loop", new: "--loop-seconds"),
        Rename(commands: ["export"], old: "--rotation", new: "--rotation-access"),
        Rename(commands: ["export"], old: "--accented", new: "--tinted"),
        Rename(commands: ["export"], old: "--budget", new: "--memory-budget"),
    ]

    /// What no text the tool writes may say (guides, generated code, summaries, help): each old
    /// spelling above as a pattern, `svga info` (now `inspect`), `emulate` given an export
    /// folder (now `check`) and `--list-devices` (now `devices`).
    static let deprecatedPatterns: [String] =
        renames.map { NSRegularExpression.escapedPattern(for: $0.old) + "(?![-\\w])" }
        + [#"svga info"#, #"arcmask emulate <"#, #"emulate DIR"#, #"--list-devices"#]

    /// Commands folded into others: `svga info` is `inspect`.
    static let commands: [(old: [String], new: [String])] = [(["svga", "info"], ["inspect"])]

    /// Options that became commands: `export --list-devices` is `devices` (its `--json` kept,
    /// whatever else was given dropped, as the option ignored it).
    static func optionCommands(_ args: [String]) -> (arguments: [String], notice: String)? {
        let options = args.prefix { $0 != "--" }
        guard args.first == "export", options.contains("--list-devices") else { return nil }
        return (
            ["devices"] + (options.contains("--json") ? ["--json"] : []),
            "note: `export --list-devices` is now `devices`; the old spelling goes in \(nextRelease)"
        )
    }

    /// `export --route timer-font --fps N` without `--widget-fps`: `--fps` meant the widget's rate
    /// there, and keeps that meaning until the next release (so the input plays at its own rate).
    static func widgetRate(_ args: [String]) -> (arguments: [String], notice: String)? {
        let options = args.prefix { $0 != "--" }
        let timerFont =
            zip(options, options.dropFirst()).contains { $0 == "--route" && $1 == "timer-font" }
            || options.contains("--route=timer-font")
        guard args.first == "export", timerFont,
            !options.contains(where: { $0 == "--widget-fps" || $0.hasPrefix("--widget-fps=") })
        else { return nil }
        var rewritten = args, found = false
        for k in options.indices where args[k] == "--fps" || args[k].hasPrefix("--fps=") {
            rewritten[k] = "--widget-fps" + args[k].dropFirst("--fps".count)
            found = true
        }
        guard found else { return nil }
        return (
            rewritten,
            "note: with --route timer-font the widget's rate is --widget-fps; --fps resamples the input (as on every route) from \(nextRelease)"
        )
    }

    /// `arguments` (without the program's name) in today's spellings, and a notice per old one.
    static func rewrite(_ arguments: [String]) -> (arguments: [String], notices: [String]) {
        var args = arguments
        var notices: [String] = []
        if let (command, notice) = optionCommands(args) {
            args = command
            notices.append(notice)
        }
        if let (rewritten, notice) = widgetRate(args) {
            args = rewritten
            notices.append(notice)
        }
        for (old, new) in commands where args.starts(with: old) {
            args.replaceSubrange(0..<old.count, with: new)
            notices.append(
                "note: `\(old.joined(separator: " "))` is now `\(new.joined(separator: " "))`; the old spelling "
                    + "goes in \(nextRelease)")
        }
        let command = args.first == "svga" && args.count > 1 ? "svga \(args[1])" : (args.first ?? "")
        var noticed = Set<String>()
        for k in args.indices {
            // Everything after `--` is an argument, not an option.
            if args[k] == "--" { break }
            for r in renames where r.commands.contains(command) {
                let given = args[k]
                guard given == r.old || given.hasPrefix(r.old + "=") else { continue }
                args[k] = r.new + given.dropFirst(r.old.count)
                if noticed.insert(r.old).inserted {
                    notices.append("note: \(r.old) is now \(r.new) here; the old spelling goes in \(nextRelease)")
                }
            }
        }
        return (args, notices)
    }
}

extension ArcMaskCommand {
    /// Parses `arguments` as the command line gives them, old spellings rewritten (their
    /// notices go to stderr). A command that does not exist is a usage error that names the
    /// closest one, also after `help`.
    public static func parse(arguments: [String]) throws -> ParsableCommand {
        let (args, notices) = Spellings.rewrite(arguments)
        for n in notices { FileHandle.standardError.write(Data("arcmask: \(n)\n".utf8)) }
        let asked = args.first == "help" ? args.dropFirst().first : args.first
        if let asked, !asked.hasPrefix("-"), !commandNames.contains(asked) {
            throw ValidationError(unknownCommand(asked))
        }
        if let screen = try ExportHelp.screen(for: args) { throw CleanExit.message(screen) }
        return try parseAsRoot(args)
    }

    /// The commands, as typed.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } + ["help"] }

    /// "no command 'exprot'; did you mean 'export'?" (or the list when nothing is close).
    static func unknownCommand(_ name: String) -> String {
        let names = configuration.subcommands.map { $0._commandName }
        let close = names.map { ($0, editDistance($0, name.lowercased())) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
        if let close { return "no command '\(name)'; did you mean '\(close.0)'?" }
        return "no command '\(name)'; the commands are \(names.joined(separator: ", "))"
    }

    /// Levenshtein distance, for suggestions.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
