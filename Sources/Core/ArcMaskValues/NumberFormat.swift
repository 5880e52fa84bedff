import Foundation

/// A number for people: whole numbers as integers, others to 3 significant digits (one
/// decimal from 100 up, 3 significant digits again from 10¹²). The one formatter of messages, reports and pictures.
public func fmt(_ x: Double) -> String {
    if x == x.rounded() && abs(x) < 1e12 { return String(Int(x)) }
    return abs(x) >= 100 && abs(x) < 1e12 ? String(format: "%.1f", x) : String(format: "%.3g", x)
}

/// "1 entry", "3 entries": a count and its noun, singular for one.
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
}

/// `s` padded with spaces to `n` characters: on the left when `right` (a right-aligned column).
public func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, n - s.count))
    return right ? fill + s : s + fill
}

/// A length of time as reports print it: "850 ms" under a second, "2.40 s" from one.
public func formatDuration(ms: Double) -> String {
    guard ms >= 1000 else { return String(format: "%.0f ms", ms) }
    // To the millisecond where hundredths would hide it (a 29.97 fps clip's 3.003 s).
    let hundredths = abs(ms / 10 - (ms / 10).rounded()) < 0.05
    return String(format: hundredths ? "%.2f s" : "%.3f s", ms / 1000)
}

/// A frame rate for people: whole rates as integers, NTSC's as 29.97, 59.94, 23.976.
public func formatRate(_ fps: Double) -> String {
    if abs(fps - fps.rounded()) < 0.0005 { return String(Int(fps.rounded())) }
    var s = String(format: "%.3f", fps)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}
