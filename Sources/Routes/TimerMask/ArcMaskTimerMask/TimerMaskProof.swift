import ArcMaskFontCheck
import ArcMaskTimerClock
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Dispatch
import Foundation

/// The timer-mask route's proof with the fonts it writes: every mask's timer text shaped by
/// HarfBuzz in its period's font, as the system's renderer shapes it, and the lanes checked at
/// every refresh (`TimerMaskCheck`): the right frame on top, every hand-off within 1 ms, never
/// no lane — over the loop and around the timer's wraps into hours, where its text changes
/// shape.
public final class TimerMaskProof {
    public let plan: TimerMaskPlan
    /// The view's pictures, pixels: what a mask glyph must cover, in proportion (the view sets
    /// the text at its height).
    public let cell: PixelSize
    private let fonts: [Int: HarfBuzzFont]
    private var memo: [Int: [Int: Bool]] = [:]
    /// Timer strings shaped so far.
    public private(set) var stringsShaped = 0

    /// Instants after which the timer's text gains a digit or a field: an hour, 10 and 100
    /// hours (the proof looks at a few seconds around each).
    public static let hourWraps: [Double] = [3_600, 36_000, 360_000]

    /// - Parameter fonts: each period's mask font (TrueType bytes), by period in seconds.
    public init(plan: TimerMaskPlan, fonts: [Int: [UInt8]], cell: PixelSize) throws {
        self.plan = plan
        self.cell = cell
        var shaped: [Int: HarfBuzzFont] = [:]
        for mask in plan.masks where shaped[mask.periodSeconds] == nil {
            guard let bytes = fonts[mask.periodSeconds] else {
                throw InputError(file: "mask fonts", "no font for the \(mask.periodSeconds) s period")
            }
            shaped[mask.periodSeconds] = try HarfBuzzFont(
                bytes: bytes, name: "mask font (\(mask.periodSeconds) s)", ppem: cell.height)
        }
        self.fonts = shaped
    }

    /// Whether the mask's timer text has ink over the whole view at `t`. The view sets the text
    /// at its height and aligns its end to its trailing edge, clipped to the view: the last
    /// glyph's ink must span the cell's width back from the end of its advance, and the cell's
    /// height from the baseline.
    public func draws(_ mask: TimerMaskPlan.Mask, at t: Double) -> Bool {
        draws(periodSeconds: mask.periodSeconds, elapsed: TimerClock.elapsed(at: t, lead: mask.leadSeconds))
    }

    /// Whether the mask font of that period has ink over the whole view when its timer shows
    /// `e` whole seconds (each string shaped once).
    public func draws(periodSeconds: Int, elapsed e: Int) -> Bool {
        if let hit = memo[periodSeconds]?[e] { return hit }
        guard let font = fonts[periodSeconds] else { return false }
        stringsShaped += 1
        let glyphs = font.shape(TimerClock.text(elapsed: e))
        var full = false
        // The view's cell in font units: one em high, as wide as the view is for its height.
        let em = Double(font.unitsPerEm), width = em * Double(cell.width) / Double(max(cell.height, 1))
        if let last = glyphs.last, Double(last.advance) >= width - 1e-9, let box = font.outlineBox(last.glyph) {
            full =
                Double(box.x) <= Double(last.advance) - width + 1e-9 && box.x + box.width >= last.advance
                && Double(box.y) >= em && box.y + box.height <= 0
        }
        memo[periodSeconds, default: [:]][e] = full
        return full
    }

    /// Every refresh at each rate over `seconds` from the reference, then a few seconds around
    /// each hour wrap; the defects of all windows together. Each window's lane on top is worked
    /// out once for every rate (`TimerMaskTimeline`), each timer string shaped once per font.
    public func run(rates: [Int] = DisplayRefresh.rates, seconds: Double) -> TimerMaskCheck {
        var refreshes = 0, handOffs = 0
        var defects: [TimerMaskCheck.Defect] = []
        let windows = [(0.0, seconds)] + Self.hourWraps.map({ ($0 - 2, 4.0) })
        let timelines = windows.map { start, length in
            TimerMaskTimeline(plan, start: start, seconds: length) { self.draws(periodSeconds: $0, elapsed: $1) }
        }
        // The refreshes of each rate and window, walked on both cores; gathered in order.
        let jobs = rates.flatMap { hz in timelines.map { (hz, $0) } }
        let checks = Gathered<TimerMaskCheck>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { k in checks.put(k, jobs[k].1.check(hz: jobs[k].0)) }
        for check in checks.values {
            refreshes += check.refreshes
            handOffs += check.handOffs
            defects += check.defects.prefix(max(0, 20 - defects.count))
        }
        return TimerMaskCheck(refreshes: refreshes, handOffs: handOffs, defects: defects)
    }
}

/// Results put by concurrent jobs, each in its own slot, read once all are done.
final class Gathered<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func put(_ k: Int, _ value: T) {
        lock.lock()
        slots[k] = value
        lock.unlock()
    }

    var values: [T] { slots.compactMap { $0 } }
}
