import CoreGraphics
import CoreMedia
import Foundation

// AVFoundation as ArcMaskKit's clip reader meets it: an asset from a file, its video track's
// properties loaded asynchronously (iOS 15), and a reader of its samples
// (developer.apple.com/documentation/avfoundation).
open class AVAsset: @unchecked Sendable {
    public func loadTracks(withMediaType mediaType: AVMediaType) async throws -> [AVAssetTrack] { [] }
}

open class AVURLAsset: AVAsset, @unchecked Sendable {
    public init(url URL: URL, options: [String: Any]? = nil) {}
}

public struct AVMediaType: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let video = AVMediaType(rawValue: "vide")
}

open class AVPartialAsyncProperty<Root>: @unchecked Sendable {}
public final class AVAsyncProperty<Root, Value>: AVPartialAsyncProperty<Root>, @unchecked Sendable {}

open class AVAssetTrack: @unchecked Sendable {
    public func load<T>(_ property: AVAsyncProperty<AVAssetTrack, T>) async throws -> T { fatalError() }
}

extension AVPartialAsyncProperty where Root == AVAssetTrack {
    public static var naturalSize: AVAsyncProperty<AVAssetTrack, CGSize> { AVAsyncProperty() }
    public static var preferredTransform: AVAsyncProperty<AVAssetTrack, CGAffineTransform> { AVAsyncProperty() }
    public static var nominalFrameRate: AVAsyncProperty<AVAssetTrack, Float> { AVAsyncProperty() }
    public static var naturalTimeScale: AVAsyncProperty<AVAssetTrack, CMTimeScale> { AVAsyncProperty() }
    public static var mediaCharacteristics: AVAsyncProperty<AVAssetTrack, [AVMediaCharacteristic]> {
        AVAsyncProperty()
    }
}

public struct AVMediaCharacteristic: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// iOS 14: "inferred from the format description of the associated track".
    public static let containsHDRVideo = AVMediaCharacteristic(rawValue: "public.contains-hdr-video")
}

// Output settings' colour properties (AVVideoSettings.h).
public let AVVideoColorPropertiesKey: String = "ColorProperties"
public let AVVideoColorPrimariesKey: String = "ColorPrimaries"
public let AVVideoTransferFunctionKey: String = "TransferFunction"
public let AVVideoYCbCrMatrixKey: String = "YCbCrMatrix"
public let AVVideoColorPrimaries_ITU_R_709_2: String = "ITU_R_709_2"
public let AVVideoTransferFunction_ITU_R_709_2: String = "ITU_R_709_2"
public let AVVideoYCbCrMatrix_ITU_R_709_2: String = "ITU_R_709_2"

open class AVAssetReaderOutput: @unchecked Sendable {
    public var alwaysCopiesSampleData: Bool = true
    public func copyNextSampleBuffer() -> CMSampleBuffer? { nil }
}

open class AVAssetReaderTrackOutput: AVAssetReaderOutput, @unchecked Sendable {
    public init(track: AVAssetTrack, outputSettings: [String: Any]?) {}
}

open class AVAssetReader: @unchecked Sendable {
    public enum Status: Int, Sendable {
        case unknown, reading, completed, failed, cancelled
    }
    public init(asset: AVAsset) throws {}
    public func add(_ output: AVAssetReaderOutput) {}
    public func startReading() -> Bool { false }
    public func cancelReading() {}
    public var status: Status { .unknown }
    public var error: Error? { nil }
}
