import Dispatch
import Foundation

/// Work run on `jobs` threads with at most `inFlight` items submitted and not yet done, so
/// memory stays at a few items whatever their count; the first failure wins, later work is
/// skipped, and every exit can wait for what runs (`drain`) before removing what it writes into.
/// The fitter's drawings and encodes and the image pipeline both run on it.
public final class BoundedWork: @unchecked Sendable {
    public let jobs: Int
    /// With one job, work runs on the submitting thread rather than on a queue.
    private let inlineWithOneJob: Bool
    private let queue = OperationQueue()
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?

    /// - Parameters:
    ///   - inFlight: items submitted and not done at most (default `2 × jobs + 2`).
    ///   - inlineWithOneJob: run work on the submitting thread when `jobs` is 1.
    public init(jobs: Int, inFlight: Int? = nil, name: String, inlineWithOneJob: Bool = false) {
        self.jobs = max(1, jobs)
        self.inlineWithOneJob = inlineWithOneJob
        queue.name = name
        queue.maxConcurrentOperationCount = self.jobs
        slots = DispatchSemaphore(value: max(1, inFlight ?? 2 * self.jobs + 2))
    }

    /// The first failure so far, if any.
    public var failure: Error? { lock.withLock { firstError } }

    /// Records a failure of work run outside `submit` (the first one wins).
    public func record(_ error: Error) { lock.withLock { if firstError == nil { firstError = error } } }

    /// Runs `work` on the threads; blocks while `inFlight` items are under way. Throws an
    /// earlier failure first, once everything under way is done.
    public func submit(_ work: @escaping @Sendable () throws -> Void) throws {
        if let error = failure {
            drain()
            throw error
        }
        if inlineWithOneJob && jobs == 1 {
            try work()
            return
        }
        slots.wait()
        group.enter()
        queue.addOperation { [self] in
            defer {
                slots.signal()
                group.leave()
            }
            guard failure == nil else { return }
            do { try work() } catch { record(error) }
        }
    }

    /// Waits for everything submitted; throws the first failure.
    public func finish() throws {
        drain()
        if let error = failure { throw error }
    }

    /// Waits for everything submitted, whatever its outcome.
    public func drain() { group.wait() }
}
