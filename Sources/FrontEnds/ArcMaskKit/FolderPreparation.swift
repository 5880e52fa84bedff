import ArcMaskFolder
import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// An animation as `prepare` sees it before drawing: its name, canvas and frame durations (the
/// browsers' rule already applied).
public struct PreparedSource: Sendable, Equatable {
    public var name: String
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var durationsMs: [Double]

    public init(name: String, canvasWidth: Int, canvasHeight: Int, durationsMs: [Double]) {
        self.name = name
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.durationsMs = durationsMs
    }
}

/// The platform-neutral half of `prepare`: the pixel cap, the budget fit (`ArchiveFitter`, the
/// export's), the plan, the emulator's verdict and `manifest.json` (`WidgetFolder.finish`, the
/// export's), written into a staging folder that replaces the destination in one rename. The
/// layer writer, which draws and encodes, is the platform's (ImageIO on Apple systems).
public enum FolderPreparation {
    /// The largest side a layer may have (ImageIO and Core Graphics take more; the per-image
    /// pixel cap is far tighter anyway).
    public static let maxLayerSide = 32_767
    /// Frames refused before any is decoded.
    public static let maxFrames = 10_000
    /// The longest a frame may last, ms (an hour).
    public static let maxDurationMs = 3_600_000.0

    /// What the budget's messages call the settings: `PrepareOptions`' properties.
    public static let vocabulary = BudgetVocabulary(
        archiveBudget: "limits.archiveBytes", extensionBudget: "limits.extensionBytes",
        layerPixels: "limits.layerPixels",
        minScale: "budget.minScale", keepFrames: "budget.keepFrames")

    /// Prepares `source` into `destination`.
    /// - Parameters:
    ///   - replacing: replace a folder already at `destination` (in one step: a widget reading
    ///     it sees the old folder or the new one); otherwise an existing folder is an error.
    ///   - codeFiles: the code files the manifest lists (none: ArcMaskKit's view is in the app).
    ///   - vocabulary: what the budget's messages call the settings (`PrepareOptions`' names).
    ///   - writer: makes the layer writer that writes into the staging folder it is given.
    public static func run<W: LayerWriting>(
        source: PreparedSource, options: PrepareOptions, destination: URL, replacing: Bool,
        codeFiles: [String] = [], names: CodeNames = .standard, vocabulary: BudgetVocabulary = vocabulary,
        writer: (URL) throws -> W
    ) throws -> ExportManifest {
        try options.validate()
        let view = try options.resolved()
        try validate(source)
        let staging = try FolderStaging(destination, replacing: replacing)
        do {
            let request = WidgetPreparation.Request(
                description: WidgetFolder.Description(
                    source: (source.name as NSString).lastPathComponent, sourceWidth: source.canvasWidth,
                    sourceHeight: source.canvasHeight, viewWidth: view.width, viewHeight: view.height,
                    family: view.family, device: view.device, preset: options.preset, fit: options.fit,
                    layout: .files, imageFormat: options.imageFormat, names: names,
                    widgetFamily: view.family ?? .small, rotation: .runtime, accented: .fullColor,
                    codeFiles: codeFiles),
                durationsMs: source.durationsMs, scale: options.scale, limits: options.limits,
                policy: options.budget, jpegQuality: options.jpegQuality, maxLayerSide: maxLayerSide,
                vocabulary: vocabulary)
            let outcome: WidgetPreparation.Outcome
            do {
                outcome = try WidgetPreparation.run(request, writer: try writer(staging.staging)) {
                    try Data($1).write(to: staging.staging.appendingPathComponent($0))
                }
            } catch let error as BudgetError {
                throw PrepareError(.budget, error.message)
            } catch let failure as PlanFailure {
                throw PrepareError(.input, failure.message(.plain))
            }
            try staging.commit()
            return outcome.manifest
        } catch {
            staging.abort()
            throw error
        }
    }
}

extension FolderPreparation {
    /// A source's figures, checked before anything is allocated for them.
    static func validate(_ source: PreparedSource) throws {
        guard !source.durationsMs.isEmpty else { throw PrepareError(.input, "holds no frames") }
        guard source.durationsMs.count <= maxFrames else {
            throw PrepareError(.input, "holds \(source.durationsMs.count) frames, over the limit of \(maxFrames)")
        }
        if let k = source.durationsMs.firstIndex(where: { !($0.isFinite && $0 > 0 && $0 <= maxDurationMs) }) {
            throw PrepareError(
                .frame(k),
                "lasts \(source.durationsMs[k]) ms; a frame lasts more than 0 and at most \(Int(maxDurationMs)) ms")
        }
        guard source.canvasWidth > 0, source.canvasHeight > 0 else {
            throw PrepareError(.input, "its canvas \(source.canvasWidth)×\(source.canvasHeight) px is empty")
        }
    }
}

/// A folder written beside its destination and moved into place in one rename: never a
/// partial folder at the destination, never a staging folder left behind.
public final class FolderStaging {
    public let destination: URL
    public let staging: URL
    private let replacing: Bool
    private var done = false

    public init(_ destination: URL, replacing: Bool) throws {
        let fm = FileManager.default
        let place = PrepareError.Place.folder(destination.path)
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: destination.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw PrepareError(place, "exists and is not a folder") }
            guard replacing else { throw PrepareError(place, "exists; pass replacing: true to replace it") }
        }
        let parent = destination.deletingLastPathComponent()
        guard fm.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PrepareError(place, "its parent folder \(parent.path) does not exist")
        }
        self.destination = destination
        self.replacing = replacing
        staging = parent.appendingPathComponent(
            ".\(destination.lastPathComponent).arcmask-staging-\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw PrepareError(place, "cannot create a folder beside it (\(error.localizedDescription))")
        }
    }

    /// Moves the staging folder to the destination (replacing what is there when allowed).
    public func commit() throws {
        let fm = FileManager.default
        let place = PrepareError.Place.folder(destination.path)
        if fm.fileExists(atPath: destination.path) {
            guard replacing else { throw PrepareError(place, "appeared while preparing; not replaced") }
            do {
                // Apple systems swap the two folders in one step.
                _ = try fm.replaceItemAt(destination, withItemAt: staging)
            } catch {
                // Elsewhere (swift-corelibs-foundation replaces files only): set the old folder
                // aside, move the new one in, then remove the old one.
                let aside = staging.deletingLastPathComponent()
                    .appendingPathComponent(".\(destination.lastPathComponent).arcmask-old-\(UUID().uuidString)")
                do {
                    try fm.moveItem(at: destination, to: aside)
                } catch {
                    throw PrepareError(place, "cannot be replaced (\(error.localizedDescription))")
                }
                do {
                    try fm.moveItem(at: staging, to: destination)
                } catch {
                    try? fm.moveItem(at: aside, to: destination)
                    throw PrepareError(place, "cannot be replaced (\(error.localizedDescription))")
                }
                try? fm.removeItem(at: aside)
            }
        } else {
            do {
                try fm.moveItem(at: staging, to: destination)
            } catch {
                throw PrepareError(place, "cannot be written (\(error.localizedDescription))")
            }
        }
        done = true
    }

    /// Removes the staging folder (after an error or a cancellation).
    public func abort() {
        guard !done else { return }
        try? FileManager.default.removeItem(at: staging)
        done = true
    }

    deinit { abort() }
}
