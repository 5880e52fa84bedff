import ArcMaskBudget
import ArcMaskFiles
import ArcMaskFont
import ArcMaskFrames
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskMaskFonts
import ArcMaskTimerClock
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// Exports an animation by the timer-mask route: the loop's lanes written as layer files by
/// the layer folder's writer, as the rotation route writes its frames (so the same fitting,
/// files and limits hold, and every lane's image counts in the archive), the mask font of the loop's period, and the manifest with its
/// `timerMask` section and `timing`. All or nothing: everything is staged in `folder`.
public enum TimerMaskExporter {
    /// An export with the timer masks `masks` asks for: by the timer-mask route, as a rotation
    /// export's fallback, or none (`Exporter.run`: a layer file per frame). Everything is decided
    /// before the manifest and the code are written, once.
    public static func export(
        source: FrameSource, settings s: WidgetSettings, masks: TimerMaskSettings?,
        writing w: ExportWriting = ExportWriting(), into folder: StagedFolder, progress: ExportProgress? = nil
    ) throws -> ExportManifest {
        switch masks?.use {
        case nil: return try Exporter.run(source: source, settings: s, writing: w, into: folder, progress: progress)
        case .fallback?:
            return try rotation(
                source: source, settings: s, masks: masks!, writing: w, into: folder, progress: progress)
        case .route?:
            return try route(source: source, settings: s, masks: masks!, writing: w, into: folder, progress: progress)
        }
    }

    /// The turns the source plays as: the loop's timing, and a lane wherever one of its frames
    /// starts, on the grid of `--widget-fps` or the route's finest (`SourceLanes`).
    static func schedule(
        _ source: FrameSource, _ r: TimerMaskSettings
    ) throws -> (timing: TimerLoopTiming, turns: [SourceFidelity.Turn], rate: Int) {
        let durations = source.durations
        let total = durations.reduce(0, +)
        do {
            let timing = try TimerMaskPlan.timing(durationMs: total, loopSeconds: r.loopSeconds, mode: r.timing)
            let rate = try SourceLanes.rate(r.fps)
            let turns = SourceLanes.turns(durationsMs: durations, timing: timing, rate: rate, maxLanes: r.maxLanes)
            return (timing, turns, rate)
        } catch {
            throw InputError(file: source.name, "\(error.problem); \(error.suggestion)")
        }
    }

