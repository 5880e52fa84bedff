import Foundation

/// The folder the app prepares and the widget plays, in the App Group both targets share.
/// The group is set once, as `ARCMASK_APP_GROUP` in project.yml: the entitlements and both
/// Info.plists (`ArcMaskAppGroup`) take it from there.
enum AppGroup {
    static let identifier =
        Bundle.main.object(forInfoDictionaryKey: "ArcMaskAppGroup") as? String ?? "group.org.example.arcmask"

    /// nil when the entitlement is missing or names another group (iOS returns nil then).
    static var animationFolder: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)?
            .appendingPathComponent("Animation", isDirectory: true)
    }

    /// The widget's kind, for reloading its timeline after a new animation is prepared.
    static let widgetKind = "ArcMaskDemoWidget"
}
