/// What a live timer shows: `Text(date, style: .timer)` counting up from `date`, the one clock
/// both public-API routes build on (the timer-font route's frames and masks, the timer-mask
/// route's masks), so that their plans, their proofs and their previews read it alike.
///
/// Apple documents the style as "a timer, counting up from the date" (`Text.DateStyle.timer`):
/// the whole seconds elapsed, "M:SS" below an hour and "H:MM:SS" from then on; the system's
/// renderer keeps it live in widgets without a timeline reload. A view given `reference − lead`
/// shows, `t` seconds after `reference`, ⌊t + lead⌋ whole seconds.
public enum TimerClock {
    /// Whole seconds a timer that started `lead` seconds before the reference shows `t`
    /// seconds after it (⌊t + lead⌋; negative before the timer's own start).
    public static func elapsed(at t: Double, lead: Double) -> Int {
        let x = (t + lead).rounded(.down)
        guard x.isFinite, abs(x) < 1e15 else { return 0 }
        return Int(x)
    }

    /// What the timer shows `seconds` after its date: "m:ss" below an hour, "h:mm:ss" from then
    /// on (the documented format, in a POSIX locale's digits and separators).
    public static func text(elapsed seconds: Int) -> String {
        let s = max(seconds, 0)
        let h = s / 3600, m = s / 60 % 60, sec = s % 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(s / 60):\(two(sec))"
    }

    /// The seconds field the timer shows (0…59): what a timer font's ligatures see.
    public static func secondsField(elapsed seconds: Int) -> Int { ((seconds % 60) + 60) % 60 }
}
