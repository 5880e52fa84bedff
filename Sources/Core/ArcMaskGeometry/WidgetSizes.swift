/// Widget families, as WidgetKit names them.
public enum WidgetFamily: String, Codable, Sendable, CaseIterable {
    /// The Home Screen's widgets (and StandBy's, which shows small ones scaled up).
    case small, medium, large, extraLarge
    /// The Lock Screen's round and rectangular widgets (iOS 16), drawn in the vibrant mode.
    case accessoryCircular, accessoryRectangular
    /// The tall widget that fills an iPhone's screen (iOS 27; visionOS 26).
    case extraLargePortrait
    /// A Live Activity's Lock Screen presentation (also the banner, and StandBy's at 2×).
    case activity
    /// A Live Activity in the Dynamic Island: compact (one side of the camera), minimal (one of
    /// two activities), expanded (the island opened).
    case islandCompact = "island-compact"
    case islandMinimal = "island-minimal"
    case islandExpanded = "island-expanded"

    /// Where the family is shown.
    public var surface: Surface {
        switch self {
        case .small, .medium, .large, .extraLarge, .extraLargePortrait: .homeScreen
        case .accessoryCircular, .accessoryRectangular: .lockScreen
        case .activity, .islandCompact, .islandMinimal, .islandExpanded: .liveActivity
        }
    }

    /// The places a widget's view is drawn, each with its own look and limits.
    public enum Surface: String, Sendable, Codable {
        /// The Home Screen (full colour, or tinted and clear in the accented mode) and StandBy.
        case homeScreen
        /// The Lock Screen: the vibrant mode, Always-On at reduced luminance.
        case lockScreen
        /// A Live Activity: the Lock Screen card and the Dynamic Island (ActivityKit).
        case liveActivity
    }
}

/// Widget sizes in points per device screen class, with the phones and iPads of each class.
///
/// Sources, per row (`Device.source`):
/// - `.guidelines`: Apple Human Interface Guidelines, "Widgets", Specifications (the iOS and iPadOS
///   dimension tables): screen sizes in portrait points and the widget sizes beside them.
/// - `.measured`: screen classes newer than the guidelines' table as read (402×874 pt of iPhone 16 Pro,
///   17 and 17 Pro; 440×956 pt of iPhone 16 Pro Max and 17 Pro Max). Their widget sizes are the ones most
///   published per-screen tables give (widget scripts for Scriptable that size their drawings per screen,
///   in the manner of simonbs/ios-widget-sizes, which measured with `GeometryReader`); the tables disagree at
///   the edges (one marks them approximate, one measured 183-pt small widgets on a 17 Pro Max under iOS 26),
///   so these rows say `measured`, not `guidelines`. Replace them when Apple's table lists them.
///
/// `scale` is the screen's pixels per point (Apple's "iOS device screen sizes" in the guidelines' Layout page):
/// 3 for iPhones since the X except the 2× iPhone XR and 11; 2 for every iPad. A class with
/// phones of both scales takes the larger, and a phone's own name (`--device iphone-11`) takes its own.
/// `extraLarge` exists on iPad only.
///
/// The Lock Screen and Live Activity sizes (`Device.surfaces`):
/// - `accessoryCircular`, `accessoryRectangular`: the guidelines' iOS dimension table (the
///   same Widgets page, December 2025), for every class it lists; the 402- and 440-pt classes
///   and the 320-pt one have none there (the last has no Lock Screen widgets), so none here.
/// - `activity`, `island-*`: Apple Human Interface Guidelines, "Live Activities", Specifications
///   (iOS dimensions, December 2025), which list two screens: 430×932 and 393×852. The Lock
///   Screen card and the expanded island are as wide as the table says and 84 to 160 pt high
///   ("the system may truncate a Live Activity if its height exceeds 160 points": ActivityKit's
///   "Displaying live data with Live Activities"); the tallest is taken. The minimal
///   presentation is 36.67 to 45 pt wide; the widest is taken (its images "shouldn't exceed
///   45x36.67 points", the same page).
///   No source gives the presentations of the other screens, though every iPhone that runs
///   iOS 16.1 shows Live Activities and those with a Dynamic Island (the 393-, 402-, 430- and
///   440-pt classes) show the island's. For them the table says `.derived`: the rule both listed
///   screens follow, the card and the expanded island as wide as the screen less 11 pt a side
///   (430 → 408, 393 → 371) and the minimal presentation 45×36.67 pt. The compact presentation
///   follows no rule the two share (62.33 and 52.33 pt), so unlisted screens have none. The
///   320-pt class (iPhone SE, iPod touch 7) stops at iOS 15 and has no Live Activities.
///
/// A Live Activity's images must fit the presentation on the phone that shows it, in pixels:
/// "If you use an image asset that's larger than the size of the Live Activity presentation,
/// the system may fail to start the Live Activity" (ActivityKit, `Activity.request(attributes:
/// content:pushType:)`, quoted in Apple Developer Forums thread 751341, where 500×500 px images
/// started on newer iPhones and not on an iPhone XR). So a Live Activity family's default
/// device is the class whose presentation is smallest in pixels (`smallestPresentation`), at
/// its smallest model's scale: layers sized for it start on every phone.
/// - `extraLargePortrait`: no size is published for iOS. cifyr/motionary measured 358×544 pt at
///   3× on an iPhone 17 Pro under iOS 27 (`Shared/Model/DeviceGeometry.swift`), so the 402-pt
///   class has it, as `measured`; visionOS's 338×450 pt (the Widgets page) is not a phone's.
public struct WidgetSizeTable: Sendable {
    /// Where a row's sizes come from.
    public enum Source: String, Sendable, Codable {
        /// Apple's Human Interface Guidelines list it.
        case guidelines
        /// Published per-screen tables measured it on a phone.
        case measured
        /// No source lists it: the rule the listed screens follow gives it (Live Activities).
        case derived
    }

