import ArcMaskGeometry
import ArcMaskManifest
import Foundation

/// A Live Activity export's three files, for the presentations of `--family activity` and
/// `island-*` (ActivityKit: developer.apple.com/documentation/activitykit; WidgetKit's
/// `ActivityConfiguration` and `DynamicIsland`, iOS 16.1):
/// - `<Name>ActivityAttributes.swift`, in the app and the extension: the activity's type, with
///   an empty state, since nothing changes while the masks turn (ActivityKit allows 4 KB of
///   data in all).
/// - `<Name>LiveActivity.swift`, in the extension: the configuration, with the animation in the
///   presentation the export was made for (the Lock Screen card and the expanded island share
///   one size, 408×160 pt at most, so both play it there). Every presentation holding the view
///   would put its images in the archive again (not measured), so the others hold none.
/// - `<Name>LiveActivityStarter.swift`, in the app: starting and ending the activity.
/// Written from Apple's documentation; type-checked against stub modules and the iPhoneOS SDK,
/// not run on a phone.
public enum LiveActivityFile {
    /// The shared attributes type.
    public static func attributes(source: String, names n: CodeNames) -> String {
        let name = CodeText.fileName(source)
        return """
            // \(n.activityAttributesFile), written by `arcmask export` for \(name): the Live Activity's type.
            // Add it to both the app target and the widget extension target (INSTALL.md).

            #if canImport(ActivityKit)
            import ActivityKit
            import Foundation

            /// The Live Activity that plays \(n.plan). Nothing changes while it plays (the masks turn by
            /// themselves), so its state is empty.
            @available(iOS 16.1, *)
            struct \(n.activityAttributes): ActivityAttributes {
                public struct ContentState: Codable, Hashable {}
            }
            #endif

            """
    }

    /// The extension's configuration: the animation in `family`'s presentation.
    public static func activity(
        source: String, family: WidgetFamily, names n: CodeNames, displayName: String? = nil,
        vocabulary v: SettingNames = .plain
    ) -> String {
        let name = CodeText.fileName(source)
        let label = WidgetCodeParts.swiftString(displayName ?? name)
        func region(_ here: Bool) -> String { here ? "PlayingView()" : "EmptyView()" }
        let card = family == .activity || family == .islandExpanded
        return """
            // \(n.liveActivityFile), written by `\(v.tool) export \(v.family) \(family.rawValue)` for \(name): a Live Activity
            // that plays \(n.plan) in its \(family == .activity ? "Lock Screen presentation" : family.rawValue.replacingOccurrences(of: "-", with: " ") + " presentation").
            // Add `\(n.liveActivity)()` to your extension's WidgetBundle (INSTALL.md shows how).

            #if canImport(SwiftUI) && canImport(WidgetKit) && canImport(ActivityKit) && canImport(ImageIO)
            import ActivityKit
            import SwiftUI
            import WidgetKit

            @available(iOS 16.1, *)
            struct \(n.liveActivity): Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: \(n.activityAttributes).self) { _ in
                        \(card ? "PlayingView()" : "Text(\"\(label)\")")
                    } dynamicIsland: { _ in
                        DynamicIsland {
                            DynamicIslandExpandedRegion(.bottom) {
                                \(region(family == .islandExpanded || family == .activity))
                            }
                        } compactLeading: {
                            \(region(family == .islandCompact))
                        } compactTrailing: {
                            EmptyView()
                        } minimal: {
                            \(region(family == .islandMinimal))
                        }
                    }
                }

                /// The animation, or a note where its frames are missing from the bundle. A view of its
                /// own: the configuration's closures only make it, for they are not on the main actor
                /// in SDKs before iOS 18, and its body is.
                struct PlayingView: View {
                    @MainActor var body: some View {
                        if let view = \(n.plan).view() {
                            view
                        } else {
                            Text("\(n.plan): frames missing from the bundle")
                        }
                    }
                }
            }
            #endif

            """
    }

    /// The app's side: starting the activity (in the foreground, as ActivityKit requires) and
    /// ending it.
    public static func starter(source: String, names n: CodeNames) -> String {
        let name = CodeText.fileName(source)
        return """
            // \(n.activityStarterFile), written by `arcmask export` for \(name): starts and ends the Live Activity.
            // Add it to the app target, beside \(n.activityAttributesFile) (INSTALL.md).

            #if canImport(ActivityKit)
            import ActivityKit
            import Foundation
            import os

            /// Starts and ends the Live Activity that plays \(n.plan). Start it while the app is in the
            /// foreground (ActivityKit starts activities only then); it stays active up to eight hours,
            /// then up to four more on the Lock Screen.
            @available(iOS 16.2, *)
            enum \(n.activityStarter) {
                /// Starts the activity; nil, logged under the subsystem "ArcMask", when the person has
                /// turned Live Activities off for the app or the system refuses the request. ActivityKit
                /// may refuse an activity whose images are larger than its presentation on this phone
                /// (`Activity.request(attributes:content:pushType:)`); the export sized them for the
                /// smallest iPhone unless `--device` or `--scale` chose larger ones.
                @discardableResult
                static func start() -> Activity<\(n.activityAttributes)>? {
                    let log = Logger(subsystem: "ArcMask", category: "\(n.activityStarter)")
                    guard ActivityAuthorizationInfo().areActivitiesEnabled else {
                        log.notice("Live Activities are turned off for this app; not started")
                        return nil
                    }
                    do {
                        return try Activity.request(
                            attributes: \(n.activityAttributes)(),
                            content: ActivityContent(state: \(n.activityAttributes).ContentState(), staleDate: nil))
                    } catch {
                        log.error("the system refused the Live Activity: \\(String(describing: error), privacy: .public)")
                        return nil
                    }
                }

                /// Ends every activity of this kind at once.
                static func endAll() async {
                    for activity in Activity<\(n.activityAttributes)>.activities {
                        await activity.end(nil, dismissalPolicy: .immediate)
                    }
                }
            }
            #endif

            """
    }
}
