import ArcMaskGeometry
import ArcMaskManifest
import Foundation

/// Writes `<Name>Widget.swift`: a complete widget around the exported view — a
/// `StaticConfiguration` with a provider of one entry that never reloads (the animation turns
/// by itself), the exported family, no content margins, and a container background on iOS 17.
public enum WidgetFile {
    public static func generate(
        source: String, family: WidgetFamily, names n: CodeNames = .standard, displayName: String? = nil,
        description: String? = nil
    ) -> String {
        let name = CodeText.fileName(source)
        let families = WidgetCodeParts.supportedFamilies(family)
        return """
            // \(n.widgetFile), written by `arcmask export` for \(name): a widget that plays \(n.plan).
            // Add `\(n.widget)()` to your extension's WidgetBundle (INSTALL.md shows how).

            #if canImport(SwiftUI) && canImport(WidgetKit) && canImport(ImageIO)
            import Foundation
            import SwiftUI
            import WidgetKit

            \(WidgetCodeParts.timeline(n, why: "the masks turn by themselves"))

            @available(iOS 15.0, *)
            struct \(n.widgetView): View {
                var body: some View {
                    if #available(iOS 17.0, *) {
                        content.containerBackground(for: .widget) { Color.clear }
                    } else {
                        content
                    }
                }

                @MainActor @ViewBuilder private var content: some View {
                    if let view = \(n.plan).view() {
                        view
                    } else {
                        Text("\(n.plan): frames missing from the bundle")
                    }
                }
            }

            @available(iOS 15.0, *)
            struct \(n.widget): Widget {
                let kind = "\(n.widget)"\(families.declaration)

                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: kind, provider: \(n.provider)()) { _ in
                        \(n.widgetView)()
                    }
                    \(WidgetCodeParts.galleryStrings(displayName: displayName, fileName: name, description: description ?? "An animation played by arc masks."))
                    \(families.modifier)
                    .contentMarginsDisabled()
                }
            }
            #endif

            """
    }
}
