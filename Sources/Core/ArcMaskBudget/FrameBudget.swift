import ArcMaskValues
import Foundation

/// A run of consecutive source frames shown as one layer.
public struct FrameGroup: Codable, Sendable, Equatable {
    /// The source frames the group covers.
    public var first: Int
    public var last: Int
    /// The source frame the layer shows: the longest of the run.
    public var shown: Int
    public var durationMs: Double

    public init(first: Int, last: Int, shown: Int, durationMs: Double) {
        self.first = first
        self.last = last
        self.shown = shown
        self.durationMs = durationMs
    }
}

/// What fitting the layers into the extension's memory budget did (the strip layout, and the
/// timer-font route's pictures).
public struct BudgetDecision: Sendable, Equatable {
    public var groups: [FrameGroup]
    public var scale: Double
    public var pixelSize: PixelSize
    public var layerBytes: Int
    /// What was done, in words (empty when nothing had to change).
    public var actions: [BudgetNote]
}

/// How far the budget may go to fit the layers.
public struct BudgetPolicy: Sendable, Equatable {
    /// The lowest scale the layers may drop to (2 by default: 1× is blurry on every iPhone).
    public var minScale: Double
    /// Refuse rather than lower the frame rate.
    public var keepFrames: Bool

    public init(minScale: Double = 2, keepFrames: Bool = false) {
        self.minScale = minScale
        self.keepFrames = keepFrames
    }
}

/// Fits an animation's decoded layers into a widget's memory budget, keeping the animation:
/// 1. merge neighbouring frames nobody can tell apart (`FrameSimilarity`; a merged layer lasts
///    as long as its frames together);
/// 2. lower the scale one step at a time (3×, 2×, 1.5×, 1×), never below `minScale`;
/// 3. lower the frame rate evenly in time: the loop is cut into equal slots, one layer per
///    slot showing the source frame at the slot's middle (total duration kept), as many slots
///    as fit — unless `keepFrames`, which refuses instead.
public enum FrameBudget {
    /// The scales tried, in order.
    public static let scales: [Double] = [3, 2, 1.5, 1]

    /// - Parameters:
    ///   - similarity: which frames nobody can tell apart, or nil when the caller knows the plan fits.
    public static func fit(
        durations: [Double], viewWidth: Double, viewHeight: Double, scale: Double,
        budgetBytes: Int, policy: BudgetPolicy = BudgetPolicy(), similarity: FrameSimilarity?,
        vocabulary: BudgetVocabulary = .plain, sourceScale: Double? = nil, sourceSize: PixelSize? = nil
    ) throws -> BudgetDecision {
        func pixels(_ s: Double) -> PixelSize {
            PixelSize(width: max(1, Int((viewWidth * s).rounded())), height: max(1, Int((viewHeight * s).rounded())))
        }
        var groups = durations.enumerated().map { FrameGroup(first: $0, last: $0, shown: $0, durationMs: $1) }
        var actions: [BudgetNote] = []
        var size = pixels(scale)
        var capacity: Int { budgetBytes / (size.pixelCount * 4) }
        let totalMs = durations.reduce(0, +)
        func fps(_ layers: Int) -> Double { Double(layers) / max(totalMs / 1000, 1e-9) }

        // 0. Over budget: first the pixels the source lacks (`ResolutionBound`).
        var start = scale
        if groups.count > capacity, let sourceScale, sourceScale * ResolutionBound.tolerance < scale {
            start = ResolutionBound.layerScale(sourceScale)
            let from = size
            size = pixels(start)
            actions.append(
                .sourceBound(
                    source: sourceSize ?? PixelSize(width: 0, height: 0), layer: size, fromLayer: from, from: scale,
                    to: start))
        }
        // 1. Merge what nobody can tell apart.
        if groups.count > capacity, let similarity {
            let before = groups.count
            groups = merge(groups, similarity: similarity, target: capacity)
            if groups.count < before {
                actions.append(
                    .merged(frames: before, layers: groups.count, largestShare: largestDifference(groups, similarity)))
            }
        }
        // 2. Lower the scale, not below the floor (nor below the source's resolution, when lower).
        var chosen = start
        for s in scales where s < start && s >= min(policy.minScale, start) && groups.count > capacity {
            chosen = s
            size = pixels(s)
        }
        if chosen != start {
            actions.append(.scaleLowered(from: start, to: chosen, layer: size))
        }
        // 3. Lower the frame rate.
        if groups.count > capacity {
            let needed = groups.count * size.pixelCount * 4
            guard !policy.keepFrames, capacity >= 1 else {
                throw BudgetError(
                    .decodedOverBudget(
                        layers: groups.count, layer: size, needed: needed, budget: budgetBytes, scale: chosen,
                        noneFits: capacity < 1),
                    names: vocabulary)
            }
            let before = groups.count
            groups = decimate(groups, to: capacity)
            actions.append(
                .frameRateLowered(
                    fromPerSecond: fps(before), toPerSecond: fps(groups.count), fromLayers: before,
                    toLayers: groups.count))
        }
        let bytes = groups.count * size.pixelCount * 4
        if !actions.isEmpty {
            actions.append(
                .summary(
                    frames: durations.count, layers: groups.count, fromScale: scale, toScale: chosen, quality: nil,
                    layersPerSecond: fps(groups.count), bytes: bytes, budget: budgetBytes))
        }
        return BudgetDecision(groups: groups, scale: chosen, pixelSize: size, layerBytes: bytes, actions: actions)
    }

