import ArcMaskFrames
import ArcMaskLottie
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskText
import ArcMaskValues
import ArcMaskVideo

// The settings a front end gives the entry point, as plain values of their own: `SourceOptions`
// holds them and turns them into each format's options when a file is opened, so a front end
// names no format's types.

/// Ceilings only some formats have (the ones every format has are `DecodeLimits`), checked
/// before allocating.
public struct FormatCeilings: Sendable, Equatable {
    /// SVGA: bytes a file inflates to.
    public var svgaInflatedBytes: Int
    /// SVGA: pixels of one image inside the file.
    public var svgaImagePixels: Int
    /// SVGA: commands in one shape's or clip's path data.
    public var svgaPathCommands: Int
    /// SVG: bytes in the file.
    public var svgFileBytes: Int
    /// SVG: elements (start tags) in the file.
    public var svgElements: Int

    public init(
        svgaInflatedBytes: Int = SVGALimits.default.maxInflatedBytes,
        svgaImagePixels: Int = SVGALimits.default.maxImagePixels,
        svgaPathCommands: Int = SVGALimits.default.maxPathCommands,
        svgFileBytes: Int = SVGLimits.default.maxFileBytes,
        svgElements: Int = SVGLimits.default.maxElements
    ) {
        self.svgaInflatedBytes = svgaInflatedBytes
        self.svgaImagePixels = svgaImagePixels
        self.svgaPathCommands = svgaPathCommands
        self.svgFileBytes = svgFileBytes
        self.svgElements = svgElements
    }

    public static let `default` = FormatCeilings()
}

/// How a numbered image sequence is timed, beyond the playback every format takes.
public struct SequenceTiming: Sendable, Equatable {
    /// Each frame's duration in milliseconds (as many as frames), instead of a rate.
    public var durations: [Double]?
    /// How many times the animation plays; 0 = for ever.
    public var loops = 0
    /// Skip missing numbers with a warning instead of refusing the sequence.
    public var allowGaps = false
    /// Prefer `name@Sx.ext` to `name.ext` for this scale (as iOS picks variants for the screen).
    public var scale: Int?

    public init() {}
}

/// Where a video clip or AVIF sequence is cut (the rate comes from the playback).
public struct ClipCut: Sendable, Equatable {
    /// Seconds from the first frame.
    public var start: Double?
    /// Seconds shown from `start` (to the end when nil).
    public var duration: Double?

    public init(start: Double? = nil, duration: Double? = nil) {
        self.start = start
        self.duration = duration
    }
}

/// What a Lottie file plays: the dotLottie animation, theme and state, a marker's segment,
/// strictness and values set by keypath (range, reverse and rate come from the playback).
public struct LottieSettings: Sendable, Equatable {
    public var animation: String?
    public var marker: String?
    /// dotLottie v2: the theme to apply and the playback state to play.
    public var theme: String?
    public var state: String?
    /// What the renderer leaves out is an error, not a warning.
    public var strict = false
    /// Colours and opacities set by keypath.
    public var overrides = KeypathOverrides()

    public init(animation: String? = nil, marker: String? = nil, strict: Bool = false) {
        self.animation = animation
        self.marker = marker
        self.strict = strict
    }
}

/// What is put into an SVGA's keys: images, text and hidden keys, as an app sets them.
public struct KeyedContent: Sendable {
    /// An image set for a key, and how it fills the key's layout.
    public struct Image: Sendable {
        public var pixels: PixelBuffer
        public var fit: KeyImageFit
    }

    /// A text drawn over a key's image, in its layout.
    public struct Text: Sendable {
        public var string: String
        public var style: TextStyle
    }

    public private(set) var images: [String: Image] = [:]
    public private(set) var texts: [String: Text] = [:]
    public private(set) var hidden: Set<String> = []

    /// The longest side of a set image.
    public static let maxImageSide = SVGADynamicContent.maxImageSide

    public init() {}

    public var isEmpty: Bool { images.isEmpty && texts.isEmpty && hidden.isEmpty }

    public mutating func setImage(_ pixels: PixelBuffer, fit: KeyImageFit = .stretch, forKey key: String) {
        images[key] = Image(pixels: pixels, fit: fit)
    }

    public mutating func setText(_ string: String, style: TextStyle = TextStyle(), forKey key: String) {
        texts[key] = Text(string: string, style: style)
    }

    public mutating func setHidden(_ hide: Bool, forKey key: String) {
        if hide { hidden.insert(key) } else { hidden.remove(key) }
    }
}

extension SourceOptions {
    /// The SVG reader's ceilings.
    var svgLimits: SVGLimits {
        SVGLimits(
            maxFileBytes: ceilings.svgFileBytes, maxElements: ceilings.svgElements, maxPixels: limits.maxCanvasPixels)
    }

    /// The SVGA reader's ceilings.
    var svgaLimits: SVGALimits {
        var l = SVGALimits()
        l.maxFrames = limits.maxFrames
        l.maxViewBoxPixels = limits.maxCanvasPixels
        l.maxInflatedBytes = ceilings.svgaInflatedBytes
        l.maxImagePixels = ceilings.svgaImagePixels
        l.maxPathCommands = ceilings.svgaPathCommands
        return l
    }

    /// What the SVGA player puts into the movie's keys.
    var svgaDynamicContent: SVGADynamicContent {
        var content = SVGADynamicContent()
        for (key, image) in svgaContent.images { content.setImage(image.pixels, fit: image.fit, forKey: key) }
        for (key, text) in svgaContent.texts { content.setText(text.string, style: text.style, forKey: key) }
        for key in svgaContent.hidden { content.setHidden(true, forKey: key) }
        return content
    }

    /// The sequence reader's options: a sequence plays on its own timeline, so the playback joins them.
    var sequenceOptions: SequenceOptions {
        var o = SequenceOptions()
        o.durations = sequence.durations
        o.loops = sequence.loops
        o.allowGaps = sequence.allowGaps
        o.scale = sequence.scale
        o.range = playback.range
        o.reverse = playback.reverse
        if let fps = playback.fps { o.fps = fps }
        return o
    }

    /// The Lottie player's options: the file's own ceilings, with the frame and pixel limits given.
    var lottieOptions: LottieOptions {
        var lottieLimits = LottieLimits()
        lottieLimits.maxFrames = limits.maxFrames
        var o = LottieOptions(
            animation: lottie.animation, marker: lottie.marker, range: playback.range, reverse: playback.reverse,
            fps: playback.fps, limits: lottieLimits, strict: lottie.strict)
        o.theme = lottie.theme
        o.state = lottie.state
        o.overrides = lottie.overrides
        o.maxPixels = limits.maxCanvasPixels
        o.vocabulary = vocabulary
        return o
    }

    /// The clip reader's options: the cut, at the playback's rate.
    var videoOptions: VideoOptions { VideoOptions(start: clip.start, duration: clip.duration, fps: playback.fps) }
}
