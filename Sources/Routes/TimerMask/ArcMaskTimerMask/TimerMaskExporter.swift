import ArcMaskCore
import ArcMaskExport
import ArcMaskFolder
import ArcMaskFont
import ArcMaskTimerClock
import ArcMaskTimerFont
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// What to export by the timer-mask route: the layers as the rotation route writes them
/// (`rotation`: size, fitting, formats, limits), and the lanes' schedule.
public struct TimerMaskRequest: Sendable {
    public var rotation: ExportRequest
    /// Lanes a second (nil: the source's own rate, held to 1…30).
    public var fps: Int?
    /// The loop asked for, seconds (nil: chosen by `timing`).
    public var loopSeconds: Int?
    public var timing: TimerLoopTiming.Mode
    /// The most lanes written (every n-th lane kept over it).
    public var maxLanes: Int

    public init(
        rotation: ExportRequest, fps: Int? = nil, loopSeconds: Int? = nil, timing: TimerLoopTiming.Mode = .auto,
        maxLanes: Int = TimerMaskPlan.defaultMaxLanes
    ) {
        self.rotation = rotation
        self.fps = fps
        self.loopSeconds = loopSeconds
        self.timing = timing
        self.maxLanes = maxLanes
    }
}

/// Exports an animation by the timer-mask route: the loop's lanes written as layer files by
/// the rotation route's writer (so the same fitting, files and limits hold, and every lane's
/// image counts in the archive), the mask font of the loop's period, and the manifest with its
/// `timerMask` section and `timing`. All or nothing: everything is staged in `folder`.
public enum TimerMaskExporter {
    /// The lanes the source plays as: the loop's timing, its rate and the plan (before fitting).
    public static func schedule(
        _ source: FrameSource, _ r: TimerMaskRequest
    ) throws -> (timing: TimerLoopTiming, plan: TimerMaskPlan, frames: [Int]) {
        let durations = source.durations
        let total = durations.reduce(0, +)
        do {
            let timing = try TimerMaskPlan.timing(durationMs: total, loopSeconds: r.loopSeconds, mode: r.timing)
            let fps = r.fps ?? TimerMaskPlan.frameRate(durationsMs: durations)
            let plan = try TimerMaskPlan.fitted(fps: fps, loopSeconds: timing.loopSeconds, maxLanes: r.maxLanes)
            return (timing, plan, plan.sourceFrames(timing: timing, durationsMs: durations))
        } catch {
            throw InputError(file: source.name, "\(error.problem); \(error.suggestion)")
        }
    }

    public static func run(
        source: FrameSource, request r: TimerMaskRequest, into folder: OutputFolder, progress: ExportProgress? = nil
    ) throws -> ExportManifest {
        guard r.rotation.layout == .files else {
            throw InputError(file: source.name, "the timer-mask route writes a layer file per lane, not a strip")
        }
        let (timing, plan, frames) = try schedule(source, r)
        // The lanes as a source of their own: lane k shows source frame frames[k] for its turn.
        let groups = plan.lanes.enumerated().map { k, lane in
            FrameGroup(
                first: frames[k], last: frames[k], shown: frames[k],
                durationMs: (lane.onTopToSeconds - lane.onTopFromSeconds) * 1000)
        }
        let lanes = GroupedSource.over(source, groups: groups)
        var manifest = try Exporter.run(source: lanes, request: r.rotation, into: folder, progress: progress)
        let font: TimerFonts.File
        do {
            font = try maskFont(manifest, loopSeconds: timing.loopSeconds, names: r.rotation.names)
        } catch let error as InputError {
            throw InputError(file: source.name, error.problem)
        }
        try AtomicFile.write(font.bytes, to: folder.url(for: font.fileName))
        let section = try Self.section(
            manifest, laneFrames: frames, loopSeconds: timing.loopSeconds,
            font: TimerMaskSection.Font(
                file: font.fileName, postScriptName: font.postScriptName, periodSeconds: timing.loopSeconds))
        manifest.route = "timer-mask"
        manifest.timerMask = section
        manifest.timing = timing
        // The manifest and the code again, now with the lanes.
        for (name, bytes) in try ExportCode.files(manifest, names: r.rotation.names, family: r.rotation.widgetFamily) {
            try AtomicFile.write(bytes, to: folder.url(for: name))
        }
        return manifest
    }

