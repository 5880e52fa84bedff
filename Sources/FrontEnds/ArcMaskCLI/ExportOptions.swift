import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskValues
import ArgumentParser
import Foundation

// The options `export` takes on every route, in the groups its short help shows. Each group
// checks what it holds alone; what depends on the route is `ExportRules`'.

/// Which widget the export is for: its family and device (so its size and scale), or a view
/// size of its own, how frames fill it, and what transparent pixels are flattened onto.
struct WidgetOptions: ParsableArguments {
    @Option(
        help:
            "Widget family: the Home Screen's (extraLarge on iPad, extraLargePortrait from iOS 27), the Lock Screen's (accessory…) or a Live Activity's (activity, island-…)."
    )
    var family: WidgetFamily = .small

    @Option(
        help:
            "Device class for the widget size (`arcmask devices` lists them; default: the largest iPhones; the largest iPad for extraLarge; for a Live Activity, the phone whose presentation is smallest, so that it starts on every iPhone)."
    )
    var device: String?

    @Option(
        name: .customLong("view"), help: "The view's size in points, WxH, instead of the family's.",
        transform: SizeArgument.parse)
    var size: SizeArgument?

    @Option(
        name: .customLong("scale"), parsing: .unconditional,
        help:
            "Pixels per point aimed at: 1, 2 or 3 (default: --device's own, 3 on current iPhones, 2 on iPads; a Live Activity's smallest phone's); fitting may lower it to --min-scale.",
        transform: PointScale.parse)
    var scaleOption: PointScale?

    @OptionGroup var fit: FitOption

    @Option(
        help: """
            RRGGBB (or '#RRGGBB', quoted: in a shell # starts a comment) that transparent pixels are \
            flattened onto. Rotation and timer-mask routes: only when given (then JPEG where the format is \
            automatic; without it layers with transparency stay PNG; not with a strip, which keeps \
            transparency). Timer-font route: always (stacked timers would show through), default FFFFFF, \
            the widget's light background. Frames that flattening makes identical, or pictures it mostly \
            erases, are a FAIL.
            """)
    var background: String?

    /// The scale aimed at: the option, else the device's (or the family's default device's).
    var scale: Double {
        scaleOption?.value ?? WidgetSizeTable.scale(ofDevice: device, family: size == nil ? family : nil)
    }

    func validate() throws {
        if let device, WidgetSizeTable.device(device) == nil {
            throw ValidationError(unknownDevice(device))
        }
        guard [1.0, 2, 3].contains(scale) else {
            throw ValidationError(
                "--scale takes 1, 2 or 3 (the pixels per point of iPhone and iPad screens), not \(fmt(scale))")
        }
        if let background, Color(hex: background) == nil || background.count > 7 {
            throw ValidationError(
                "--background takes an opaque colour as RRGGBB (or '#RRGGBB', quoted), not '\(shortened(background))'")
        }
    }
}

/// What is written: by which route, under which type names, and how the widget gallery names it.
struct CodeOptions: ParsableArguments {
    @Option(
        help: """
            rotation (arc masks turned by WidgetKit's private clock-hand rotation; any frame rate), \
            timer-mask (the same layers, one per lane, under live timer-text masks: public API, 1–30 fps, \
            loops of 2 to 30 s) or timer-font (frames as colour glyphs of timer fonts: public API, 1–15 fps, \
            iOS 18 or later). Each route's own options: arcmask help export --route NAME.
            """)
    var route: WidgetRoute = .rotation

    @Option(
        help:
            "Prefix of the generated types and files (e.g. Orbit: OrbitView, OrbitWidget), so exports can share an extension."
    )
    var name: String = CodeNames.standard.prefix

    @Option(help: "The widget's name in the widget gallery (default: the input's file name).")
    var displayName: String?

    @Option(
        name: .customLong("description"),
        help: "The widget's description in the gallery (default: a sentence about the route).")
    var widgetDescription: String?

    @Option(
        help: """
            What VoiceOver reads for the animation: the view is one image with this label, its layers \
            hidden (default: the gallery name, --display-name or the input's file name).
            """)
    var label: String?

    var names: CodeNames { CodeNames(name) ?? .standard }

    func validate() throws {
        guard CodeNames(name) != nil, name.utf8.count <= 64 else {
            throw ValidationError(
                "--name takes a Swift type name of at most 64 characters, starting with a capital letter (letters, digits, _), not '\(shortened(name))'"
            )
        }
        for (text, option) in [
            (displayName, "--display-name"), (widgetDescription, "--description"), (label, "--label"),
        ] {
            guard let text else { continue }
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty, text.count <= 120,
                !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw ValidationError("\(option) takes one line of 1 to 120 characters, not '\(shortened(text))'")
            }
        }
    }
}

/// What fitting to the phone's limits may do on every route: the extension's memory, and the
/// lowest scale it may lower to.
struct FittingOptions: ParsableArguments {
    @Option(
        name: .customLong("memory-budget"), parsing: .unconditional,
        help: """
            Extension memory in MB (10⁶ bytes) the generated code may hold (default 30; extensions are \
            killed around 30 MB): the encoded layers, a strip decoded, or the timer-font pictures decoded.
            """,
        transform: Megabytes.parse)
    var memoryBudgetOption = Megabytes(30)

    @Option(
        name: .customLong("min-scale"), parsing: .unconditional,
        help: "The lowest scale fitting may lower --scale to: 1, 1.5, 2 or 3 (default 2).",
        transform: PointScale.parse)
    var minScaleOption = PointScale(2)

    var memoryBudget: Double { memoryBudgetOption.value }
    var minScale: Double { minScaleOption.value }

    func validate() throws {
        guard FrameBudget.scales.contains(minScale) else {
            throw ValidationError("--min-scale takes 1, 1.5, 2 or 3, not \(fmt(minScale))")
        }
    }
}

/// When an export that shows defects, or nothing moving, still exits 0.
struct VerdictOptions: ParsableArguments {
    @Flag(
        help: """
            Exit 0 on a FAIL verdict (the emulator's, the timer proof's, flattening's), for the presets \
            that reproduce flawed public widgets; the folder is written either way, and without it the \
            export exits 2.
            """)
    var allowDefects = false

    @Flag(
        help: """
            Export an animation in which nothing moves (a still input, or one layer left by the budget) \
            and exit 0; without it such an export says why, writes nothing and exits 2.
            """)
    var allowStill = false
}
