import ArcMaskPlatform
import Foundation

/// A progress line on stderr, shown only when stderr is a terminal, redrawn at most
/// ten times a second, with an estimate of the time left.
public final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast
    private let lock = NSLock()
    private var done = 0

    public init(_ label: String, total: Int, quiet: Bool = false) {
        self.label = label
        self.total = total
        self.enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Counts `n` more items done.
    public func advance(by n: Int = 1) {
        guard enabled else { return }
        lock.withLock {
            // Work that is redone (an export writing its layers again, smaller) stays at 100 %.
            let before = done
            done = min(done + n, total)
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.1 || (done == total && before < total) else { return }
            lastDraw = now
            let elapsed = now.timeIntervalSince(started)
            let rate = elapsed > 0 ? Double(done) / elapsed : 0
            let left = rate > 0 ? Double(total - done) / rate : 0
            let pct = total > 0 ? 100 * done / total : 100
            FileHandle.standardError.write(
                Data("\r\u{1B}[K\(label) \(done)/\(total) (\(pct)%), \(String(format: "%.1f", left)) s left".utf8))
        }
    }

    /// Clears the line.
    public func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
