/// How an export plays in a widget.
public enum WidgetRoute: String, CaseIterable, Sendable, Codable {
    /// Frames under arc masks turned by WidgetKit's clock-hand rotation (private API; any frame
    /// rate); `RotationAccess` says how the view reaches the rotation.
    case rotation
    /// Frames as colour glyphs of timer fonts, uncovered by mask timers (public API only; 1 to 15
    /// fps, loops dividing 60 s, iOS 18 or later, opaque frames).
    case timerFont = "timer-font"
    /// The layers as the rotation route writes them, stacked one per lane under live timer-text
    /// masks (public API only; 1 to 30 fps, loops dividing 60 s, up to 320 lanes).
    case timerMask = "timer-mask"
}
