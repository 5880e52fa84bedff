@_exported import CoreGraphics
import Foundation

open class CGImageSource {}
open class CGImageDestination {}

public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5, statusInvalidData = -4, statusUnknownType = -3, statusReadingHeader = -2
    case statusIncomplete = -1, statusComplete = 0
}

public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { nil }
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? { nil }
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { 0 }
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus { .statusComplete }
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? { nil }
public func CGImageSourceCopyPropertiesAtIndex(
    _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CFDictionary? { nil }
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    nil
}
public func CGImageSourceCreateThumbnailAtIndex(
    _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CGImage? { nil }
public func CGImageSourceRemoveCacheAtIndex(_ isrc: CGImageSource, _ index: Int) {}

public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"

public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
public let kCGImagePropertyAPNGDelayTime: CFString = "DelayTime"
public let kCGImagePropertyAPNGUnclampedDelayTime: CFString = "UnclampedDelayTime"
public let kCGImagePropertyWebPDictionary: CFString = "{WebP}"
public let kCGImagePropertyWebPDelayTime: CFString = "DelayTime"
public let kCGImagePropertyWebPUnclampedDelayTime: CFString = "UnclampedDelayTime"
public let kCGImagePropertyHEICSDictionary: CFString = "{HEICS}"
public let kCGImagePropertyHEICSDelayTime: CFString = "DelayTime"
public let kCGImagePropertyHEICSUnclampedDelayTime: CFString = "UnclampedDelayTime"
public let kCGImagePropertyHEICSFrameInfoArray: CFString = "FrameInfo"
public let kCGImagePropertyAVISDictionary: CFString = "{AVIS}"

public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? { nil }
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {}
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { false }
