import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// Writes `INSTALL.md`: how to add an export to a widget extension.
public enum InstallGuide {
    /// - Parameter vocabulary: how the guide names the settings and the tool (the command line's options).
    public static func generate(
        manifest m: ExportManifest, family: WidgetFamily, names n: CodeNames, route: RotationAccess,
        vocabulary v: SettingNames
    )
        -> String
    {
        if family.surface == .liveActivity {
            return liveActivity(manifest: m, family: family, names: n, route: route, vocabulary: v)
        }
        let images = imageFiles(m)
        let l = m.limits
        // Every file to add is named in one step, before building: the fonts with the code.
        let fonts = m.timerMask?.fonts.map(\.file) ?? []
        let fontStep = fonts.isEmpty ? "" : "\n" + fontsStep(fonts, number: 3)
        let bundle = fonts.isEmpty ? 3 : 4
        let package =
            route == .package
            ? """

            \(bundle + 1). Add the package: File ▸ Add Package Dependencies…, enter
               `https://github.com/octree/ClockHandRotationKit`, and add its `ClockHandRotationKit` library
               to the widget extension target.
            """ : ""
        return """
            # Adding \(n.widget) to a widget extension

            This folder was written by `\(v.tool) export` for \(CodeText.markdownCode((m.source as NSString).lastPathComponent)): \(m.frames.count) layers of \(m.pixelWidth)×\(m.pixelHeight) px
            for a \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt \(family.systemName ?? family.rawValue) widget at \(fmt(m.scale))×.

            ## The phone's limits
            A widget's view is archived in the extension and drawn by a system process; going over a
            limit is silent (the widget or the image draws nothing). This export, against each:

            | limit | this export | limit used | source | change with |
            |---|---|---|---|---|
            | view archive (images + view) | \(l.archiveFitted ? "\(FrameBudget.megabytes(l.archiveBytes))" : "not known: the system re-encodes the strip's cells (its PNG is \(FrameBudget.megabytes(l.archiveBytes)))") | \(FrameBudget.megabytes(l.archiveLimit)) (refused above \(FrameBudget.megabytes(l.archiveCeiling))) | 9.32 MB seen black, 7.48 MB drew (cifyr/motionary); "10MB of space per timeline" (Apple forum thread 779546) | `\(v.budget.archiveBudget) MB` |
            | pixels per image | \(l.largestLayerPixels) px | \(l.layerPixelLimit) px | smallest maximum seen (718,080; others 951,390 and 2,121,055 px) | `\(v.budget.layerPixels) N` |
            | extension memory | \(FrameBudget.megabytes(l.extensionBytes)) | \(FrameBudget.megabytes(l.extensionLimit)) | the usual figure (about 45 MB measured on an iPhone 17 Pro) | `\(v.budget.extensionBudget) MB` |
            | decoded in the system's renderer | \(FrameBudget.megabytes(l.rendererDecodedBytes)) | none measured | reported only | |

            \(m.layout == .files ? "Each layer is its own \(m.jpegQuality.map { "JPEG (quality \($0)) or PNG" } ?? "PNG") file, handed to SwiftUI as encoded bytes (`UIImage(data:scale:)`): the\nextension never decodes, crops or resizes it, and its bytes go into the archive as they are." : "The layers lie in one strip, which the view decodes in the extension to crop its cells (the\nextension-memory figure above); the system re-encodes each cell into the archive.")
            Quality kept: SSIM \(String(format: "%.3f", m.quality.meanSSIM)) on average, \(String(format: "%.3f", m.quality.worstSSIM)) at worst, against the exact frames at \(m.pixelWidth)×\(m.pixelHeight) px.
            Check the folder before shipping it: `\(v.tool) check <this folder>` (exit 2 when a file or a
            figure is wrong).

            On tinted and clear home screens (iOS 18 or later) the frames \(m.accented == .fullColor ? "keep their colours (`.widgetAccentedRenderingMode(.fullColor)`; `\(v.tinted) accented` tints them instead)" : "are tinted with the home screen (`.widgetAccentedRenderingMode(.accented)`; `\(v.tinted) full-color` keeps their colours)").

            1. In Xcode, if the app has no widget extension yet: File ▸ New ▸ Target… ▸ Widget Extension
               (deployment target iOS 15 or later).
            2. Drag \(listed(["`\(CodeNames.animationFile)`", "`\(n.planFile)`", "`\(n.widgetFile)`", images] + fonts.map { "`\($0)`" })) into the
               project, ticking the widget extension target (images\(fonts.isEmpty ? "" : " and fonts") must be copied into the extension's
               bundle: check Build Phases ▸ Copy Bundle Resources). `\(CodeNames.animationFile)` is the same
               for every export (it is ArcMaskKit's view): an extension needs one copy. An app that
               depends on ArcMaskKit leaves it out and imports ArcMaskKit in the plan and widget files.\(fontStep)
            \(WidgetCodeParts.bundleStep(n, number: bundle))
            \(package)
            Build and run the extension's scheme, then add the widget from the home screen.

            The rotation (`\(v.tool) export \(v.rotationAccess) runtime|silgen|package`):
            \(route.notes(timerMasks: m.timerMask != nil).joined(separator: "\n"))

            Every route rests on private API: WidgetKit may change or remove the rotation in any iOS
            release. Two exports can share one extension when they have different `\(v.codeName)`s.
            `manifest.json` holds the plan and the emulator's verdict on it.
            \(timerMasks(m, vocabulary: v))
            """
    }

