import ArcMaskValues
import Foundation

/// Which way the masks rotate on screen.
public enum RotationDirection: String, Codable, Sendable {
    /// Angles grow (clockwise in y-down screen space): the private modifier with a positive period.
    case clockwise
    /// A negative period.
    case counterclockwise

    public var sign: Double { self == .clockwise ? 1 : -1 }
}

/// Ways to build the masks: the public implementations, reproduced exactly, and this project's own.
public enum Preset: String, Codable, Sendable, CaseIterable {
    /// DynamicWidget: R = s², width s, square caps, period = half the delays, SDWebImage's repeated frames.
    case dynamicwidget
    /// OneDay: R = s², width 1.1·s, square caps, uniform slices, layers in reverse order.
    case oneday
    /// Widgetnimation: R = 50·s, width 1.5·s, butt caps, a fixed 2 s period.
    case widgetnimation
    /// DouYinComment: an "exact fit" ring scaled by 300, square caps, repeated frames.
    case douyin
    /// Slices proportional to each frame's duration, forward, seams that cross the image in a
    /// fraction of a display refresh, no uncovered corner.
    case arcmask
}

/// One masked image of the ZStack: an arc from `startAngle` to `endAngle` (degrees, growing
/// clockwise on screen from 3 o'clock, unrotated), showing `frame`, drawn as `curves`.
public struct ArcLayer: Codable, Sendable, Equatable {
    /// Position in the ZStack: later layers are drawn on top.
    public var zIndex: Int
    /// The source frame this layer shows.
    public var frame: Int
    public var startAngle: Double
    public var endAngle: Double
    /// The cubic curves that draw the arc, end to end from `startAngle` to `endAngle`: what the
    /// view strokes and the emulator judges. A plan written before curves were recorded was drawn
    /// with one `addArc` per layer: it reads back as `CurveRule.quarterTurns` curves.
    public var curves: [ArcCurve]
    /// The largest distance of the curves from the circle, points (nil in plans read back without
    /// curves: `ArcPlan.curveDistance(_:)` computes it).
    public var curveDistance: Double?

    public init(zIndex: Int, frame: Int, startAngle: Double, endAngle: Double, curves: [ArcCurve]? = nil) {
        self.zIndex = zIndex
        self.frame = frame
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.curves = curves ?? CurveRule.quarterTurns.curves(from: startAngle, to: endAngle, radius: 0)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        zIndex = try c.decode(Int.self, forKey: .zIndex)
        frame = try c.decode(Int.self, forKey: .frame)
        startAngle = try c.decode(Double.self, forKey: .startAngle)
        endAngle = try c.decode(Double.self, forKey: .endAngle)
        curveDistance = try c.decodeIfPresent(Double.self, forKey: .curveDistance)
        if let curves = try c.decodeIfPresent([ArcCurve].self, forKey: .curves) {
            guard ArcLayer.tile(curves, from: startAngle, to: endAngle) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .curves, in: c,
                    debugDescription: "the curves are not pieces of equal sweep, end to end from startAngle to endAngle"
                )
            }
            self.curves = curves
        } else {
            curves = CurveRule.quarterTurns.curves(from: startAngle, to: endAngle, radius: 0)
        }
    }

    /// Are `curves` pieces of equal sweep, end to end from `start` to `end`, as the views draw
    /// them (a count of curves over the layer's arc), each at most a half turn?
    static func tile(_ curves: [ArcCurve], from start: Double, to end: Double) -> Bool {
        let n = Double(curves.count), sweep = end - start
        guard (1...4096).contains(curves.count), sweep.isFinite, sweep >= 0, sweep / n <= 180 else { return false }
        let slack = 1e-6 * max(1, abs(start), abs(end))
        return curves.enumerated().allSatisfy { k, c in
            abs(c.startAngle - (start + sweep * Double(k) / n)) <= slack
                && abs(c.endAngle - (start + sweep * Double(k + 1) / n)) <= slack
        }
    }

    public var sweep: Double { endAngle - startAngle }
    /// The widest curve's sweep, degrees.
    public var widestCurve: Double { curves.map(\.sweep).max() ?? sweep }
}

/// Figures derived from a plan, to judge it without rendering anything.
public struct PlanFigures: Codable, Sendable, Equatable {
    /// Time a hand-off seam takes to cross the view, in milliseconds.
    public var seamCrossingMs: Double
    /// Delay of every switch behind its slice boundary caused by square caps (lw / 2R), in ms.
    public var switchLagMs: Double
    /// How far inside the stroked band the view's farthest and nearest points lie, in points
    /// (negative: part of the view is never covered).
    public var cornerMarginPoints: Double
    /// The largest frame count this radius allows with equal slices (N ≤ 2πR / W).
    public var maxFrames: Int
    /// Memory of the decoded layer images at the target pixel size, in bytes (one image per frame).
    public var layerMemoryBytes: Int
    /// The view's angular width seen from the circle centre, in degrees.
    public var viewAngleDegrees: Double
    /// The shortest frame the plan can show whole (seam crossing plus guard), in ms.
    public var shortestFrameMs: Double
    /// The longest a seam may take to cross the view before the verdict fails, ms
    /// (`ArcPlanner.seamBudgetMs`); nil in plans written before it was recorded, which are
    /// judged by the default budget.
    public var seamBudgetMs: Double?
    /// The largest distance of any layer's curves from the circle, points, and the widest curve's
    /// sweep, degrees (`ArcLayer.curves`); nil in plans written before curves were recorded.
    public var curveDistancePoints: Double?
    public var widestCurveDegrees: Double?
}

/// Everything needed to draw, emulate and export the masks for one animation in one view.
///
/// Geometry is in points, in the view's coordinate space (y down). The circle's centre lies
/// `centerOffset` points below the view's centre, i.e. at (W/2, H/2 + centerOffset); every
/// layer's arc has radius `radius` and is stroked `lineWidth` wide with `cap` ends. At time t
/// all arcs are rotated by φ(t) = direction · 360° · frac((t − epoch) / period).
public struct ArcPlan: Codable, Sendable, Equatable {
    public var preset: Preset
    public var viewWidth: Double
    public var viewHeight: Double
    /// Pixels per point of the target display.
    public var scale: Double
    public var radius: Double
    public var lineWidth: Double
    public var cap: LineCap
    public var centerOffset: Double
    public var periodSeconds: Double
    public var direction: RotationDirection
    public var epochSeconds: Double
    public var layers: [ArcLayer]
    /// The source's own timeline: how long each frame should show, in ms.
    public var frameDurationsMs: [Double]
    public var figures: PlanFigures

    public var frameCount: Int { frameDurationsMs.count }
    public var pixelWidth: Int { Int((viewWidth * scale).rounded()) }
    public var pixelHeight: Int { Int((viewHeight * scale).rounded()) }

    /// Rotation at time `t` seconds, in degrees, in [0, 360) for clockwise plans.
    public func rotation(at t: Double) -> Double {
        let turns = (t - epochSeconds) / periodSeconds
        return direction.sign * 360 * (turns - turns.rounded(.down))
    }

    /// The circle centre in view coordinates (points).
    public var center: (x: Double, y: Double) { (viewWidth / 2, viewHeight / 2 + centerOffset) }

    /// The largest distance of layer `i`'s curves from the circle, points.
    public func curveDistance(_ i: Int) -> Double {
        layers[i].curves.map { $0.deviation(radius: radius) }.max() ?? 0
    }

    /// The largest distance of any layer's curves from the circle, points.
    public var largestCurveDistance: Double { layers.indices.map(curveDistance).max() ?? 0 }
}
