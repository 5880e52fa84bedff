@_exported import CoreGraphics
import Foundation

open class UIImage: @unchecked Sendable {
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    public init?(contentsOfFile path: String) { return nil }
    public init?(data: Data, scale: CGFloat) { return nil }
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {}
    open var cgImage: CGImage? { nil }
}

open class UIFont: @unchecked Sendable {
    public init?(name fontName: String, size fontSize: CGFloat) { return nil }
}

/// developer.apple.com/documentation/uikit/uiscreen: the device's screen, its bounds in points
/// (portrait, as the app's interface is) and its points' pixels.
@MainActor
open class UIScreen {
    public class var main: UIScreen { UIScreen() }
    open var bounds: CGRect { .zero }
    open var scale: CGFloat { 3 }
    init() {}
}
