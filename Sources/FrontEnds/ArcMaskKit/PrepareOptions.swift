import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// What `ArcMaskPreparer.prepare` makes: the widget's size, the masks, and how far the budget
/// may go. The defaults are `arcmask export`'s.
public struct PrepareOptions: Sendable {
    /// The widget's view, in points.
    public enum ViewSize: Sendable, Equatable {
        /// A WidgetKit family on a device of `WidgetSizeTable` (nil: the family's default device;
        /// for a Live Activity family, the phone `prepare` runs on, `PhoneScreen`).
        case family(WidgetFamily, device: String? = nil)
        /// A size of your own, pt: each side more than 0 and at most 10,000.
        case points(width: Double, height: Double)
        /// A WidgetKit family `prepare` has no size table for yet (the accessory families);
        /// refused with `.invalidOptions`.
        case unsupported(family: String)
    }

    /// The widget view's size: a family on a device (`.family(.small)` by default), or points.
    public var size: ViewSize
    /// The phone `prepare` runs on, as UIKit reports its screen; nil where there is none (macOS)
    /// and until `prepare` reads it. A family named without a device takes this phone's class
    /// and scale: a Live Activity's always, since ActivityKit may refuse to start an activity
    /// whose images are larger than the presentation on the phone (`WidgetSizeTable`, forum
    /// thread 751341); a Home Screen family's unless `sizing` is `.everyPhone`.
    public var phone: PhoneScreen?

    /// A phone's screen: its size in points and its points' pixels (`UIScreen.main`'s bounds
    /// and scale).
    public struct PhoneScreen: Sendable, Equatable {
        /// The screen's width, pt (either way round: the shorter side is taken as the width).
        public var width: Double
        /// The screen's height, pt.
        public var height: Double
        /// The screen's pixels per point (`UIScreen.scale`).
        public var scale: Double
        /// A screen of `width`×`height` pt at `scale`.
        public init(width: Double, height: Double, scale: Double) {
            self.width = width
            self.height = height
            self.scale = scale
        }
    }
    /// Pixels per point of the layers (3 on most iPhones); the budget may lower it, and so may
    /// a Live Activity family's phone, whose presentation has no more pixels than its own scale
    /// gives (`resolved()`).
    public var scale: Double
    /// How the masks are built (`.arcmask` by default: each frame's slice as long as it lasts).
    public var preset: Preset
    /// How a frame meets a view of another shape: `.fill` (the default) covers it and crops the
    /// overflow, `.fit` shows it whole between transparent bars.
    public var fit: FitMode
    /// The phone's limits the layers are fitted to; `.standard` means the surface's own (a Live
    /// Activity family's 2 MB archive, `WidgetLimits.standard(for:)`).
    public var limits: WidgetLimits
    /// How far the budget may go to fit the layers: the lowest scale (2 by default), and
    /// whether to refuse rather than lower the frame rate.
    public var budget: BudgetPolicy
    /// JPEG, PNG, or each as the frame's transparency asks.
    public var imageFormat: ImageFormat
    /// A fixed JPEG quality; nil lets the archive budget step down `ImageFormat.qualityLadder`.
    public var jpegQuality: Int?
    /// Timer masks over the layers, so that `ArcMaskAnimation` keeps playing where WidgetKit's
    /// rotation is missing (nil: none), as every rotation export of the CLI carries them. They
    /// play only where their fonts are in the widget extension; elsewhere the view ignores them.
    public var timerMasks: TimerMaskOptions?
    /// For a Lottie file: the dotLottie animation, theme and state, and the marker, to play
    /// (by default what its players start with). Other files take none.
    public var lottie: LottieChoice
    /// Take a file that holds one picture as a one-layer folder (the view shows it still);
    /// otherwise it is refused with `.notAnimated`.
    public var acceptsStill = false
    /// For a clip (a movie, a Live Photo's video): the part to play.
    public var clip = ClipCut()
    /// The source frame the view shows still where it holds still: on Always-On displays, and
    /// in the accented and vibrant modes when the view is given
    /// `ArcMaskAccentedRendering.poster`; nil: the first. Recorded as the manifest's `posterFrame`.
    public var posterFrame: Int? = nil
    /// What VoiceOver reads for the animation: the view is one image with this label, its layers
    /// hidden. nil: the source's name ("Café anim (1).gif" → "Café anim"). Recorded as the
    /// manifest's `label`; `ArcMaskFolderView(folder:label:)` can override it.
    public var label: String? = nil
    /// Which phones the layers are sized for (`.thisPhone` by default).
    public var sizing: LayerSizing = .thisPhone

