#if canImport(Photos) && canImport(AVFoundation)
import Foundation
import Photos

extension ArcMaskPreparer {
    /// Prepares a Live Photo's motion: its paired video (the `.pairedVideo` resource Photos keeps
    /// beside the still), written to a temporary file, read by AVFoundation as
    /// `prepare(contentsOf:)` reads a movie, and removed afterwards. Photos may fetch it from
    /// iCloud first. Written from Apple's documentation of `PHAssetResource` and
    /// `PHAssetResourceManager` (type-checked against stub modules, not run).
    public static func prepare(
        livePhoto: PHLivePhoto, name: String = "Live Photo", into folder: URL,
        options: PrepareOptions = PrepareOptions(), replacing: Bool = false,
        progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> PreparedAnimation {
        guard let video = PHAssetResource.assetResources(for: livePhoto).first(where: { $0.type == .pairedVideo })
        else {
            throw PrepareError(.input, "\(name) has no paired video (not a Live Photo's motion)", code: .notAnimated)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-\(UUID().uuidString).mov")
        defer { try? FileManager.default.removeItem(at: file) }
        let request = PHAssetResourceRequestOptions()
        request.isNetworkAccessAllowed = true
        do {
            try await PHAssetResourceManager.default().writeData(for: video, toFile: file, options: request)
        } catch {
            throw PrepareError(
                .input, "\(name): its video cannot be had from Photos (\(error.localizedDescription))", code: .damaged)
        }
        return try await prepare(
            contentsOf: file, name: name, into: folder, options: options, replacing: replacing, progress: progress)
    }
}
#endif
