import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// On SIGINT or SIGTERM: remove every temporary file and staging folder still registered,
/// then exit with 128 + the signal number. Nothing partial is left behind.
public enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    public static func install() {
        guard sources.isEmpty else { return }
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global(qos: .userInteractive))
            source.setEventHandler {
                Temporaries.removeAll()
                FileHandle.standardError.write(Data("\narcmask: interrupted; removed unfinished outputs\n".utf8))
                _exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
    }
}

/// An exclusive lock on an output path, so concurrent runs cannot write the same folder.
/// Lock files live in the system's temporary folder, never beside the user's files.
public final class OutputLock {
    private let fd: Int32

    public init(for destination: URL) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-locks")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = destination.standardizedFileURL.path
        var h: UInt64 = 0xcbf29ce484222325
        for b in path.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        let lockPath = dir.appendingPathComponent(String(format: "%016llx.lock", h)).path
        fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, "cannot create a lock (\(String(cString: strerror(errno))))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            throw OutputError(path: path, "another arcmask run is writing here; wait for it to finish")
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

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