    /// Which phones a Home Screen or Lock Screen family's layers are sized for, when `size` names
    /// no device.
    public enum LayerSizing: Sendable, Equatable {
        /// The phone `prepare` runs on: its screen class's widget size at its own scale. A 2×
        /// phone's layers then hold the pixels it shows, not 2.25× as many for a 3× phone's,
        /// and the archive budget goes to frames (the per-image cap seen in forum thread 773785
        /// is 718,080 px). Where the phone is not known (macOS, tests), the largest class, as
        /// `.everyPhone`.
        case thisPhone
        /// The largest iPhone class at 3× (`arcmask export`'s default device): for folders shared
        /// between devices, such as an iCloud-synced one.
        case everyPhone
    }

    /// The timer masks `prepare` writes: lanes of a loop whose mask font the widget extension
    /// carries. A font registered at run time is not drawn by the widget's renderer
    /// (cifyr/motionary, docs/widget-animation-surface.md §6.2), so the extension bundles
    /// `ArcMaskMask<P>-Regular.ttf` for each loop P listed here and names it in `UIAppFonts`;
    /// `arcmask export --route timer-mask --loop-seconds P` writes it (the same file for every
    /// picture). Without the font the view does not play the masks. The masks go into the folder
    /// only where they play the animation, every frame in every play at its own pace within 5 %;
    /// otherwise the folder's warnings say why, and the view shows the poster where the rotation
    /// is missing.
    public struct TimerMaskOptions: Sendable, Equatable {
        /// The loops, seconds, whose fonts the extension carries (each a divisor of 60, 2 to 30).
        public var loops: [Int]
        /// The most lanes (320 were seen drawn on a phone).
        public var maxLanes: Int
        /// Lanes a second, 1 to 30 (nil: the animation's own rate).
        public var fps: Int?

        /// By default every loop the route plays (2 to 30 s): the extension carries all ten fonts
        /// (1.7 kB each; the example app's `Widget/Fonts`).
        public init(
            loops: [Int] = TimerMaskSection.loops, maxLanes: Int = TimerMaskSettings.defaultMaxLanes, fps: Int? = nil
        ) {
            self.loops = loops
            self.maxLanes = maxLanes
            self.fps = fps
        }
    }

    /// The options, each by default as `arcmask export` has it.
    /// - Parameters:
    ///   - scale: pixels per point of the layers, 1 to 4 (3 by default); the budget may lower it.
    ///   - limits: the phone's limits (`.standard`: the surface's: a 7 MB archive, 718,080 px per
    ///     image; a Live Activity family's archive is 2 MB, `WidgetLimits.standard(for:)`).
    ///   - jpegQuality: a fixed JPEG quality, 1 to 100 (nil: the budget steps it down).
    ///   - timerMasks: timer masks over the layers (by default for every loop, 2 to 30 s; nil: none).
    ///   - lottie: which animation, theme, state and marker of a Lottie file play.
    public init(
        size: ViewSize = .family(.small), scale: Double = 3, preset: Preset = .arcmask, fit: FitMode = .fill,
        limits: WidgetLimits = .standard, budget: BudgetPolicy = BudgetPolicy(), imageFormat: ImageFormat = .auto,
        jpegQuality: Int? = nil, timerMasks: TimerMaskOptions? = TimerMaskOptions(),
        lottie: LottieChoice = LottieChoice()
    ) {
        self.timerMasks = timerMasks
        self.lottie = lottie
        self.size = size
        self.scale = scale
        self.preset = preset
        self.fit = fit
        self.limits = limits
        self.budget = budget
        self.imageFormat = imageFormat
        self.jpegQuality = jpegQuality
    }

