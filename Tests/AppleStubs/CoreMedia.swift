import CoreVideo
import Foundation

// Core Media as ArcMaskKit's clip reader meets it: times, sample buffers and their presentation
// times (developer.apple.com/documentation/coremedia).
public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32
public typealias CMItemCount = Int

public struct CMTime: Sendable {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.value = value
        self.timescale = timescale
    }
    public static let zero = CMTime(value: 0, timescale: 1)
    public var isValid: Bool { timescale != 0 }
    public var seconds: Double { Double(value) / Double(timescale) }
}

public enum CMTimeRoundingMethod: UInt32, Sendable {
    case roundHalfAwayFromZero = 1, roundTowardZero, roundAwayFromZero, quickTime, roundTowardPositiveInfinity,
        roundTowardNegativeInfinity
}

public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time
}

open class CMSampleBuffer: @unchecked Sendable {}
public func CMSampleBufferGetPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { .zero }
public func CMSampleBufferGetNumSamples(_ sbuf: CMSampleBuffer) -> CMItemCount { 0 }
public func CMSampleBufferGetImageBuffer(_ sbuf: CMSampleBuffer) -> CVImageBuffer? { nil }
