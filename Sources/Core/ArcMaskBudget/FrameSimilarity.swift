import Foundation

/// Which neighbouring frames nobody can tell apart, measured on the frames as composited at the
/// source's size: two frames are the same picture when at most `pixelShare` of their pixels differ
/// by more than `levels` in any channel (colour premultiplied by alpha, and alpha). Anything that
/// differs more is a frame the animation shows; dropping it is a frame-rate decision, never a merge.
///
/// Frames are taken in order into runs: a run starts at a frame (its reference) and holds every
/// following frame within the threshold of that reference, so every frame of a run is within the
/// threshold of the frame the merged layer shows (no drift along the run).
public struct FrameSimilarity: Sendable, Equatable {
    /// A channel differing by more than this (0–255) makes a pixel differ.
    public static let levels = 16
    /// At most this share of pixels may differ for two frames to be the same picture.
    public static let pixelShare = 0.01

    /// Each frame's reference: the first frame of its run.
    public private(set) var runStart: [Int] = []
    /// Each frame's share of differing pixels against its reference (0 for a reference).
    public private(set) var difference: [Double] = []

    public init() {}

    /// Runs given outright (tests, and writers that measured elsewhere).
    public init(runStart: [Int], difference: [Double]) {
        self.runStart = runStart
        self.difference = difference
    }

    /// The reference frame's pixels, kept while its run lasts.
    private var reference: [UInt8] = []
    private var referenceWidth = 0
    private var referenceHeight = 0

    /// Adds the next frame: straight or premultiplied RGBA, `width`×`height`.
    public mutating func add(_ rgba: [UInt8], width: Int, height: Int, premultiplied: Bool) {
        let k = runStart.count
        if k > 0, referenceWidth == width, referenceHeight == height, rgba.count == reference.count,
            let share = Self.share(reference, rgba, premultiplied: premultiplied, limit: Self.pixelShare)
        {
            runStart.append(runStart[k - 1])
            difference.append(share)
            return
        }
        runStart.append(k)
        difference.append(0)
        reference = rgba
        referenceWidth = width
        referenceHeight = height
    }

    /// The share of pixels of `a` and `b` (same size) that differ by more than `levels` in a
    /// channel, or nil as soon as it is over `limit`.
    public static func share(_ a: [UInt8], _ b: [UInt8], premultiplied: Bool, limit: Double = 1) -> Double? {
        let pixels = a.count / 4
        guard pixels > 0, a.count == b.count else { return a.count == b.count ? 0 : nil }
        let allowed = Int((Double(pixels) * limit).rounded(.down))
        var differing = 0
        let t = levels
        a.withUnsafeBufferPointer { p in
            b.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count {
                    let aa = Int(p[i + 3]), ba = Int(q[i + 3])
                    var over = abs(aa - ba) > t
                    if !over {
                        for c in 0..<3 {
                            var x = Int(p[i + c]), y = Int(q[i + c])
                            if !premultiplied {
                                x = (x * aa + 127) / 255
                                y = (y * ba + 127) / 255
                            }
                            if abs(x - y) > t {
                                over = true
                                break
                            }
                        }
                    }
                    if over {
                        differing += 1
                        if differing > allowed { return }
                    }
                    i += 4
                }
            }
        }
        return differing > allowed ? nil : Double(differing) / Double(pixels)
    }

    /// Two measurements are equal when they found the same runs and differences.
    public static func == (a: FrameSimilarity, b: FrameSimilarity) -> Bool {
        a.runStart == b.runStart && a.difference == b.difference
    }

    /// Whether frames `a` and `b` are in one run.
    public func sameRun(_ a: Int, _ b: Int) -> Bool {
        a < runStart.count && b < runStart.count && runStart[a] == runStart[b]
    }
}
