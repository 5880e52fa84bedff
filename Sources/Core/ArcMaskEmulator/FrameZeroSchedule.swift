import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// When a widget starts its loop (frame 0) on the wall clock, for one time zone and day: the
/// rotation follows the wall clock (see `RotationClock`), so every widget with the same plan
/// starts frame 0 at these instants, wherever and whenever it was added.
public struct FrameZeroSchedule: Codable, Sendable, Equatable {
    /// The zone's identifier ("Europe/Paris").
    public var timeZone: String
    /// Its offset from UTC that day ("+01:00").
    public var utcOffset: String
    /// The day, in that zone ("2026-11-22").
    public var day: String
    /// Local time of the first start that day ("00:00:00.900").
    public var firstStart: String
    /// The first starts of the day as ISO 8601 instants with the zone's offset.
    public var starts: [String]
    /// Frame 0 starts again once per rotation.
    public var everyMs: Double
    /// The same local times every day (the period divides a day).
    public var repeatsDaily: Bool

    /// - Parameters:
    ///   - msAfterZero: when frame 0 starts after each 0° instant (a report's `frameZeroStartsMs`).
    ///   - day: any instant of the day to describe.
    public init(periodSeconds: Double, msAfterZero: Double, timeZone: TimeZone, day: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let midnight = calendar.startOfDay(for: day)
        let clock = RotationClock(periodSeconds: periodSeconds, timeZone: timeZone)
        let first = clock.next(msAfterZero / 1000, atOrAfter: midnight)
        let every = abs(periodSeconds)

        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        local.dateFormat = "HH:mm:ss.SSS"
        let dayFormat = Self.dayFormatter(timeZone)
        let iso = ISO8601DateFormatter()
        iso.timeZone = timeZone
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]

        let seconds = timeZone.secondsFromGMT(for: midnight)
        let sign = seconds < 0 ? "-" : "+"
        self.timeZone = timeZone.identifier
        utcOffset = String(format: "%@%02d:%02d", sign, abs(seconds) / 3600, abs(seconds) % 3600 / 60)
        self.day = dayFormat.string(from: midnight)
        firstStart = local.string(from: first)
        starts = (0..<3).map { iso.string(from: first.addingTimeInterval(Double($0) * every)) }
        everyMs = every * 1000
        repeatsDaily = clock.repeatsDaily
    }

    /// The start of day `text` ("2026-11-22") in `zone`; nil when it is not such a date.
    public static func day(_ text: String, in zone: TimeZone) -> Date? {
        dayFormatter(zone).date(from: text)
    }

    private static func dayFormatter(_ zone: TimeZone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "yyyy-MM-dd"
        f.isLenient = false
        return f
    }

    /// "frame 0 starts at 00:00:00.900 in Europe/Paris (UTC+01:00) and every 1200 ms after, every day".
    public var sentence: String {
        "frame 0 starts at \(firstStart) in \(timeZone) (UTC\(utcOffset)) and every \(fmt(everyMs)) ms after, "
            + (repeatsDaily
                ? "the same times every day" : "on \(day) (the period does not divide a day: other days differ)")
    }

}