    /// The view's size in points, the family and the device it was taken from, and the layers'
    /// pixels per point: `scale`, or fewer where a Live Activity's phone has fewer.
    ///
    /// A Live Activity family without a device is sized for `phone` when its class shows the
    /// family (the island's presentations only where there is an island); otherwise, and where
    /// no phone is known, for the class whose presentation has the fewest pixels, as
    /// `arcmask export` sizes it, so that the activity starts on every iPhone.
    public func resolved() throws -> (
        width: Double, height: Double, family: WidgetFamily?, device: String?, scale: Double
    ) {
        switch size {
        case let .points(width, height):
            guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 10_000, height <= 10_000 else {
                throw PrepareError(.options, "size \(width)×\(height) pt is not a view size (0 to 10,000 pt)")
            }
            return (width, height, nil, nil, scale)
        case let .family(family, id):
            let device: WidgetSizeTable.Device
            var layerScale = scale
            if let id {
                guard let found = WidgetSizeTable.device(id) else {
                    throw PrepareError(
                        .options,
                        "device \"\(id)\" is not one of \(WidgetSizeTable.devices.map(\.id).joined(separator: ", "))")
                }
                device = found
            } else if family.surface == .liveActivity {
                let choice =
                    phone.flatMap { WidgetSizeTable.device(screenWidth: $0.width, height: $0.height, scale: $0.scale) }
                    .flatMap { $0.device.size(family) == nil ? nil : $0 }
                    ?? WidgetSizeTable.smallestPresentation(for: family)
                guard let choice else {
                    throw PrepareError(.options, "no device has a \(family.rawValue) presentation")
                }
                device = choice.device
                layerScale = min(scale, choice.scale)
            } else if sizing == .thisPhone,
                let choice = phone.flatMap({
                    WidgetSizeTable.device(screenWidth: $0.width, height: $0.height, scale: $0.scale)
                }), choice.device.size(family) != nil
            {
                // The phone that prepares it, at its own scale (`LayerSizing.thisPhone`).
                device = choice.device
                layerScale = min(scale, choice.scale)
            } else {
                device = WidgetSizeTable.defaultDevice(for: family)
            }
            guard let size = device.size(family) else {
                throw PrepareError(.options, "device \(device.id) has no \(family.rawValue) widget")
            }
            // A Live Activity's layers at or under its presentation's whole pixels, as `export` makes them.
            let held = family.surface == .liveActivity ? WidgetSizeTable.wholePixels(size, scale: layerScale) : size
            return (held.width, held.height, family, device.id, layerScale)
        case let .unsupported(name):
            throw PrepareError(
                .options, "size: the \(name) family has no size table yet; give its size in points (.size(displaySize))"
            )
        }
    }

    func validate() throws {
        guard scale.isFinite, scale >= 1, scale <= 4 else {
            throw PrepareError(.options, "scale \(scale) is not 1 to 4")
        }
        guard budget.minScale.isFinite, budget.minScale > 0, budget.minScale <= scale else {
            throw PrepareError(
                .options, "budget.minScale \(budget.minScale) is not above 0 and at most the scale \(scale)")
        }
        if let q = jpegQuality, !(1...100).contains(q) {
            throw PrepareError(.options, "jpegQuality \(q) is not 1 to 100")
        }
        guard limits.archiveBytes > 0, limits.layerPixels > 0, limits.extensionBytes > 0 else {
            throw PrepareError(.options, "limits must be positive")
        }
        if let masks = timerMasks {
            let allowed = TimerMaskSection.loops
            guard !masks.loops.isEmpty, masks.loops.allSatisfy(allowed.contains) else {
                throw PrepareError(
                    .options,
                    "timerMasks.loops \(masks.loops) is not a list of \(allowed.map(String.init).joined(separator: ", ")) s"
                )
            }
            guard (1...1000).contains(masks.maxLanes) else {
                throw PrepareError(.options, "timerMasks.maxLanes \(masks.maxLanes) is not 1 to 1,000")
            }
            if let fps = masks.fps, !(1...30).contains(fps) {
                throw PrepareError(.options, "timerMasks.fps \(fps) is not 1 to 30")
            }
        }
    }
}

/// What went wrong preparing a folder: what kind of failure (`code`, for an app to switch on),
/// where (the input, a frame, the options, the folder) and what, in a sentence.
public struct PrepareError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    LocalizedError
{
    /// Where the failure lies.
    public enum Place: Sendable, Equatable {
        /// The animation's bytes as a whole.
        case input
        /// One frame of it.
        case frame(Int)
        /// The options `prepare` was given.
        case options
        /// The folder being written.
        case folder(String)
        /// The budget: the layers cannot fit the phone's limits.
        case budget
    }

