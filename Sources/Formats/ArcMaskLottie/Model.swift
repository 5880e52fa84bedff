import ArcMaskJSON

/// A Lottie animation as read: the root composition, its assets (precompositions and images),
/// markers and glyphs. Times are in frames at `frameRate`.
public struct LottieAnimation: Sendable {
    public var version: String
    public var name: String
    public var frameRate: Double
    public var inPoint: Double
    public var outPoint: Double
    public var width: Int
    public var height: Int
    public var layers: [Layer]
    /// Precompositions by id.
    public var compositions: [String: [Layer]]
    /// Images by id.
    public var images: [String: ImageAsset]
    public var markers: [Marker]
    /// Glyph shapes embedded for text layers, by character, family and style.
    public var glyphs: [GlyphKey: Glyph]
    /// Fonts by name (`fonts.list[].fName`).
    public var fonts: [String: FontInfo]
    /// The first font listed (the players' fallback for an unknown name).
    public var firstFont: FontInfo?
    /// JSON paths of properties with expressions.
    public var expressionPaths: [JSONPath]
    /// The expressions, in document order.
    public var expressions: [LottieExpression]
    /// Script steps the expressions of one frame may take together.
    public var maxExpressionSteps: Int
    /// What was read leniently, as lottie-web reads it (each with its JSON path): warnings.
    public var readingNotes: [String] = []
    /// The ids of the document's slots (`slots`), which themes set.
    public var slotIDs: [String] = []
    /// Extra compositions (assets marked `xt`) by name, in the order of the assets: what an
    /// expression's `comp(name)` finds besides the main composition (lottie-web's canvas
    /// renderer registers no others).
    public var extraCompositions: [(name: String, id: String)] = []
    /// Layers and paths one frame may take (`LottieLimits.maxFrameWork`).
    public var maxFrameWork: Int = LottieLimits.default.maxFrameWork

    /// The extra composition an expression's `comp(name)` reaches.
    func composition(named name: String) -> String? { extraCompositions.first { $0.name == name }?.id }

    /// Frames as players count them: ⌊op − ip⌋.
    public var frameCount: Int { max(0, Int((outPoint - inPoint).rounded(.down))) }
}

public struct Marker: Sendable, Equatable {
    public var name: String
    public var time: Double
    public var duration: Double
}

public struct ImageAsset: Sendable, Equatable {
    public var id: String
    public var width: Double
    public var height: Double
    /// The folder (`u`) and file name or data URI (`p`).
    public var folder: String
    public var file: String
    /// Whether `file` is the image itself (`e` 1 or a `data:` URI).
    public var embedded: Bool { file.hasPrefix("data:") }
}

public struct GlyphKey: Sendable, Hashable {
    public var character: String
    public var family: String
    public var style: String
}

public struct FontInfo: Sendable {
    public var name: String
    public var family: String
    public var style: String
    public var ascent: Double
}

public struct Glyph: Sendable {
    public var size: Double
    public var width: Double
    public var shapes: [ShapeItem]
}

public enum BlendMode: Int, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
        difference, exclusion, hue, saturation, color, luminosity, add, hardMix
}

public enum MatteMode: Int, Sendable {
    case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4
}

public enum MaskMode: String, Sendable {
    case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
}

public struct Mask: Sendable {
    public var mode: MaskMode
    public var inverted: Bool
    public var path: Animatable<BezierPath>
    public var opacity: Animatable<[Double]>
    public var expansion: Animatable<[Double]>
    public var name: String
}

/// A layer's transform (`ks`) or a shape group's (`tr`).
public struct Transform: Sendable {
    public var anchor: Animatable<[Double]>
    /// Position, or its dimensions given apart (`"s": true` with `x` and `y`).
    public var position: Animatable<[Double]>
    public var positionX: Animatable<[Double]>?
    public var positionY: Animatable<[Double]>?
    public var scale: Animatable<[Double]>
    public var rotation: Animatable<[Double]>
    public var opacity: Animatable<[Double]>
    public var skew: Animatable<[Double]>
    public var skewAxis: Animatable<[Double]>
    /// Repeater transforms only: opacity of the first and last copies.
    public var startOpacity: Animatable<[Double]>?
    public var endOpacity: Animatable<[Double]>?
    /// A 3-D layer's rotations about x and y and its orientation (degrees), present when the
    /// transform has `rx`, as lottie-web decides (`TransformProperty`,
    /// player/js/utils/TransformProperty.js); `rotation` is then `rz`. lottie-ios reads `rx`,
    /// `ry` and `rz` but not `or` (Sources/Private/Model/Objects/Transform.swift).
    public var rotationX: Animatable<[Double]>? = nil
    public var rotationY: Animatable<[Double]>? = nil
    public var orientation: Animatable<[Double]>? = nil

    /// Whether the transform turns out of the screen's plane (drawn through `matrix3D`).
    public var has3D: Bool { rotationX != nil }
}

public enum LayerKind: Sendable {
    case precomp(id: String, width: Double, height: Double, timeRemap: Animatable<[Double]>?)
    case solid(color: String, width: Double, height: Double)
    case image(id: String)
    case null
    case shape([ShapeItem])
    case text(TextDocument)
    /// Audio, camera, data and the rest: nothing to draw.
    case other(type: Int)
}

