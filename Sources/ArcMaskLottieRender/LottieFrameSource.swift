import ArcMaskCairo
import ArcMaskCore
import ArcMaskIO
import ArcMaskLottie
import ArcMaskValues
import Foundation

/// How a Lottie animation is played as frames: the dotLottie animation, a marker's segment, and
/// a rate.
public struct LottieOptions: Sendable, Equatable {
    public var animation: String?
    public var marker: String?
    /// Resample to this many frames per second; nil keeps the file's rate.
    public var fps: Double?
    public var limits: LottieLimits

    public init(animation: String? = nil, marker: String? = nil, fps: Double? = nil, limits: LottieLimits = .default) {
        self.animation = animation
        self.marker = marker
        self.fps = fps
        self.limits = limits
    }
}

/// A Lottie animation (JSON, Telegram sticker or dotLottie) as a `FrameSource`: frames drawn
/// on demand at the composition's size or any size asked for, frame k at composition time
/// round(ip) + k, each 1/fr s long, as lottie-web counts them.
public final class LottieFrameSource: SurfaceFrameSource, ConcurrentFrameSource, @unchecked Sendable {
    public let name: String
    public let container: LottieContainer
    public let animation: LottieAnimation
    public let canvasSize: PixelSize
    /// The composition time each frame shows.
    public let times: [Double]
    private let stepMs: Double
    private let images: [String: PixelBuffer]
    private var imageProblems: [String] = []
    private var idle: [LottieRenderer] = []
    private let lock = NSLock()
    public let cache: RenderCache?
    private let contentKey: String

    public init(
        bytes: [UInt8], name: String, directory: URL? = nil, options: LottieOptions = LottieOptions(),
        cache: RenderCache? = nil
    ) throws {
        self.name = name
        container = try LottieContainer(
            bytes: bytes, name: name, directory: directory, animation: options.animation, limits: options.limits)
        do {
            animation = try LottieAnimation.decode(container.json, limits: options.limits)
        } catch {
            throw InputError(file: name, location: error.path.description, error.message)
        }
        canvasSize = PixelSize(width: animation.width, height: animation.height)
        // The frames to play: all, or one marker's segment.
        var first = animation.inPoint.rounded(), count = animation.frameCount
        if let markerName = options.marker {
            guard let marker = animation.markers.first(where: { $0.name == markerName }) else {
                let names = animation.markers.map { "'\($0.name)'" }
                throw InputError(
                    file: name, location: "--marker",
                    names.isEmpty ? "the animation has no markers" : "no marker '\(markerName)'; it has \(names.joined(separator: ", "))")
            }
            first = marker.time.rounded()
            count = max(1, Int(marker.duration.rounded(.down)))
        }
        guard count > 0 else { throw InputError(file: name, "the animation has no frames (op − ip < 1)") }
        let fr = animation.frameRate
        if let fps = options.fps {
            guard fps > 0, fps <= 240 else { throw InputError(file: name, location: "--fps", "\(fps) must be in (0, 240]") }
            let seconds = Double(count) / fr
            let n = max(1, Int((seconds * fps).rounded()))
            let base = first
            times = (0..<n).map { j in base + min(Double(count - 1), (Double(j) / fps * fr).rounded(.down)) }
            stepMs = 1000 / fps
        } else {
            times = (0..<count).map { first + Double($0) }
            stepMs = 1000 / fr
        }
        var decoded: [String: PixelBuffer] = [:]
        var problems: [String] = []
        for (id, asset) in animation.images.sorted(by: { $0.key < $1.key }) {
            switch container.imageBytes(asset, limit: options.limits.maxImageBytes) {
            case .failure(let e): problems.append("image '\(id)' not drawn: \(e.location.map { "\($0): " } ?? "")\(e.problem)")
            case .success(let bytes):
                do {
                    if JPEG.matches(bytes) {
                        decoded[id] = try JPEG.decode(bytes).image
                    } else {
                        decoded[id] = try PNG.decode(bytes)
                    }
                } catch {
                    problems.append("image '\(id)' not drawn: it is not a PNG or JPEG that decodes (\(error))")
                }
            }
        }
        images = decoded
        imageProblems = problems
        self.cache = cache
        contentKey = cache == nil ? "" : RenderCache.contentKey(bytes) + "-lottie\(LottieRenderer.revision)" + (container.animationID.map { "-" + $0 } ?? "")
    }

    public var frameCount: Int { times.count }
    public var loopMode: LoopMode { .forever }
    public func duration(at index: Int) -> Double { stepMs }
    public var warnings: [String] { imageProblems }
    public var drawsConcurrently: Bool { true }

    public func frame(at index: Int) throws -> PixelBuffer { try frame(at: index, size: canvasSize, fit: .fit) }

    public func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        let variant = fit == .fit ? "" : "-\(fit.rawValue)"
        if let cache, let hit = cache.image(key: contentKey + variant, frame: index, size: size) { return hit }
        let image = try render(index, size: size, fit: fit).pixelBuffer()
        cache?.store(image, key: contentKey + variant, frame: index, size: size)
        return image
    }

    public func surface(at index: Int, size: PixelSize, fit: FitMode) throws -> Surface {
        if cache != nil { return try Surface(frame(at: index, size: size, fit: fit)) }
        return try render(index, size: size, fit: fit)
    }

    private func render(_ index: Int, size: PixelSize, fit: FitMode) throws -> Surface {
        let renderer = try takeRenderer()
        defer { lock.withLock { idle.append(renderer) } }
        return try renderer.render(time: times[index], size: size, fit: fit)
    }

    private func takeRenderer() throws -> LottieRenderer {
        if let r = lock.withLock({ idle.popLast() }) { return r }
        var surfaces: [String: Surface] = [:]
        for (id, image) in images { surfaces[id] = try Surface(image) }
        return LottieRenderer(animation, images: surfaces)
    }
}