    /// A family's size on a device class, and where it comes from.
    public struct SurfaceSize: Sendable, Equatable {
        public let width: Double
        public let height: Double
        public let source: Source
    }

    /// A phone or iPad by name: `iphone-16-pro`, `ipad-mini-6`.
    public struct Model: Sendable, Equatable, Codable {
        public let name: String
        public let scale: Double
    }

    public struct Device: Sendable, Equatable {
        /// The class's name for `--device` (`iphone-430`); each model's name is accepted too.
        public let id: String
        public let screen: String
        public let source: Source
        public let models: [Model]
        public let small: (Double, Double)
        public let medium: (Double, Double)
        public let large: (Double, Double)
        public let extraLarge: (Double, Double)?
        /// The Lock Screen, portrait and Live Activity families' sizes the class has.
        public let surfaces: [WidgetFamily: SurfaceSize]

        /// The screen's pixels per point (the largest of the class's models).
        public var scale: Double { models.map(\.scale).max() ?? 3 }

        /// The fewest pixels per point among the class's models (2 for the 414-pt class, whose
        /// iPhone 11 and XR are 2×): where its presentations have the fewest pixels.
        public var smallestScale: Double { models.map(\.scale).min() ?? 3 }

        /// The screen's width and height in points, portrait (`430×932` → 430, 932).
        public var screenPoints: (width: Double, height: Double) {
            let parts = screen.split(separator: "×").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : (0, 0)
        }

        /// The models, as people name them: "iPhone 16 Pro, 17, 17 Pro".
        public var examples: String { models.map(\.name).joined(separator: ", ") }

        public func size(_ family: WidgetFamily) -> (width: Double, height: Double)? {
            switch family {
            case .small: small
            case .medium: medium
            case .large: large
            case .extraLarge: extraLarge
            default: surfaces[family].map { ($0.width, $0.height) }
            }
        }

        /// Where the class's size for `family` comes from (nil: it has none).
        public func source(_ family: WidgetFamily) -> Source? {
            guard size(family) != nil else { return nil }
            return surfaces[family]?.source ?? source
        }

        public static func == (a: Device, b: Device) -> Bool { a.id == b.id }
    }

    /// A device as a user named it: the class, and the scale of the model named (or the class's).
    public struct Choice: Sendable, Equatable {
        public let device: Device
        public let scale: Double
    }

    private static func row(
        _ id: String, _ screen: String, _ source: Source, _ models: [(String, Double)],
        small: Double, medium: (Double, Double), large: (Double, Double), extraLarge: (Double, Double)? = nil,
        surfaces: [WidgetFamily: SurfaceSize] = [:]
    ) -> Device {
        Device(
            id: id, screen: screen, source: source, models: models.map { Model(name: $0.0, scale: $0.1) },
            small: (small, small), medium: medium, large: large, extraLarge: extraLarge, surfaces: surfaces)
    }

