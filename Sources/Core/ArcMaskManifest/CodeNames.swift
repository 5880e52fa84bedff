/// The names an export gives its Swift types and files, from one prefix (`--name`), so two
/// exports can live in one widget extension.
public struct CodeNames: Sendable, Equatable {
    /// A Swift type name such as "ArcMask" or "Orbit".
    public let prefix: String

    public static let standard = CodeNames(validated: "ArcMask")

    private init(validated prefix: String) { self.prefix = prefix }

    /// nil unless `prefix` is an ASCII Swift identifier starting with a capital letter.
    public init?(_ prefix: String) {
        guard let first = prefix.unicodeScalars.first, ("A"..."Z").contains(first),
            prefix.unicodeScalars.allSatisfy({
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            })
        else { return nil }
        self.prefix = prefix
    }

    /// "arcMask" from "ArcMask", "orbit" from "Orbit": for methods and properties.
    public var lower: String {
        let capitals = prefix.prefix { $0.isUppercase }
        // "URLFeed" → "urlFeed"; "ArcMask" → "arcMask".
        let cut = capitals.count > 1 && capitals.count < prefix.count ? capitals.count - 1 : capitals.count
        return prefix.prefix(cut).lowercased() + prefix.dropFirst(cut)
    }

    public var plan: String { "\(prefix)Plan" }
    public var view: String { "\(prefix)View" }
    public var arc: String { "\(prefix)Arc" }
    public var rotation: String { "\(prefix)Rotation" }
    public var period: String { "\(prefix)ClockHandPeriod" }
    public var widget: String { "\(prefix)Widget" }
    public var widgetView: String { "\(prefix)WidgetView" }
    public var provider: String { "\(prefix)Provider" }
    public var entry: String { "\(prefix)Entry" }
    /// The image method that chooses how frames draw on tinted home screens.
    public var accented: String { "\(lower)AccentedRendering" }
    /// The view method that turns a mask.
    public var turning: String { "\(lower)ClockHandRotation" }

    public var viewFile: String { "\(view).swift" }
    public var planFile: String { "\(plan).swift" }
    /// The view that plays every rotation export: one file, the same for every name.
    public static let animationFile = "ArcMaskAnimation.swift"
    public var widgetFile: String { "\(widget).swift" }
    /// A Live Activity export's types and files: what app and extension share, the activity
    /// (the extension's), and what starts it (the app's).
    public var activityAttributes: String { "\(prefix)ActivityAttributes" }
    public var liveActivity: String { "\(prefix)LiveActivity" }
    public var activityStarter: String { "\(prefix)LiveActivityStarter" }
    public var activityAttributesFile: String { "\(activityAttributes).swift" }
    public var liveActivityFile: String { "\(liveActivity).swift" }
    public var activityStarterFile: String { "\(activityStarter).swift" }
    /// Image resources: the standard names keep the plain "strip.png" / "frame-0000.png".
    public var stripFile: String { self == .standard ? "strip.png" : "\(prefix)-strip.png" }
    public func frameFile(_ index: Int) -> String { layerFile(index, fileExtension: "png") }
    /// Layer `index`'s own image file: "frame-0003.jpg", or "Orbit-frame-0003.png".
    public func layerFile(_ index: Int, fileExtension: String) -> String {
        let name =
            "frame-" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index) + "."
            + fileExtension
        return self == .standard ? name : "\(prefix)-\(name)"
    }
}
