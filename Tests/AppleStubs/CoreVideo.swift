import CoreGraphics
import Foundation

// Core Video as ArcMaskKit's clip reader meets it: a decoded frame's pixel buffer, locked to
// read its BGRA rows (developer.apple.com/documentation/corevideo).
public typealias OSType = UInt32
public typealias CVReturn = Int32
public let kCVReturnSuccess: CVReturn = 0

open class CVBuffer: @unchecked Sendable {}
public typealias CVImageBuffer = CVBuffer
public typealias CVPixelBuffer = CVImageBuffer

public struct CVPixelBufferLockFlags: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let readOnly = CVPixelBufferLockFlags(rawValue: 1)
}

public let kCVPixelBufferPixelFormatTypeKey: CFString = "PixelFormatType"
public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241

public func CVPixelBufferLockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ lockFlags: CVPixelBufferLockFlags) -> CVReturn
{
    0
}
public func CVPixelBufferUnlockBaseAddress(
    _ pixelBuffer: CVPixelBuffer, _ unlockFlags: CVPixelBufferLockFlags
)
    -> CVReturn
{ 0 }
public func CVPixelBufferGetBaseAddress(_ pixelBuffer: CVPixelBuffer) -> UnsafeMutableRawPointer? { nil }
public func CVPixelBufferGetBytesPerRow(_ pixelBuffer: CVPixelBuffer) -> Int { 0 }
public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { 0 }
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { 0 }
public func CVPixelBufferGetPixelFormatType(_ pixelBuffer: CVPixelBuffer) -> OSType { 0 }
