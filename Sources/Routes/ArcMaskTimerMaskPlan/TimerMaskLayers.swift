import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
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

    /// The lanes over `m`'s layers for an animation of frames `durationsMs`: a lane wherever
    /// one of its frames starts (`SourceLanes`), each showing the layer that holds the frame.
    ///
    /// Over the archive budget (every lane's image counts), a loop among `loops` that keeps the
    /// animation's pace within `SourceFidelity.paceTolerance` with fewer plays comes before any
    /// frame is dropped (unless a loop was asked for); then the shortest turns give way first.
    /// - Parameters:
    ///   - fps: the grid, lanes a second at most (nil: the route's finest, 30).
    ///   - loopSeconds: the loop asked for (nil: chosen by `mode` among `loops`).
    ///   - font: the mask font of a period.
    ///   - whenFaithful: lanes that do not play the animation (`SourceFidelity.passed`) are a
    ///     `problem`, so the folder goes without them.
    public static func fitted(
        _ m: ExportManifest, durationsMs: [Double], fps: Int?, loopSeconds: Int?, mode: TimerLoopTiming.Mode,
        maxLanes: Int, loops: [Int] = TimerMaskPlan.loops, whenFaithful: Bool = false,
        font: (Int) -> TimerMaskSection.Font
    ) throws(PlanError) -> Fitted {
        let total = durationsMs.reduce(0, +)
        let chosen = try TimerLoopTiming.choose(
            durationMs: total, loopSeconds: loopSeconds, loops: loops, route: WidgetRoute.timerMask.rawValue, mode: mode
        )
        let rate = try SourceLanes.rate(fps)
        let imageBytes = Dictionary(m.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        // The section, and the source's frames on top over its loop (what the layers show).
        func section(_ timing: TimerLoopTiming, _ lanes: Int) -> TimerMaskSection {
            let turns = SourceLanes.turns(durationsMs: durationsMs, timing: timing, rate: rate, maxLanes: lanes)
            var section = stack(
                layerTurns(m, turns, durationsMs: durationsMs, timing: timing), loopSeconds: timing.loopSeconds,
                font: font(timing.loopSeconds))
            section.fidelity = SourceFidelity(
                turns: shownTurns(m, turns), durationsMs: durationsMs, timing: timing, laneMs: 1000 / Double(rate),
                paceAsked: loopSeconds != nil || mode != .auto,
                excused: Set(durationsMs.indices).subtracting(m.frames.flatMap(shows)))
            section.sourceDurationsMs = durationsMs
            return section
        }
        // The loops to try: the one chosen, then (none asked for) those that keep the pace
        // nearly as well with fewer plays, so fewer lanes.
        var timings = [chosen]
        if loopSeconds == nil && mode == .auto {
            for l in loops where l < chosen.loopSeconds {
                let t = TimerLoopTiming.nearest(loopSeconds: l, durationMs: total)
                if abs(t.speed - 1) <= SourceFidelity.paceTolerance { timings.append(t) }
            }
        }
        var timing = chosen
        var current = section(chosen, maxLanes)
        var bytes = current.archiveBytes(imageBytes: imageBytes)
        for t in timings.dropFirst() where bytes > m.limits.archiveLimit {
            let s = section(t, maxLanes)
            let b = s.archiveBytes(imageBytes: imageBytes)
            if b < bytes {
                (timing, current, bytes) = (t, s, b)
            }
        }
        // Then fewer lanes, down to one a second (or a second would go without one coming on top).
        var limit = current.lanes.count
        let fewest = timing.loopSeconds
        while bytes > m.limits.archiveLimit, limit > fewest {
            limit = max(fewest, min(limit - 1, current.lanes.count * m.limits.archiveLimit / max(bytes, 1)))
            current = section(timing, limit)
            bytes = current.archiveBytes(imageBytes: imageBytes)
        }
        var problem: String? = nil
        if m.pixelHeight <= 0 || m.pixelWidth > m.pixelHeight * TimerMaskSection.maskWidthInEms {
            problem =
                "pictures of \(m.pixelWidth)×\(m.pixelHeight) px are more than \(TimerMaskSection.maskWidthInEms) times as wide as high, more than a mask covers"
        } else if bytes > m.limits.archiveLimit {
            problem =
                "even a lane a second makes an archive of \(FrameBudget.megabytes(bytes)), over its \(FrameBudget.megabytes(m.limits.archiveLimit)) budget"
        } else if whenFaithful, let fidelity = current.fidelity, !fidelity.passed {
            problem = "they would not play the animation (\(fidelity.failures.joined(separator: "; ")))"
        }
        return Fitted(timing: timing, section: current, archiveBytes: bytes, problem: problem)
    }

    /// The source's `turns` as `m`'s layers show them: a frame no layer holds (dropped to lower
    /// the rate) shows as the frame of the layer on screen in its stead.
    static func shownTurns(_ m: ExportManifest, _ turns: [SourceFidelity.Turn]) -> [SourceFidelity.Turn] {
        let held = Set(m.frames.flatMap(shows))
        return turns.map { t in
            guard !held.contains(t.frame) else { return t }
            let stand = m.frames.last { ($0.sourceFrames.first ?? 0) <= t.frame } ?? m.frames[0]
            return SourceFidelity.Turn(
                frame: stand.shownFrame ?? stand.sourceFrames.first ?? t.frame, from: t.from, to: t.to)
        }
    }

    /// The source frames a layer shows: its merged frames (each within 1 % of its picture), or,
    /// when frames were dropped to lower the rate, the one it shows.
    static func shows(_ layer: ExportManifest.Frame) -> [Int] {
        layer.difference != nil ? layer.sourceFrames : [layer.shownFrame ?? layer.sourceFrames.first ?? 0]
    }

    /// The layers of `m` that show the source's `turns`: each turn the layer that holds its
    /// frame (among a layer's merged frames), or, for a frame no layer holds (frames dropped to
    /// lower the rate), the layer on screen at the turn's start; consecutive turns of one layer
    /// are one turn.
    public static func layerTurns(
        _ m: ExportManifest, _ turns: [SourceFidelity.Turn], durationsMs: [Double], timing: TimerLoopTiming
    ) -> [Turn] {
        guard !m.frames.isEmpty else { return [] }
        var holder: [Int: Int] = [:]
        for (k, layer) in m.frames.enumerated() {
            for f in shows(layer) where holder[f] == nil { holder[f] = k }
        }
        let sourceTotal = durationsMs.reduce(0, +)
        let layerDurations = m.frames.map(\.durationMs)
        let layersTotal = layerDurations.reduce(0, +)
        var out: [Turn] = []
        for t in turns {
            let k =
                holder[t.frame]
                ?? TimerLoopTiming.frame(
                    at: sourceTotal > 0 ? timing.animationTime(atLoopSeconds: t.from) * layersTotal / sourceTotal : 0,
                    durations: layerDurations)
            let layer = m.frames[k]
            // The lane stands for its source frame where the layer shows it (merged frames are
            // within 1 % of the picture), else for the frame the layer shows.
            let frame = holder[t.frame] != nil ? t.frame : (layer.shownFrame ?? layer.sourceFrames.first ?? t.frame)
            if let last = out.last, last.image == layer.file, last.frame == frame {
                out[out.count - 1].to = t.to
            } else {
                out.append(Turn(image: layer.file, frame: frame, from: t.from, to: t.to))
            }
        }
        if !out.isEmpty { out[out.count - 1].to = Double(timing.loopSeconds) }
        return out
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
