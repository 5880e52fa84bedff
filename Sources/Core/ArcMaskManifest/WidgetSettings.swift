import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskTimerClock
import ArcMaskValues
import Foundation

/// Everything a widget folder is made with, as one value from the front end to the core:
/// `arcmask export` builds it from its options, ArcMaskKit's `prepare` from `PrepareOptions`;
/// the fit, the plan, the manifest, the code and the timer masks all read it. (What the
/// messages call the settings is the front end's, given beside it: `BudgetVocabulary`.)
public struct WidgetSettings: Sendable {
    // The view.
    public var viewWidth: Double
    public var viewHeight: Double
    /// The scale asked for; the pixel cap may lower it.
    public var scale: Double
    /// The family the manifest records (nil when the view's size was given).
    public var family: WidgetFamily?
    /// The device the view's size came from, if any.
    public var device: String?
    /// The family the generated widget declares (the view's size may come from elsewhere).
    public var widgetFamily: WidgetFamily

    // The layers.
    public var preset: Preset
    public var fit: FitMode
    /// Each layer its own file, or one strip the code crops.
    public var layout: LayerLayout
    /// With `.files`: JPEG, PNG, or each as the layer's transparency asks.
    public var imageFormat: ImageFormat
    /// A fixed JPEG quality; nil lets the archive budget step down `ImageFormat.qualityLadder`.
    public var jpegQuality: Int?
    /// Flatten every layer onto this colour (then JPEG under the automatic format); nil keeps
    /// transparency in PNG layers, and a JPEG asked for flattens onto black with a warning.
    public var background: Color?
    /// How decoded frames are resized to the layers (vector sources draw at size).
    public var resample: ResampleMode = .auto

    // The budget.
    /// The phone's limits the folder fits (archive bytes, pixels per image, extension memory).
    public var limits: WidgetLimits
    /// How far fitting may go (scale floor, whether frames may be dropped).
    public var budget: BudgetPolicy

    // The code and the widget gallery.
    /// Type and file names of the code that plays the folder.
    public var names: CodeNames
    /// How the view reaches the clock-hand rotation.
    public var rotation: RotationAccess
    /// How frames draw on tinted and clear home screens (iOS 18 or later).
    public var accented: AccentedRendering
    /// The Swift files written beside the images (none for a folder ArcMaskKit prepared: its
    /// view is compiled into the app).
    public var codeFiles: [String]
    /// What the widget gallery shows; nil for the defaults.
    public var displayName: String?
    public var widgetDescription: String?
    /// What VoiceOver reads for the animation; nil: the display name, else the source's name.
    public var label: String?
    /// The source frame the view shows still where it holds still; nil: the first.
    public var posterFrame: Int?

    // The timer masks.
    /// The lanes, when the folder has them: by the timer-mask route, or as a rotation export's
    /// fallback; nil for none.
    public var timerMasks: TimerMaskSettings?

    /// `names` counting what the budget fits: a timer-mask route's lanes, otherwise frames.
    public func counting(in names: BudgetVocabulary) -> BudgetVocabulary {
        var n = names
        if timerMasks?.use == .route { n.frameNoun = "lane" }
        return n
    }

    /// Settings for a view of `viewWidth` × `viewHeight` pt at `scale`; the rest as a plain
    /// rotation export has them.
    public init(
        viewWidth: Double, viewHeight: Double, scale: Double, family: WidgetFamily? = nil, device: String? = nil,
        preset: Preset = .arcmask, fit: FitMode = .fill, limits: WidgetLimits = .standard,
        budget: BudgetPolicy = BudgetPolicy(), layout: LayerLayout = .files, imageFormat: ImageFormat = .auto,
        jpegQuality: Int? = nil, widgetFamily: WidgetFamily? = nil, names: CodeNames = .standard,
        rotation: RotationAccess = .runtime, accented: AccentedRendering = .fullColor, codeFiles: [String] = []
    ) {
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.scale = scale
        self.family = family
        self.device = device
        self.widgetFamily = widgetFamily ?? family ?? .small
        self.preset = preset
        self.fit = fit
        self.layout = layout
        self.imageFormat = imageFormat
        self.jpegQuality = jpegQuality
        self.background = nil
        self.limits = limits
        self.budget = budget
        self.names = names
        self.rotation = rotation
        self.accented = accented
        self.codeFiles = codeFiles
        self.displayName = nil
        self.widgetDescription = nil
        self.label = nil
        self.posterFrame = nil
        self.timerMasks = nil
    }
}

/// The timer masks a folder carries: how their lanes are scheduled.
public struct TimerMaskSettings: Sendable, Equatable {
    /// What the masks are for.
    public enum Use: Sendable, Equatable {
        /// The timer-mask route: the lanes are the layers.
        case route
        /// A rotation folder's fallback, over its own layers, where the rotation is missing.
        case fallback
    }

    /// The most lanes written by default (every n-th lane kept over it): the most drawn on a
    /// phone (cifyr/motionary's device logs: 320 at 16 and 32 fps).
    public static let defaultMaxLanes = 320

    public var use: Use
    /// Lanes a second (nil: the source's own rate, held to 1…30).
    public var fps: Int?
    /// The loop asked for, seconds (nil: chosen by `timing`).
    public var loopSeconds: Int?
    public var timing: TimerLoopTiming.Mode
    /// The most lanes written (every n-th lane kept over it).
    public var maxLanes: Int
    /// The loops whose mask fonts the extension carries (nil: every loop the route has).
    public var loops: [Int]?
    /// Written only where they play the animation, every frame of two lanes or more in every
    /// play at its own pace (`SourceFidelity`); otherwise the folder goes without them, saying
    /// why. A fallback nobody asked for is so: the view then shows the poster where the rotation
    /// is missing, rather than an animation it does not play.
    public var whenFaithful: Bool

    public init(
        use: Use, fps: Int? = nil, loopSeconds: Int? = nil, timing: TimerLoopTiming.Mode = .auto,
        maxLanes: Int = defaultMaxLanes, loops: [Int]? = nil, whenFaithful: Bool = false
    ) {
        self.use = use
        self.whenFaithful = whenFaithful
        self.fps = fps
        self.loopSeconds = loopSeconds
        self.timing = timing
        self.maxLanes = maxLanes
        self.loops = loops
    }
}

/// What the folder is made from: facts about the source, not settings.
public struct WidgetSource: Sendable, Equatable {
    /// The input's file name (never a path).
    public var name: String
    public var canvas: PixelSize
    /// Each frame's duration, ms (the browsers' rule already applied).
    public var durationsMs: [Double]
    /// The source draws at any size (SVG, SVGA, Lottie): no resolution bound but the device's.
    public var scalable: Bool

    public init(name: String, canvas: PixelSize, durationsMs: [Double], scalable: Bool = false) {
        self.name = (name as NSString).lastPathComponent
        self.canvas = canvas
        self.durationsMs = durationsMs
        self.scalable = scalable
    }
}
