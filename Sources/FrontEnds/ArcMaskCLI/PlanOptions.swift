import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskValues
import ArgumentParser
import Foundation

extension Preset: ExpressibleByArgument {}

/// The options every plan-based command shares: which file, which view, which preset.
struct PlanOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(AnimationArgument.help))
    var file: String

    @Option(
        name: .customLong("view"),
        help: "The view's size in points, WxH (e.g. 170x170 for systemSmall on 6.7\" iPhones).",
        transform: SizeArgument.parse)
    var size: SizeArgument?

    @Option(
        help:
            "Or the view of this widget family on --device, as export takes it: small, medium, large, extraLarge (iPad), extraLargePortrait (iOS 27), accessoryCircular, accessoryRectangular (Lock Screen), activity, island-compact, island-minimal, island-expanded (Live Activity)."
    )
    var family: WidgetFamily?

    @Option(
        help:
            "With --family: the device class whose widget size to take (default: the largest iPhones; for a Live Activity, the phone whose presentation is smallest)."
    )
    var device: String?

    /// The view's size in points: --view, else --family's on --device, else, for an export
    /// folder, the view its manifest was written for.
    var view: (width: Double, height: Double)? {
        if let size { return (Double(size.width), Double(size.height)) }
        guard let family else { return folderView.map { ($0.viewWidth, $0.viewHeight) } }
        return (device.flatMap(WidgetSizeTable.device) ?? WidgetSizeTable.defaultDevice(for: family)).size(family)
    }

    /// The view and scale an export folder's manifest names (nil for anything else).
    struct ManifestView: Decodable {
        let viewWidth: Double
        let viewHeight: Double
        let scale: Double
    }

    var folderView: ManifestView? {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDir), isDir.boolValue,
            let data = try? FileReader.contents(
                of: (file as NSString).appendingPathComponent(WidgetFolder.manifestFile), limit: 16 << 20,
                kind: "manifests"),
            let v = try? JSONDecoder().decode(ManifestView.self, from: Data(data)),
            v.viewWidth > 0, v.viewHeight > 0, v.viewWidth.isFinite, v.viewHeight.isFinite, v.scale > 0,
            v.scale <= 4
        else { return nil }
        return v
    }

    @Option(
        name: .customLong("scale"), parsing: .unconditional,
        help: "Pixels per point (default: --device's own, else 3).",
        transform: PointScale.parse)
    var scaleOption: PointScale?

    var scale: Double {
        scaleOption?.value
            ?? (size == nil && family == nil ? folderView?.scale : nil)
            ?? WidgetSizeTable.scale(ofDevice: device, family: size == nil ? family : nil)
    }

    @Option(help: "How the masks are built: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset: Preset = .arcmask

    @Option(
        name: .customLong("plan-refresh"), parsing: .unconditional,
        help: "arcmask preset: the refresh rate (Hz) seams are sized for.", transform: Hertz.parse)
    var planRefresh = Hertz(120)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "arcmask preset: how long a seam takes to cross the view, as a fraction of one refresh; the verdict's seam budget for every preset (default: the shortest seam a phone draws faithfully, within a budget of 1/8).",
            valueName: "fraction"),
        transform: Fraction.parse)
    var seamFraction: Fraction?

    @Option(
        name: .customLong("max-view-pixels"), parsing: .unconditional,
        help:
            "render and --mode raster: refuse views with more pixels than this (width × height after --scale; a widget has about 2 million).",
        transform: PixelCount.parse)
    var maxViewPixels = PixelCount(ViewLimits.defaultMaxPixels)

    @OptionGroup var source: InputOptions

    func validate() throws {
        try requirePath(file, "FILE")
        if let device, WidgetSizeTable.device(device) == nil {
            throw ValidationError(unknownDevice(device))
        }
        if device != nil && family == nil { throw ValidationError("--device picks --family's size; give --family too") }
    }

    /// Commands that plan masks need the view's size.
    func requireSize() throws {
        if let family, view == nil {
            let classes = WidgetSizeTable.classes(with: family)
            throw ValidationError(
                "\(device ?? "this device") has no \(family.rawValue) size in the table; the classes that have one: \(classes.joined(separator: ", "))"
            )
        }
        guard view != nil else {
            throw ValidationError(
                "give the view's size with --view WxH (points), e.g. 170x170, or --family (an export folder brings its own)"
            )
        }
    }

    /// Refuses a view whose pixels (after --scale) are over --max-view-pixels or cairo's 32,767 a side,
    /// before anything is opened or drawn.
    func checkViewPixels() throws {
        try requireSize()
        let w = Int((view!.width * scale).rounded()), h = Int((view!.height * scale).rounded())
        try ViewLimits.check(
            width: w, height: h, maxPixels: maxViewPixels.value, what: "the view at --scale \(fmt(scale))")
    }

    /// `checkViewPixels` for `validate()`: commands that draw or trace the view at full size.
    func validateViewPixels() throws {
        guard view != nil else { return }
        do { try checkViewPixels() } catch let e as UsageError { throw ValidationError(e.message) }
    }

    /// Opens the source and plans its masks.
    func load() throws -> (FrameSource, ArcPlan) {
        try requireSize()
        let size = self.view!
        let frames = try source.open(file)
        let request = PlanRequest(
            viewWidth: size.width, viewHeight: size.height, scale: scale,
            durationsMs: frames.durations, preset: preset, refreshHz: planRefresh.value,
            seamFraction: seamFraction?.value)
        do {
            return (frames, try ArcPlanner.plan(request))
        } catch {
            throw InputError(file: file, "cannot plan the \(preset.rawValue) masks: \(error.message(.commandLine))")
        }
    }
}

/// "unknown --device iphone-16-prp; did you mean iphone-16-pro? (see arcmask devices)".
func unknownDevice(_ name: String) -> String {
    let key = WidgetSizeTable.slug(name)
    let close = WidgetSizeTable.names.map { ($0, ArcMaskCommand.editDistance($0, key)) }.filter { $0.1 <= 2 }
        .min { $0.1 < $1.1 }
    return "unknown --device \(name); \(close.map { "did you mean \($0.0)? " } ?? "")see arcmask devices"
}
