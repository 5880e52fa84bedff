import ArcMaskFiles
import ArcMaskFrames
import ArcMaskValues
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

    /// The threads, and how many images may be under way at once.
    private let work: BoundedWork
    public var jobs: Int { work.jobs }

    /// - Parameter folder: the output folder the work writes into, if any: removing it on a
    ///   failure first waits for this pipeline's work, so no thread writes into a folder being removed.
    /// - Parameter imageBytes: how big each image is, when known: large images (video frames)
    ///   are kept to as many as fit in 24 MB (never fewer than `jobs`) in flight.
    public init(jobs: Int = ImagePipeline.defaultJobs, writingInto folder: StagedFolder? = nil, imageBytes: Int? = nil)
    {
        let jobs = max(1, jobs)
        var inFlight = 2 * jobs + 2
        if let imageBytes, imageBytes > 0 { inFlight = max(jobs, min(inFlight, (24 << 20) / imageBytes)) }
        work = BoundedWork(jobs: jobs, inFlight: inFlight, name: "arcmask.images")
        folder?.waitBeforeRemoving { [work] in work.drain() }
    }

    /// Runs `produce` then `consume` on the pipeline's threads; blocks while too many images
    /// are in flight. Throws the first failure of earlier work.
    public func submit(
        _ produce: @escaping @Sendable () throws -> PixelBuffer,
        then consume: @escaping @Sendable (PixelBuffer) throws -> Void
    ) throws {
        try work.submit { try consume(try produce()) }
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
    public func finish() throws { try work.finish() }

    /// Waits for every submitted image, whatever its outcome (before removing what they write into).
    public func drain() { work.drain() }

    /// The first failure so far, if any.
    public var failure: Error? { work.failure }

    /// Records a failure of work run outside `submit` (the first one wins).
    public func record(_ error: Error) { work.record(error) }
}
