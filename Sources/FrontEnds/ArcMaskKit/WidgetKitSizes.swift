#if canImport(WidgetKit)
import ArcMaskGeometry
import WidgetKit

extension PrepareOptions.ViewSize {
    /// WidgetKit's own family, as a timeline provider's `context.family` gives it: the home
    /// screen's families take the size of the largest device class of the family (unless
    /// `device` names another); the others have no size table yet and are refused with
    /// `.invalidOptions` (give their size with `.size(context.displaySize)`).
    public static func family(_ family: WidgetKit.WidgetFamily, device: String? = nil) -> Self {
        switch family {
        case .systemSmall: .family(ArcMaskGeometry.WidgetFamily.small, device: device)
        case .systemMedium: .family(ArcMaskGeometry.WidgetFamily.medium, device: device)
        case .systemLarge: .family(ArcMaskGeometry.WidgetFamily.large, device: device)
        case .systemExtraLarge: .family(ArcMaskGeometry.WidgetFamily.extraLarge, device: device)
        default: .unsupported(family: "\(family)")
        }
    }
}
#endif
