import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerClock

/// The turns of a timer-mask loop that follow the animation's own frames: a lane wherever one
/// of its frames starts, on the grid of the route's shortest lane (1/30 s: a mask's timer
/// changes on whole seconds, and a lane a thirtieth of a second long is the finest the route
/// plays, as the timer-mask plan's rates say), so the lane rate follows the source's frames
/// rather than their average rate.
///
/// A frame whose start rounds onto the same step as the next frame's gives way to it: only
/// frames shorter than a step can drop. Over the lanes allowed, the shortest turns give way to
/// the turns before them, first.
public enum SourceLanes {
    /// The finest grid: lanes a second.
    public static let finestRate = TimerMaskPlan.rates.upperBound

    /// The grid for lanes of at most `fps` a second (nil: the finest).
    public static func rate(_ fps: Int?) throws(PlanError) -> Int {
        guard let fps else { return finestRate }
        guard TimerMaskPlan.rates.contains(fps) else {
            throw PlanError(
                problem: "the timer-mask route cannot play \(fps) frames a second",
                suggestion: "choose \(PlanSetting.framesPerSecond.token) from 1 to 30")
        }
        return fps
    }

    /// The turns of one loop of `timing` for frames of `durationsMs`, from 0 to the loop's end.
    /// - Parameters:
    ///   - rate: the grid, steps a second (the finest by default).
    ///   - maxLanes: the most lanes the turns may take once turns longer than a second are
    ///     stacked again each second (`TimerMaskLayers.stack`).
    public static func turns(
        durationsMs: [Double], timing: TimerLoopTiming, rate: Int = finestRate, maxLanes: Int
    ) -> [SourceFidelity.Turn] {
        let n = durationsMs.count
        let total = durationsMs.reduce(0, +)
        let steps = rate * timing.loopSeconds
        guard n > 0, total > 0, steps > 0 else {
            return [SourceFidelity.Turn(frame: 0, from: 0, to: Double(timing.loopSeconds))]
        }
        let k = Double(rate) / (timing.speed * 1000)  // grid steps per ms of the animation
        var frameAt = [Int?](repeating: nil, count: steps)
        var start = 0.0
        var starts: [Double] = []
        for d in durationsMs {
            starts.append(start)
            start += d
        }
        for p in 0..<max(1, timing.plays) {
            for f in 0..<n {
                let step = Int(((Double(p) * total + starts[f]) * k).rounded())
                if step < steps { frameAt[step] = f }
            }
        }
        frameAt[0] = frameAt[0] ?? 0
        var turns: [SourceFidelity.Turn] = []
        for step in 0..<steps {
            guard let f = frameAt[step] else { continue }
            let from = Double(step) / Double(rate)
            if let last = turns.last, last.frame == f { continue }
            if !turns.isEmpty { turns[turns.count - 1].to = from }
            turns.append(SourceFidelity.Turn(frame: f, from: from, to: Double(timing.loopSeconds)))
        }
        // Over the lanes allowed: the shortest turn (not the first) gives way to the one before.
        while lanes(turns) > max(1, maxLanes), turns.count > 1 {
            var shortest = 1
            for i in 2..<turns.count where turns[i].to - turns[i].from < turns[shortest].to - turns[shortest].from {
                shortest = i
            }
            turns[shortest - 1].to = turns[shortest].to
            turns.remove(at: shortest)
            if shortest < turns.count, turns[shortest].frame == turns[shortest - 1].frame {
                turns[shortest - 1].to = turns[shortest].to
                turns.remove(at: shortest)
            }
        }
        return turns
    }

    /// The lanes `turns` take: one each, and one more for each further second of a turn after the
    /// first (a mask draws for a second).
    public static func lanes(_ turns: [SourceFidelity.Turn]) -> Int {
        TimerMaskSection.lanesPerTurn(turns.map { ($0.to - $0.from) * 1000 }).reduce(0, +)
    }
}
