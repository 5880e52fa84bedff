import ArcMaskGeometry
import ArcMaskManifest
import Foundation

/// The files a rotation export writes beside its images, from its manifest.
public enum ExportCode {
    /// The Swift and Markdown files an export writes for `names` (in `manifest.codeFiles`): a
    /// widget, or for a Live Activity's presentations the activity's three files.
    public static func codeFiles(names n: CodeNames, family: WidgetFamily = .small) -> [String] {
        family.surface == .liveActivity
            ? [
                CodeNames.animationFile, n.planFile, n.activityAttributesFile, n.liveActivityFile,
                n.activityStarterFile, "INSTALL.md",
            ]
            : [CodeNames.animationFile, n.planFile, n.widgetFile, "INSTALL.md"]
    }

    /// `manifest.json`, the view (ArcMaskKit's, unchanged), the plan, the widget and
    /// `INSTALL.md`, with their bytes; the guide and the view name the settings as `vocabulary` does.
    public static func files(
        _ m: ExportManifest, names n: CodeNames, family: WidgetFamily, vocabulary: SettingNames
    ) throws -> [(name: String, bytes: [UInt8])] {
        let route = m.rotation
        let accented = m.accented
        let common: [(name: String, bytes: [UInt8])] = [
            (WidgetFolder.manifestFile, try manifestJSON(m)),
            (CodeNames.animationFile, Array(AnimationSource.text(for: route, names: vocabulary).utf8)),
            (
                n.planFile,
                Array(
                    PlanFile.generate(manifest: m, names: n, route: route, accented: accented, vocabulary: vocabulary)
                        .utf8)
            ),
        ]
        let guide = (
            "INSTALL.md",
            Array(
                InstallGuide.generate(manifest: m, family: family, names: n, route: route, vocabulary: vocabulary).utf8)
        )
        if family.surface == .liveActivity {
            return common + [
                (n.activityAttributesFile, Array(LiveActivityFile.attributes(source: m.source, names: n).utf8)),
                (
                    n.liveActivityFile,
                    Array(
                        LiveActivityFile.activity(
                            source: m.source, family: family, names: n, displayName: m.displayName,
                            vocabulary: vocabulary
                        ).utf8)
                ),
                (n.activityStarterFile, Array(LiveActivityFile.starter(source: m.source, names: n).utf8)),
                guide,
            ]
        }
        return common + [
            (
                n.widgetFile,
                Array(
                    WidgetFile.generate(
                        source: m.source, family: family, names: n, displayName: m.displayName,
                        description: m.widgetDescription
                    ).utf8)
            ),
            guide,
        ]
    }

    /// The manifest as written: sorted keys, pretty-printed.
    public static func manifestJSON(_ m: ExportManifest) throws -> [UInt8] { try WidgetFolder.manifestJSON(m) }
}
