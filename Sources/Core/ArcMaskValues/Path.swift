/// A path element in user space.
public enum PathElement: Sendable, Equatable, Hashable {
    case move(Double, Double)
    case line(Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case close
}

/// How a stroke ends at an open path's ends.
public enum LineCap: String, Codable, Sendable, CaseIterable {
    /// The stroke stops at the path's ends.
    case butt
    /// A half circle past each end.
    case round
    /// The stroke extends half its width past both ends, along the tangent.
    case square
}

/// How a stroke turns at a corner.
public enum LineJoin: String, Codable, Sendable, CaseIterable {
    case miter, round, bevel
}

/// Stroke parameters.
public struct StrokeStyle: Sendable, Equatable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashOffset: Double

    public init(
        width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4,
        dash: [Double] = [], dashOffset: Double = 0
    ) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dash = dash; self.dashOffset = dashOffset
    }
}
