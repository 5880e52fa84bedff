import ArcMaskCore
import Dispatch
import Foundation

/// Encodes and writes PNG frames on every core while the caller decodes the next frame.
///
/// At most `maxInFlight` frames wait or encode at once, so memory stays at a few
/// canvases whatever the frame count.
public final class ParallelPNGWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "arcmask.png", attributes: .concurrent)
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?
    private let compression: PNG.Compression

    public init(compression: PNG.Compression = .fast,
                maxInFlight: Int = ProcessInfo.processInfo.activeProcessorCount + 1) {
        self.compression = compression
        self.slots = DispatchSemaphore(value: max(1, maxInFlight))
    }

    /// Queues `image` to be written to `url`; blocks while too many frames are in flight.
    /// Throws the first failure of an earlier frame.
    public func submit(_ image: PixelBuffer, to url: URL, completion: (@Sendable () -> Void)? = nil) throws {
        if let error = lock.withLock({ firstError }) { throw error }
        slots.wait()
        group.enter()
        let compression = compression
        queue.async { [self] in
            defer { slots.signal(); group.leave() }
            do {
                try AtomicFile.write(PNG.encode(image, compression: compression), to: url)
                completion?()
            } catch {
                lock.withLock { if firstError == nil { firstError = error } }
            }
        }
    }

    /// Waits for every queued frame; throws the first failure.
    public func finish() throws {
        group.wait()
        if let error = lock.withLock({ firstError }) { throw error }
    }
}