    /// The guidelines' Lock Screen widgets: a circle `circle` pt across, a rectangle `rectangle`.
    private static func lockScreen(_ circle: Double, _ rectangle: (Double, Double)) -> [WidgetFamily: SurfaceSize] {
        [
            .accessoryCircular: SurfaceSize(width: circle, height: circle, source: .guidelines),
            .accessoryRectangular: SurfaceSize(width: rectangle.0, height: rectangle.1, source: .guidelines),
        ]
    }

    /// The guidelines' Live Activity presentations on a screen whose card and expanded island
    /// are `width` pt wide and whose compact sides are `compact` pt wide: each at its largest
    /// (160 pt high; a minimal presentation 45 pt wide).
    private static func liveActivity(width: Double, compact: Double) -> [WidgetFamily: SurfaceSize] {
        [
            .activity: SurfaceSize(width: width, height: 160, source: .guidelines),
            .islandExpanded: SurfaceSize(width: width, height: 160, source: .guidelines),
            .islandCompact: SurfaceSize(width: compact, height: 36.67, source: .guidelines),
            .islandMinimal: SurfaceSize(width: 45, height: 36.67, source: .guidelines),
        ]
    }

    /// What each side of an unlisted screen keeps beside the Lock Screen card and the expanded
    /// island: 11 pt, as on both listed screens (430 − 408 = 393 − 371 = 22).
    public static let liveActivityMargin = 11.0

    /// The presentations of a screen `screenWidth` pt wide that the guidelines do not list,
    /// derived (`.derived`): the card, and with a Dynamic Island the expanded and minimal
    /// presentations too (no compact one: no rule gives it).
    private static func derivedLiveActivity(screenWidth: Double, island: Bool) -> [WidgetFamily: SurfaceSize] {
        let width = screenWidth - 2 * liveActivityMargin
        var sizes: [WidgetFamily: SurfaceSize] = [.activity: SurfaceSize(width: width, height: 160, source: .derived)]
        if island {
            sizes[.islandExpanded] = SurfaceSize(width: width, height: 160, source: .derived)
            sizes[.islandMinimal] = SurfaceSize(width: 45, height: 36.67, source: .derived)
        }
        return sizes
    }

