/// How the frames draw on the tinted and clear home screens of iOS 18 and later, where
/// WidgetKit renders widgets in its accented mode. Only `Image` can opt out of tinting
/// (`widgetAccentedRenderingMode(_:)`, iOS 18); the frames are images, so they can.
public enum AccentedRendering: String, CaseIterable, Sendable, Codable {
    /// The frames keep their colours (`.widgetAccentedRenderingMode(.fullColor)`): the animation
    /// plays as it is instead of as a tinted silhouette.
    case fullColor = "full-color"
    /// The frames join the accented group (`.widgetAccentedRenderingMode(.accented)`), tinted
    /// like the rest of the home screen.
    case accented

    /// The `WidgetAccentedRenderingMode` member the view asks for.
    public var member: String {
        switch self {
        case .fullColor: "fullColor"
        case .accented: "accented"
        }
    }
}