    /// What kind of failure, whatever the sentence says.
    public enum Code: String, Sendable, CaseIterable {
        /// Neither ImageIO nor the Lottie reader takes the bytes.
        case unsupportedFormat
        /// One picture, not an animation (`PrepareOptions.acceptsStill` takes it).
        case notAnimated
        /// More frames than `prepare` takes.
        case tooManyFrames
        /// A larger canvas than `prepare` takes (over 100 million pixels).
        case tooLarge
        /// The file is damaged, cut short, or a frame does not decode.
        case damaged
        /// An option is out of range, or names something the file does not have.
        case invalidOptions
        /// Not even the smallest layers fit the phone's limits.
        case doesNotFit
        /// The destination exists and `replacing` is false.
        case destinationExists
        /// The folder cannot be written or moved into place.
        case cannotWrite
        /// The system took back the time it gave the app in the background before the work
        /// was done; nothing was written.
        case interrupted
    }

    /// Where it went wrong: the input, a frame, the options, the folder or the budget.
    public let place: Place
    /// What went wrong, as a sentence without its place (such as "holds no frames").
    public let problem: String
    /// What kind of failure it is, for an app to switch on.
    public let code: Code

    /// - Parameter code: by default the place's usual kind (input and frames: damaged; options:
    ///   invalid; the folder: cannot write; the budget: does not fit).
    public init(_ place: Place, _ problem: String, code: Code? = nil) {
        self.place = place
        self.problem = problem
        self.code =
            code
            ?? {
                switch place {
                case .input, .frame: .damaged
                case .options: .invalidOptions
                case .folder: .cannotWrite
                case .budget: .doesNotFit
                }
            }()
    }

    /// The place and the problem in one line, such as "frame 3: cannot be decoded": for logs and
    /// developers. A folder is named "folder" here; its path is in `debugDescription` only.
    public var description: String {
        switch place {
        case .input: return "input: \(problem)"
        case let .frame(i): return "frame \(i): \(problem)"
        case .options: return "options: \(problem)"
        case .folder: return "folder: \(problem)"
        case .budget: return "budget: \(problem)"
        }
    }

    /// `description` with the folder's path, for the developer's console.
    public var debugDescription: String {
        if case let .folder(path) = place { return "\(path): \(problem)" }
        return description
    }

    /// What went wrong, in a sentence the app can show its user, in the user's language where
    /// the app gives one (`KitStrings`; English otherwise): no path, no technical detail.
    public var errorDescription: String? {
        if case let .frame(i) = place, code == .damaged {
            return String(format: KitStrings.text("error.frame.damaged"), i + 1)
        }
        return KitStrings.text("error.\(code.rawValue)")
    }

    /// The technical detail: the problem as `prepare` found it (English).
    public var failureReason: String? { problem }

    /// What the user can do about it, in a sentence an app can show (localized as `errorDescription`).
    public var recoverySuggestion: String? { KitStrings.text("recovery.\(code.rawValue)") }
}

extension PrepareOptions {
    /// The settings the core prepares with, for the view these options resolve to: the layers
    /// in files, the rotation reached at run time, full colour; the family's own limits unless
    /// others are given; the lowest scale no higher than the view's.
    func settings(
        view: (width: Double, height: Double, family: WidgetFamily?, device: String?, scale: Double), names: CodeNames,
        codeFiles: [String]
    ) -> WidgetSettings {
        var s = WidgetSettings(
            viewWidth: view.width, viewHeight: view.height, scale: view.scale, family: view.family,
            device: view.device, preset: preset, fit: fit,
            limits: limits == .standard ? .standard(for: view.family) : limits,
            budget: BudgetPolicy(minScale: min(budget.minScale, view.scale), keepFrames: budget.keepFrames),
            layout: .files, imageFormat: imageFormat, jpegQuality: jpegQuality, widgetFamily: view.family ?? .small,
            names: names, rotation: .runtime, accented: .fullColor, codeFiles: codeFiles)
        s.posterFrame = posterFrame
        s.label = label
        return s
    }

    /// The timer masks as a fallback over the layers, among the loops whose fonts the extension
    /// carries, written only where they play the animation (nil: none).
    var maskSettings: TimerMaskSettings? {
        timerMasks.map {
            TimerMaskSettings(
                use: .fallback, fps: $0.fps, maxLanes: $0.maxLanes, loops: $0.loops.sorted(), whenFaithful: true)
        }
    }
}
