import ArcMaskFolder
import ArcMaskGeometry
import Foundation

/// Writes `<Name>Widget.swift`: a complete widget around the exported view — a
/// `StaticConfiguration` with a provider of one entry that never reloads (the animation turns
/// by itself), the exported family, no content margins, and a container background on iOS 17.
public enum WidgetFile {
    public static func generate(
        source: String, family: WidgetFamily, names n: CodeNames = .standard
    ) -> String {
        let name = CodeText.fileName(source)
        return """
            // \(n.widgetFile), written by `arcmask export` for \(name): a widget that plays \(n.plan).
            // Add `\(n.widget)()` to your extension's WidgetBundle (INSTALL.md shows how).

            #if canImport(SwiftUI) && canImport(WidgetKit) && canImport(ImageIO)
            import Foundation
            import SwiftUI
            import WidgetKit

            \(timeline(n, why: "the masks turn by themselves"))

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
                let kind = "\(n.widget)"

                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: kind, provider: \(n.provider)()) { _ in
                        \(n.widgetView)()
                    }
                    .configurationDisplayName("\(swiftString(name))")
                    .description("An animation played by arc masks.")
                    .supportedFamilies([.\(family.systemName)])
                    .contentMarginsDisabled()
                }
            }
            #endif

            """
    }

    /// The widget's entry and its provider: one entry that never needs reloading (`why` says
    /// why), shared by every route's widget.
    package static func timeline(_ n: CodeNames, why: String) -> String {
        """
        struct \(n.entry): TimelineEntry {
            let date: Date
        }

        /// One entry that never needs reloading: \(why).
        struct \(n.provider): TimelineProvider {
            func placeholder(in context: Context) -> \(n.entry) {
                \(n.entry)(date: Date())
            }

            func getSnapshot(in context: Context, completion: @escaping (\(n.entry)) -> Void) {
                completion(\(n.entry)(date: Date()))
            }

            func getTimeline(in context: Context, completion: @escaping (Timeline<\(n.entry)>) -> Void) {
                completion(Timeline(entries: [\(n.entry)(date: Date())], policy: .never))
            }
        }
        """
    }

    /// `s` safe inside a Swift string literal.
    package static func swiftString(_ s: String) -> String {
        s.unicodeScalars.map { c -> String in
            switch c {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            case _ where c.value < 0x20 || c.value == 0x7F: return String(format: "\\u{%X}", c.value)
            default: return String(c)
            }
        }.joined()
    }
}

extension WidgetFamily {
    /// WidgetKit's name for the family.
    package var systemName: String {
        switch self {
        case .small: return "systemSmall"
        case .medium: return "systemMedium"
        case .large: return "systemLarge"
        case .extraLarge: return "systemExtraLarge"
        }
    }
}
