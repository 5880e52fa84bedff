import ArcMaskGeometry
import ArcMaskValues

/// The limits a phone puts on what a widget's view may hold, in one place. Each is a named value
/// with its public source; each can be changed on the command line.
///
/// A widget's view is archived in the extension and drawn by a system process. Images handed
/// over as encoded data (`UIImage(data:)`) go into that archive as they are, undecoded; the
/// archive has a byte limit, and each image's pixel area is capped. Going over either is
/// silent: the widget, or the image, draws nothing.
public struct WidgetLimits: Sendable, Equatable, Codable {
    /// Bytes of the view's archive the export aims at (images and everything else the view
    /// inlines): 7 MB. cifyr/motionary (`docs/widget-animation-surface.md` §4.1.1, §6.4, measured
    /// on an iPhone 17 Pro, August 2026): a whole archive of 9.32 MB was photographed black while
    /// 7.48 MB drew; a frame set of 11.9 MB drew nothing while 9.9 MB drew; Motionary aims every
    /// archive at 7 MB. An Apple engineer: "10MB of space per timeline" (Apple Developer Forums
    /// thread 779546). `--archive-budget`.
    public var archiveBytes: Int
    /// Bytes above which the export refuses even with `--keep-frames` (9 MB: under the 9.32 MB
    /// archive seen black). A budget given with `--archive-budget` is its own ceiling.
    public var archiveCeilingBytes: Int
    /// Pixels of each image (width × height, per image, never summed): the smallest maximum seen.
    /// WidgetKit's `imageTooLarge` check compares each image's area with a maximum the host sets
    /// per family and device; maxima seen: 718,080, 951,390 and 2,121,055 px (cifyr/motionary
    /// `docs/clip-limits.md`; TortugaPower/BookPlayer PR 1282). Over it the image is blank.
    /// `--max-layer-pixels`.
    public var layerPixels: Int
    /// Bytes the generated code may hold in the extension while it builds the view: 30 MB, the
    /// usual figure for a widget extension's memory (Apple Developer Forums thread 773785; about
    /// 45 MB was measured on an iPhone 17 Pro, cifyr/motionary §1). Layers handed over as encoded
    /// data cost their encoded bytes here; a strip costs its decoded size, as the code decodes it
    /// to crop its cells.
    public var extensionBytes: Int

    public static let archiveAimBytes = 7_000_000
    public static let archiveBlackBytes = 9_000_000
    public static let smallestPixelCap = 718_080
    public static let extensionMemoryBytes = 30_000_000

    /// Room the view's structure takes in the archive beside the images, per layer (its mask,
    /// frame, offset and rotation modifiers): a reserve, not a measurement.
    public static let viewBytesPerLayer = 1024

    public static let standard = WidgetLimits(
        archiveBytes: archiveAimBytes, layerPixels: smallestPixelCap, extensionBytes: extensionMemoryBytes)

    /// Bytes of a Live Activity's archive: about 2 MB. cifyr/motionary
    /// (`docs/widget-animation-surface.md` §6.4, "observed", medium confidence): a Live Activity
    /// archive past it fails with `archiveTooLarge(fileSize:)`; §6.3 cites a 109 KB font that
    /// inflated one to 2.5 MB and the activity did not start (Apple Developer Forums thread
    /// 715159). Apple documents no figure; ActivityKit says images larger than the presentation
    /// may keep the activity from starting ("Displaying live data with Live Activities").
    public static let liveActivityArchiveBytes = 2_000_000

    /// Rotating views in one Live Activity card from which iOS 18 stalls: a hundred.
    /// BasedHardware/omi (`OmiCaptureLiveActivity.swift`, its 32-frame flipbook): "iOS 18 stalls
    /// with a hundred or more in a card". One report; no other source gives a figure.
    public static let liveActivityRotatingViews = 100

    /// The limits of the surface `family` is drawn on: a Live Activity's archive is ~2 MB, and
    /// that is its ceiling too (past it the activity does not start); the others are `standard`.
    public static func standard(for family: WidgetFamily?) -> WidgetLimits {
        guard family?.surface == .liveActivity else { return standard }
        return WidgetLimits(
            archiveBytes: liveActivityArchiveBytes, archiveCeilingBytes: liveActivityArchiveBytes,
            layerPixels: smallestPixelCap, extensionBytes: extensionMemoryBytes)
    }

    /// What a folder of `layers` rotating layers for `family` should be warned of on its surface.
    /// Every surface is warned past the Live Activity figure: a Home Screen plan can stack
    /// hundreds of layers, each redrawn at every refresh, and no figure is measured there, so
    /// the one public figure stands until a measurement says otherwise.
    public static func surfaceWarnings(family: WidgetFamily?, layers: Int) -> [String] {
        var out: [String] = []
        if layers >= liveActivityRotatingViews {
            out.append(
                family?.surface == .liveActivity
                    ? "\(layers) rotating layers in a Live Activity: iOS 18 was reported to stall from \(liveActivityRotatingViews) in a card (BasedHardware/omi); fewer frames (a lower frame rate) are safer"
                    : "\(layers) layers, each redrawn at every refresh: iOS 18 was reported to stall from \(liveActivityRotatingViews) rotating views in a Live Activity card (BasedHardware/omi), and nothing is measured for widgets; fewer frames (a lower frame rate) are safer"
            )
        }
        if family?.surface == .lockScreen {
            out.append(
                "the rotation on Lock Screen widgets is unverified (cifyr/motionary §5.2 verified it on Home Screen widgets only), and the Lock Screen draws the widget in its vibrant mode, not in colour"
            )
        }
        return out
    }

