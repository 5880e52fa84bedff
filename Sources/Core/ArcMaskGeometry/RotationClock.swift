import Foundation

/// How WidgetKit's clock-hand rotation follows the wall clock, to say when a widget shows
/// frame 0.
///
/// The private modifier rotates by `360° · frac((t + offset(Z)) / P)`: t is the time in seconds
/// since Foundation's reference date (2001-01-01 00:00 UTC), offset(Z) the time zone's current
/// offset from GMT (`in: .current` is the device's zone), P the period. So the rotation is at 0°
/// at wall-clock instants that depend on the zone, not on when the widget appeared; for a
/// period that divides a day (1.2 s, 2 s, 60 s…) those instants are local midnight and every P
/// after it, the same each day. (The clock hands are this rotation with P = 60, 3,600 and
/// 43,200 s, which is why they show the local time.)
public struct RotationClock: Sendable, Equatable {
    public var periodSeconds: Double
    public var timeZone: TimeZone

    public init(periodSeconds: Double, timeZone: TimeZone) {
        self.periodSeconds = periodSeconds
        self.timeZone = timeZone
    }

    /// The rotation at `date`, degrees in [0, 360) (for a positive period).
    public func rotationDegrees(at date: Date) -> Double {
        let local = date.timeIntervalSinceReferenceDate + Double(timeZone.secondsFromGMT(for: date))
        let turns = local / periodSeconds
        return 360 * (turns - turns.rounded(.down))
    }

    /// The first instant at or after `date` at which `secondsAfterZero` have passed since the
    /// rotation was at 0° (the zone's offset taken at `date`).
    public func next(_ secondsAfterZero: Double, atOrAfter date: Date) -> Date {
        let p = abs(periodSeconds)
        let local = date.timeIntervalSinceReferenceDate + Double(timeZone.secondsFromGMT(for: date))
        // Times since 2001 are ~10⁹ s: a period such as 1.2 s is not exact in binary, so work in
        // whole milliseconds when the period is one.
        let periodMs = p * 1000
        if abs(periodMs - periodMs.rounded()) < 1e-6, periodMs.rounded() >= 1 {
            let pm = Int64(periodMs.rounded())
            let localMs = (local * 1000).rounded(.down)
            let target = secondsAfterZero * 1000
            let whole = target.rounded(.down)
            var wait = (Int64(whole) - Int64(localMs)) % pm
            if wait < 0 { wait += pm }
            let waitMs = Double(wait) + (target - whole) - (local * 1000 - localMs)
            return date.addingTimeInterval((waitMs < 0 ? waitMs + periodMs : waitMs) / 1000)
        }
        var wait = (secondsAfterZero - local).truncatingRemainder(dividingBy: p)
        if wait < 0 { wait += p }
        return date.addingTimeInterval(wait)
    }

    /// Whether the 0° instants fall at the same local times every day (the period divides a
    /// day, to the millisecond).
    public var repeatsDaily: Bool {
        let ms = abs(periodSeconds) * 1000
        let whole = ms.rounded()
        return whole >= 1 && abs(ms - whole) < 1e-6 && 86_400_000.truncatingRemainder(dividingBy: whole) == 0
    }
}
