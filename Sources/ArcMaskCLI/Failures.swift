import ArcMaskCore
import ArcMaskExport
import ArcMaskGIF
import ArcMaskRender
import ArgumentParser
import Foundation

/// Exit statuses, in one place.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// Bad input or output: a file is wrong, missing or would be overwritten.
    public static let badInput: Int32 = 1
    /// `emulate` found defective samples.
    public static let defectsFound: Int32 = 2
    /// Bad command-line arguments (ArgumentParser's validation failures use it too).
    public static let usage: Int32 = 64
    /// A bug: something the tool did not expect.
    public static let internalError: Int32 = 70
}

/// Runs a command body; expected failures print one line on stderr and exit 1,
/// unexpected ones exit 70.
func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch let error as InputError {
        throw fail(error.localizedDescription, ExitStatus.badInput)
    } catch let error as OutputError {
        throw fail(error.localizedDescription, ExitStatus.badInput)
    } catch let error as PNGError {
        throw fail(error.localizedDescription, ExitStatus.badInput)
    } catch let error as BudgetError {
        throw fail(error.localizedDescription, ExitStatus.badInput)
    } catch let error as GIFWriterError {
        throw fail(error.localizedDescription, ExitStatus.badInput)
    } catch {
        throw fail("internal error: \(error)", ExitStatus.internalError)
    }
}

private func fail(_ message: String, _ status: Int32) -> ExitCode {
    // While an interrupt removes the outputs, its handler ends the process with the signal's status.
    while Temporaries.isInterrupted { sleep(1) }
    FileHandle.standardError.write(Data("arcmask: \(message)\n".utf8))
    return ExitCode(status)
}

/// Writes text to stdout.
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// Writes a warning to stderr.
func warn(_ text: String) {
    FileHandle.standardError.write(Data("arcmask: warning: \(text)\n".utf8))
}

func jsonString<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
