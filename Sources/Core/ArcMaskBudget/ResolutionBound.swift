import ArcMaskValues
import Foundation

/// How many layer pixels per point a source can fill: no more than the source's own pixels that
/// land in the view. The phone enlarges a smaller image for free, so pixels beyond the source's
/// are interpolated ones that cost archive bytes and show nothing new. Vector sources (SVG,
/// SVGA, Lottie) draw at any size and have no such bound but the device's scale.
public enum ResolutionBound {
    /// A layer may exceed the bound by this much (rounding to whole pixels and hundredths of a scale).
    public static let tolerance = 1.05

    /// Source pixels per point of the view, along the axis that has fewest, once `fit` has placed
    /// the source: with `fill` the source covers the view (its overflow cropped), with `fit` it lies
    /// inside it. A layer at this scale holds every source pixel the view shows and none more.
    public static func sourceScale(source: PixelSize, viewWidth: Double, viewHeight: Double, fit: FitMode) -> Double {
        let sx = Double(source.width) / viewWidth, sy = Double(source.height) / viewHeight
        return fit == .fill ? min(sx, sy) : max(sx, sy)
    }

    /// The scale the layers are held to: `sourceScale` rounded up to hundredths where that stays
    /// within `tolerance` (a whole-pixel layer size that keeps every source pixel), else exact.
    public static func layerScale(_ sourceScale: Double) -> Double {
        let rounded = (sourceScale * 100).rounded(.up) / 100
        return rounded <= sourceScale * tolerance ? rounded : sourceScale
    }
}

/// Which bound held the layers' resolution, as the manifest records it.
public struct ResolutionRecord: Codable, Sendable, Equatable {
    public enum Bound: String, Codable, Sendable {
        /// The source's own pixels: layers at the source's resolution (the budget asked for fewer
        /// bytes, and pixels beyond the source's show nothing new).
        case source
        /// The device's scale: a vector source, a source with more pixels than the device shows, or
        /// every frame kept at the device's scale.
        case device
    }

    public var bound: Bound
    /// Source pixels per point of the view (nil for a vector source, which has no such bound).
    public var sourceScale: Double?
    /// The scale the layers would have had without the bound (the device's, or the pixel cap's).
    public var deviceScale: Double

    public init(bound: Bound, sourceScale: Double?, deviceScale: Double) {
        self.bound = bound
        self.sourceScale = sourceScale
        self.deviceScale = deviceScale
    }
}
