import ArcMaskJSON

/// A Lottie document that cannot be read as one, and where: the JSON path of the value at fault
/// (`$.layers[3].ks.p.k[1].s`).
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var path: JSONPath

    public init(_ message: String, at path: JSONPath) {
        self.message = message
        self.path = path
    }

    public var description: String { "\(path): \(message)" }
}

/// Ceilings for one document, checked while it is read, before anything is built past them.
public struct LottieLimits: Sendable, Equatable {
    /// JSON text (after un-gzipping a sticker or unpacking a dotLottie).
    public var maxJSONBytes: Int
    /// The composition's width and height, each.
    public var maxSide: Int
    /// Layers in all compositions together.
    public var maxLayers: Int
    /// Keyframes in all properties together.
    public var maxKeyframes: Int
    /// Vertices of one path.
    public var maxPathVertices: Int
    /// Frames (⌊op − ip⌋).
    public var maxFrames: Int
    /// Bytes of one decoded image asset.
    public var maxImageBytes: Int
    /// Expressions in the document, and the bytes of one.
    public var maxExpressions: Int
    public var maxExpressionBytes: Int
    /// Script steps all expressions of one frame may take together (past it, the rest draw
    /// their values underneath).
    public var maxExpressionSteps: Int
    /// Layers drawn and paths built for one frame, counted together: precompositions used many
    /// times inside one another, or repeaters inside repeaters, grow without bound otherwise.
    public var maxFrameWork: Int

    public init(
        maxJSONBytes: Int = 64 << 20, maxSide: Int = 16_384, maxLayers: Int = 100_000, maxKeyframes: Int = 2_000_000,
        maxPathVertices: Int = 100_000, maxFrames: Int = 100_000, maxImageBytes: Int = 256 << 20,
        maxExpressions: Int = 20_000, maxExpressionBytes: Int = 64 << 10, maxExpressionSteps: Int = 2_000_000,
        maxFrameWork: Int = 200_000
    ) {
        self.maxFrameWork = maxFrameWork
        self.maxExpressions = maxExpressions
        self.maxExpressionBytes = maxExpressionBytes
        self.maxExpressionSteps = maxExpressionSteps
        self.maxJSONBytes = maxJSONBytes
        self.maxSide = maxSide
        self.maxLayers = maxLayers
        self.maxKeyframes = maxKeyframes
        self.maxPathVertices = maxPathVertices
        self.maxFrames = maxFrames
        self.maxImageBytes = maxImageBytes
    }

    public static let `default` = LottieLimits()

    public var json: JSONLimits { JSONLimits(maxBytes: maxJSONBytes) }
}
