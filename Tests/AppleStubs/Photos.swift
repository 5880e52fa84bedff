import Foundation

// Photos as ArcMaskKit meets it: a Live Photo's resources and writing one to a file
// (developer.apple.com/documentation/photos).
open class PHLivePhoto: @unchecked Sendable {}

public enum PHAssetResourceType: Int, Sendable {
    case photo = 1, video, audio, alternatePhoto, fullSizePhoto, fullSizeVideo, adjustmentData,
        adjustmentBasePhoto, pairedVideo, fullSizePairedVideo, adjustmentBasePairedVideo, adjustmentBaseVideo
}

open class PHAssetResource: @unchecked Sendable {
    public class func assetResources(for livePhoto: PHLivePhoto) -> [PHAssetResource] { [] }
    public var type: PHAssetResourceType { .photo }
}

open class PHAssetResourceRequestOptions: @unchecked Sendable {
    public init() {}
    public var isNetworkAccessAllowed: Bool = false
}

open class PHAssetResourceManager: @unchecked Sendable {
    public class func `default`() -> PHAssetResourceManager { PHAssetResourceManager() }
    public func writeData(
        for resource: PHAssetResource, toFile fileURL: URL, options: PHAssetResourceRequestOptions?
    ) async throws {}
}
