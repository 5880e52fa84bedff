import ArcMaskCairo
import ArcMaskFrames
import ArcMaskIO
import ArcMaskJSON
import ArcMaskLottie
import ArcMaskValues
import Foundation

/// How a Lottie animation is played as frames: the dotLottie animation, a marker's segment, and
/// a rate.
public struct LottieOptions: Sendable, Equatable {
    public var animation: String?
    /// dotLottie v2: the theme to apply and the playback state to play (`DotLottieV2`).
    public var theme: String? = nil
    public var state: String? = nil
    public var marker: String?
    /// First and last frame (inclusive, of the marker's segment when one is given).
    public var range: ClosedRange<Int>?
    public var reverse: Bool
    /// Resample to this many frames per second; nil keeps the file's rate.
    public var fps: Double?
    public var limits: LottieLimits
    /// What the renderer leaves out is an error, not a warning.
    public var strict: Bool
    /// Colours and opacities set by keypath.
    public var overrides = KeypathOverrides()
    /// Pixels one drawn frame may have (checked before its surface is made).
    public var maxPixels = DecodeLimits.defaultMaxCanvasPixels
    /// What the front end calls these settings in its messages.
    public var vocabulary = InputVocabulary.plain

    public init(
        animation: String? = nil, marker: String? = nil, range: ClosedRange<Int>? = nil, reverse: Bool = false,
        fps: Double? = nil, limits: LottieLimits = .default, strict: Bool = false
    ) {
        self.strict = strict
        self.animation = animation
        self.marker = marker
        self.range = range
        self.reverse = reverse
        self.fps = fps
        self.limits = limits
    }
}

/// A Lottie animation (JSON, Telegram sticker or dotLottie) as a `FrameSource`: frames drawn
/// on demand at the composition's size or any size asked for, frame k at composition time
/// round(ip) + k, each 1/fr s long, as lottie-web counts them.
public final class LottieFrameSource: FrameSource, @unchecked Sendable {
    public let name: String
    public let container: LottieContainer
    public let animation: LottieAnimation
    public let canvasSize: PixelSize
    /// The composition time each frame shows.
    public let times: [Double]
    private let stepMs: Double
    private let images: [String: PixelBuffer]
    private var imageProblems: [String] = []
    /// What the file asks for that is not drawn (`LottieFeatures`).
    public let featureWarnings: [String]
    private var idle: [LottieRenderer] = []
    private let lock = NSLock()
    public let cache: RenderCache?
    private let contentKey: String
    private let maxPixels: Int

    public init(
        bytes: [UInt8], name: String, directory: URL? = nil, options: LottieOptions = LottieOptions(),
        cache: RenderCache? = nil
    ) throws {
        self.name = name
        container = try LottieContainer(
            bytes: bytes, name: name, directory: directory, animation: options.animation, theme: options.theme,
            state: options.state, limits: options.limits, vocabulary: options.vocabulary)
        var decoded: LottieAnimation
        let container = self.container
        do throws(LottieError) {
            decoded = try LottieAnimation.decode(
                container.json, theme: container.themeFile.map { (container.theme ?? "", $0) },
                animationID: container.animationID, limits: options.limits)
        } catch {
            throw InputError(file: name, location: error.path.description, error.message)
        }
        do {
            animation = try LottieKeypaths.apply(options.overrides, to: decoded)
        } catch {
            throw InputError(file: name, location: options.vocabulary.name(.setColor), error.message)
        }
        canvasSize = PixelSize(width: animation.width, height: animation.height)
        do {
            let playback = try LottiePlayback(
                animation, state: container.state, marker: options.marker, range: options.range,
                reverse: options.reverse, fps: options.fps, names: options.vocabulary)
            times = playback.times
            stepMs = playback.stepMs
        } catch {
            throw InputError(file: name, location: error.location, error.problem)
        }
        var decodedImages: [String: PixelBuffer] = [:]
        var problems: [String] = []
        for (id, asset) in animation.images.sorted(by: { $0.key < $1.key }) {
            switch container.imageBytes(asset, limit: options.limits.maxImageBytes) {
            case .failure(let e):
                problems.append("image '\(id)' not drawn: \(e.location.map { "\($0): " } ?? "")\(e.problem)")
            case .success(let bytes):
                do {
                    var image = JPEG.matches(bytes) ? try JPEG.decode(bytes).image : try PNG.decode(bytes)
                    // Browsers draw an image in its embedded colour profile; so does the player.
                    if let icc = ColorProfile.embedded(in: bytes) {
                        if let profile = ColorProfile(icc) {
                            image = profile.toSRGB(image)
                        } else {
                            problems.append(
                                "image '\(id)': its colour profile is not an RGB matrix profile: drawn as sRGB")
                        }
                    }
                    decodedImages[id] = image
                } catch {
                    problems.append("image '\(id)' not drawn: it is not a PNG or JPEG that decodes (\(error))")
                }
            }
        }
        images = decodedImages
        imageProblems = problems
        featureWarnings = LottieFeatures.warnings(animation)
        if options.strict, let first = featureWarnings.first ?? problems.first {
            let more = featureWarnings.count + problems.count - 1
            throw InputError(
                file: name, location: options.vocabulary.name(.strict),
                "\(first)\(more > 0 ? " (and \(more) more: run inspect without \(options.vocabulary.name(.strict)) to list them)" : "")"
            )
        }
        self.cache = cache
        maxPixels = options.maxPixels
        // Frames drawn with other values set are other frames: the overrides join the key.
        let overrideKey =
            options.overrides.isEmpty ? "" : "-o" + RenderCache.contentKey(Array(options.overrides.digest.utf8))
        contentKey =
            cache == nil
            ? ""
            : RenderCache.contentKey(bytes) + "-lottie\(LottieRenderer.revision)"
                + (container.animationID.map { "-" + $0 } ?? "")
                + (container.theme.map { "-t" + RenderCache.contentKey(Array($0.utf8)) } ?? "")
                + overrideKey
    }

