import ArcMaskCore
import ArcMaskExport
import ArcMaskFolder
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
        let font = try TimerFonts.maskFont(
            periodSeconds: timing.loopSeconds,
            size: PixelSize(width: manifest.pixelWidth, height: manifest.pixelHeight),
            name: "\(r.rotation.names.prefix)Mask\(timing.loopSeconds)",
            family: "\(r.rotation.names.prefix) Mask \(timing.loopSeconds)")
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

    /// The lanes over the layers written: each layer on top for its duration, in order from the
    /// loop's start, showing the source frame of the lane it was written from. A layer on top
    /// for more than a second (merged lanes) is stacked again each further second, since a
    /// mask draws for one second.
    public static func section(
        _ m: ExportManifest, laneFrames: [Int], loopSeconds: Int, font: TimerMaskSection.Font
    ) throws -> TimerMaskSection {
        let period = Double(loopSeconds)
        var turns: [(image: String, frame: Int, from: Double, to: Double)] = []
        var start = 0.0
        for (k, layer) in m.frames.enumerated() {
            let end = k == m.frames.count - 1 ? period : start + layer.durationMs / 1000
            let lane = layer.shownFrame ?? layer.sourceFrames.first ?? 0
            guard laneFrames.indices.contains(lane) else {
                throw InputError(file: WidgetFolder.manifestFile, location: "frames[\(k)]", "holds no lane")
            }
            var from = start
            repeat {
                let to = k > 0 || !turns.isEmpty ? min(end, from + 1) : end
                turns.append((layer.file, laneFrames[lane], from, to))
                from = to
            } while from < end - 1e-9
            start = end
        }
        let lanes = turns.enumerated().map { i, turn in
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
