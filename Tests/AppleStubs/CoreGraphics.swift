import Foundation

// Core Foundation types as this code meets them: toll-free bridged on Apple systems, so `x as
// CFData` is a coercion there; here they are the Swift types themselves.
public typealias CFData = Data
public typealias CFURL = URL
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
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { 0 }
    public var colorSpace: CGColorSpace? { nil }
    public var alphaInfo: CGImageAlphaInfo { .none }
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: 0) }
    public var dataProvider: CGDataProvider? { nil }
    public var shouldInterpolate: Bool { false }
    public var renderingIntent: CGColorRenderingIntent { .defaultIntent }
    public func cropping(to rect: CGRect) -> CGImage? { nil }
}

open class CGColorSpace: @unchecked Sendable {}
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

public typealias CGDataProviderReleaseDataCallback =
    @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void

open class CGDataProvider: @unchecked Sendable {
    public init?(data: CFData) { return nil }
    /// `CGDataProviderCreateWithData`: bytes the caller owns, not copied.
    public init?(
        dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer?, size: Int,
        releaseData: CGDataProviderReleaseDataCallback
    ) { return nil }
}

public enum CGImageAlphaInfo: UInt32, Sendable {
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
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
    // The graphics state and the current transformation matrix.
    public func saveGState() {}
    public func restoreGState() {}
    public func concatenate(_ transform: CGAffineTransform) {}
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {}
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {}
    public var ctm: CGAffineTransform { .identity }
    public func setAlpha(_ alpha: CGFloat) {}
    public func setBlendMode(_ mode: CGBlendMode) {}
    // Paths, fills, strokes and clips.
    public func beginPath() {}
    public func move(to point: CGPoint) {}
    public func addLine(to point: CGPoint) {}
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {}
    public func closePath() {}
    public func fillPath(using rule: CGPathFillRule = .winding) {}
    public func strokePath() {}
    public func replacePathWithStrokedPath() {}
    public func clip(using rule: CGPathFillRule = .winding) {}
    public func fill(_ rect: CGRect) {}
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    public func setLineWidth(_ width: CGFloat) {}
    public func setLineCap(_ cap: CGLineCap) {}
    public func setLineJoin(_ join: CGLineJoin) {}
    public func setMiterLimit(_ limit: CGFloat) {}
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {}
    // Gradients and transparency layers.
    public func drawLinearGradient(
        _ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint, options: CGGradientDrawingOptions
    ) {}
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {}
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {}
    public func endTransparencyLayer() {}
    // Text (Core Text draws lines at the text position through the text matrix).
    public var textMatrix: CGAffineTransform = .identity
    public var textPosition: CGPoint = .zero
}

public enum CGPathFillRule: Int, Sendable {
    case winding, evenOdd
}

public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference,
        exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver,
        destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

open class CGGradient: @unchecked Sendable {
    public init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) { return nil }
}

open class CGColor: @unchecked Sendable {
    public init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) { return nil }
}

public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}

public struct CGAffineTransform: Sendable {
    public var a: CGFloat = 1, b: CGFloat = 0, c: CGFloat = 0, d: CGFloat = 1, tx: CGFloat = 0, ty: CGFloat = 0
    public init() {}
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform()
    public func inverted() -> CGAffineTransform { self }
}