    /// `count` layers of (nearly) equal duration over the loop: slot k shows the frame the groups
    /// show at the slot's middle; neighbouring slots that show the same frame become one layer.
    public static func decimate(_ groups: [FrameGroup], to count: Int) -> [FrameGroup] {
        let total = groups.reduce(0) { $0 + $1.durationMs }
        guard count >= 1, groups.count > count, total > 0 else { return groups }
        var ends: [Double] = []
        var t = 0.0
        for g in groups {
            t += g.durationMs
            ends.append(t)
        }
        /// The group showing at time `x` (the last group for x at the very end).
        func group(at x: Double) -> Int {
            var lo = 0, hi = groups.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if ends[mid] > x { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        // Slot boundaries on the 120 Hz refresh grid (which holds the 60 Hz one): every layer
        // lasts a whole number of refreshes, and no refresh lands on a hand-off's seam.
        let refresh = 1000.0 / 120
        let snapped = total / Double(count) >= refresh
        let bounds = (0...count).map { k -> Double in
            if k == count { return total }
            let exact = Double(k) * total / Double(count)
            return snapped ? min(total, (exact / refresh).rounded() * refresh) : exact
        }
        var out: [FrameGroup] = []
        for k in 0..<count where bounds[k + 1] > bounds[k] {
            let start = bounds[k], end = bounds[k + 1]
            let shown = groups[group(at: (start + end) / 2)].shown
            let first = groups[group(at: start)].first
            let last = groups[group(at: max(start, end - 1e-9))].last
            if let previous = out.last, previous.shown == shown {
                out[out.count - 1].last = max(previous.last, last)
                out[out.count - 1].durationMs += end - start
            } else {
                out.append(FrameGroup(first: first, last: last, shown: shown, durationMs: end - start))
            }
        }
        return out
    }

    /// Merges adjacent groups of one run of `similarity` (frames nobody can tell apart), those
    /// that differ least first, while over `target`; the merged layer shows the run's reference
    /// frame, which every frame of the run is within the threshold of.
    public static func merge(_ input: [FrameGroup], similarity: FrameSimilarity, target: Int) -> [FrameGroup] {
        var groups = input
        guard similarity.runStart.count > (groups.map(\.last).max() ?? -1) else { return groups }
        // The largest difference inside each group, against its run's reference.
        var largest = groups.map { g in (g.first...g.last).map { similarity.difference[$0] }.max() ?? 0 }
        while groups.count > target {
            var best: (k: Int, cost: Double)? = nil
            for k in 0..<(groups.count - 1) where similarity.sameRun(groups[k].first, groups[k + 1].last) {
                let cost = max(largest[k], largest[k + 1])
                if best == nil || cost < best!.cost { best = (k, cost) }
            }
            guard let (k, cost) = best else { break }
            let a = groups[k], b = groups[k + 1]
            groups[k] = FrameGroup(
                first: a.first, last: b.last, shown: similarity.runStart[a.first],
                durationMs: a.durationMs + b.durationMs)
            largest[k] = cost
            groups.remove(at: k + 1)
            largest.remove(at: k + 1)
        }
        return groups
    }

    /// The largest difference of a frame from the picture its merged layer shows (share of pixels).
    public static func largestDifference(_ groups: [FrameGroup], _ similarity: FrameSimilarity) -> Double {
        groups.filter { $0.last > $0.first }.flatMap { g in (g.first...g.last).map { similarity.difference[$0] } }
            .max() ?? 0
    }

    /// A size as people read it, with its unit: "6.1 MB", "61 kB", "6.1 kB", "610 bytes".
    public static func megabytes(_ bytes: Int) -> String {
        switch bytes {
        case 100_000..., 0: String(format: "%.1f MB", Double(bytes) / 1_000_000)
        case 10_000...: String(format: "%.0f kB", Double(bytes) / 1000)
        case 1000...: String(format: "%.1f kB", Double(bytes) / 1000)
        default: "\(bytes) bytes"
        }
    }
    public static func fmtScale(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }
}
