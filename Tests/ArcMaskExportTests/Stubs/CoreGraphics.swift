import Foundation

open class CGImage {
    public func cropping(to rect: CGRect) -> CGImage? { nil }
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
