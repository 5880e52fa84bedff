import ArcMaskValues
import Foundation

/// A setting the budget's messages point to. Each front end names them in its own words
/// (`BudgetVocabulary`): the command line by its options, ArcMaskKit by `PrepareOptions`' properties.
public enum BudgetSetting: Sendable, Equatable, CaseIterable {
    /// The archive's byte budget.
    case archiveBudget
    /// The extension's memory budget (decoded images, and the encoded files it holds).
    case extensionBudget
    /// The per-image pixel cap.
    case layerPixels
    /// The lowest scale the fitter may choose.
    case minScale
    /// Keep every frame (never lower the frame rate).
    case keepFrames
    /// The colour transparent pixels are flattened onto where a layer cannot hold them.
    case background
}

/// What a front end calls the budget's settings.
public struct BudgetVocabulary: Sendable, Equatable {
    public var archiveBudget: String
    public var extensionBudget: String
    public var layerPixels: String
    public var minScale: String
    public var keepFrames: String
    public var background: String
    /// What the budget's frames are: the source's frames, or a timer-mask route's lanes.
    public var frameNoun = "frame"

    public init(
        archiveBudget: String, extensionBudget: String, layerPixels: String, minScale: String, keepFrames: String,
        background: String = "the background colour"
    ) {
        self.archiveBudget = archiveBudget
        self.extensionBudget = extensionBudget
        self.layerPixels = layerPixels
        self.minScale = minScale
        self.keepFrames = keepFrames
        self.background = background
    }

    public func name(_ setting: BudgetSetting) -> String {
        switch setting {
        case .archiveBudget: archiveBudget
        case .extensionBudget: extensionBudget
        case .layerPixels: layerPixels
        case .minScale: minScale
        case .keepFrames: keepFrames
        case .background: background
        }
    }

    /// The settings in plain words, for callers without names of their own.
    public static let plain = BudgetVocabulary(
        archiveBudget: "the archive budget", extensionBudget: "the extension budget",
        layerPixels: "the per-image pixel cap", minScale: "the lowest scale", keepFrames: "keep-frames")
}

/// One thing the fit did to make the layers fit, or a warning about the result. Typed, so a
/// front end can act on it; `message(_:)` words it with the front end's names for the settings
/// (the manifest's `budgetActions` and `warnings` hold these words).
public enum BudgetNote: Sendable, Equatable {
    /// The per-image pixel cap lowered the scale before anything was fitted.
    case scaleCappedByPixelCap(from: Double, to: Double, layer: PixelSize, cap: Int, maxSide: Int)
    /// Frames nobody can tell apart (or too short to show) became one layer each.
    case merged(frames: Int, layers: Int, largestShare: Double)
    /// The scale went down to fit the budget.
    case scaleLowered(from: Double, to: Double, layer: PixelSize)
    /// The layers were held to the source's resolution before anything else (nothing is lost).
    case sourceBound(source: PixelSize, layer: PixelSize, fromLayer: PixelSize, from: Double, to: Double)
    /// The JPEG quality went down to fit the budget.
    case qualityLowered(from: Int, to: Int)
    /// Fewer layers, evenly over the loop.
    case frameRateLowered(fromPerSecond: Double, toPerSecond: Double, fromLayers: Int, toLayers: Int)
    /// Everything the fit did, in one line.
    case summary(
        frames: Int, layers: Int, fromScale: Double, toScale: Double, quality: Int?, layersPerSecond: Double?,
        bytes: Int, budget: Int)
    /// Warning: the pixel cap alone puts the layers below the lowest scale allowed.
    case pixelCapBelowMinScale(scale: Double, minScale: Double)
    /// Warning: every layer was kept, and the archive is over the size aimed at.
    case archiveOverAim(bytes: Int, aim: Int)
    /// Warning: a strip's archive figure is its PNG's size, not what the phone stores.
    case stripArchiveEstimate
    /// Warning: layers with transparent pixels were written as JPEG, flattened onto a colour.
    case transparencyFlattened(layers: Int, onto: String)

