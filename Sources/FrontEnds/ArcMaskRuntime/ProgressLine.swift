import ArcMaskPlatform
import Foundation

/// A progress line on stderr, shown only when stderr is a terminal, redrawn at most
/// ten times a second, with an estimate of the time left.
public final class ProgressLine: @unchecked Sendable {
    private let label: String
    private var total: Int
    private let enabled: Bool
    private var started = Date()
    private var lastDraw = Date.distantPast
    private let lock = NSLock()
    private var done = 0
    /// The stage under way ("reading", "writing"), shown after the label; nil for one stage.
    private var stageName: String?

    public init(_ label: String, total: Int, quiet: Bool = false) {
        self.label = label
        self.total = total
        self.enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Starts a stage of `total` items: the count and the estimate start again, and the line
    /// says the stage at once (a long stage is never silent at its start).
    public func stage(_ name: String, total: Int) {
        guard enabled else { return }
        lock.withLock {
            stageName = name
            self.total = total
            done = 0
            started = Date()
            draw(Date())
        }
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
            draw(now)
        }
    }

    /// The line as it stands. The time left is estimated from the stage's own rate once it has
    /// run a second and done two items, so the first figures do not swing.
    private func draw(_ now: Date) {
        lastDraw = now
        let elapsed = now.timeIntervalSince(started)
        let pct = total > 0 ? 100 * done / total : 100
        let left: String
        if done >= total {
            left = "done"
        } else if elapsed >= 1, done >= 2 {
            left = String(format: "%.1f s left", Double(total - done) / (Double(done) / elapsed))
        } else {
            left = "estimating"
        }
        let what = stageName.map { "\(label) \($0)" } ?? label
        FileHandle.standardError.write(Data("\r\u{1B}[K\(what) \(done)/\(total) (\(pct)%), \(left)".utf8))
    }

    /// Clears the line.
    public func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
