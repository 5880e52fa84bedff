import ArcMaskBudget
import ArcMaskManifest
import Foundation

/// What `ArcMaskPreparer.prepare` wrote, in ArcMaskKit's own words: enough for an app to tell its
/// user what the widget will play, with the whole manifest beside it for anything more.
public struct PreparedAnimation: Sendable {
    /// The folder the widget reads (`ArcMaskAnimation(folder:)`).
    public let folder: URL
    /// Layers written (frames that look alike share one).
    public let layerCount: Int
    /// The source's frames the layers stand for, each counted once.
    public let sourceFrameCount: Int
    /// One loop of the animation as the widget plays it, seconds.
    public let durationSeconds: Double
    /// The drawing's width, pt.
    public let viewWidth: Double
    /// The drawing's height, pt.
    public let viewHeight: Double
    /// The layers' pixels per point, as the budget left it.
    public let scale: Double
    /// The folder's images together, bytes, with the view's reserve per layer: what the widget's
    /// archive holds.
    public let archiveBytes: Int
    /// The phone's budget for `archiveBytes`, bytes (`PrepareOptions.limits.archiveBytes`, 7 MB
    /// by default).
    public let archiveLimit: Int
    /// Whether timer masks were written (the engine that plays where the rotation does not).
    public let hasTimerMasks: Bool
    /// Whether the emulator found the plan right at every phase of the display's refreshes (no
    /// gap, no wrong frame, no seam slower than its budget), and the timer masks, where written,
    /// play the animation's own frames at its pace (`timerMasks`).
    public let passed: Bool
    /// The emulator's verdict in words, the same as `arcmask export` prints: "PASS: a seam is on
    /// screen at 0.89 % of hand-offs at 120 Hz (…), for one refresh each: about 5.9 torn
    /// refreshes a minute", or "FAIL (…)".
    public let verdict: String
    /// The timer masks against the animation, in the words `arcmask export` and `check` use:
    /// "each play shows 16 of 16 frames; the animation's frame of the instant is on top 91 % of
    /// the loop (…); at 0.96× its pace"; nil without timer masks.
    public let timerMasks: String?
    /// Why the timer masks do not play the animation (a frame two lanes long missing from a play,
    /// or a pace more than 5 % off that was not asked for); empty when they do.
    public let timerMaskFailures: [String]
    /// What the budget gave up, and anything else worth telling.
    public let warnings: [String]
    /// `manifest.json` as written: every figure `arcmask check` reads.
    public let manifest: ExportManifest
    /// For a Live Photo (`prepare(livePhoto:)`), which of its videos played: the user's edit
    /// or the original; nil for anything else.
    public internal(set) var livePhotoVideo: LivePhotoVideo? = nil

    /// Which of a Live Photo's videos `prepare(livePhoto:)` played.
    public enum LivePhotoVideo: String, Sendable {
        /// The Live Photo as the user edited it (`PHAssetResourceType.fullSizePairedVideo`:
        /// trims, crops and filters applied).
        case edited
        /// The video as the camera took it (`.pairedVideo`): the Live Photo has no edit, or
        /// Photos gave no rendered one.
        case original
    }

    init(folder: URL, manifest m: ExportManifest) {
        self.folder = folder
        layerCount = m.frames.count
        sourceFrameCount = Set(m.frames.flatMap(\.sourceFrames)).count
        durationSeconds = m.frames.reduce(0) { $0 + $1.durationMs } / 1000
        viewWidth = m.viewWidth
        viewHeight = m.viewHeight
        scale = m.scale
        archiveBytes = m.limits.archiveBytes
        archiveLimit = m.limits.archiveLimit
        hasTimerMasks = m.timerMask != nil
        timerMasks = m.timerMask?.fidelity?.sentence
        timerMaskFailures = m.timerMask?.fidelity?.failures ?? []
        passed = m.emulator.passed && timerMaskFailures.isEmpty
        verdict = m.emulator.verdictText
        warnings = m.budgetActions + m.warnings
        manifest = m
    }
}

extension PrepareOptions.ViewSize {
    /// The size `TimelineProviderContext.displaySize` gives (or any size in points).
    public static func size(_ size: CGSize) -> Self { .points(width: Double(size.width), height: Double(size.height)) }
}