    /// Whether this is a warning rather than something the fit did.
    public var isWarning: Bool {
        switch self {
        case .pixelCapBelowMinScale, .archiveOverAim, .stripArchiveEstimate, .transparencyFlattened: true
        default: false
        }
    }

    public func message(_ names: BudgetVocabulary) -> String {
        let megabytes = FrameBudget.megabytes, scale = FrameBudget.fmtScale
        func percent(_ share: Double) -> String { String(format: "%.2g %%", share * 100) }
        func perSecond(_ v: Double) -> String { String(format: "%.1f", v) }
        switch self {
        case .scaleCappedByPixelCap(let from, let to, let layer, let cap, let maxSide):
            return "lowered the scale from \(scale(from))× to \(scale(to))× so each layer image (\(layer) px) stays "
                + "within \(cap) px (\(names.layerPixels)) and \(maxSide) px a side"
        case .merged(let frames, let layers, let largestShare):
            return "merged \(frames) frames into \(counted(layers, "layer")): frames nobody can tell apart (at most "
                + "\(percent(FrameSimilarity.pixelShare)) of pixels differ by more than \(FrameSimilarity.levels) levels; "
                + "the largest difference merged is \(percent(largestShare))), total duration kept"
        case .scaleLowered(let from, let to, let layer):
            return "lowered the scale from \(scale(from))× to \(scale(to))× (\(layer) px layers)"
        case .sourceBound(let source, let layer, let fromLayer, let from, let to):
            return "held the layers to the source's resolution: source \(source.width)×\(source.height) px fills "
                + "the view at \(scale(to)) px per pt, so layers of \(layer.width)×\(layer.height) px instead of "
                + "\(fromLayer.width)×\(fromLayer.height) px (\(scale(from))×) lose no source pixel"
        case .qualityLowered(let from, let to):
            return "lowered the JPEG quality from \(from) to \(to)"
        case .frameRateLowered(let fromPerSecond, let toPerSecond, let fromLayers, let toLayers):
            return "lowered the frame rate from \(perSecond(fromPerSecond)) to \(perSecond(toPerSecond)) layers per "
                + "second: \(fromLayers) → \(counted(toLayers, "layer")), each showing the frame at the middle of an equal slot "
                + "(total duration kept)"
        case .summary(
            let frames, let layers, let fromScale, let toScale, let quality, let layersPerSecond, let bytes,
            let budget):
            var text =
                "in all: \(counted(frames, names.frameNoun)) → \(counted(layers, "layer")), "
                + (fromScale == toScale ? "at \(scale(toScale))×" : "\(scale(fromScale))× → \(scale(toScale))×")
            if let quality { text += ", JPEG quality \(quality)" }
            if let layersPerSecond { text += ", \(perSecond(layersPerSecond)) layers per second" }
            return text + ", \(megabytes(bytes)) of \(megabytes(budget))"
        case .pixelCapBelowMinScale(let at, let minScale):
            return
                "the pixel cap puts the layers at \(scale(at))×, below \(names.minScale) \(scale(minScale)): the cap comes first (an image over it draws blank), and the budget may lower the scale further from there"
        case .archiveOverAim(let bytes, let aim):
            return
                "the archive holds \(megabytes(bytes)), over the \(megabytes(aim)) aimed at (\(names.keepFrames) kept every "
                + "layer); archives of 9.3 MB have drawn black"
        case .transparencyFlattened(let layers, let colour):
            return
                "\(layers) layer\(layers == 1 ? " has" : "s have") transparent pixels that JPEG cannot hold: flattened "
                + "onto \(colour); \(names.name(.background)) chooses the colour, and PNG layers (the automatic format) keep "
                + "the transparency"
        case .stripArchiveEstimate:
            return "strip layout: the view crops the strip in the extension, and the system re-encodes each cell into "
                + "the archive, so the archive figure is the strip's PNG size, not what the phone stores"
        }
    }
}

extension Array where Element == BudgetNote {
    /// The notes that are things the fit did, worded.
    public func actions(_ names: BudgetVocabulary) -> [String] {
        filter { !$0.isWarning }.map { $0.message(names) }
    }

