import Dispatch
import Foundation

/// What `ArchiveFitter` keeps between its passes, keyed by frame and step, so that no frame is
/// drawn or encoded twice for the same answer:
/// - a layer encoded at a step (measured: only those serve as layers), in memory: a pass is at
///   most a few times the archive budget;
/// - pixels kept on the folder's hidden side (`FitDestination.keep`): every frame's reference
///   (`WriterTraits.Keep.references`), or layers drawn at the ladder's lowest scale, within
///   `pixelBudget` (`.lowestScale`).
///
/// Safe to use from the fitter's worker threads.
final class FitCache<Pixels: FitPixels>: @unchecked Sendable {
    /// Bytes of pixels kept at the lowest scale at most.
    static var pixelBudget: Int { 256 << 20 }

    private let folder: FitDestination
    private let keep: WriterTraits.Keep
    private let lock = NSLock()
    private var layers: [Int: (step: ArchiveStep, image: LayerImage)] = [:]
    /// Each kept frame's pixels: the scale they were drawn at (nil: the reference), their size.
    private var pixels: [Int: (scale: Double?, width: Int, height: Int)] = [:]
    private var pixelBytes = 0
    private(set) var keptBytes = 0

    init(folder: FitDestination, keep: WriterTraits.Keep) {
        self.folder = folder
        self.keep = keep
    }

    /// Frame `frame`'s layer encoded (and measured) at `step`.
    func add(_ frame: Int, step: ArchiveStep, _ image: LayerImage) {
        lock.withLock { layers[frame] = (step, image) }
    }

    func layer(_ frame: Int, step: ArchiveStep) -> LayerImage? {
        lock.withLock { layers[frame].flatMap { $0.step == step ? $0.image : nil } }
    }

    /// Forgets the layers of other steps: the fit only steps down, so they are not asked again.
    func retire(keeping step: ArchiveStep) {
        lock.withLock { layers = layers.filter { $0.value.step == step } }
    }

    /// Keeps frame `frame`'s reference (`scale` nil) or its pixels at `scale`, as the policy allows.
    func keep(_ frame: Int, scale: Double?, _ p: Pixels) throws {
        let admitted = lock.withLock { () -> Bool in
            switch keep {
            case .references: guard scale == nil else { return false }
            case .lowestScale:
                let raw = p.width * p.height * 4
                guard scale != nil, pixels[frame] == nil, pixelBytes + raw <= Self.pixelBudget else { return false }
                pixelBytes += raw
            }
            return true
        }
        guard admitted else { return }
        let bytes = p.kept()
        try folder.keep(bytes, as: Self.key(frame))
        lock.withLock {
            pixels[frame] = (scale, p.width, p.height)
            keptBytes += bytes.count
        }
    }

    /// Frame `frame`'s kept reference, when it was kept.
    func reference(_ frame: Int) throws -> Pixels? { try load(frame) { $0 == nil } }

    /// Frame `frame`'s pixels kept at `scale`, when they were.
    func pixels(_ frame: Int, scale: Double) throws -> Pixels? { try load(frame) { $0 == scale } }

    private func load(_ frame: Int, _ matches: (Double?) -> Bool) throws -> Pixels? {
        guard let entry = lock.withLock({ pixels[frame] }), matches(entry.scale) else { return nil }
        do {
            return try Pixels(kept: try folder.kept(Self.key(frame)), width: entry.width, height: entry.height)
        } catch {
            throw FitCacheError(frame: frame, reason: "\(error)")
        }
    }

    /// Everything kept goes (the fit is over, written or refused).
    func close() {
        lock.withLock {
            layers = [:]
            pixels = [:]
        }
        folder.forgetKept()
    }

    static func key(_ frame: Int) -> String { "frame-\(frame)" }
}

/// Pixels kept between passes cannot be read back.
public struct FitCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    public let frame: Int
    /// The underlying reason, as the folder or the pixels gave it.
    public let reason: String

    public var description: String { "frame \(frame): its kept pixels cannot be read back (\(reason))" }
}
