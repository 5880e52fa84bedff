import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerFontPlan
import ArcMaskValues
import Foundation

/// The code and install files of a timer-font export: `<Name>View.swift` (the plan's numbers as
/// plain Swift, and the stacked, offset, masked timers as a SwiftUI view), `<Name>Widget.swift`,
/// `UIAppFonts.plist` and `INSTALL.md`. Public API only.
public enum TimerFontViewFile {
    /// Apple's documented timer rounding is consistent from iOS 18 on.
    public static let minimumIOS = "18.0"

    public static func generate(
        manifest m: TimerFontManifest, names n: CodeNames = .standard, vocabulary v: SettingNames = .plain
    ) -> String {
        """
        \(headerComment(m, n, v))

        import Foundation

        \(planEnum(m, n))

        #if canImport(SwiftUI) && canImport(WidgetKit)
        import SwiftUI
        import WidgetKit
        #if canImport(UIKit)
        import UIKit
        import os
        #endif

        \(missingFontsExtension(n.plan))

        \(viewStruct(n))
        #endif

        """
    }

    /// A number as Swift source: whole numbers with one decimal (`2.0`), others as Swift prints them.
    private static func num(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(format: "%.1f", x) : "\(x)"
    }

    /// The view file's opening comment: what wrote it, and how the timers play.
    private static func headerComment(_ m: TimerFontManifest, _ n: CodeNames, _ v: SettingNames) -> String {
        """
        // \(n.viewFile), written by `\(v.tool) export \(v.route) timer-font` for \(CodeText.fileName(m.source)).
        // Every number here equals manifest.json.
        //
        // How it plays (public API only): \(m.frameFonts.count) `Text(date, style: .timer)` views are stacked, each
        // counting up from its own offset before one shared reference date, each in its own font.
        // A font draws the digits and separators as nothing and turns the two seconds digits into
        // one ligature glyph: a frame picture (an sbix PNG). Each layer is masked by a timer in the
        // mask font, whose seconds ligature is a full square on even seconds and nothing on odd
        // ones; the masks uncover one layer after another, \(m.fps) times a second, and each layer
        // changes its picture only while it is covered. The loop lasts \(m.loopSeconds) s (it divides
        // a minute, so minute and hour wraps keep the phase).
        """
    }

    /// The plan as plain Swift (the enum `names.plan`): every number of the manifest, the
    /// appearances' fonts and backgrounds, and the timers' reference date.
    private static func planEnum(_ m: TimerFontManifest, _ n: CodeNames) -> String {
        let (r, g, b) = rgb(m.background)
        let fonts = m.frameFonts.map { "        \"\($0.postScriptName)\"," }.joined(separator: "\n")
        let darkFonts = (m.dark?.frameFonts ?? []).map { "        \"\($0.postScriptName)\"," }.joined(separator: "\n")
        let (dr, dg, db) = rgb(m.dark?.background ?? m.background)
        let frameLeads = m.frameFonts.map { num($0.frameLeadSeconds ?? 0) }.joined(separator: ", ")
        let maskLeads = m.frameFonts.map { $0.maskLeadSeconds.map(num) ?? "nil" }.joined(separator: ", ")
        let firstUpper = m.frameFonts.firstIndex { $0.underUpperMask } ?? m.frameFonts.count
        let p = n.plan
        return """
            /// The timer-font plan: view size in points, fonts by PostScript name, timer offsets in seconds.
            public enum \(p) {
                public static let framesPerSecond = \(m.fps)
                public static let loopSeconds = \(m.loopSeconds)
                public static let viewWidth: Double = \(num(m.viewWidth))
                public static let viewHeight: Double = \(num(m.viewHeight))
                /// What VoiceOver reads: the view is one image with this label (--label).
                public static let label = "\(WidgetCodeParts.swiftString(m.label ?? m.displayName ?? ExportManifest.animationName(m.source)))"
                /// What the frames were flattened onto (sRGB, 0…1); also the view's background.
                public static let background: (red: Double, green: Double, blue: Double) = (\(r), \(g), \(b))

                /// The frame fonts, bottom layer first (one layer each).
                public static let frameFonts: [String] = [
            \(fonts)
                ]
                /// The same pictures flattened onto the dark appearance's background, in fonts of their own
                /// (empty: the frame fonts serve both appearances).
                public static let darkFrameFonts: [String] = [
            \(darkFonts)
                ]
                /// The dark appearance's background (sRGB, 0…1).
                public static let darkBackground: (red: Double, green: Double, blue: Double) = (\(dr), \(dg), \(db))

                /// The frame fonts and background for an appearance.
                public static func frameFonts(dark: Bool) -> [String] {
                    dark && !darkFrameFonts.isEmpty ? darkFrameFonts : frameFonts
                }
                public static func background(dark: Bool) -> (red: Double, green: Double, blue: Double) {
                    dark && !darkFrameFonts.isEmpty ? darkBackground : background
                }
                public static let maskFont = "\(m.maskFont.postScriptName)"
                public static var layers: Int { frameFonts.count }

                /// Seconds each layer's frame timer starts before the reference date.
                public static let frameLeads: [Double] = [\(frameLeads)]
                /// Seconds each layer's own mask timer starts before the reference date (nil: unmasked).
                public static let maskLeads: [Double?] = [\(maskLeads)]
                /// Layers from this one up lie under one more mask, shared, starting this much before.
                public static let firstUpperLayer = \(firstUpper)
                public static let upperMaskLead: Double = \(num(m.upperMaskLeadSeconds))

                /// The date every timer counts from: `date` rounded down to a whole loop since
                /// 2001-01-01, so the phase follows the wall clock and survives timeline reloads.
                public static func referenceDate(for date: Date) -> Date {
                    let loops = (date.timeIntervalSinceReferenceDate / Double(loopSeconds)).rounded(.down)
                    return Date(timeIntervalSinceReferenceDate: loops * Double(loopSeconds))
                }

                /// The frame of the loop that shows at `date`.
                public static func frame(at date: Date) -> Int {
                    let t = date.timeIntervalSince(referenceDate(for: date))
                    return min(Int((t * Double(framesPerSecond)).rounded(.down)), framesPerSecond * loopSeconds - 1)
                }
            }
            """
    }

