import ArcMaskValues
import Foundation

/// The fitter's reading and passes: every call across to the writer is here.
extension ArchiveFitter {
    /// The key of the first frame's row while it is measured for a first guess only.
    static var probe: Int { -1 }

    /// Encodes the samples at every step in one pass, each drawn once per scale and encoded at
    /// each of its qualities (a lossless scale once). An in-order source has every frame read to
    /// reach the samples anyway: each is compared with its neighbours on the way (merging needs
    /// that), kept when the writer's policy says, and, when the writer speculates, encoded at the
    /// step the samples so far point to, so that a pass at that step finds its layers done.
    /// Returns the encoded bytes of each sample per step (`[frame: [bytes per step]]`) and, for
    /// an in-order source, the runs.
    func survey<W: LayerWriting>(
        _ writer: W, steps: [ArchiveStep], bounded: Bool, cache: FitCache<W.Pixels>, work: BoundedWork,
        progress: FitProgress, report: inout FitReport
    ) throws -> (sizes: [Int: [Int]], similarity: FrameSimilarity?) {
        let traits = writer.traits
        let samples = Set(sampleIndices)
        let scales = Array(Set(steps.map(\.scale))).sorted(by: >)
        guard let lowest = scales.last else { return ([:], nil) }
        let rows = SampleRows(steps: steps.count)
        // Frame `frame` (`row` its row's key) drawn by `drawing`, encoded at every step of `scale`.
        func sample(_ frame: Int, row: Int, _ scale: Double, _ drawing: @escaping Drawing<W.Pixels>) throws {
            let ks = steps.indices.filter { steps[$0].scale == scale }
            try work.submit {
                let pixels = try drawing()
                var sizes: [(Int, Int)] = []
                var lossless: Int? = nil
                for k in ks {
                    if let lossless {
                        sizes.append((k, lossless))
                        continue
                    }
                    let layer = try writer.encode(pixels, frame: frame, step: steps[k], measure: false)
                    sizes.append((k, layer.bytes.count))
                    if !layer.lossy { lossless = layer.bytes.count }
                }
                rows.set(row, sizes)
            }
        }

        let sizes = scales.map(pixels)
        switch traits.access {
        case .drawnAtSize, .anyOrder:
            // The samples alone: a vector frame drawn at each scale, a raster one decoded once
            // and resized to each.
            let drawn = traits.access == .drawnAtSize
            progress.stage(drawn ? .sampling : .reading, samples.count)
            for i in samples.sorted() {
                try progress.check()
                if drawn { progress.advance() }
                let frame = try writer.draw(i, at: sizes, from: nil)
                report.draws += 1
                if !drawn { progress.advance() }
                for (scale, drawing) in zip(scales, frame.layers) { try sample(i, row: i, scale, drawing) }
            }
            try work.finish()
            return (rows.measured, nil)
        case .inOrder:
            break
        }

        var runs = FrameSimilarity()
        var measuredRows = 0
        var guess: Int? = nil
        progress.stage(.reading, durations.count)
        for i in 0..<durations.count {
            try progress.check()
            // One call draws the frame: its reference, and a drawing per scale (run only where
            // asked below).
            let frame = try writer.draw(i, at: sizes, from: nil)
            report.draws += 1
            progress.advance()
            guard let reference = frame.reference else { throw FitContractError(frame: i) }
            runs.add(
                reference.rgba, width: reference.width, height: reference.height, premultiplied: W.Pixels.premultiplied)
            if traits.keep == .references { try cache.keep(i, scale: nil, reference) }
            if traits.speculates {
                if i == 0 && !samples.contains(0) {
                    // A first guess from the first frame, measured at every step before the next
                    // frame is read (and not counted among the samples).
                    for (scale, drawing) in zip(scales, frame.layers) { try sample(0, row: Self.probe, scale, drawing) }
                    try work.finish()
                }
                // Samples measured at every step so far; the first frame's row until there is one.
                let complete = rows.complete
                let sampled = complete.count > 1 ? complete.filter { $0.key != Self.probe } : complete
                if sampled.count != measuredRows || guess == nil {
                    measuredRows = sampled.count
                    guess = likelyStep(sampled, runs: runs, seen: i + 1, bounded: bounded, steps: steps.count)
                }
                if let k = guess, let drawing = zip(scales, frame.layers).first(where: { $0.0 == steps[k].scale })?.1 {
                    // At the ladder's lowest scale only the quality may still change: the drawn
                    // pixels are kept too, to encode again without drawing.
                    let step = steps[k], keepPixels = format != .png && step.scale == lowest
                    try work.submit {
                        let layer = try drawing()
                        if keepPixels { try cache.keep(i, scale: step.scale, layer) }
                        cache.add(i, step: step, try writer.encode(layer, frame: i, step: step, measure: true))
                    }
                }
            }
            guard samples.contains(i) else { continue }
            for (scale, drawing) in zip(scales, frame.layers) { try sample(i, row: i, scale, drawing) }
        }
        try work.finish()
        return (rows.measured, runs)
    }

