import Foundation

/// A number for people: whole numbers as integers, others to 3 significant digits (one
/// decimal from 100 up). The one formatter of messages, reports and pictures.
public func fmt(_ x: Double) -> String {
    if x == x.rounded() && abs(x) < 1e12 { return String(Int(x)) }
    return abs(x) >= 100 ? String(format: "%.1f", x) : String(format: "%.3g", x)
}