    /// The fonts the system cannot find (`missingFonts`), as an extension of the plan `p`.
    private static func missingFontsExtension(_ p: String) -> String {
        """
        extension \(p) {
            /// The fonts UIKit cannot find by PostScript name: not in the extension, or not listed
            /// under `UIAppFonts`. Empty on systems without UIKit.
            public static var missingFonts: [String] {
                #if canImport(UIKit)
                return (frameFonts + darkFrameFonts + [maskFont]).filter { UIFont(name: $0, size: 12) == nil }
                #else
                return []
                #endif
            }
        }
        """
    }

    /// The SwiftUI view: its date, appearance and accessibility, and what it shows while a
    /// font is missing; the timers it stacks come from `viewTimers`.
    private static func viewStruct(_ n: CodeNames) -> String {
        let p = n.plan
        return """
            /// Plays the exported animation with timers alone (iOS \(minimumIOS) or later: earlier systems round
            /// `.timer` inconsistently). Its fonts must be listed under `UIAppFonts` (see INSTALL.md).
            @available(iOS \(minimumIOS), *)
            public struct \(n.view): View {
                private let reference: Date
                /// The appearance: the dark one takes the pictures flattened onto its background.
                @Environment(\\.colorScheme) private var colorScheme
                private var dark: Bool { colorScheme == .dark }

                /// - Parameter date: the widget entry's date (any date gives the same phase).
                public init(date: Date = Date()) {
                    reference = \(p).referenceDate(for: date)
                }

                /// The timers, or the background alone when a font is missing: a timer in a font the
                /// system cannot find falls back to the system font, and the widget would show giant
                /// digits. One image for VoiceOver, with the export's label; its layers are hidden.
                public var body: some View {
                    content
                        .accessibilityElement(children: .ignore)
                        .accessibilityLabel(Text(\(p).label))
                        .accessibilityAddTraits(.isImage)
                }

                @ViewBuilder private var content: some View {
                    if \(p).missingFonts.isEmpty {
                        timers
                    } else {
                        placeholder
                    }
                }

                /// What shows instead of the timers while a font is missing, said once in the log.
                private var placeholder: some View {
                    #if canImport(UIKit)
                    let missing = \(p).missingFonts.joined(separator: ", ")
                    Logger(subsystem: "ArcMask", category: "timer-font").error(
                        "\(n.view): fonts not registered (\\(missing, privacy: .public)): bundle them with the extension and list them under UIAppFonts (INSTALL.md)")
                    #endif
                    let background = \(p).background(dark: dark)
                    return Color(red: background.red, green: background.green, blue: background.blue)
                        .frame(width: \(p).viewWidth, height: \(p).viewHeight)
                }

            \(viewTimers(p))
            }
            """
    }

