import ArcMaskFolder
import ArcMaskGeometry
import Foundation

/// The files a rotation export writes beside its images, from its manifest.
public enum ExportCode {
    /// The Swift and Markdown files an export writes for `names` (in `manifest.codeFiles`).
    public static func codeFiles(names n: CodeNames) -> [String] {
        [CodeNames.animationFile, n.planFile, n.widgetFile, "INSTALL.md"]
    }

    /// `manifest.json`, the view (ArcMaskKit's, unchanged), the plan, the widget and
    /// `INSTALL.md`, with their bytes.
    public static func files(
        _ m: ExportManifest, names n: CodeNames, family: WidgetFamily
    ) throws -> [(name: String, bytes: [UInt8])] {
        let route = m.rotation
        let accented = m.accented
        return [
            (WidgetFolder.manifestFile, try manifestJSON(m)),
            (CodeNames.animationFile, Array(AnimationSource.text.utf8)),
            (n.planFile, Array(PlanFile.generate(manifest: m, names: n, route: route, accented: accented).utf8)),
            (
                n.widgetFile,
                Array(
                    WidgetFile.generate(
                        source: m.source, family: family, names: n, displayName: m.displayName,
                        description: m.widgetDescription
                    ).utf8)
            ),
            ("INSTALL.md", Array(InstallGuide.generate(manifest: m, family: family, names: n, route: route).utf8)),
        ]
    }

    /// The manifest as written: sorted keys, pretty-printed.
    public static func manifestJSON(_ m: ExportManifest) throws -> [UInt8] { try WidgetFolder.manifestJSON(m) }
}
