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
/// 1. merge neighbouring frames that are near-identical or too short to see (a merged layer
///    lasts as long as its frames together);
/// 2. lower the scale one step at a time (3×, 2×, 1.5×, 1×), never below `minScale`;
/// 3. lower the frame rate evenly in time: the loop is cut into equal slots, one layer per
///    slot showing the source frame at the slot's middle (total duration kept), as many slots
///    as fit — unless `keepFrames`, which refuses instead.
public enum FrameBudget {
    /// Frames shorter than this are merged into a neighbour when over budget (ms, about one 60 Hz refresh).
    public static let shortFrameMs = 17.0
    /// Mean absolute difference (0–255) of 8×8 thumbnails under which two frames are near-identical.
    public static let nearIdentical = 2.0
    /// The scales tried, in order.
    public static let scales: [Double] = [3, 2, 1.5, 1]

    /// - Parameters:
    ///   - thumbnails: an 8×8 RGB thumbnail per frame, or nil when the caller knows the plan fits.
    public static func fit(
        durations: [Double], viewWidth: Double, viewHeight: Double, scale: Double,
        budgetBytes: Int, policy: BudgetPolicy = BudgetPolicy(), thumbnails: [[UInt8]]?,
        vocabulary: BudgetVocabulary = .plain
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

        // 1. Merge what nobody can tell apart.
        if groups.count > capacity, let thumbnails {
            let before = groups.count
            groups = merge(groups, durations: durations, thumbnails: thumbnails, target: capacity)
            if groups.count < before {
                actions.append(.merged(frames: before, layers: groups.count, shortFrameMs: Int(shortFrameMs)))
            }
        }
        // 2. Lower the scale, not below the floor.
        var chosen = scale
        for s in scales where s < scale && s >= policy.minScale && groups.count > capacity {
            chosen = s
            size = pixels(s)
        }
        if chosen != scale {
            actions.append(.scaleLowered(from: scale, to: chosen, layer: size))
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

    /// Merges adjacent groups, cheapest first, while over `target` and while a merge is cheap.
    public static func merge(
        _ input: [FrameGroup], durations: [Double], thumbnails: [[UInt8]], target: Int
    ) -> [FrameGroup] {
        var groups = input
        while groups.count > target {
            // Cost of merging group k with k+1: 0 for a short frame, else the thumbnails' difference.
            var best: (k: Int, cost: Double)? = nil
            for k in 0..<(groups.count - 1) {
                let a = groups[k], b = groups[k + 1]
                let cost: Double
                if a.durationMs < shortFrameMs || b.durationMs < shortFrameMs {
                    cost = -1
                } else {
                    let d = difference(thumbnails[a.shown], thumbnails[b.shown])
                    guard d <= nearIdentical else { continue }
                    cost = d
                }
                if best == nil || cost < best!.cost { best = (k, cost) }
            }
            guard let (k, _) = best else { break }
            let a = groups[k], b = groups[k + 1]
            let shown = durations[b.shown] > durations[a.shown] ? b.shown : a.shown
            groups[k] = FrameGroup(first: a.first, last: b.last, shown: shown, durationMs: a.durationMs + b.durationMs)
            groups.remove(at: k + 1)
        }
        return groups
    }

    static func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0
        for i in 0..<min(a.count, b.count) { sum += abs(Int(a[i]) - Int(b[i])) }
        return Double(sum) / Double(max(1, min(a.count, b.count)))
    }

    /// An 8×8 RGB thumbnail of straight RGBA pixels (box averages; transparent pixels count as
    /// black): what merging compares.
    public static func thumbnail(rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        var sums = [Int](repeating: 0, count: 8 * 8 * 3), counts = [Int](repeating: 0, count: 64)
        let step = max(1, min(width, height) / 64)
        rgba.withUnsafeBufferPointer { p in
            for y in stride(from: 0, to: height, by: step) {
                let ty = y * 8 / height
                for x in stride(from: 0, to: width, by: step) {
                    let t = ty * 8 + x * 8 / width, i = (y * width + x) * 4
                    let a = Int(p[i + 3])
                    sums[t * 3] += Int(p[i]) * a / 255; sums[t * 3 + 1] += Int(p[i + 1]) * a / 255;
                    sums[t * 3 + 2] += Int(p[i + 2]) * a / 255
                    counts[t] += 1
                }
            }
        }
        return (0..<192).map { UInt8(sums[$0] / max(1, counts[$0 / 3])) }
    }

    /// Megabytes of 10⁶ bytes, as the device limits are given.
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
