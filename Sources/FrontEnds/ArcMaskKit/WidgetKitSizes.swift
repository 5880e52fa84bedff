#if canImport(WidgetKit)
import ArcMaskGeometry
import WidgetKit

extension PrepareOptions.ViewSize {
    /// WidgetKit's own family, as a timeline provider's `context.family` gives it: the Home
    /// Screen's and the Lock Screen's families take the size of the largest device class that
    /// has the family (unless `device` names another); `accessoryInline` (a line of text) and
    /// families without a size table are refused with `.invalidOptions` (give their size with
    /// `.size(context.displaySize)`). iOS 27's `systemExtraLargePortrait`, which today's SDKs do
    /// not declare on iOS, is recognised by its raw value, 4 (as cifyr/motionary reports).
    public static func family(_ family: WidgetKit.WidgetFamily, device: String? = nil) -> Self {
        switch family {
        case .systemSmall: .family(ArcMaskGeometry.WidgetFamily.small, device: device)
        case .systemMedium: .family(ArcMaskGeometry.WidgetFamily.medium, device: device)
        case .systemLarge: .family(ArcMaskGeometry.WidgetFamily.large, device: device)
        case .systemExtraLarge: .family(ArcMaskGeometry.WidgetFamily.extraLarge, device: device)
        case .accessoryCircular: .family(ArcMaskGeometry.WidgetFamily.accessoryCircular, device: device)
        case .accessoryRectangular: .family(ArcMaskGeometry.WidgetFamily.accessoryRectangular, device: device)
        default:
            family.rawValue == 4
                ? .family(ArcMaskGeometry.WidgetFamily.extraLargePortrait, device: device)
                : .unsupported(family: "\(family)")
        }
    }
}
#endif
