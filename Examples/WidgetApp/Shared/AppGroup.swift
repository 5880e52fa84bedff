import Foundation

/// The folder the app prepares and the widget plays, in the App Group both targets share.
/// Change the identifier to your own group (and in both entitlements in project.yml).
enum AppGroup {
    static let identifier = "group.org.example.arcmask"

    /// nil when the entitlement is missing or names another group (iOS returns nil then).
    static var animationFolder: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)?
            .appendingPathComponent("Animation", isDirectory: true)
    }

    /// The widget's kind, for reloading its timeline after a new animation is prepared.
    static let widgetKind = "ArcMaskDemoWidget"
}
