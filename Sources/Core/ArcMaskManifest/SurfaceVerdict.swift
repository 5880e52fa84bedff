import ArcMaskGeometry

/// What a folder's plan does on each surface its family is shown on, from the emulator's
/// verdict at the surface's own refresh rates:
/// - the family's own surface (the Home Screen, the Lock Screen, a Live Activity) at the rates
///   emulated (60 and 120 Hz by default);
/// - StandBy for a small widget ("scaled up so they fill the Lock Screen", Human Interface
///   Guidelines, Widgets) and for a Live Activity ("scaled up by 2x", Live Activities): the arcs
///   and the view scale together, so the plan shows the same frames at any scale and the
///   verdict is the one emulated;
/// - Always-On for the Lock Screen and Live Activities: at reduced luminance "the system doesn't
///   perform animations" and the display refreshes as low as once a second; the view then holds
///   the poster frame still (`isLuminanceReduced`), so nothing can tear or show the wrong frame.
public struct SurfaceVerdict: Codable, Sendable, Equatable {
    /// "Home Screen", "StandBy", "Lock Screen", "Live Activity" or "Always-On".
    public var surface: String
    /// The refreshes judged, "60/120 Hz"; "1 Hz" for Always-On.
    public var refresh: String
    public var passed: Bool
    /// What was judged, in a phrase.
    public var why: String

    /// The surfaces `family` is shown on, each with its verdict from `emulator`.
    public static func list(
        family: WidgetFamily, emulator: ExportManifest.Verdict, posterFrame: Int?
    )
        -> [SurfaceVerdict]
    {
        let rates =
            emulator.refreshHz.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
            .joined(separator: "/") + " Hz"
        let passed = emulator.passed
        let verdict = passed ? "the emulator's PASS" : "the emulator's FAIL"
        let still = SurfaceVerdict(
            surface: "Always-On", refresh: "1 Hz", passed: true,
            why: "the view holds frame \(posterFrame ?? 0) still (no animation at reduced luminance)")
        let scaled = "the plan scaled up shows the same frames: \(verdict)"
        switch family.surface {
        case .homeScreen:
            var out = [SurfaceVerdict(surface: "Home Screen", refresh: rates, passed: passed, why: verdict)]
            if family == .small {
                out.append(SurfaceVerdict(surface: "StandBy", refresh: rates, passed: passed, why: scaled))
            }
            return out
        case .lockScreen:
            return [SurfaceVerdict(surface: "Lock Screen", refresh: rates, passed: passed, why: verdict), still]
        case .liveActivity:
            return [
                SurfaceVerdict(surface: "Live Activity", refresh: rates, passed: passed, why: verdict),
                SurfaceVerdict(surface: "StandBy", refresh: rates, passed: passed, why: scaled), still,
            ]
        }
    }

    /// "Home Screen 60/120 Hz PASS; StandBy 60/120 Hz PASS": one line for a report.
    public static func line(_ verdicts: [SurfaceVerdict]) -> String {
        verdicts.map {
            "\($0.surface) \($0.refresh) \($0.surface == "Always-On" ? "still on the poster frame" : $0.passed ? "PASS" : "FAIL")"
        }.joined(separator: "; ")
    }
}