    public static let devices: [Device] = [
        row(
            "iphone-430", "430×932", .guidelines,
            [("iPhone 14 Pro Max", 3), ("iPhone 15 Plus", 3), ("iPhone 15 Pro Max", 3), ("iPhone 16 Plus", 3)],
            small: 170, medium: (364, 170), large: (364, 382),
            surfaces: lockScreen(76, (172, 76)).merging(liveActivity(width: 408, compact: 62.33)) { a, _ in a }),
        row(
            "iphone-440", "440×956", .measured, [("iPhone 16 Pro Max", 3), ("iPhone 17 Pro Max", 3)],
            small: 170, medium: (364, 170), large: (364, 382),
            surfaces: derivedLiveActivity(screenWidth: 440, island: true)),
        row(
            "iphone-428", "428×926", .guidelines,
            [("iPhone 12 Pro Max", 3), ("iPhone 13 Pro Max", 3), ("iPhone 14 Plus", 3)],
            small: 170, medium: (364, 170), large: (364, 382),
            surfaces: lockScreen(76, (172, 76)).merging(derivedLiveActivity(screenWidth: 428, island: false)) { a, _ in
                a
            }),
        row(
            "iphone-414", "414×896", .guidelines,
            [("iPhone 11", 2), ("iPhone XR", 2), ("iPhone 11 Pro Max", 3), ("iPhone XS Max", 3)],
            small: 169, medium: (360, 169), large: (360, 379),
            surfaces: lockScreen(76, (160, 72)).merging(derivedLiveActivity(screenWidth: 414, island: false)) { a, _ in
                a
            }),
        row(
            "iphone-402", "402×874", .measured, [("iPhone 16 Pro", 3), ("iPhone 17", 3), ("iPhone 17 Pro", 3)],
            small: 162, medium: (344, 162), large: (344, 366),
            surfaces: [.extraLargePortrait: SurfaceSize(width: 358, height: 544, source: .measured)].merging(
                derivedLiveActivity(screenWidth: 402, island: true)
            ) { a, _ in a }),
        row(
            "iphone-393", "393×852", .guidelines,
            [("iPhone 14 Pro", 3), ("iPhone 15", 3), ("iPhone 15 Pro", 3), ("iPhone 16", 3)],
            small: 158, medium: (338, 158), large: (338, 354),
            surfaces: lockScreen(72, (160, 72)).merging(liveActivity(width: 371, compact: 52.33)) { a, _ in a }),
        row(
            "iphone-390", "390×844", .guidelines,
            [
                ("iPhone 12", 3), ("iPhone 12 Pro", 3), ("iPhone 13", 3), ("iPhone 13 Pro", 3), ("iPhone 14", 3),
                ("iPhone 16e", 3),
            ],
            small: 158, medium: (338, 158), large: (338, 354),
            surfaces: lockScreen(72, (160, 72)).merging(derivedLiveActivity(screenWidth: 390, island: false)) { a, _ in
                a
            }),
        row(
            "iphone-375", "375×812", .guidelines,
            [("iPhone X", 3), ("iPhone XS", 3), ("iPhone 11 Pro", 3), ("iPhone 12 mini", 3), ("iPhone 13 mini", 3)],
            small: 155, medium: (329, 155), large: (329, 345),
            surfaces: lockScreen(72, (157, 72)).merging(derivedLiveActivity(screenWidth: 375, island: false)) { a, _ in
                a
            }),
        row(
            "iphone-414-plus", "414×736", .guidelines,
            [("iPhone 6s Plus", 3), ("iPhone 7 Plus", 3), ("iPhone 8 Plus", 3)],
            small: 159, medium: (348, 157), large: (348, 357),
            surfaces: lockScreen(76, (170, 76)).merging(derivedLiveActivity(screenWidth: 414, island: false)) { a, _ in
                a
            }),
        row(
            "iphone-375-se", "375×667", .guidelines,
            [("iPhone SE 2", 2), ("iPhone SE 3", 2), ("iPhone 6s", 2), ("iPhone 7", 2), ("iPhone 8", 2)],
            small: 148, medium: (321, 148), large: (321, 324),
            surfaces: lockScreen(68, (153, 68)).merging(derivedLiveActivity(screenWidth: 375, island: false)) { a, _ in
                a
            }),
        row(
            "iphone-320", "320×568", .guidelines, [("iPhone SE", 2), ("iPod touch 7", 2)],
            small: 141, medium: (292, 141), large: (292, 311)),
        row(
            "ipad-1024", "1024×1366", .guidelines, [("iPad Pro 12.9", 2)],
            small: 170, medium: (379, 170), large: (379, 379), extraLarge: (795, 379)),
        row(
            "ipad-834", "834×1194", .guidelines, [("iPad Pro 11", 2), ("iPad Air 11", 2)],
            small: 155, medium: (342, 155), large: (342, 342), extraLarge: (715, 342)),
        row(
            "ipad-820", "820×1180", .guidelines, [("iPad Air 4", 2), ("iPad Air 5", 2), ("iPad 10", 2)],
            small: 155, medium: (342, 155), large: (342, 342), extraLarge: (715, 342)),
        row(
            "ipad-768", "768×1024", .guidelines, [("iPad mini 5", 2), ("iPad 9.7", 2)],
            small: 141, medium: (305.5, 141), large: (305.5, 305.5), extraLarge: (634.5, 305.5)),
        row(
            "ipad-744", "744×1133", .guidelines, [("iPad mini 6", 2)],
            small: 141, medium: (305.5, 141), large: (305.5, 305.5), extraLarge: (634.5, 305.5)),
    ]

    /// The default device: the largest iPhones (the 430-pt class; the 440-pt class measures the same),
    /// the largest iPad for extraLarge, the one class measured for extraLargePortrait, and for a
    /// Live Activity family the class whose presentation has the fewest pixels
    /// (`smallestPresentation`), so that the activity starts on every iPhone.
    public static func defaultDevice(for family: WidgetFamily) -> Device {
        switch family {
        case .extraLarge: devices.first { $0.id == "ipad-1024" }!
        case .extraLargePortrait: devices.first { $0.id == "iphone-402" }!
        case .activity, .islandCompact, .islandMinimal, .islandExpanded:
            smallestPresentation(for: family)?.device ?? devices[0]
        default: devices[0]
        }
    }

