#if canImport(Photos) && canImport(AVFoundation)
import Foundation
import Photos

extension ArcMaskPreparer {
    /// Prepares a Live Photo's motion as the user sees it in Photos: its edited video when it
    /// has one, else the original, written to a temporary file, read by AVFoundation as
    /// `prepare(contentsOf:)` reads a movie, and removed afterwards. Photos may fetch it from
    /// iCloud first. The result's `livePhotoVideo` says which video played.
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
        let request = PHAssetResourceRequestOptions()
        request.isNetworkAccessAllowed = true
        do {
            try await PHAssetResourceManager.default().writeData(
                for: resources[choice.index], toFile: file, options: request)
        } catch {
            throw PrepareError(
                .input, "\(name): its video cannot be had from Photos (\(error.localizedDescription))", code: .damaged)
        }
        var prepared = try await prepare(
            contentsOf: file, name: name, into: folder, options: options, replacing: replacing, progress: progress)
        prepared.livePhotoVideo = choice.played
        return prepared
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