    /// Every frame compared in order with its neighbours, at its reference size: for a source the
    /// survey did not read whole.
    func compare<W: LayerWriting>(_ writer: W, progress: FitProgress, report: inout FitReport) throws -> FrameSimilarity
    {
        progress.stage(.comparing, durations.count)
        var runs = FrameSimilarity()
        for i in 0..<durations.count {
            try progress.check()
            guard let frame = try writer.draw(i, at: [], from: nil).reference else { throw FitContractError(frame: i) }
            report.draws += 1
            runs.add(frame.rgba, width: frame.width, height: frame.height, premultiplied: W.Pixels.premultiplied)
            progress.advance()
        }
        return runs
    }

    /// Each group's layer at `step`, in group order: taken from the cache when the reading or an
    /// earlier pass encoded it, else encoded from kept pixels, else drawn (from its kept
    /// reference when there is one) and encoded. Nothing is written.
    func pass<W: LayerWriting>(
        _ groups: [FrameGroup], step: ArchiveStep, writer: W, cache: FitCache<W.Pixels>, work: BoundedWork,
        progress: FitProgress, report: inout FitReport
    ) throws -> [LayerImage] {
        report.passes += 1
        cache.retire(keeping: step)
        let size = pixels(step.scale)
        let layers = LayerSlots(count: groups.count)
        progress.stage(.writing, groups.count)
        for (g, group) in groups.enumerated() {
            try progress.check()
            let frame = group.shown
            if let layer = cache.layer(frame, step: step) {
                layers.set(g, layer)
                report.cacheHits += 1
                progress.advance()
                continue
            }
            let drawing: Drawing<W.Pixels>
            if let kept = try cache.pixels(frame, scale: step.scale) {
                drawing = { kept }
            } else {
                let reference = try cache.reference(frame)
                if reference == nil { report.draws += 1 }
                guard let drawn = try writer.draw(frame, at: [size], from: reference).layers.first else {
                    throw FitContractError(frame: frame)
                }
                drawing = drawn
            }
            try work.submit {
                let layer = try writer.encode(try drawing(), frame: frame, step: step, measure: true)
                cache.add(frame, step: step, layer)
                layers.set(g, layer)
                progress.advance()
            }
        }
        try work.finish()
        return layers.all
    }
}

/// A writer broke `LayerWriting.draw`'s contract (no reference where one was decoded, or no
/// drawing for a size asked for): a bug in the writer, named with the frame.
public struct FitContractError: Error, Sendable, Equatable, CustomStringConvertible {
    public let frame: Int
    public var description: String { "the layer writer did not draw frame \(frame) as asked" }
}

/// The survey's encoded sizes, row by row, filled from the fitter's threads.
final class SampleRows: @unchecked Sendable {
    private let lock = NSLock()
    private let steps: Int
    private var rows: [Int: [Int]] = [:]

    init(steps: Int) { self.steps = steps }

    func set(_ row: Int, _ sizes: [(step: Int, bytes: Int)]) {
        lock.withLock {
            var r = rows[row] ?? Array(repeating: 0, count: steps)
            for (k, b) in sizes { r[k] = b }
            rows[row] = r
        }
    }

    /// Rows measured at every step (the first frame's probe included).
    var complete: [Int: [Int]] { lock.withLock { rows.filter { !$0.value.contains(0) } } }

    /// Every sample's row, the probe left out.
    var measured: [Int: [Int]] { lock.withLock { rows.filter { $0.key != ArchiveFitter.probe } } }
}

/// A pass's layers, filled from the fitter's threads.
final class LayerSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [LayerImage?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ g: Int, _ layer: LayerImage) { lock.withLock { slots[g] = layer } }

    var all: [LayerImage] { lock.withLock { slots.map { $0! } } }
}
