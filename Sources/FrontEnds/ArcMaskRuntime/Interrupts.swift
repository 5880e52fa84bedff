import ArcMaskFiles
import ArcMaskPlatform
import Dispatch
import Foundation

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