    /// The warnings, worded.
    public func warnings(_ names: BudgetVocabulary) -> [String] {
        filter(\.isWarning).map { $0.message(names) }
    }
}

/// The layers cannot fit the budget: why, typed, and in the words of the front end that asked.
public struct BudgetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What one try at a step would take.
    public struct Cost: Sendable, Equatable {
        public var layers: Int
        public var layer: PixelSize
        public var bytes: Int
        public var scale: Double
        /// The JPEG quality, nil for PNG layers.
        public var quality: Int?

        public init(layers: Int, layer: PixelSize, bytes: Int, scale: Double, quality: Int?) {
            self.layers = layers
            self.layer = layer
            self.bytes = bytes
            self.scale = scale
            self.quality = quality
        }
    }

    public enum Reason: Sendable, Equatable {
        /// Decoded layers over the extension's memory even at the lowest scale.
        case decodedOverBudget(layers: Int, layer: PixelSize, needed: Int, budget: Int, scale: Double, noneFits: Bool)
        /// Not even one encoded layer fits the budget named by `raise`.
        case noLayerFits(Cost, budget: Int, raise: BudgetSetting)
        /// Every layer kept, and over what an archive may hold.
        case overArchiveCeiling(Cost, ceiling: Int)
        /// Decoded pictures over the budget even at the lowest scale, on a route that words its
        /// own advice (the timer-font route: its frame rate and loop settings).
        case picturesOverBudget(pictures: Int, picture: PixelSize, needed: Int, budget: Int, scale: Double)
    }

    public let reason: Reason
    /// The reason in the words of the vocabulary it was raised with.
    public let message: String

    public init(_ reason: Reason, names: BudgetVocabulary) {
        self.reason = reason
        message = Self.words(reason, names)
    }

    /// A reason worded by the route that raised it.
    public init(_ reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }

    static func words(_ reason: Reason, _ names: BudgetVocabulary) -> String {
        let megabytes = FrameBudget.megabytes, scale = FrameBudget.fmtScale
        func cost(_ c: Cost) -> String {
            let each = c.layers == 1 ? " of \(c.layer) px takes" : "s of \(c.layer) px take"
            return "\(c.layers) layer\(each) about \(megabytes(c.bytes)) at \(scale(c.scale))×"
                + (c.quality.map { ", JPEG quality \($0)" } ?? "")
        }
        switch reason {
        case .decodedOverBudget(let layers, let layer, let needed, let budget, let at, let noneFits):
            return
                "\(layers) layers of \(layer) px need \(megabytes(needed)) of decoded images, over the \(megabytes(budget)) "
                + "budget at \(scale(at))× (the lowest scale \(names.minScale) allows)"
                + (noneFits
                    ? "; not even one layer fits: raise \(names.extensionBudget)"
                    : "; \(names.keepFrames) refuses to drop frames: raise \(names.extensionBudget) (widgets are "
                        + "killed around 30 MB, 45 MB on newer phones), lower \(names.minScale), or leave out "
                        + "\(names.keepFrames) to lower the frame rate")
        case .noLayerFits(let c, let budget, let raise):
            return
                "\(cost(c)): not even one layer fits the \(megabytes(budget)) "
                + "\(raise == .extensionBudget ? "extension memory" : "archive") budget; raise \(names.name(raise))"
        case .overArchiveCeiling(let c, let ceiling):
            return
                "\(cost(c)), over the \(megabytes(ceiling)) an archive may hold (\(names.keepFrames) refuses to drop "
                + "frames): lower \(names.minScale), leave out \(names.keepFrames) to lower the frame rate, or raise "
                + "\(names.archiveBudget)"
        case .picturesOverBudget(let pictures, let picture, let needed, let budget, let at):
            return
                "\(pictures) pictures of \(picture) px need \(megabytes(needed)) decoded, over the \(megabytes(budget)) budget "
                + "even at \(scale(at))×; lower \(names.minScale), or raise \(names.extensionBudget)"
        }
    }
}
