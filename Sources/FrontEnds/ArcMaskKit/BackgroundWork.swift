import Foundation

/// Long synchronous work run from async code: on a queue of its own (not the caller's actor,
/// and not one of Swift's few cooperative threads, which it would hold for seconds), inside the
/// time the system grants an app that leaves the foreground, cancelled with the task that
/// awaits it.
enum BackgroundWork {
    /// Asks the system for time to finish work: calls its block with `false` once granted (the
    /// block then holds the time until it returns), and with `true` when the time is up, or at
    /// once when none is granted. `ProcessInfo.performExpiringActivity` on Apple's systems.
    typealias ExpiringActivity =
        @Sendable (_ reason: String, _ block: @escaping @Sendable (_ expired: Bool) -> Void) ->
        Void

    /// A wrapper handing a value to the work's queue, which alone uses it from then on.
    struct Handed<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Runs `work` on a global queue and returns what it returns. Cancelling the awaiting task
    /// sets the flag the work checks between frames (it then throws `CancellationError`); the
    /// background time running out sets it too (the work then throws `.interrupted`).
    static func run<T: Sendable>(
        reason: String, activity: ExpiringActivity? = nil, work: @escaping @Sendable (CancellationFlag) throws -> T
    ) async throws -> T {
        let cancellation = CancellationFlag()
        let activity = activity ?? systemActivity
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global(qos: .userInitiated).async {
                    let result = Result { try work(cancellation) }
                    done.signal()
                    continuation.resume(with: result)
                }
                // Asked for after the work is under way: a system that calls the block at once,
                // on this thread, holds this thread until the work ends, not forever.
                activity(reason) { expired in
                    if expired {
                        cancellation.cancel(.backgroundTimeEnded)
                    } else {
                        // Holding the granted time until the work ends.
                        done.wait()
                        done.signal()
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Runs async `body` (loading a clip's tracks, which AVFoundation does asynchronously) inside
    /// the time the system grants an app that leaves the foreground, asked for before `body`
    /// starts and held until it ends. When the time runs out, `body`'s task is cancelled and
    /// `.interrupted` thrown. The system's block waits on a queue of its own, never on one of
    /// Swift's cooperative threads.
    static func protecting<T: Sendable>(
        reason: String, activity: ExpiringActivity? = nil, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let expiry = CancellationFlag()
        let done = DispatchSemaphore(value: 0)
        let task = Task { try await body() }
        let activity = activity ?? systemActivity
        DispatchQueue.global(qos: .userInitiated).async {
            activity(reason) { expired in
                if expired {
                    expiry.cancel(.backgroundTimeEnded)
                    task.cancel()
                } else {
                    // Holding the granted time until the body ends.
                    done.wait()
                    done.signal()
                }
            }
        }
        defer { done.signal() }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            try expiry.check()
            throw error
        }
    }

    /// The system's, where there is one (`SystemBackgroundTime.swift`); elsewhere no time is
    /// asked for and none runs out.
    static var systemActivity: ExpiringActivity {
        #if canImport(ImageIO) && canImport(CoreGraphics) && canImport(UniformTypeIdentifiers)
        return SystemBackgroundTime.activity
        #else
        return { _, _ in }
        #endif
    }
}

typealias Handed = BackgroundWork.Handed
