/// How the frames draw where the system does not keep a widget's colours: the tinted and clear
/// home screens of iOS 18 and later (WidgetKit's accented mode), and for `poster` the Lock
/// Screen's vibrant mode too. Only `Image` can choose (`widgetAccentedRenderingMode(_:)`, iOS
/// 18); the frames are images, so they can. `--tinted` (or its older spelling `--accented`).
public enum AccentedRendering: String, CaseIterable, Sendable, Codable {
    /// The frames keep their colours (`.widgetAccentedRenderingMode(.fullColor)`): the animation
    /// plays as it is instead of as a tinted silhouette.
    case fullColor = "full-color"
    /// The frames join the accented group (`.widgetAccentedRenderingMode(.accented)`), tinted
    /// like the rest of the home screen: a template, colour replaced and alpha kept, so opaque
    /// frames become solid blocks.
    case accented
    /// Each frame's luminance becomes its opacity (`.widgetAccentedRenderingMode(.desaturated)`:
    /// "maps the luminance of the Image in to the alpha channel"), so the picture stays legible
    /// in the tint; animated.
    case alpha
    /// The poster frame, still, as its luminance: in the accented and vibrant modes the view
    /// holds still (where a tinted picture of a moving animation would flicker).
    case poster

    /// The view's `ArcMaskAccentedRendering` member.
    public var member: String {
        switch self {
        case .fullColor: "fullColor"
        case .accented: "accented"
        case .alpha: "alpha"
        case .poster: "poster"
        }
    }
}
