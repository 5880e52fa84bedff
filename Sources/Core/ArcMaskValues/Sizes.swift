/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible, Codable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in pixels; may lie partly or wholly outside a canvas.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The part of this rectangle inside a canvas of the given size (possibly empty).
    public func clipped(to size: PixelSize) -> PixelRect {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(size.width, x + width), y1 = min(size.height, y + height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func covers(_ size: PixelSize) -> Bool {
        x <= 0 && y <= 0 && x + width >= size.width && y + height >= size.height
    }

    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// A rectangle in points (or any user unit).
public struct Rect: Hashable, Sendable, Codable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// How a picture is placed in a frame of another shape.
/// How a picture is resampled to a layer's size: `smooth` (filtered, for photographs and
/// drawings), `nearest` (each pixel a block of whole ones: pixel art stays sharp), or `auto`,
/// nearest where the layer enlarges the picture `nearestFrom` times or more, smooth otherwise.
public enum ResampleMode: String, Sendable, CaseIterable, Codable {
    case auto, smooth, nearest

    /// At this enlargement or more `auto` samples the nearest pixel: a 16×16 sprite in a 510-px
    /// layer is 32× (blurred over ~10 px when filtered); a photograph is rarely enlarged so far.
    public static let nearestFrom = 4.0

    /// Whether a picture enlarged `scale` times is sampled by the nearest pixel.
    public func nearest(atScale scale: Double) -> Bool {
        switch self {
        case .smooth: false
        case .nearest: true
        case .auto: scale >= Self.nearestFrom - 1e-9
        }
    }
}

public enum FitMode: String, Sendable, CaseIterable, Codable {
    /// Cover the whole frame, cropping the overflow (what widgets usually want).
    case fill
    /// Show the whole picture, leaving transparent bars.
    case fit

    /// The uniform scale and the offset that place a `source`-sized picture in `target`.
    public func placement(
        of source: (width: Double, height: Double),
        in target: (width: Double, height: Double)
    ) -> Affine {
        let sx = target.width / source.width, sy = target.height / source.height
        let k = self == .fill ? max(sx, sy) : min(sx, sy)
        return Affine(
            a: k, b: 0, c: 0, d: k, tx: (target.width - k * source.width) / 2,
            ty: (target.height - k * source.height) / 2)
    }
}
