import ArcMaskGeometry
import ArcMaskTimerClock

/// The schedule of the timer-font route: an animation played by `Text(date, style: .timer)`
/// views whose fonts turn the two seconds digits into a picture (public API only).
///
/// At `fps` frames a second there are `2 × fps` layers, bottom to top, all counting up from
/// one reference date R (the time since it is `t`). Layer `i` shows frame `i` of every run of
/// `2 × fps` frames: it is the top visible layer while `t mod 2` lies in `[i / fps, (i + 1) / fps)`.
/// - Visibility: the lower half (layers `0 ..< fps`) is always drawn; layer `i > 0` there is
///   masked by a timer in the mask font (a full square on even seconds, nothing on odd ones)
///   that is on while `t mod 2 ∈ [i / fps, i / fps + 1)`. The upper half (layers `fps ..< 2 fps`)
///   sits under one more mask, on while `t mod 2 ∈ [1, 2)`, and each of its layers under its
///   own, on from `i / fps` (mod 2) to the end of the two seconds. So the top visible layer
///   changes exactly at each frame boundary, by mask timers alone.
/// - Content: layer `i`'s timer changes its digits half a second away from any of its mask's
///   edges, and its font gives a pair of seconds values (2k, 2k + 1) the same picture, so the
///   picture only changes while the layer is hidden (half a second from either edge).
/// - The loop lasts `loopSeconds` (even, dividing 60), so minute and hour wraps keep the phase.
public struct TimerFontPlan: Sendable, Equatable, Codable {
    public let fps: Int
    public let loopSeconds: Int

    /// Frame rates the design supports: one to fifteen frames a second (2 × fps layers each).
    public static let rates = 1...15
    /// Loop lengths: even (a picture lasts two seconds of a timer) and dividing 60.
    public static let loops = [2, 4, 6, 10, 12, 20, 30, 60]

    public init(fps: Int, loopSeconds: Int) throws(PlanError) {
        guard Self.rates.contains(fps) else {
            throw PlanError(
                problem: "the timer-font route cannot play \(fps) frames a second",
                suggestion: "choose \(PlanSetting.framesPerSecond.token) from 1 to 15 (8 by default)")
        }
        guard Self.loops.contains(loopSeconds) else {
            throw PlanError(
                problem: "a \(loopSeconds) s loop does not fit the timer-font route",
                suggestion: "loops last one of \(Self.loops.map(String.init).joined(separator: ", ")) s")
        }
        self.fps = fps
        self.loopSeconds = loopSeconds
    }

    /// Timers stacked, each in its own frame font.
    public var layers: Int { 2 * fps }
    /// Frames in the loop.
    public var frameCount: Int { fps * loopSeconds }
    /// Pictures in each frame font.
    public var picturesPerFont: Int { loopSeconds / 2 }

    /// Seconds layer `i`'s frame timer starts before R: (5 fps − 2i) / (2 fps), so its
    /// digits change at `t ≡ i / fps + 1/2 (mod 1)`.
    public func frameLead(_ layer: Int) -> Double { Double(5 * fps - 2 * layer) / Double(2 * fps) }

    /// Seconds layer `i`'s mask timer starts before R: 2 − i / fps (layer 0 has no mask).
    public func maskLead(_ layer: Int) -> Double { Double(2 * fps - layer) / Double(fps) }

    /// Seconds the upper half's shared mask timer starts before R.
    public var upperMaskLead: Double { 1 }

    /// Whether layer `i` has a mask timer of its own.
    public func isMasked(_ layer: Int) -> Bool { layer > 0 }
    /// Whether layer `i` lies under the upper half's shared mask.
    public func isUpper(_ layer: Int) -> Bool { layer >= fps }

    /// The picture (index in the loop's frames) layer `i`'s font draws for seconds `s` (0…59).
    public func frame(layer: Int, seconds s: Int) -> Int {
        let k = picturesPerFont
        return 2 * fps * (((s / 2 - 1) % k + k) % k) + layer
    }

    /// The mask font draws a full square for even seconds, nothing for odd ones.
    public static func maskIsOn(seconds s: Int) -> Bool { s % 2 == 0 }

    /// The frame that should show at `t` seconds after R.
    public func intendedFrame(at t: Double) -> Int {
        let f = Int((t * Double(fps)).rounded(.down)) % frameCount
        return f < 0 ? f + frameCount : f
    }

    /// Whole seconds a timer that started `lead` seconds before R shows at `t` (`TimerClock`).
    public static func elapsed(at t: Double, lead: Double) -> Int { TimerClock.elapsed(at: t, lead: lead) }

    /// What `Text(date, style: .timer)` shows `seconds` after `date` (`TimerClock`).
    public static func timerText(elapsed seconds: Int) -> String { TimerClock.text(elapsed: seconds) }
}