    /// The export's image files as the steps name them: the strip, the one file, or the first … last.
    static func imageFiles(_ m: ExportManifest) -> String {
        m.strip.map { "`\($0)`" }
            ?? (m.images.count == 1
                ? "`\(m.images[0].file)`" : "the `\(m.images[0].file)` … `\(m.images.last!.file)` files")
    }

    /// `INSTALL.md` of a Live Activity export: the three files, `NSSupportsLiveActivities`, the
    /// bundle, starting it from the app, and what the evidence says of animating there.
    static func liveActivity(
        manifest m: ExportManifest, family: WidgetFamily, names n: CodeNames, route: RotationAccess,
        vocabulary v: SettingNames
    )
        -> String
    {
        let images = imageFiles(m)
        let l = m.limits
        let place =
            switch family {
            case .activity: "the Lock Screen presentation (and the expanded Dynamic Island, the same size)"
            case .islandExpanded: "the expanded Dynamic Island (and the Lock Screen presentation, the same size)"
            case .islandCompact: "the compact Dynamic Island's leading side"
            default: "the minimal Dynamic Island"
            }
        return """
            # Adding \(n.liveActivity) to an app and its widget extension

            This folder was written by `\(v.tool) export \(v.family) \(family.rawValue)` for \(CodeText.markdownCode((m.source as NSString).lastPathComponent)): \(m.frames.count) layers of \(m.pixelWidth)×\(m.pixelHeight) px
            for \(place), \(fmt(m.viewWidth))×\(fmt(m.viewHeight)) pt at \(fmt(m.scale))×.

            ## The limits of a Live Activity
            | limit | this export | limit used | source |
            |---|---|---|---|
            | archive (images + view) | \(FrameBudget.megabytes(l.archiveBytes)) | \(FrameBudget.megabytes(l.archiveLimit)) | about 2 MB observed before `archiveTooLarge` (cifyr/motionary §6.4); `\(v.budget.archiveBudget) MB` |
            | rotating layers in the card | \(m.frames.count) | a warning from \(WidgetLimits.liveActivityRotatingViews) | iOS 18 stalls from a hundred (BasedHardware/omi) |
            | data (attributes and state) | an empty state | 4 KB | ActivityKit, "Displaying live data with Live Activities" |
            | lifetime | | 8 h active, then up to 4 h on the Lock Screen | the same page |

            1. The app and its widget extension need iOS 16.1 or later for Live Activities (the starter
               needs 16.2). If the app has no widget extension yet: File ▸ New ▸ Target… ▸ Widget Extension.
            2. Drag `\(CodeNames.animationFile)`, `\(n.planFile)`, `\(n.liveActivityFile)` and \(images) into the
               project, ticking the widget extension target (images copied into its bundle).
            3. Drag `\(n.activityAttributesFile)` in ticking both the app and the extension, and
               `\(n.activityStarterFile)` ticking the app only.
            4. In the app's Info.plist, set `NSSupportsLiveActivities` to `YES`:

                   <key>NSSupportsLiveActivities</key>
                   <true/>

            5. Add `\(n.liveActivity)()` to the extension's `WidgetBundle` `body`, behind `if #available`
               where the extension's deployment target is below 16.1; a new extension's bundle:

               ```swift
               import SwiftUI
               import WidgetKit

               @main
               struct AnimatedWidgets: WidgetBundle {
                   var body: some Widget {
                       if #available(iOS 16.1, *) { \(n.liveActivity)() }
                   }
               }
               ```

            6. Start it from the app while the app is in the foreground: `\(n.activityStarter).start()` (it returns nil and
               logs why when the system refuses); `await \(n.activityStarter).endAll()` ends it.

            The rotation (`\(v.tool) export \(v.rotationAccess) runtime|silgen|package`):
            \(route.notes(timerMasks: m.timerMask != nil).joined(separator: "\n"))

            What is known of animating here disagrees. BasedHardware/omi turns a 32-frame flipbook by this
            rotation in a Live Activity on iOS 18, 26 and 27; cifyr/motionary (§8.1) judges Live
            Activities no animation surface. The system does not animate on Always-On displays, and
            the other presentations of this activity hold no images (each would add its own to the
            archive). Written from Apple's documentation; not run on a phone here.
            """
    }

