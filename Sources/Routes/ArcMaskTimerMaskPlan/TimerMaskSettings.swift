import ArcMaskManifest
import ArcMaskTimerClock

/// The timer masks a folder carries: how their lanes are scheduled.
public struct TimerMaskSettings: Sendable, Equatable {
    /// What the masks are for.
    public enum Use: Sendable, Equatable {
        /// The timer-mask route: the lanes are the layers.
        case route
        /// A rotation folder's fallback, over its own layers, where the rotation is missing.
        case fallback
    }

    /// The most lanes written by default (every n-th lane kept over it): the most drawn on a
    /// phone (cifyr/motionary's device logs: 320 at 16 and 32 fps).
    public static let defaultMaxLanes = 320

    public var use: Use
    /// Lanes a second (nil: the source's own rate, held to 1…30).
    public var fps: Int?
    /// The loop asked for, seconds (nil: chosen by `timing`).
    public var loopSeconds: Int?
    public var timing: TimerLoopTiming.Mode
    /// The most lanes written (every n-th lane kept over it).
    public var maxLanes: Int
    /// The loops whose mask fonts the extension carries (nil: every loop the route has).
    public var loops: [Int]?
    /// Written only where they play the animation, every frame of two lanes or more in every
    /// play at its own pace (`SourceFidelity`); otherwise the folder goes without them, saying
    /// why. A fallback nobody asked for is so: the view then shows the poster where the rotation
    /// is missing, rather than an animation it does not play.
    public var whenFaithful: Bool

    public init(
        use: Use, fps: Int? = nil, loopSeconds: Int? = nil, timing: TimerLoopTiming.Mode = .auto,
        maxLanes: Int = defaultMaxLanes, loops: [Int]? = nil, whenFaithful: Bool = false
    ) {
        self.use = use
        self.whenFaithful = whenFaithful
        self.fps = fps
        self.loopSeconds = loopSeconds
        self.timing = timing
        self.maxLanes = maxLanes
        self.loops = loops
    }
}

extension TimerMaskSettings {
    /// `settings` as the fit sees a folder with these masks: the timer-mask route's layers are
    /// its lanes, each image drawn once per lane it stands under (`TimerMaskSection.lanesPerTurn`)
    /// and counted so; a fallback's masks add no image, so the fit is the rotation's.
    public func fitting(_ settings: WidgetSettings) -> WidgetSettings {
        guard use == .route else { return settings }
        var s = settings
        s.drawings = TimerMaskSection.lanesPerTurn
        s.frameNoun = "lane"
        return s
    }
}
