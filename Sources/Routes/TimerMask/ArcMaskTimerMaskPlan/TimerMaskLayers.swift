import ArcMaskFolder
import ArcMaskGeometry
import ArcMaskTimerClock

/// Timer masks over layers already written — a rotation export's, a folder ArcMaskKit prepared:
/// the lanes of a loop, each showing the layer on screen when its turn starts (no image added;
/// consecutive lanes of one layer are one turn), every lane's image counted in the archive, and
/// every n-th lane dropped while over the budget. Plain Swift: the CLI and ArcMaskKit decide the
/// same way.
public enum TimerMaskLayers {
    /// One image on top from `from` to `to` seconds into the loop, showing source frame `frame`.
    public struct Turn: Sendable, Equatable {
        public var image: String
        public var frame: Int
        public var from: Double
        public var to: Double

        public init(image: String, frame: Int, from: Double, to: Double) {
            self.image = image
            self.frame = frame
            self.from = from
            self.to = to
        }
    }

    /// The manifest's entry for the mask font of a period, named `<prefix>Mask<P>-Regular` as
    /// the CLI writes it (the file is the same for every picture: `MaskFonts.laneMaskFont`).
    public static func font(prefix: String, periodSeconds p: Int) -> TimerMaskSection.Font {
        let name = "\(prefix)Mask\(p)-Regular"
        return TimerMaskSection.Font(file: name + ".ttf", postScriptName: name, periodSeconds: p)
    }

    /// What the lanes come to: the loop's timing, the section, and the archive the view makes
    /// playing them; `problem` says why there can be none (pictures wider than a mask covers,
    /// or even a lane a second over the archive budget).
    public struct Fitted: Sendable {
        public let timing: TimerLoopTiming
        public let section: TimerMaskSection
        public let archiveBytes: Int
        public let problem: String?
        public var fits: Bool { problem == nil }
    }

    /// The lanes over `m`'s layers for an animation of frames `durationsMs`.
    /// - Parameters:
    ///   - fps: lanes a second (nil: the animation's own rate, held to 1…30).
    ///   - loopSeconds: the loop asked for (nil: chosen by `mode` among `loops`).
    ///   - font: the mask font of a period.
    public static func fitted(
        _ m: ExportManifest, durationsMs: [Double], fps: Int?, loopSeconds: Int?, mode: TimerLoopTiming.Mode,
        maxLanes: Int, loops: [Int] = TimerMaskPlan.loops, font: (Int) -> TimerMaskSection.Font
    ) throws(PlanError) -> Fitted {
        let total = durationsMs.reduce(0, +)
        let timing = try TimerLoopTiming.choose(
            durationMs: total, loopSeconds: loopSeconds, loops: loops, route: "timer-mask", mode: mode)
        let rate = fps ?? TimerMaskPlan.frameRate(durationsMs: durationsMs)
        let entry = font(timing.loopSeconds)
        let imageBytes = Dictionary(m.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        func section(_ lanes: Int) throws(PlanError) -> TimerMaskSection {
            let plan = try TimerMaskPlan.fitted(fps: rate, loopSeconds: timing.loopSeconds, maxLanes: lanes)
            return stack(
                turns(m, durationsMs: durationsMs, timing: timing, plan: plan), loopSeconds: timing.loopSeconds,
                font: entry)
        }
        var limit = maxLanes
        var current = try section(limit)
        var bytes = current.archiveBytes(imageBytes: imageBytes)
        // A lane a second at the least, or a second would go without one coming on top.
        let fewest = timing.loopSeconds
        while bytes > m.limits.archiveLimit, limit > fewest {
            limit = max(fewest, min(limit - 1, current.lanes.count * m.limits.archiveLimit / max(bytes, 1)))
            current = try section(limit)
            bytes = current.archiveBytes(imageBytes: imageBytes)
        }
        var problem: String? = nil
        if m.pixelHeight <= 0 || m.pixelWidth > m.pixelHeight * TimerMaskSection.maskWidthInEms {
            problem =
                "pictures of \(m.pixelWidth)×\(m.pixelHeight) px are more than \(TimerMaskSection.maskWidthInEms) times as wide as high, more than a mask covers"
        } else if bytes > m.limits.archiveLimit {
            problem =
                "even a lane a second makes an archive of \(FrameBudget.megabytes(bytes)), over its \(FrameBudget.megabytes(m.limits.archiveLimit)) budget"
        }
        return Fitted(timing: timing, section: current, archiveBytes: bytes, problem: problem)
    }

    /// The layers of `m` in the turns of `plan`'s lanes: each lane shows the layer on screen at
    /// the start of its turn (the layers span the export's own period, onto which the
    /// animation's time maps), and consecutive lanes of one layer are one turn.
    public static func turns(
        _ m: ExportManifest, durationsMs: [Double], timing: TimerLoopTiming, plan: TimerMaskPlan
    ) -> [Turn] {
        let sourceTotal = durationsMs.reduce(0, +)
        let layerDurations = m.frames.map(\.durationMs)
        let layersTotal = layerDurations.reduce(0, +)
        var turns: [Turn] = []
        guard !m.frames.isEmpty else { return [] }
        for lane in plan.lanes {
            let ms = timing.animationTime(atLoopSeconds: lane.onTopFromSeconds)
            let k = TimerLoopTiming.frame(
                at: sourceTotal > 0 ? ms * layersTotal / sourceTotal : 0, durations: layerDurations)
            let layer = m.frames[k]
            if let last = turns.last, last.image == layer.file {
                turns[turns.count - 1].to = lane.onTopToSeconds
            } else {
                turns.append(
                    Turn(
                        image: layer.file, frame: layer.shownFrame ?? layer.sourceFrames.first ?? k,
                        from: lane.onTopFromSeconds, to: lane.onTopToSeconds))
            }
        }
        if !turns.isEmpty { turns[turns.count - 1].to = Double(plan.loopSeconds) }
        return turns
    }

    /// The turns as lanes, bottom to top. A turn of more than a second (after the first, which
    /// lies under everything and needs no mask) is stacked again each further second, since a
    /// mask draws for one second.
    public static func stack(_ turns: [Turn], loopSeconds: Int, font: TimerMaskSection.Font) -> TimerMaskSection {
        let period = Double(loopSeconds)
        var pieces: [Turn] = []
        for (k, turn) in turns.enumerated() {
            var from = turn.from
            repeat {
                let to = k > 0 ? min(turn.to, from + 1) : turn.to
                pieces.append(Turn(image: turn.image, frame: turn.frame, from: from, to: to))
                from = to
            } while from < turn.to - 1e-9
        }
        let lanes = pieces.enumerated().map { i, turn in
            var masks: [TimerMaskSection.Mask] = []
            if i > 0 {
                // Lead P − a: the timer's seconds open a period at a; the wrap mask (lead 1)
                // cuts a lane of the last second off at the loop's end.
                masks.append(TimerMaskSection.Mask(font: font.file, leadSeconds: period - turn.from))
                if turn.from > period - 1 {
                    masks.append(TimerMaskSection.Mask(font: font.file, leadSeconds: 1))
                }
            }
            return TimerMaskSection.Lane(
                image: turn.image, frame: turn.frame, onTopFromSeconds: turn.from, onTopToSeconds: turn.to,
                masks: masks)
        }
        return TimerMaskSection(loopSeconds: loopSeconds, fonts: [font], lanes: lanes)
    }
}