    /// The step that lists the fonts in the extension's Info.plist.
    static func fontsStep(_ fonts: [String], number: Int) -> String {
        let entries = fonts.map { "       <string>\($0)</string>" }.joined(separator: "\n")
        return """
            \(number). List \(fonts.count == 1 ? "the font" : "the fonts") in the widget extension's Info.plist (a font registered at run
               time is not drawn by the widget's renderer; without it the timer masks draw nothing):

                   <key>UIAppFonts</key>
                   <array>
            \(entries)
                   </array>

            """
    }

    /// "a, b and c".
    static func listed(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The timer-mask lanes' part: how they play and what they cost.
    static func timerMasks(_ m: ExportManifest, vocabulary v: SettingNames) -> String {
        guard let t = m.timerMask else { return "" }
        let files = t.fonts.map { "`\($0.file)`" }.joined(separator: ", ")
        let archive = FrameBudget.megabytes(
            t.archiveBytes(
                imageBytes: Dictionary(m.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a })))
        let budget = FrameBudget.megabytes(m.limits.archiveLimit)
        let first =
            m.route == .timerMask
            ? "the timer masks first (this export was made for them)"
            : "the rotation where it turns, else the timer masks"
        return """

            ## Timer masks (public API)
            The same images also play as \(t.lanes.count) lanes under live timer-text masks over a \(t.loopSeconds) s loop:
            `Text(date, style: .timer)` in a mask font whose glyph is a full square on the second that opens
            a period and nothing on the others, so the system's renderer uncovers one lane after another.
            `ArcMaskAnimation` (engine `.automatic`) plays \(first); \
            `.rotation` and `.timerMasks` ask for one.

            The mask font\(t.fonts.count == 1 ? "" : "s") (\(files)) \(t.fonts.count == 1 ? "is" : "are") added in steps 2 and 3 above: without \(t.fonts.count == 1 ? "it" : "them"), the timer
            masks draw nothing where the rotation is missing.

            Every lane's image counts in the archive as its own: the lanes make \(archive) of the \(budget) budget\(m.route == .timerMask ? " (the figures above count them)" : "; over it, every n-th lane goes"). Measured on a phone by
            cifyr/motionary (iPhone 17 Pro, iOS 27.0): 60 to 320 lanes draw at 16 and 32 fps, and masks
            whose periods divide 60 hold up to 30 s. Written from those measurements and Apple's
            documentation, not run on a phone here; Low Power Mode and Always-On are not verified.
            `\(v.tool) check <this folder>` shapes the font at every refresh of two hours.

            """
    }
}
