import Foundation

/// The view rectangle as seen from the circle centre.
public struct ViewGeometry: Sendable, Equatable {
    public let width: Double
    public let height: Double
    /// Distance from the view centre down to the circle centre.
    public let centerOffset: Double

    public init(width: Double, height: Double, centerOffset: Double) {
        self.width = width
        self.height = height
        self.centerOffset = centerOffset
    }

    /// Angle (degrees, in (180, 360)) of the view's left-most point: the bottom-left corner.
    public var minAngle: Double { degrees(atan2(height / 2 - centerOffset, -width / 2)) + 360 }
    /// Angle of the right-most point: the bottom-right corner.
    public var maxAngle: Double { degrees(atan2(height / 2 - centerOffset, width / 2)) + 360 }
    /// The angle the view spans.
    public var angularWidth: Double { maxAngle - minAngle }
    /// Distance from the centre to the nearest point of the view (middle of its bottom edge).
    public var nearestRadius: Double { centerOffset - height / 2 }
    /// Distance to the farthest points (the top corners).
    public var farthestRadius: Double {
        ((width / 2) * (width / 2) + (centerOffset + height / 2) * (centerOffset + height / 2)).squareRoot()
    }
}

@inline(__always) public func degrees(_ r: Double) -> Double { r * 180 / .pi }
@inline(__always) public func radians(_ d: Double) -> Double { d * .pi / 180 }

extension ArcPlan {
    public var viewGeometry: ViewGeometry {
        ViewGeometry(width: viewWidth, height: viewHeight, centerOffset: centerOffset)
    }
}