public struct Layer: Sendable {
    public var name: String
    public var index: Int?
    public var parent: Int?
    public var kind: LayerKind
    public var inPoint: Double
    public var outPoint: Double
    public var startTime: Double
    public var timeStretch: Double
    public var transform: Transform
    public var autoOrient: Bool
    public var hidden: Bool
    public var blendMode: BlendMode
    /// This layer is drawn through the matte above it (`tt`).
    public var matte: MatteMode?
    /// The layer that is this one's matte (`tp`), when the file names it.
    public var matteParent: Int?
    /// This layer is a matte for the one below (`td`) and is not drawn itself.
    public var isMatte: Bool
    public var masks: [Mask]
    /// Effect names (`ef`), not drawn.
    public var effects: [String]
    /// The effects with their parameters, which expressions read.
    public var effectEntries: [EffectEntry]
    /// Shape items by name, which expressions read.
    public var contents: [ContentEntry]
    /// Layer styles (`sy`), not drawn.
    public var hasStyles: Bool
    /// A 3-D layer (`ddd`) that turns out of the screen's plane; Telegram's sticker rules count
    /// these. It is drawn through its transform's 3-D matrix (`Transform.has3D`).
    public var is3D: Bool
    /// Where the layer is in the file (for messages).
    public var path: JSONPath
}

/// Text as drawn from glyph shapes embedded in the file: the keyframed documents and the
/// first's settings.
public struct TextDocument: Sendable {
    public struct Style: Sendable {
        public var text: String
        public var font: String
        public var size: Double
        public var fillColor: [Double]?
        public var strokeColor: [Double]?
        public var strokeWidth: Double
        public var strokeOverFill: Bool
        public var justify: Int
        public var tracking: Double
        public var lineHeight: Double
        public var baselineShift: Double
        /// Box text: the box's size and position (`sz`, `ps`).
        public var boxSize: [Double]?
        public var boxPosition: [Double]?
    }
    /// Documents by time (`t.d.k[].s` at `t.d.k[].t`).
    public var keyframes: [(time: Double, style: Style)]
    /// The Source Text expression (`t.d.x`): it gives the text shown.
    public var expression: LottieExpression?
    public var animators: [TextAnimator]
    /// Anchor point grouping (`m.g`): 1 characters, 2 words, 3 lines, 4 all.
    public var grouping: Int
    /// Grouping alignment (`m.a`), percent of the group's width and of 0.857 of the size.
    public var groupingAlignment: Animatable<[Double]>
    public var hasPath: Bool
}

public struct GradientStops: Sendable {
    /// Colour stops (`g.p`); the rest of each value holds opacity stops.
    public var colorCount: Int
    public var values: Animatable<[Double]>
}

public struct StrokeStyleItem: Sendable {
    public var width: Animatable<[Double]>
    public var cap: Int
    public var join: Int
    public var miterLimit: Double
    /// Dashes and gaps in order, then the offset, as (kind, value).
    public var dashes: [(kind: String, value: Animatable<[Double]>)]
}

public indirect enum ShapeItem: Sendable {
    case group(name: String, items: [ShapeItem], hidden: Bool)
    case rectangle(
        position: Animatable<[Double]>, size: Animatable<[Double]>, roundness: Animatable<[Double]>, reversed: Bool,
        hidden: Bool)
    case ellipse(position: Animatable<[Double]>, size: Animatable<[Double]>, reversed: Bool, hidden: Bool)
    case star(StarShape)
    case path(Animatable<BezierPath>, reversed: Bool, hidden: Bool)
    case fill(
        color: Animatable<[Double]>, opacity: Animatable<[Double]>, evenOdd: Bool, blend: BlendMode, hidden: Bool,
        name: String)
    case stroke(
        color: Animatable<[Double]>, opacity: Animatable<[Double]>, style: StrokeStyleItem, blend: BlendMode,
        hidden: Bool, name: String)
    case gradientFill(Gradient, evenOdd: Bool, hidden: Bool)
    case gradientStroke(Gradient, style: StrokeStyleItem, hidden: Bool)
    case transform(Transform)
    case trim(
        start: Animatable<[Double]>, end: Animatable<[Double]>, offset: Animatable<[Double]>, individually: Bool,
        hidden: Bool)
    case repeater(
        copies: Animatable<[Double]>, offset: Animatable<[Double]>, above: Bool, transform: Transform, hidden: Bool)
    case roundCorners(radius: Animatable<[Double]>, hidden: Bool)
    case puckerBloat(amount: Animatable<[Double]>, hidden: Bool)
    case zigZag(size: Animatable<[Double]>, ridges: Animatable<[Double]>, smooth: Bool, hidden: Bool)
    case offsetPath(amount: Animatable<[Double]>, join: Int, miterLimit: Animatable<[Double]>, hidden: Bool)
    case merge(mode: Int, hidden: Bool)
    case twist
    case unknown(String)
}

public struct StarShape: Sendable {
    public var isStar: Bool
    public var position: Animatable<[Double]>
    public var points: Animatable<[Double]>
    public var rotation: Animatable<[Double]>
    public var outerRadius: Animatable<[Double]>
    public var outerRoundness: Animatable<[Double]>
    public var innerRadius: Animatable<[Double]>
    public var innerRoundness: Animatable<[Double]>
    public var reversed: Bool
    public var hidden: Bool
}

public struct Gradient: Sendable {
    public var radial: Bool
    public var start: Animatable<[Double]>
    public var end: Animatable<[Double]>
    public var highlightLength: Animatable<[Double]>
    public var highlightAngle: Animatable<[Double]>
    public var stops: GradientStops
    public var opacity: Animatable<[Double]>
}
