#if canImport(Photos) && canImport(AVFoundation)
import Foundation
import Photos

extension ArcMaskPreparer {
    /// Prepares a Live Photo's motion as the user sees it in Photos: its edited video when it
    /// has one, else the original, written to a temporary file, read by AVFoundation as
    /// `prepare(contentsOf:)` reads a movie, and removed afterwards. Photos may fetch it from
    /// iCloud first: its download is reported as `.downloading` progress, and cancelling the task
    /// cancels it. The result's `livePhotoVideo` says which video played.
    ///
    /// Photos keeps both (Apple's documentation of `PHAssetResourceType`):
    /// `.fullSizePairedVideo`, "the current rendered output, if any, for an edited Live Photo
    /// asset", with the user's trims, crops and filters; and `.pairedVideo`, "the original
    /// video data component". Written from that documentation and `PHAssetResourceManager`'s
    /// (type-checked against stub modules and the iPhoneOS SDK, not run).
    public static func prepare(
        livePhoto: PHLivePhoto, name: String = "Live Photo", into folder: URL,
        options: PrepareOptions = PrepareOptions(), replacing: Bool = false,
        progress: (@MainActor @Sendable (Progress) -> Void)? = nil
    ) async throws -> PreparedAnimation {
        let resources = PHAssetResource.assetResources(for: livePhoto)
        guard let choice = LivePhotoChoice.video(resources.map { LivePhotoChoice.Kind($0.type) }) else {
            throw PrepareError(.input, "\(name) has no paired video (not a Live Photo's motion)", code: .notAnimated)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-\(UUID().uuidString).mov")
        defer { try? FileManager.default.removeItem(at: file) }
        try await download(resources[choice.index], to: file, name: name, progress: progress)
        var prepared = try await prepare(
            contentsOf: file, name: name, into: folder, options: options, replacing: replacing, progress: progress)
        prepared.livePhotoVideo = choice.played
        return prepared
    }
}

extension ArcMaskPreparer {
    /// Writes `resource` to `file`, from iCloud where Photos keeps it there: its progress reported
    /// as `.downloading` (Photos' `progressHandler`, 0 to 1), and cancelling the task cancels the
    /// request (`cancelDataRequest`), throwing `CancellationError`. Data comes in pieces
    /// (`requestData`'s handler), each appended to the file, so a long clip is never held whole.
    static func download(
        _ resource: PHAssetResource, to file: URL, name: String,
        progress: (@MainActor @Sendable (Progress) -> Void)?
    ) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            throw PrepareError(.input, "\(name): no temporary file for its video", code: .cannotWrite)
        }
        let pending = DownloadRequest(manager: PHAssetResourceManager.default())
        let request = PHAssetResourceRequestOptions()
        request.isNetworkAccessAllowed = true
        request.progressHandler = { fraction in
            guard let progress else { return }
            let step = Progress(
                stage: .downloading, done: Int((fraction * 1000).rounded()), total: 1000, fractionCompleted: 0)
            Task { @MainActor in progress(step) }
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, Error>) in
                    let id = pending.manager.requestData(
                        for: resource, options: request,
                        dataReceivedHandler: { piece in
                            do { try handle.write(contentsOf: piece) } catch { pending.failedToWrite(error) }
                        },
                        completionHandler: { error in
                            try? handle.close()
                            if let error { done.resume(throwing: error) } else { done.resume() }
                        })
                    pending.start(id)
                }
            } onCancel: {
                pending.cancel()
            }
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw PrepareError(
                .input, "\(name): its video cannot be had from Photos (\(error.localizedDescription))", code: .damaged)
        }
        try Task.checkCancellation()
        if let error = pending.writeError {
            throw PrepareError(
                .input, "\(name): its video cannot be written to a temporary file (\(error.localizedDescription))",
                code: .cannotWrite)
        }
    }
}

/// A data request to Photos: its id, whether the task was cancelled before it had one, and the
/// first error writing its pieces. The manager is used under the lock or from Photos' own
/// callbacks only.
private final class DownloadRequest: @unchecked Sendable {
    let manager: PHAssetResourceManager
    private let lock = NSLock()
    private var id: PHAssetResourceDataRequestID?
    private var cancelled = false
    private var failure: Error?

    /// The first error writing a piece to the file, if any.
    var writeError: Error? { lock.withLock { failure } }

    func failedToWrite(_ error: Error) {
        lock.withLock { if failure == nil { failure = error } }
    }

    init(manager: PHAssetResourceManager) { self.manager = manager }

    /// Records the request; cancels it at once when the task was cancelled before it started.
    func start(_ id: PHAssetResourceDataRequestID) {
        let cancelNow = lock.withLock {
            self.id = id
            return cancelled
        }
        if cancelNow { manager.cancelDataRequest(id) }
    }

    /// The task was cancelled: cancels the request when it has started.
    func cancel() {
        let started = lock.withLock {
            cancelled = true
            return id
        }
        if let started { manager.cancelDataRequest(started) }
    }
}

extension LivePhotoChoice.Kind {
    init(_ type: PHAssetResourceType) {
        switch type {
        case .fullSizePairedVideo: self = .fullSizePairedVideo
        case .pairedVideo: self = .pairedVideo
        default: self = .other
        }
    }
}
#endif

/// Which of a Live Photo's resources `prepare(livePhoto:)` plays: the edited video first, then
/// the original. Plain Swift, tested where Photos is not.
enum LivePhotoChoice {
    /// A resource's kind, as far as the choice goes (`PHAssetResourceType`'s).
    enum Kind: Equatable { case fullSizePairedVideo, pairedVideo, other }

    static func video(_ kinds: [Kind]) -> (index: Int, played: PreparedAnimation.LivePhotoVideo)? {
        if let i = kinds.firstIndex(of: .fullSizePairedVideo) { return (i, .edited) }
        if let i = kinds.firstIndex(of: .pairedVideo) { return (i, .original) }
        return nil
    }
}
