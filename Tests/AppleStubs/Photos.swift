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

public typealias PHAssetResourceProgressHandler = @Sendable (Double) -> Void
public typealias PHAssetResourceDataRequestID = Int32

open class PHAssetResourceRequestOptions {
    public init() {}
    public var isNetworkAccessAllowed: Bool = false
    public var progressHandler: PHAssetResourceProgressHandler?
}

open class PHAssetResourceManager {
    public class func `default`() -> PHAssetResourceManager { PHAssetResourceManager() }
    public func writeData(
        for resource: PHAssetResource, toFile fileURL: URL, options: PHAssetResourceRequestOptions?
    ) async throws {}
    public func requestData(
        for resource: PHAssetResource, options: PHAssetResourceRequestOptions?,
        dataReceivedHandler handler: @escaping (Data) -> Void,
        completionHandler: @escaping ((any Error)?) -> Void
    ) -> PHAssetResourceDataRequestID { 0 }
    public func cancelDataRequest(_ requestID: PHAssetResourceDataRequestID) {}
}
