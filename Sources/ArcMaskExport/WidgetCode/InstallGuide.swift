import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// Writes `INSTALL.md`: how to add an export to a widget extension.
public enum InstallGuide {
    public static func generate(
        manifest m: ExportManifest, family: WidgetFamily, names n: CodeNames, route: RotationRoute
    )
        -> String
    {
        let images = m.strip.map { "`\($0)`" } ?? "the `\(n.frameFile(0))` … `\(n.frameFile(m.frames.count - 1))` files"
        let package =
            route == .package
            ? """

            4. Add the package: File ▸ Add Package Dependencies…, enter
               `https://github.com/octree/ClockHandRotationKit`, and add its `ClockHandRotationKit` library
               to the widget extension target.
            """ : ""
        return """
            # Adding \(n.widget) to a widget extension

            This folder was written by `arcmask export` for `\((m.source as NSString).lastPathComponent)`: \(m.frames.count) layers of \(m.pixelWidth)×\(m.pixelHeight) px
            for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt \(family.systemName) widget at \(fmt(m.scale))×, \(FrameBudget.mb(m.decodedBytes)) MB decoded.

            1. In Xcode, if the app has no widget extension yet: File ▸ New ▸ Target… ▸ Widget Extension
               (deployment target iOS 15 or later).
            2. Drag `\(n.viewFile)`, `\(n.widgetFile)` and \(images) into the project, ticking the
               widget extension target (images must be copied into the extension's bundle: check
               Build Phases ▸ Copy Bundle Resources).
            \(bundleStep(n, number: 3))
            \(package)
            Build and run the extension's scheme, then add the widget from the home screen.

            The rotation (`arcmask export --rotation runtime|silgen|package`):
            \(route.notes.joined(separator: "\n"))

            Every route rests on private API: WidgetKit may change or remove the rotation in any iOS
            release. Two exports can share one extension when they have different `--name`s.
            `manifest.json` holds the plan and the emulator's verdict on it.

            """
    }

    /// The numbered step that adds the widget to the extension's `WidgetBundle`.
    static func bundleStep(_ n: CodeNames, number: Int) -> String {
        """
        \(number). Add the widget to the extension's bundle. If the extension already has a `@main`
           `WidgetBundle`, add `\(n.widget)()` to its `body`; otherwise replace the template's
           `@main` widget with:

           ```swift
           @main
           struct AnimatedWidgets: WidgetBundle {
               var body: some Widget {
                   \(n.widget)()
               }
           }
           ```
        """
    }
}
