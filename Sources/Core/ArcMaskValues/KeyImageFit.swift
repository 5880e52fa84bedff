/// How an image set for an SVGA key fills the sprite's layout (the players differ: the README's
/// "SVGA dynamic content" says which does what).
public enum KeyImageFit: String, Sendable, CaseIterable {
    /// Stretched to the layout's width and height (Android and Web players).
    case stretch
    /// Whole and centred, keeping its aspect ratio (iOS player).
    case fit
    /// Covering the layout, keeping its aspect ratio, the overflow cut.
    case fill
}
