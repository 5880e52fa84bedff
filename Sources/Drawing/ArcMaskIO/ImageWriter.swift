import ArcMaskCore
import ArcMaskFiles
import Dispatch
import Foundation

/// The one image-writing pipeline: images are produced (decoded, resized, rendered) and
/// consumed (encoded and written) on `jobs` threads while the caller decodes the next frame.
///
/// At most `2 × jobs + 2` images are being produced or consumed at once, so memory stays at a
/// few images whatever the count. Each image's bytes depend only on its inputs, so outputs are
/// the same whatever the number of threads and the order the work finishes in.
public final class ImagePipeline: @unchecked Sendable {
    /// Threads by default: one per core.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    public let jobs: Int
    private let queue = OperationQueue()
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?

    /// - Parameter folder: the output folder the work writes into, if any: removing it on a
    ///   failure first waits for this pipeline's work, so no thread writes into a folder being removed.
    /// - Parameter imageBytes: how big each image is, when known: large images (video frames)
    ///   are kept to as many as fit in 24 MB (never fewer than `jobs`) in flight.
    public init(jobs: Int = ImagePipeline.defaultJobs, writingInto folder: StagedFolder? = nil, imageBytes: Int? = nil)
    {
        self.jobs = max(1, jobs)
        queue.name = "arcmask.images"
        queue.maxConcurrentOperationCount = self.jobs
        var inFlight = 2 * self.jobs + 2
        if let imageBytes, imageBytes > 0 { inFlight = max(self.jobs, min(inFlight, (24 << 20) / imageBytes)) }
        slots = DispatchSemaphore(value: inFlight)
        folder?.waitBeforeRemoving { [self] in drain() }
    }

    /// Runs `produce` then `consume` on the pipeline's threads; blocks while too many images
    /// are in flight. Throws the first failure of earlier work.
    public func submit(
        _ produce: @escaping @Sendable () throws -> PixelBuffer,
        then consume: @escaping @Sendable (PixelBuffer) throws -> Void
    ) throws {
        if let error = failure {
            drain()
            throw error
        }
        slots.wait()
        group.enter()
        queue.addOperation { [self] in
            defer { slots.signal(); group.leave() }
            guard failure == nil else { return }
            do { try consume(try produce()) } catch { record(error) }
        }
    }

    /// Encodes `produce()`'s image as a PNG written atomically to `url`.
    public func write(
        _ produce: @escaping @Sendable () throws -> PixelBuffer, to url: URL,
        compression: PNG.Compression = .balanced, completion: (@Sendable () -> Void)? = nil
    ) throws {
        try submit(produce) { image in
            try AtomicFile.write(PNG.encode(image, compression: compression), to: url)
            completion?()
        }
    }

    /// Waits for every submitted image; throws the first failure.
    public func finish() throws {
        group.wait()
        if let error = failure { throw error }
    }

    /// Waits for every submitted image, whatever its outcome (before removing what they write into).
    public func drain() { group.wait() }

    /// The first failure so far, if any.
    public var failure: Error? { lock.withLock { firstError } }

    /// Records a failure of work run outside `submit` (the first one wins).
    public func record(_ error: Error) { lock.withLock { if firstError == nil { firstError = error } } }
}
