import ArcMaskValues

/// A clip's decoder as `OnePassFrames` drives it: the decoded frames in presentation order,
/// each handed over once (AVFoundation's `AVAssetReaderTrackOutput` with pixel output
/// settings, `AVFoundationFrames`; a counting stub in the tests).
protocol FrameDecoding: AnyObject {
    associatedtype Picture
    /// The next decoded frame and its presentation time in the track's ticks; nil at the end.
    func next() throws -> (ticks: Int64, picture: Picture)?
}

/// A clip's frames, each decoded once, in one pass: the survey asks for the frames it keeps in
/// order, and the decoder runs forward to each, never back to a keyframe. Asking for an
/// earlier frame (no caller does) starts a new pass, counted in `passes`. Plain Swift, so the
/// rule is tested where AVFoundation is not.
///
/// The clip is decoded by one `AVAssetReader` pass over every sample (each sample is decoded
/// once whether kept or not, as a decoder must), not by `AVAssetImageGenerator` once per frame,
/// which decodes forward from the previous keyframe for each request and whose
/// `copyCGImage(at:actualTime:)` is deprecated from iOS 18 (Apple's AVFoundation
/// documentation).
final class OnePassFrames<Decoder: FrameDecoding> {
    private var decoder: Decoder
    private let restart: () throws -> Decoder
    /// The frame decoded last, and the one before it (on screen until the last one's time).
    private var current: (ticks: Int64, picture: Decoder.Picture)?
    private var previous: (ticks: Int64, picture: Decoder.Picture)?
    /// Frames the decoder has handed over, and passes begun.
    private(set) var decodes = 0
    private(set) var passes = 1

    /// - Parameter open: makes a decoder at the clip's start (called now, and again only for a
    ///   frame asked for out of order).
    init(open: @escaping () throws -> Decoder) throws {
        restart = open
        decoder = try open()
    }

    /// The picture on screen at `ticks` (a frame's presentation time): the last frame whose
    /// time is at most `ticks`; nil when the clip has none by then.
    func picture(at ticks: Int64) throws -> Decoder.Picture? {
        if let current, current.ticks == ticks { return current.picture }
        if let current, current.ticks > ticks {
            if let previous, previous.ticks <= ticks { return previous.picture }
            decoder = try restart()
            self.current = nil
            previous = nil
            passes += 1
        }
        while current.map({ $0.ticks < ticks }) ?? true {
            guard let next = try decoder.next() else { break }
            decodes += 1
            previous = current
            current = next
        }
        if let current, current.ticks <= ticks { return current.picture }
        if let previous, previous.ticks <= ticks { return previous.picture }
        return nil
    }
}

/// Where a clip's stored frame lands in a layer: the track's preferred transform (a phone's
/// portrait clip is stored landscape and turned a quarter), then the layer's fill or fit,
/// centred, as one affine map from the frame as Core Graphics draws it (y up, the frame in
/// `0…width × 0…height`) to the layer's Core Graphics space (y up). Plain Swift, tested where
/// Core Graphics is not.
struct VideoPlacement: Equatable {
    /// The affine map's coefficients, as `CGAffineTransform` names them.
    var a, b, c, d, tx, ty: Double

    /// - Parameters:
    ///   - transform: the preferred transform's `a, b, c, d, tx, ty`, in the track's y-down
    ///     coordinates; its translation is ignored, as the turned frame is placed by its bounds.
    ///   - width, height: the stored frame's size, px.
    ///   - layerWidth, layerHeight: the layer's size, px.
    init(
        transform t: (a: Double, b: Double, c: Double, d: Double),
        width: Double, height: Double, layerWidth: Double, layerHeight: Double, fit: FitMode
    ) {
        // The stored frame's corners, turned (y down), and their bounds: the picture as shown.
        let corners = [(0.0, 0.0), (width, 0), (0, height), (width, height)].map {
            (t.a * $0.0 + t.c * $0.1, t.b * $0.0 + t.d * $0.1)
        }
        let minX = corners.map(\.0).min()!, minY = corners.map(\.1).min()!
        let shownW = corners.map(\.0).max()! - minX, shownH = corners.map(\.1).max()! - minY
        let sx = layerWidth / shownW, sy = layerHeight / shownH
        let k = fit == .fill ? max(sx, sy) : min(sx, sy)
        let ox = (layerWidth - shownW * k) / 2, oy = (layerHeight - shownH * k) / 2
        // Core Graphics draws the frame's row y (down) at v = height − y (up). Composed:
        // (u, v) → (x, y) = (u, height − v) → turned, less the bounds' corner → scaled by k and
        // placed, y flipped back up in the layer: X = ox + k·x', Y = layerHeight − oy − k·y'.
        // x' = a·u + c·(height − v) − minX;  y' = b·u + d·(height − v) − minY.
        a = k * t.a
        c = -k * t.c
        tx = ox + k * (t.c * height - minX)
        b = -k * t.b
        d = k * t.d
        ty = layerHeight - oy - k * (t.d * height - minY)
    }

    /// Where the point (`u`, `v`) of the drawn frame lands.
    func apply(_ u: Double, _ v: Double) -> (Double, Double) {
        (a * u + c * v + tx, b * u + d * v + ty)
    }
}
