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
    ms >= 1000 ? String(format: "%.2f s", ms / 1000) : String(format: "%.0f ms", ms)
}