    public var frameCount: Int { times.count }
    public var loopMode: LoopMode { .forever }
    public func duration(at index: Int) -> Double { stepMs }
    public var warnings: [String] { container.notes + featureWarnings + imageProblems }
    /// The slots a dotLottie theme can set.
    public var slotIDs: [String] { animation.slotIDs }
    /// Drawn at any size, on several threads at once (each with its own renderer).
    public var capabilities: FrameCapabilities { [.drawsAtAnySize, .drawsConcurrently] }

    public func frame(at index: Int) throws -> PixelBuffer { try frame(at: index, size: canvasSize, fit: .fit) }

    public func frame(at index: Int, size: PixelSize, fit: FitMode) throws -> PixelBuffer {
        let variant = fit == .fit ? "" : "-\(fit.rawValue)"
        // Cached by the composition time shown (thousandths of a frame), not the index: a range,
        // a marker or a rate gives the same index other times.
        let frameKey = Int((times[index] * 1000).rounded())
        if let cache, let hit = cache.image(key: contentKey + variant, frame: frameKey, size: size) { return hit }
        let image = try render(index, size: size, fit: fit).pixelBuffer()
        cache?.store(image, key: contentKey + variant, frame: frameKey, size: size)
        return image
    }

    /// Frame `index` as drawn: premultiplied, or straight when a render cache keeps it.
    public func drawn(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage? {
        try drawing(at: index, size: size, fit: fit)
    }

    /// What `drawn(at:size:fit:)` gives: this source always draws.
    private func drawing(at index: Int, size: PixelSize, fit: FitMode) throws -> DrawnImage {
        if cache != nil { return .straight(try frame(at: index, size: size, fit: fit)) }
        return .premultiplied(try render(index, size: size, fit: fit).premultipliedImage())
    }

    /// Frame `index` premultiplied, as a surface of the caller's own.
    public func surface(at index: Int, size: PixelSize, fit: FitMode) throws -> Surface {
        try drawing(at: index, size: size, fit: fit).surface()
    }

    private func render(_ index: Int, size: PixelSize, fit: FitMode) throws -> Surface {
        guard size.pixelCount <= maxPixels else {
            throw InputError(
                file: name, "a \(size) frame is over the limit of \(maxPixels) pixels", mention: .raise(.maxPixels))
        }
        let renderer = try takeRenderer()
        defer { lock.withLock { idle.append(renderer) } }
        do {
            return try renderer.render(time: times[index], size: size, fit: fit)
        } catch let e as LottieError {
            throw InputError(file: name, location: "frame \(index)", e.message)
        }
    }

    private func takeRenderer() throws -> LottieRenderer {
        if let r = lock.withLock({ idle.popLast() }) { return r }
        var surfaces: [String: Surface] = [:]
        for (id, image) in images { surfaces[id] = try Surface(image) }
        return LottieRenderer(animation, images: surfaces)
    }
}
