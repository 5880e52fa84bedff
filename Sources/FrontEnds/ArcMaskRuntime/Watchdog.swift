import ArcMaskFiles
import ArcMaskPlatform
import Dispatch
import Foundation

/// A time limit on the whole run: when it expires, unfinished outputs are removed and the
/// process exits with status 1 and the message.
public enum Watchdog {
    nonisolated(unsafe) private static var timer: DispatchSourceTimer?
    /// Off for commands run inside another program (tests), which must not be ended.
    nonisolated(unsafe) public static var isEnabled = true

    public static func arm(seconds: Double, message: @escaping @Sendable () -> String) {
        guard isEnabled, timer == nil, seconds > 0, seconds.isFinite else { return }
        let t = DispatchSource.makeTimerSource(queue: .global(qos: .userInteractive))
        t.schedule(deadline: .now() + seconds)
        t.setEventHandler {
            Temporaries.removeAll()
            FileHandle.standardError.write(Data((message() + "\n").utf8))
            _exit(1)
        }
        t.resume()
        timer = t
    }
}
