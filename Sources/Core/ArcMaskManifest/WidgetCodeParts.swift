import ArcMaskGeometry
import Foundation

/// Pieces of generated code and guides every route's export writes the same way.
public enum WidgetCodeParts {
    /// The widget configuration's gallery strings: `.configurationDisplayName("…")` and
    /// `.description("…")`, with `name` (a file name, shown as is) unless the user gave one.
    public static func galleryStrings(
        displayName: String?, fileName: String, description: String, indent: String = String(repeating: " ", count: 8)
    ) -> String {
        ".configurationDisplayName(\"\(swiftString(displayName ?? galleryName(fileName)))\")\n"
            + indent + ".description(\"\(swiftString(description))\")"
    }

    /// What the gallery calls a widget made from `fileName`: the name a person gave the file,
    /// without its extension or the " (1)" a download adds ("Café anim (1).gif" → "Café anim").
    public static func galleryName(_ fileName: String) -> String { ExportManifest.animationName(fileName) }

    /// Whether two generated widget files differ only in their gallery strings (the display name
    /// and the description): edits that change what the gallery shows, not what plays.
    public static func differOnlyInGalleryStrings(_ a: String, _ b: String) -> Bool {
        func blanked(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                for call in [".configurationDisplayName(", ".description("] where trimmed.hasPrefix(call) {
                    return call + ")"
                }
                return String(line)
            }.joined(separator: "\n")
        }
        return a != b && blanked(a) == blanked(b)
    }

    /// The widget's entry and its provider: one entry that never needs reloading (`why` says
    /// why), shared by every route's widget.
    public static func timeline(_ n: CodeNames, why: String) -> String {
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
    public static func swiftString(_ s: String) -> String {
        s.unicodeScalars.map { c -> String in
            switch c {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            // Invisible and reordering characters as escapes: the source reads as it is.
            case _ where CodeText.isHidden(c): return String(format: "\\u{%X}", c.value)
            default: return String(c)
            }
        }.joined()
    }

    /// The numbered step that adds the widget to the extension's `WidgetBundle`. A widget that
    /// needs a later system than the extension's (`minimumIOS`) goes in behind `if #available`,
    /// so the rest of the extension keeps its own deployment target.
    public static func bundleStep(_ n: CodeNames, number: Int, minimumIOS: String? = nil) -> String {
        let entry = minimumIOS.map { "if #available(iOS \($0), *) { \(n.widget)() }" } ?? "\(n.widget)()"
        let note =
            minimumIOS.map {
                "\n   The widget needs iOS \($0); behind `if #available` the extension keeps its own deployment target."
            } ?? ""
        return """
            \(number). Add the widget to the extension's bundle. If the extension already has a `@main`
               `WidgetBundle`, add `\(entry)` to its `body`; otherwise replace the template's
               `@main` widget with:

               ```swift
               import SwiftUI
               import WidgetKit

               @main
               struct AnimatedWidgets: WidgetBundle {
                   var body: some Widget {
                       \(entry)
                   }
               }
               ```\(note)
            """
    }
}

extension WidgetFamily {
    /// WidgetKit's name for the family; nil for a Live Activity's presentations, which are
    /// ActivityKit's (`ActivityConfiguration`), not a widget family.
    public var systemName: String? {
        switch self {
        case .small: "systemSmall"
        case .medium: "systemMedium"
        case .large: "systemLarge"
        case .extraLarge: "systemExtraLarge"
        case .accessoryCircular: "accessoryCircular"
        case .accessoryRectangular: "accessoryRectangular"
        case .extraLargePortrait: "systemExtraLargePortrait"
        case .activity, .islandCompact, .islandMinimal, .islandExpanded: nil
        }
    }
}

extension WidgetCodeParts {
    /// The `.supportedFamilies(…)` modifier of a generated widget for `family`, with the
    /// declaration it reads (`families`, a static property of the widget; empty when the modifier
    /// names the family itself), written so that today's SDKs compile it:
    /// - Home Screen families: the family itself.
    /// - Lock Screen families (iOS 16): the family where the system has it; on iOS 15 (which the
    ///   generated widget also runs on) the small family, as a widget must offer one.
    /// - `systemExtraLargePortrait` (iOS 27): today's SDKs declare the case unavailable on iOS
    ///   (cifyr/motionary `Shared/Model/WidgetFamilyCompatibility.swift`, built with Xcode 26), so
    ///   the family is taken by its raw value, 4, which that project reports iOS 27 uses; before
    ///   iOS 27, the large family, which the view scales into.
    public static func supportedFamilies(
        _ family: WidgetFamily, indent: String = "    "
    ) -> (
        modifier: String, declaration: String
    ) {
        let name = family.systemName ?? "systemSmall"
        let body: String
        switch family {
        case .accessoryCircular, .accessoryRectangular:
            body = """
                if #available(iOS 16.0, *) { return [.\(name)] }
                return [.systemSmall]
                """
        case .extraLargePortrait:
            body = """
                // WidgetKit's systemExtraLargePortrait, by its raw value (today's SDKs do not declare it on iOS).
                if ProcessInfo.processInfo.operatingSystemVersion.majorVersion >= 27,
                    let portrait = WidgetFamily(rawValue: 4)
                {
                    return [portrait]
                }
                return [.systemLarge]
                """
        default:
            return (".supportedFamilies([.\(name)])", "")
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { indent + indent + $0 }
        // Placed right after the line before it: a blank line, then the property, in the widget's body.
        let declaration =
            "\n\n" + indent + "/// The family this export was made for (\(family.rawValue)), where the system has it.\n"
            + indent + "static var families: [WidgetFamily] {\n" + lines.joined(separator: "\n") + "\n" + indent + "}"
        return (".supportedFamilies(Self.families)", declaration)
    }
}