    /// - Parameter archiveCeilingBytes: nil: 9 MB, or the budget when that is higher.
    public init(archiveBytes: Int, archiveCeilingBytes: Int? = nil, layerPixels: Int, extensionBytes: Int) {
        self.archiveBytes = archiveBytes
        self.archiveCeilingBytes = archiveCeilingBytes ?? max(Self.archiveBlackBytes, archiveBytes)
        self.layerPixels = layerPixels
        self.extensionBytes = extensionBytes
    }
}

/// Where an export stands against each limit: what `export` states in its summary and
/// manifest, and what `emulate` recomputes from the files on disk.
public struct LimitFigures: Sendable, Equatable, Codable {
    /// Bytes of the archive: the layer images plus the view's reserve.
    public var archiveBytes: Int
    public var archiveLimit: Int
    public var archiveCeiling: Int
    /// The largest layer image's area, pixels.
    public var largestLayerPixels: Int
    public var layerPixelLimit: Int
    /// What the generated code holds in the extension.
    public var extensionBytes: Int
    public var extensionLimit: Int
    /// Decoded size of every layer image in the system's renderer (reported; no measured limit).
    public var rendererDecodedBytes: Int
    /// Whether the archive figure is what the archive holds (layer files, handed over as they
    /// are) and so is held to its budget; false for a strip, whose cells the system re-encodes.
    public var archiveFitted: Bool = true

    public init(
        imageBytes: Int, layers: Int, largestLayerPixels: Int, extensionBytes: Int, rendererDecodedBytes: Int,
        limits: WidgetLimits
    ) {
        archiveBytes = saturatingSum(imageBytes, saturatingProduct(layers, WidgetLimits.viewBytesPerLayer))
        archiveLimit = limits.archiveBytes
        archiveCeiling = limits.archiveCeilingBytes
        self.largestLayerPixels = largestLayerPixels
        layerPixelLimit = limits.layerPixels
        self.extensionBytes = extensionBytes
        extensionLimit = limits.extensionBytes
        self.rendererDecodedBytes = rendererDecodedBytes
    }

    /// The limits these figures were measured against.
    public var limitValues: WidgetLimits {
        WidgetLimits(
            archiveBytes: archiveLimit, archiveCeilingBytes: archiveCeiling, layerPixels: layerPixelLimit,
            extensionBytes: extensionLimit)
    }

    /// Each limit that is exceeded, worded with a front end's names for the settings that raise
    /// it (empty when every figure is within its limit).
    public func overLimits(_ names: BudgetVocabulary) -> [String] {
        var out: [String] = []
        if archiveFitted && archiveBytes > archiveLimit {
            out.append(
                "archive \(FrameBudget.megabytes(archiveBytes)) is over its \(FrameBudget.megabytes(archiveLimit)) budget (\(names.archiveBudget))"
            )
        }
        if largestLayerPixels > layerPixelLimit {
            out.append(
                "a layer image of \(largestLayerPixels) px is over the \(layerPixelLimit) px per image (\(names.layerPixels))"
            )
        }
        if extensionBytes > extensionLimit {
            out.append(
                "the extension holds \(FrameBudget.megabytes(extensionBytes)), over its \(FrameBudget.megabytes(extensionLimit)) (\(names.extensionBudget))"
            )
        }
        return out
    }

    /// Why the archive's ceiling is where it is, in the words of the surface it was set for: a
    /// Live Activity's own, the black archives seen on widgets, or the budget the user asked for.
    var ceilingReason: String {
        if archiveCeiling == WidgetLimits.liveActivityArchiveBytes {
            return "a Live Activity past about 2 MB does not start"
        }
        if archiveCeiling == WidgetLimits.standard.archiveCeilingBytes { return "black seen at 9.3 MB" }
        return "the archive budget asked for"
    }

    /// One line per figure, "archive 6.1 MB of 7.0 MB", for summaries.
    public var lines: [String] {
        [
            archiveFitted
                ? "archive \(FrameBudget.megabytes(archiveBytes)) of \(FrameBudget.megabytes(archiveLimit)) (images and the view; "
                    + ceilingReason + ")"
                : "archive: the strip's PNG is \(FrameBudget.megabytes(archiveBytes)); the system re-encodes its cells into the archive (not fitted to \(FrameBudget.megabytes(archiveLimit)))",
            "largest layer \(largestLayerPixels) px of \(layerPixelLimit) px per image",
            "extension holds \(FrameBudget.megabytes(extensionBytes)) of \(FrameBudget.megabytes(extensionLimit))",
            "system renderer decodes \(FrameBudget.megabytes(rendererDecodedBytes)) (no limit measured; the archive and "
                + "the extension are the limits phones enforce)",
        ]
    }
}

/// a + b, or `Int.max` where that would overflow.
public func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (r, over) = a.addingReportingOverflow(b)
    return over ? .max : r
}

/// a × b, or `Int.max` where that would overflow.
public func saturatingProduct(_ a: Int, _ b: Int) -> Int {
    let (r, over) = a.multipliedReportingOverflow(by: b)
    return over ? .max : r
}