    /// A rotation export's timer masks, so that its view plays where WidgetKit's rotation is
    /// missing: the lanes of the loop `request` asks for, each showing the rotation layer on
    /// screen at the start of its turn (no image is added; consecutive lanes of one layer are
    /// one turn), the mask font written into `folder`, and the manifest's `timerMask` and
    /// `timing` set. The manifest's route stays rotation.
    public static func fallback(
        _ rotation: ExportManifest, source: FrameSource, request r: TimerMaskRequest, into folder: OutputFolder
    ) throws -> ExportManifest {
        guard rotation.strip == nil, !rotation.frames.isEmpty else {
            throw InputError(file: source.name, "the timer masks need a layer file per frame, not a strip")
        }
        let imageBytes = Dictionary(rotation.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        var request = r
        var (timing, turns) = try fallbackTurns(rotation, source: source, request: request)
        // The loop follows from the animation's length and the timing asked for, not the lanes.
        let font: TimerFonts.File
        do {
            font = try maskFont(rotation, loopSeconds: timing.loopSeconds, names: r.rotation.names)
        } catch let error as InputError {
            var manifest = rotation
            manifest.warnings.append(
                "no timer masks: \(error.problem); where the rotation is missing the view shows the first frame")
            return manifest
        }
        let fontEntry = TimerMaskSection.Font(
            file: font.fileName, postScriptName: font.postScriptName, periodSeconds: timing.loopSeconds)
        var section = stack(turns, loopSeconds: timing.loopSeconds, font: fontEntry)
        // Every lane's image counts in the archive: over budget, every n-th lane goes.
        var bytes = section.archiveBytes(imageBytes: imageBytes)
        // A lane a second at the least, or a second would go without one coming on top.
        let fewest = timing.loopSeconds
        while bytes > rotation.limits.archiveLimit, request.maxLanes > fewest {
            request.maxLanes = max(
                fewest, min(request.maxLanes - 1, section.lanes.count * rotation.limits.archiveLimit / max(bytes, 1)))
            (timing, turns) = try fallbackTurns(rotation, source: source, request: request)
            section = stack(turns, loopSeconds: timing.loopSeconds, font: fontEntry)
            bytes = section.archiveBytes(imageBytes: imageBytes)
        }
        guard bytes <= rotation.limits.archiveLimit else {
            // The rotation fits; its timer masks cannot, even at a lane a second: left out.
            var manifest = rotation
            manifest.warnings.append(
                "no timer masks: even a lane a second makes an archive of \(FrameBudget.megabytes(bytes)), over its \(FrameBudget.megabytes(rotation.limits.archiveLimit)) budget; where the rotation is missing the view shows the first frame"
            )
            return manifest
        }
        try AtomicFile.write(font.bytes, to: folder.url(for: font.fileName))
        var manifest = rotation
        manifest.timerMask = section
        manifest.timing = timing
        for (name, bytes) in try ExportCode.files(manifest, names: r.rotation.names, family: r.rotation.widgetFamily) {
            try AtomicFile.write(bytes, to: folder.url(for: name))
        }
        return manifest
    }

    /// The rotation's layers in the turns of the loop `r` asks for: each lane shows the layer on
    /// screen at the start of its turn, and consecutive lanes of one layer are one turn.
    static func fallbackTurns(
        _ rotation: ExportManifest, source: FrameSource, request r: TimerMaskRequest
    ) throws -> (TimerLoopTiming, [Turn]) {
        let (timing, plan, _) = try schedule(source, r)
        let sourceTotal = source.durations.reduce(0, +)
        let layerDurations = rotation.frames.map(\.durationMs)
        let rotationTotal = layerDurations.reduce(0, +)
        var turns: [Turn] = []
        for lane in plan.lanes {
            // The rotation's layers span its own period; the animation's time maps onto it.
            let ms = timing.animationTime(atLoopSeconds: lane.onTopFromSeconds)
            let k = TimerLoopTiming.frame(
                at: sourceTotal > 0 ? ms * rotationTotal / sourceTotal : 0, durations: layerDurations)
            let layer = rotation.frames[k]
            if let last = turns.last, last.image == layer.file {
                turns[turns.count - 1].to = lane.onTopToSeconds
            } else {
                turns.append(
                    Turn(
                        image: layer.file, frame: layer.shownFrame ?? layer.sourceFrames.first ?? k,
                        from: lane.onTopFromSeconds, to: lane.onTopToSeconds))
            }
        }
        turns[turns.count - 1].to = Double(timing.loopSeconds)
        return (timing, turns)
    }

    /// The mask font of the loop's period (the same for every picture: `TimerFonts.laneMaskFont`);
    /// pictures wider than it covers are refused.
    static func maskFont(_ m: ExportManifest, loopSeconds: Int, names: CodeNames) throws -> TimerFonts.File {
        guard m.pixelHeight > 0, m.pixelWidth <= m.pixelHeight * TimerFonts.laneMaskWidthInEms else {
            throw InputError(
                file: "",
                "pictures of \(m.pixelWidth)×\(m.pixelHeight) px are more than \(TimerFonts.laneMaskWidthInEms) times as wide as high, more than a mask covers"
            )
        }
        do {
            return try TimerFonts.laneMaskFont(
                periodSeconds: loopSeconds, name: "\(names.prefix)Mask\(loopSeconds)",
                family: "\(names.prefix) Mask \(loopSeconds)")
        } catch let error as FontError {
            throw InputError(file: "", "the mask font cannot be written (\(error.description))")
        }
    }

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

    /// The lanes over the layers written: each layer on top for its duration, in order from the
    /// loop's start, showing the source frame of the lane it was written from.
    public static func section(
        _ m: ExportManifest, laneFrames: [Int], loopSeconds: Int, font: TimerMaskSection.Font
    ) throws -> TimerMaskSection {
        let period = Double(loopSeconds)
        var turns: [Turn] = []
        var start = 0.0
        for (k, layer) in m.frames.enumerated() {
            let end = k == m.frames.count - 1 ? period : start + layer.durationMs / 1000
            let lane = layer.shownFrame ?? layer.sourceFrames.first ?? 0
            guard laneFrames.indices.contains(lane) else {
                throw InputError(file: WidgetFolder.manifestFile, location: "frames[\(k)]", "holds no lane")
            }
            turns.append(Turn(image: layer.file, frame: laneFrames[lane], from: start, to: end))
            start = end
        }
        return stack(turns, loopSeconds: loopSeconds, font: font)
    }

    /// The turns as lanes, bottom to top. A turn of more than a second (after the first, which
    /// lies under everything and needs no mask) is stacked again each further second, since a
    /// mask draws for one second.
    static func stack(_ turns: [Turn], loopSeconds: Int, font: TimerMaskSection.Font) -> TimerMaskSection {
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