    /// The view's stacked, masked timers (its members, indented), over the plan `p`.
    private static func viewTimers(_ p: String) -> String {
        """
            private var timers: some View {
                ZStack {
                    ForEach(0..<\(p).firstUpperLayer, id: \\.self) { i in
                        layer(i)
                    }
                    ZStack {
                        ForEach(\(p).firstUpperLayer..<\(p).layers, id: \\.self) { i in
                            layer(i)
                        }
                    }
                    .mask(alignment: .center) {
                        timer(\(p).maskFont, lead: \(p).upperMaskLead)
                    }
                }
                .frame(width: \(p).viewWidth, height: \(p).viewHeight)
                .background(
                    Color(
                        red: \(p).background(dark: dark).red, green: \(p).background(dark: dark).green,
                        blue: \(p).background(dark: dark).blue))
                .clipped()
                .environment(\\.locale, Locale(identifier: "en_US_POSIX"))
            }

            /// Layer `i`: its frame timer, under its own mask timer (layer 0 has none).
            @ViewBuilder private func layer(_ i: Int) -> some View {
                let font = \(p).frameFonts(dark: dark)[i]
                if let lead = \(p).maskLeads[i] {
                    timer(font, lead: \(p).frameLeads[i])
                        .mask(alignment: .center) {
                            timer(\(p).maskFont, lead: lead)
                        }
                } else {
                    timer(font, lead: \(p).frameLeads[i])
                }
            }

            /// A timer counting up from `lead` seconds before the reference date, in `font`, one
            /// em as tall as the view: digits and separators draw nothing and take no room, so the
            /// seconds ligature (one picture) is all it shows.
            private func timer(_ font: String, lead: Double) -> some View {
                Text(reference.addingTimeInterval(-lead), style: .timer)
                    .font(.custom(font, fixedSize: \(p).viewHeight))
                    .foregroundStyle(Color.black)
                    .lineLimit(1)
                    .contentTransition(.identity)
                    .fixedSize()
                    .frame(width: \(p).viewWidth, height: \(p).viewHeight, alignment: .trailing)
                    .clipped()
            }
        """
    }

    public static func widget(
        manifest m: TimerFontManifest, family: WidgetFamily, names n: CodeNames, vocabulary v: SettingNames = .plain
    ) -> String {
        let name = CodeText.fileName(m.source)
        let families = WidgetCodeParts.supportedFamilies(family)
        return """
            // \(n.widgetFile), written by `\(v.tool) export \(v.route) timer-font` for \(name): a widget that plays \(n.view).
            // Add `\(n.widget)()` to your extension's WidgetBundle (INSTALL.md shows how).

            #if canImport(SwiftUI) && canImport(WidgetKit)
            import Foundation
            import SwiftUI
            import WidgetKit

            \(WidgetCodeParts.timeline(n, why: "the timers count by themselves"))

            @available(iOS \(minimumIOS), *)
            struct \(n.widgetView): View {
                let entry: \(n.entry)
                @Environment(\\.colorScheme) private var colorScheme

                var body: some View {
                    let background = \(n.plan).background(dark: colorScheme == .dark)
                    \(n.view)(date: entry.date)
                        .containerBackground(for: .widget) {
                            Color(red: background.red, green: background.green, blue: background.blue)
                        }
                }
            }

            @available(iOS \(minimumIOS), *)
            struct \(n.widget): Widget {
                let kind = "\(n.widget)"\(families.declaration)

                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: kind, provider: \(n.provider)()) { entry in
                        \(n.widgetView)(entry: entry)
                    }
                    \(WidgetCodeParts.galleryStrings(displayName: m.displayName, fileName: name, description: m.widgetDescription ?? "An animation played by timer fonts."))
                    \(families.modifier)
                    .contentMarginsDisabled()
                }
            }
            #endif

            """
    }

