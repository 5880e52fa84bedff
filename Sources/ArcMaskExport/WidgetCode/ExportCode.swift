import ArcMaskGeometry
import Foundation

/// The files a rotation export writes beside its images, from its manifest.
public enum ExportCode {
    /// `manifest.json`, the view, the widget and `INSTALL.md`, with their bytes.
    public static func files(
        _ m: ExportManifest, names n: CodeNames, family: WidgetFamily
    ) throws -> [(name: String, bytes: [UInt8])] {
        let route = RotationRoute(rawValue: m.rotation) ?? .runtime
        let accented = AccentedRendering(rawValue: m.accented) ?? .fullColor
        return [
            ("manifest.json", try manifestJSON(m)),
            (n.viewFile, Array(ViewFile.generate(manifest: m, layers: m.plan.layers, names: n, route: route, accented: accented).utf8)),
            (n.widgetFile, Array(WidgetFile.generate(source: m.source, family: family, names: n).utf8)),
            ("INSTALL.md", Array(InstallGuide.generate(manifest: m, family: family, names: n, route: route).utf8)),
        ]
    }

    /// The manifest as written: sorted keys, pretty-printed.
    public static func manifestJSON(_ m: ExportManifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(m))
    }
}
