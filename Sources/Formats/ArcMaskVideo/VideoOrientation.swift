import ArcMaskFrames

/// How a clip is turned for display, from its display matrix, as FFmpeg's command line turns
/// it (its autorotate rules): quarter turns and mirrors only; other angles are reported, not
/// applied.
public enum VideoOrientation: String, Sendable, Equatable {
    case identity
    /// A quarter turn clockwise (`transpose=clock`; phones held upright record this).
    case clockwise
    /// A quarter turn anticlockwise (`transpose=cclock`).
    case anticlockwise
    case halfTurn
    case mirrorHorizontal
    case mirrorVertical
    /// A quarter turn anticlockwise, then mirrored top to bottom (`transpose=cclock_flip`).
    case transpose
    /// A quarter turn clockwise, then mirrored top to bottom (`transpose=clock_flip`).
    case transverse

    /// From the nine values of a display matrix (16.16 fixed point for a, b, c, d) and the
    /// angle FFmpeg reads from it (`av_display_rotation_get`: anticlockwise degrees).
    public init(matrix m: [Int32], anticlockwiseDegrees: Double) {
        guard m.count >= 9, anticlockwiseDegrees.isFinite else {
            self = .identity
            return
        }
        var theta = -anticlockwiseDegrees.rounded()
        theta -= 360 * (theta / 360 + 0.9 / 360).rounded(.down)
        if abs(theta - 90) < 1 {
            self = m[3] > 0 ? .transpose : .clockwise
        } else if abs(theta - 180) < 1 {
            switch (m[0] < 0, m[4] < 0) {
            case (true, true): self = .halfTurn
            case (true, false): self = .mirrorHorizontal
            case (false, true): self = .mirrorVertical
            case (false, false): self = .identity
            }
        } else if abs(theta - 270) < 1 {
            self = m[3] < 0 ? .transverse : .anticlockwise
        } else if abs(theta) < 1 || abs(theta - 360) < 1 {
            self = m[4] < 0 ? .mirrorVertical : .identity
        } else {
            self = .identity
        }
    }

    /// Whether width and height swap.
    public var swapsSides: Bool { [.clockwise, .anticlockwise, .transpose, .transverse].contains(self) }

    /// Degrees clockwise, for reports (mirrors aside).
    public var degrees: Int {
        switch self {
        case .clockwise, .transverse: 90
        case .halfTurn: 180
        case .anticlockwise, .transpose: 270
        default: 0
        }
    }

    /// The source pixel that lands at (x, y) of the turned picture, for a source `width`×`height`.
    @inline(__always)
    func source(x: Int, y: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch self {
        case .identity: (x, y)
        case .clockwise: (y, h - 1 - x)
        case .anticlockwise: (w - 1 - y, x)
        case .halfTurn: (w - 1 - x, h - 1 - y)
        case .mirrorHorizontal: (w - 1 - x, y)
        case .mirrorVertical: (x, h - 1 - y)
        case .transpose: (y, x)
        case .transverse: (w - 1 - y, h - 1 - x)
        }
    }

    /// `image` turned and mirrored.
    public func apply(_ image: PixelBuffer) -> PixelBuffer {
        guard self != .identity else { return image }
        let w = image.width, h = image.height
        let ow = swapsSides ? h : w, oh = swapsSides ? w : h
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let s = UnsafeRawPointer(src.baseAddress!).assumingMemoryBound(to: UInt32.self)
                let d = UnsafeMutableRawPointer(dst.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for y in 0..<oh {
                    for x in 0..<ow {
                        let (sx, sy) = source(x: x, y: y, width: w, height: h)
                        d[y * ow + x] = s[sy * w + sx]
                    }
                }
            }
        }
        return PixelBuffer(width: ow, height: oh, bytes: out)
    }
}
