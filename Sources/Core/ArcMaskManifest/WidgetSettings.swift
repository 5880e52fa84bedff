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

    /// What the front end calls the settings, in the notes and refusals the routes word.
    public var vocabulary = SettingNames.plain

    // What a route whose layers are not the source's frames changes in the fit.
    /// How many times the folder draws each layer's image, from the layers' durations (the
    /// archive counts every drawing); nil: once each. A route that stacks one image in several
    /// places says how many (the timer-mask route: once per lane it stands under).
    public var drawings: (@Sendable (_ durationsMs: [Double]) -> [Int])? = nil
    /// What the budget's notes call what it fits: "frame", or the route's own word ("lane").
    public var frameNoun = "frame"

    /// `names` counting what the budget fits in this folder's word for it.
    public func counting(in names: BudgetVocabulary) -> BudgetVocabulary {
        var n = names
        n.frameNoun = frameNoun
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

/// What a front end calls the settings in what the routes say of them: the command line its
/// options ("--archive-budget"), ArcMaskKit its properties; plain words otherwise. The routes
/// word their notes and refusals with the names they are given and name no option themselves.
public struct SettingNames: Sendable, Equatable {
    public var budget: BudgetVocabulary
    public var plan: PlanVocabulary
    /// The setting that chooses how the frames look on tinted home screens (`AccentedRendering`).
    public var tinted: String
    /// The setting that chooses how the view reaches the rotation (`RotationAccess`).
    public var rotationAccess: String
    /// The settings that choose the poster frame and the accessibility label.
    public var poster: String
    public var label: String
    /// The settings that name the generated code's types, choose the family and the route.
    public var codeName: String
    public var family: String
    public var route: String
    /// How the guides call the tool that wrote the folder, before a command ("arcmask").
    public var tool: String

    public init(
        budget: BudgetVocabulary, plan: PlanVocabulary, tinted: String = "tinted",
        rotationAccess: String = "rotation access", poster: String = "poster", label: String = "label",
        codeName: String = "name", family: String = "family", route: String = "route", tool: String = "arcmask"
    ) {
        self.budget = budget
        self.plan = plan
        self.tinted = tinted
        self.rotationAccess = rotationAccess
        self.poster = poster
        self.label = label
        self.codeName = codeName
        self.family = family
        self.route = route
        self.tool = tool
    }

    public static let plain = SettingNames(budget: .plain, plan: .plain)
}
