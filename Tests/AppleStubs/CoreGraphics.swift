import Foundation

// Core Foundation types as this code meets them: toll-free bridged on Apple systems, so `x as
// CFData` is a coercion there; here they are the Swift types themselves.
public typealias CFData = Data
public typealias CFMutableData = NSMutableData
public typealias CFString = String
public typealias CFDictionary = [String: Any]

open class CGImage: @unchecked Sendable {
    public init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) { return nil }
    public var width: Int { 0 }
    public var height: Int { 0 }
    public func cropping(to rect: CGRect) -> CGImage? { nil }
}

open class CGColorSpace: @unchecked Sendable {}
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

open class CGDataProvider: @unchecked Sendable {
    public init?(data: CFData) { return nil }
}

public enum CGImageAlphaInfo: UInt32, Sendable {
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

public enum CGInterpolationQuality: Int32, Sendable {
    case `default`, none, low, high, medium
}

open class CGContext {
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) { return nil }
    public var interpolationQuality: CGInterpolationQuality = .default
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {}
}

public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

public struct CGAffineTransform: Sendable {
    public init() {}
    public static let identity = CGAffineTransform()
}