    /// The timer-mask route: the loop's lanes as layers, the mask font, and the manifest with
    /// its `timerMask` section and `timing`.
    static func route(
        source: FrameSource, settings: WidgetSettings, masks r: TimerMaskSettings, writing w: ExportWriting,
        into folder: StagedFolder, progress: ExportProgress?
    ) throws -> ExportManifest {
        let s = r.fitting(settings)
        guard s.layout == .files else {
            throw InputError(file: source.name, "the timer-mask route writes a layer file per lane, not a strip")
        }
        let (timing, turns, rate) = try schedule(source, r)
        // The turns as a source of their own: turn k shows its source frame for its time.
        let groups = turns.map { t in
            FrameGroup(first: t.frame, last: t.frame, shown: t.frame, durationMs: (t.to - t.from) * 1000)
        }
        let frames = turns.map(\.frame)
        let lanes = GroupedSource.over(source, groups: groups)
        var manifest = try Exporter.prepare(source: lanes, settings: s, writing: w, into: folder, progress: progress)
        let font: MaskFonts.File
        do {
            font = try maskFont(manifest, loopSeconds: timing.loopSeconds, names: s.names)
        } catch let error as InputError {
            throw InputError(file: source.name, error.problem)
        }
        try folder.write(font.bytes, as: font.fileName)
        var section = try Self.section(
            manifest, laneFrames: frames, loopSeconds: timing.loopSeconds,
            font: TimerMaskSection.Font(
                file: font.fileName, postScriptName: font.postScriptName, periodSeconds: timing.loopSeconds
            ).written(font.bytes))
        // What the lanes written show, against the source (the fit may have merged or dropped some).
        section.sourceDurationsMs = source.durations
        section.fidelity = SourceFidelity(
            turns: section.lanes.map {
                SourceFidelity.Turn(frame: $0.frame, from: $0.onTopFromSeconds, to: $0.onTopToSeconds)
            },
            durationsMs: source.durations, timing: timing, laneMs: 1000 / Double(rate),
            paceAsked: r.loopSeconds != nil || r.timing != .auto,
            excused: Set(frames).subtracting(section.lanes.map(\.frame)))
        // One count of the archive: the lanes', as the fit counted it and the proof checks it.
        manifest.limits.archiveBytes = section.archiveBytes(
            imageBytes: Dictionary(manifest.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a }))
        manifest.route = .timerMask
        manifest.timerMask = section
        manifest.timing = timing
        try Exporter.finish(manifest, settings: s, into: folder)
        return manifest
    }

    /// A rotation export with its timer masks (`fallback`): the layers, then the masks decided
    /// over them, then the manifest and the code written once.
    static func rotation(
        source: FrameSource, settings s: WidgetSettings, masks: TimerMaskSettings, writing w: ExportWriting,
        into folder: StagedFolder, progress: ExportProgress?
    ) throws -> ExportManifest {
        let layers = try Exporter.prepare(source: source, settings: s, writing: w, into: folder, progress: progress)
        let manifest = try fallback(layers, source: source, masks: masks, names: s.names, into: folder)
        try Exporter.finish(manifest, settings: s, into: folder)
        return manifest
    }

    /// A rotation export's timer masks, so that its view plays where WidgetKit's rotation is
    /// missing (`TimerMaskLayers`: no image added, every lane's image counted in the archive),
    /// the mask font written into `folder`, and the manifest's `timerMask` and `timing` set (the
    /// manifest and the code are `Exporter.finish`'s to write). The manifest's route stays
    /// rotation. When even a lane a second is over the archive budget, the pictures are wider
    /// than a mask covers, or (`whenFaithful`) the lanes would not play the animation, the export
    /// goes without, with a warning.
    public static func fallback(
        _ rotation: ExportManifest, source: FrameSource, masks r: TimerMaskSettings, names: CodeNames,
        into folder: StagedFolder
    ) throws -> ExportManifest {
        guard rotation.strip == nil, !rotation.frames.isEmpty else {
            throw InputError(file: source.name, "the timer masks need a layer file per frame, not a strip")
        }
        func without(_ why: String) -> ExportManifest {
            var manifest = rotation
            manifest.warnings.append(
                "no timer masks: \(why); where the rotation is missing the view shows the first frame")
            return manifest
        }
        let fitted: TimerMaskLayers.Fitted
        do {
            fitted = try TimerMaskLayers.fitted(
                rotation, durationsMs: source.durations, fps: r.fps, loopSeconds: r.loopSeconds, mode: r.timing,
                maxLanes: r.maxLanes, loops: r.loops ?? TimerMaskPlan.loops, whenFaithful: r.whenFaithful,
                font: { maskFontEntry(names: names, loopSeconds: $0) })
        } catch {
            throw InputError(file: source.name, "\(error.problem); \(error.suggestion)")
        }
        if let problem = fitted.problem { return without(problem) }
        let font: MaskFonts.File
        do {
            font = try maskFont(rotation, loopSeconds: fitted.timing.loopSeconds, names: names)
        } catch let error as InputError {
            return without(error.problem)
        }
        try folder.write(font.bytes, as: font.fileName)
        var manifest = rotation
        var section = fitted.section
        section.fonts = section.fonts.map { $0.file == font.fileName ? $0.written(font.bytes) : $0 }
        manifest.timerMask = section
        manifest.timing = fitted.timing
        return manifest
    }

    /// The manifest's entry for the mask font of a period, named as `maskFont` writes it.
    static func maskFontEntry(names: CodeNames, loopSeconds: Int) -> TimerMaskSection.Font {
        TimerMaskLayers.font(prefix: names.prefix, periodSeconds: loopSeconds)
    }

    /// The mask font of the loop's period (the same for every picture: `MaskFonts.laneMaskFont`);
    /// pictures wider than it covers are refused.
    static func maskFont(_ m: ExportManifest, loopSeconds: Int, names: CodeNames) throws -> MaskFonts.File {
        guard m.pixelHeight > 0, m.pixelWidth <= m.pixelHeight * TimerMaskSection.maskWidthInEms else {
            throw InputError(
                file: "",
                "pictures of \(m.pixelWidth)×\(m.pixelHeight) px are more than \(TimerMaskSection.maskWidthInEms) times as wide as high, more than a mask covers"
            )
        }
        do {
            return try MaskFonts.laneMaskFont(
                periodSeconds: loopSeconds, name: "\(names.prefix)Mask\(loopSeconds)",
                family: "\(names.prefix) Mask \(loopSeconds)")
        } catch let error as FontError {
            throw InputError(file: "", "the mask font cannot be written (\(error.description))")
        }
    }

    /// The lanes over the layers written: each layer on top for its duration, in order from the
    /// loop's start, showing the source frame of the lane it was written from.
    public static func section(
        _ m: ExportManifest, laneFrames: [Int], loopSeconds: Int, font: TimerMaskSection.Font
    ) throws -> TimerMaskSection {
        let period = Double(loopSeconds)
        var turns: [TimerMaskLayers.Turn] = []
        var start = 0.0
        for (k, layer) in m.frames.enumerated() {
            let end = k == m.frames.count - 1 ? period : start + layer.durationMs / 1000
            let lane = layer.shownFrame ?? layer.sourceFrames.first ?? 0
            guard laneFrames.indices.contains(lane) else {
                throw InputError(file: WidgetFolder.manifestFile, location: "frames[\(k)]", "holds no lane")
            }
            turns.append(TimerMaskLayers.Turn(image: layer.file, frame: laneFrames[lane], from: start, to: end))
            start = end
        }
        return TimerMaskLayers.stack(turns, loopSeconds: loopSeconds, font: font)
    }
}