    /// Pixels per point when none is asked for: for a Live Activity family the smallest
    /// presentation's (its images must not have more pixels than the phone shows); otherwise 3,
    /// the current iPhones'.
    public static func defaultScale(for family: WidgetFamily?) -> Double {
        guard let family, family.surface == .liveActivity else { return 3 }
        return smallestPresentation(for: family)?.scale ?? 3
    }

    /// The class whose presentation of `family` has the fewest pixels, at its smallest model's
    /// scale (ties: the fewer points); nil when no class has the family.
    public static func smallestPresentation(for family: WidgetFamily) -> Choice? {
        func key(_ d: Device) -> (Double, Double) {
            let s = d.size(family)!
            return (s.width * s.height * d.smallestScale * d.smallestScale, s.width * s.height)
        }
        return devices.filter { $0.size(family) != nil }.min { key($0) < key($1) }.map {
            Choice(device: $0, scale: $0.smallestScale)
        }
    }

    /// A presentation's size in points held to the whole pixels it has at `scale`, rounded
    /// down (52.33 pt at 3× is 156 px, not 157): the size a Live Activity's layers are made at
    /// when no view is given, so that they are never larger than the presentation.
    public static func wholePixels(
        _ size: (width: Double, height: Double), scale: Double
    ) -> (width: Double, height: Double) {
        ((size.width * scale + 1e-9).rounded(.down) / scale, (size.height * scale + 1e-9).rounded(.down) / scale)
    }

    /// The classes on which layers of `width`×`height` px are larger than the presentation of
    /// `family` on one of their models (a Live Activity's may then not start there): each with
    /// its presentation in pixels. Empty for the other surfaces, which have no such rule.
    public static func presentationsSmaller(
        than width: Int, _ height: Int, family: WidgetFamily
    ) -> [(device: Device, width: Int, height: Int)] {
        guard family.surface == .liveActivity else { return [] }
        return devices.compactMap { d in
            guard let s = d.size(family) else { return nil }
            // Rounded down: a presentation of 352.5 px holds 352 whole pixels.
            let w = Int((s.width * d.smallestScale + 1e-9).rounded(.down))
            let h = Int((s.height * d.smallestScale + 1e-9).rounded(.down))
            return width > w || height > h ? (d, w, h) : nil
        }
    }

    /// The class of a screen of `width`×`height` pt (either way round) at `scale`, as a phone
    /// reports its own (UIKit's `UIScreen` bounds and scale), and that scale; nil for a screen
    /// no class has.
    public static func device(screenWidth width: Double, height: Double, scale: Double) -> Choice? {
        let (w, h) = (min(width, height), max(width, height))
        let matching = devices.filter {
            let s = $0.screenPoints
            return abs(s.width - w) < 0.5 && abs(s.height - h) < 0.5
        }
        guard let device = matching.first(where: { $0.models.contains { $0.scale == scale } }) ?? matching.first
        else { return nil }
        return Choice(device: device, scale: scale)
    }

    /// The device classes that have `family`, by id.
    public static func classes(with family: WidgetFamily) -> [String] {
        devices.filter { $0.size(family) != nil }.map(\.id)
    }

    /// A model's name as `--device` takes it: lower case, words joined by "-" ("iPhone 16 Pro" → iphone-16-pro).
    public static func slug(_ name: String) -> String {
        name.lowercased().split(separator: " ").joined(separator: "-")
    }

    /// The device a user named, by class (`iphone-402`) or by model (`iphone-17-pro`, `iPhone 17 Pro`).
    public static func choice(_ name: String) -> Choice? {
        let key = slug(name)
        for device in devices {
            if device.id == key { return Choice(device: device, scale: device.scale) }
            if let model = device.models.first(where: { slug($0.name) == key }) {
                return Choice(device: device, scale: model.scale)
            }
        }
        return nil
    }

    public static func device(_ name: String) -> Device? { choice(name)?.device }

    /// The scale of the device a user named (a model's own), or when none is named the family's
    /// default (`defaultScale(for:)`: 3, the current iPhones', but a Live Activity's smallest).
    public static func scale(ofDevice name: String?, family: WidgetFamily? = nil) -> Double {
        name.flatMap(choice)?.scale ?? defaultScale(for: family)
    }

    /// Every name `--device` takes, classes first.
    public static var names: [String] { devices.map(\.id) + devices.flatMap { $0.models.map { slug($0.name) } } }
}