    /// The `UIAppFonts` entries, as a property list to merge into the extension's Info.plist.
    public static func appFonts(_ files: [String]) -> String {
        let entries = files.map { "\t\t<string>\(xml($0))</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>UIAppFonts</key>
            \t<array>
            \(entries)
            \t</array>
            </dict>
            </plist>

            """
    }

    /// - Parameter v: how the guide names the settings and the tool (the command line's options).
    public static func installGuide(
        manifest m: TimerFontManifest, family: WidgetFamily, names n: CodeNames, vocabulary v: SettingNames
    ) -> String {
        let fonts = (m.frameFonts + [m.maskFont] + (m.dark?.frameFonts ?? [])).map {
            "| `\($0.file)` | `\($0.postScriptName)` |"
        }
        .joined(separator: "\n")
        let entries = m.fontFiles.map { "       <string>\($0)</string>" }.joined(separator: "\n")
        return """
            # Adding \(n.widget) to a widget extension (timer-font route)

            This folder was written by `\(v.tool) export \(v.route) timer-font` for \(CodeText.markdownCode((m.source as NSString).lastPathComponent)):
            a \(m.loopSeconds) s loop of \(m.frames.count) frames at \(m.fps) fps (the animation \(m.timing.sentence)),
            \(m.pixelWidth)×\(m.pixelHeight) px pictures for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt \(family.systemName ?? family.rawValue) widget at \(fmt(m.scale))×, flattened onto \(m.background),
            in \(m.frameFonts.count) frame fonts and one mask font (\(FrameBudget.megabytes(m.decodedBytes)) when every picture is decoded).\(m.dark.map { "\nThe dark appearance takes \($0.frameFonts.count) frame fonts of its own, the same pictures flattened onto \($0.background) (the view picks them by `colorScheme`)." } ?? "")
            It uses public API only: `Text(date, style: .timer)` and custom fonts.

            1. In Xcode, if the app has no widget extension yet: File ▸ New ▸ Target… ▸ Widget Extension.
               The widget plays on iOS \(minimumIOS) or later (earlier systems round `.timer` inconsistently,
               and frames would be skipped or repeated); step 4 adds it behind `if #available`, so the
               extension's other widgets keep their deployment target.
            2. Drag `\(n.viewFile)`, `\(n.widgetFile)` and the \(m.fontFiles.count) `.ttf` files into the project, ticking the
               widget extension target (Build Phases ▸ Copy Bundle Resources must list the fonts).
            3. List the fonts in the extension's Info.plist under `UIAppFonts` ("Fonts provided by
               application"); `\(TimerFontExporter.plistFile)` holds the same entries:

               ```xml
               <key>UIAppFonts</key>
               <array>
            \(entries)
               </array>
               ```

               The view asks for each font by its PostScript name:

               | file | PostScript name |
               |---|---|
            \(fonts.split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))

            \(WidgetCodeParts.bundleStep(n, number: 4, minimumIOS: minimumIOS))

            Build and run the extension's scheme, then add the widget from the home screen.

            Notes:
            - All timers count from one reference date (the entry's date rounded down to a whole loop), so
              the loop's phase follows the wall clock and survives timeline reloads.
            - The view sets an en_US_POSIX locale so the timers show Latin digits, and a fixed font size
              so Dynamic Type cannot resize the pictures.
            - `\(v.tool) emulate \(v.route) timer-font` and `\(v.tool) preview \(v.route) timer-font` read this folder;
              `manifest.json` holds the loop, the fonts and the proof (\(m.proof.instants) instants over \(m.proof.spanSeconds) s of
              timer strings, \(m.proof.wrongFrames) wrong).
            - Two exports can share one extension when they have different `\(v.codeName)`s.
            - Tinted and clear home screens (iOS 18 or later) draw this widget in WidgetKit's accented
              mode, which tints text: the frames are glyphs of `Text`, so they show as one-colour
              silhouettes there, whatever their colour fonts hold. Only an `Image` can opt out
              (`widgetAccentedRenderingMode(_:)`), so this route cannot; the rotation route keeps its
              colours there (`\(v.tinted) full-color`, its default).

            """
    }

    /// "#RRGGBB" as three components in 0…1, three decimals.
    static func rgb(_ hex: String) -> (String, String, String) {
        let c = Color(hex: hex) ?? .white
        func f(_ v: Double) -> String { String(format: "%.3f", v) }
        return (f(c.r), f(c.g), f(c.b))
    }

    static func xml(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
