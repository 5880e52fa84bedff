/// When a live timer's change reaches the screen, and what that does to frame durations.
///
/// A timer's text changes at instants of the wall clock (each second for `.timer` text; each lane's
/// turn for the timer-mask route), but the display shows a change at its first refresh at or after
/// it: with refreshes at p + kT (a phase p no app can choose), a change at τ is seen at
/// s(τ) = p + ⌈(τ − p)/T⌉·T, so 0 ≤ s(τ) − τ < T. A frame that the timers give from τ₁ to τ₂ is
/// then on screen for s(τ₂) − s(τ₁) = (τ₂ − τ₁) + (s(τ₂) − τ₂) − (s(τ₁) − τ₁), and the last two
/// terms each lie in [0, T): **every frame lasts its own time plus or minus less than one refresh,
/// at every phase** — 8.3 ms at 120 Hz, 16.7 ms at 60 Hz — and the loop's length is kept, the
/// errors cancelling from frame to frame. The bound is tight: a phase that puts a refresh just
/// after τ₁ and just before τ₂'s next gives nearly T. The timer routes' proofs check the frame at
/// every refresh; this is what those frames' durations are, and the rotation route has no such
/// jitter (its frame boundaries move with the rotation, not with the refreshes).
public enum RefreshJitter {
    /// The refresh at which a change at `tickMs` is first on screen.
    public static func seen(_ tickMs: Double, phaseMs: Double, refreshMs: Double) -> Double {
        phaseMs + ((tickMs - phaseMs) / refreshMs).rounded(.up) * refreshMs
    }

    /// How long each stretch between consecutive changes (`ticksMs`, ascending) is on screen at
    /// that phase: one value fewer than the ticks.
    public static func shownDurations(ticksMs: [Double], phaseMs: Double, refreshMs: Double) -> [Double] {
        let seen = ticksMs.map { self.seen($0, phaseMs: phaseMs, refreshMs: refreshMs) }
        return zip(seen.dropFirst(), seen).map { $0 - $1 }
    }

    /// The most any frame's time on screen differs from its own, at any phase: under one refresh.
    public static func bound(refreshMs: Double) -> Double { refreshMs }

    /// The bound in words, for the routes' summaries.
    public static func sentence(refreshHz: [Double]) -> String {
        let rates = refreshHz.sorted(by: >).map { hz in "\(format(1000 / hz)) ms at \(format(hz)) Hz" }
        return
            "each timer change shows at the next refresh, so a frame lasts its time ± under one refresh at any phase (\(rates.joined(separator: ", ")))"
    }

    private static func format(_ x: Double) -> String {
        let r = (x * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
