import ArcMaskFiles
import ArcMaskRuntime
import ArcMaskValues
import ArgumentParser
import Foundation

/// Runs a command body; errors a user can act on print one line on stderr and exit with their
/// status, unexpected ones exit 70.
func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch let error as UsageError {
        throw fail(error.message, .usage)
    } catch let failure as StagedFolder.Failure {
        let error = OutputError(failure)
        throw fail(error.localizedDescription, ExitStatus(error.kind))
    } catch let error as InputError {
        // The setting a refusal points to, named by its option.
        throw fail(error.worded(.commandLine).localizedDescription, ExitStatus(error.kind))
    } catch let error as ArcMaskError where error.kind != .bug {
        throw fail(error.localizedDescription, ExitStatus(error.kind))
    } catch {
        throw fail("internal error: \(error.localizedDescription)", .internalError)
    }
}

private func fail(_ message: String, _ status: ExitStatus) -> ExitCode {
    // While an interrupt removes the outputs, its handler ends the process with the signal's status.
    while Temporaries.isInterrupted { sleep(1) }
    FileHandle.standardError.write(Data("arcmask: \(message)\n".utf8))
    return ExitCode(status.rawValue)
}

/// Writes text to stdout.
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// Writes a warning to stderr.
func warn(_ text: String) {
    FileHandle.standardError.write(Data("arcmask: warning: \(text)\n".utf8))
}

/// Writes a note to stderr: an old spelling, and what it is now.
func note(_ text: String) {
    FileHandle.standardError.write(Data("arcmask: note: \(text)\n".utf8))
}

/// `value` as the JSON every `--json` prints: pretty, keys sorted.
///
/// `file`, when given, is the input as the user gave it, the first key of docs/commands.md's
/// vocabulary. Numbers are printed to nine decimals at most: what the figures mean (a
/// nanosecond of a millisecond, a billionth of a degree), without the noise of binary
/// fractions (`3003.0000000000005` is `3003.0`).
func jsonString<T: Encodable>(_ value: T, file: String? = nil) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try file.map { try encoder.encode(Named(report: value, file: $0)) } ?? encoder.encode(value)
    return JSONNumbers.rounded(String(decoding: data, as: UTF8.self))
}

/// A report with `file`, the input as given, among its keys.
private struct Named: Encodable {
    let report: any Encodable
    let file: String

    enum Key: String, CodingKey { case file }

    func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(file, forKey: .file)
    }
}

/// Rounds the numbers of a JSON text (never what is inside its strings) to nine decimals.
enum JSONNumbers {
    static let decimals = 9

    static func rounded(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        var inString = false, escaped = false
        var number = ""
        func flush() {
            guard !number.isEmpty else { return }
            out += round(number)
            number = ""
        }
        for ch in json {
            if inString {
                out.append(ch)
                if escaped {
                    escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else if ch == "\"" {
                    inString = false
                }
                continue
            }
            if ch.isNumber || ch == "." || ch == "-" || ch == "+" || ch == "e" || ch == "E" {
                number.append(ch)
                continue
            }
            flush()
            if ch == "\"" { inString = true }
            out.append(ch)
        }
        flush()
        return out
    }

    /// One number token: kept as it is unless it has more decimals than `decimals`.
    static func round(_ token: String) -> String {
        guard let dot = token.firstIndex(of: "."), !token.contains("e"), !token.contains("E"),
            token.distance(from: dot, to: token.endIndex) - 1 > decimals, let v = Double(token)
        else { return token }
        let scale = 1e9
        let r = (v * scale).rounded() / scale
        guard r.isFinite, abs(v) < 1e9 else { return token }
        return "\(r)"
    }
}

/// A report as `--json` prints it after writing: its own keys, and `output`, the path written.
struct Written: Encodable {
    let report: any Encodable
    let output: String

    enum Key: String, CodingKey { case output }

    func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(output, forKey: .output)
    }
}

/// Items joined by ", " into lines of at most `width` characters (one long item gets a line of its own).
func wrapped(_ items: [String], width: Int, indent: String) -> [String] {
    var lines: [String] = [], line = ""
    for (k, item) in items.enumerated() {
        let piece = item + (k == items.count - 1 ? "" : ",")
        if !line.isEmpty, indent.count + line.count + 1 + piece.count > width {
            lines.append(indent + line)
            line = piece
        } else {
            line += (line.isEmpty ? "" : " ") + piece
        }
    }
    if !line.isEmpty { lines.append(indent + line) }
    return lines
}
