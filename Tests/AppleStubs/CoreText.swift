import CoreGraphics
import Foundation

// Core Text as ArcMaskKit's Lottie canvas meets it: a font by name, a line of attributed text,
// its width, and drawing it into a context (developer.apple.com/documentation/coretext).
public typealias CFAttributedString = NSAttributedString

open class CTFont: @unchecked Sendable {}
open class CTLine: @unchecked Sendable {}

public func CTFontCreateWithName(
    _ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    CTFont()
}
public func CTLineCreateWithAttributedString(_ string: CFAttributedString) -> CTLine { CTLine() }
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double { 0 }
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {}
public let kCTFontAttributeName: CFString = "NSFont"
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
