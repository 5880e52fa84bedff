import ArcMaskPlatform
import ArcMaskValues
import Foundation

/// A file written piece by piece to a temporary name in its folder, renamed into place by
/// `finish()`; `discard()` (or a failure) removes it. Encoders stream through it.
public final class StreamingFile {
    public let url: URL
    private let tmp: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// The first write error, if any (reported by `finish()`).
    public private(set) var failure: String?
    private var open = true

    public init(url: URL) throws {
        self.url = url
        tmp =
            url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            ).path
        try Temporaries.add(tmp)
        guard FileManager.default.createFile(atPath: tmp, contents: nil), let h = FileHandle(forWritingAtPath: tmp)
        else {
            Temporaries.remove(tmp)
            throw OutputError(path: url.path, "cannot create a file here")
        }
        handle = h
    }

    deinit { if open { discard() } }

    public func write(_ p: UnsafePointer<UInt8>, _ n: Int) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty, failure == nil else { return }
        do { try handle.write(contentsOf: buffer) } catch { failure = "write failed: \(error.localizedDescription)" }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and renames the file into place.
    public func finish() throws {
        flush()
        try? handle.close()
        open = false
        Temporaries.remove(tmp)
        if let failure { unlink(tmp); throw OutputError(path: url.path, failure) }
        guard rename(tmp, url.path) == 0 else {
            unlink(tmp); throw OutputError(path: url.path, "cannot move the file into place")
        }
    }

    public func discard() {
        guard open else { return }
        open = false
        try? handle.close()
        unlink(tmp)
        Temporaries.remove(tmp)
    }
}
