#if canImport(UIKit) && !os(watchOS)
import UIKit

extension PrepareOptions.PhoneScreen {
    /// The screen of the phone this runs on, as UIKit reports it: `UIScreen.main`'s bounds in
    /// points and its scale (developer.apple.com/documentation/uikit/uiscreen). Its logical
    /// scale, not `nativeScale`: an iPhone 12 mini reports 3 where its panel draws 2.88, so its
    /// Live Activity layers are sized at 3×, as the size table has it. Written from the
    /// documentation; type-checked, not run here.
    @MainActor static var current: PrepareOptions.PhoneScreen {
        let screen = UIScreen.main
        return PrepareOptions.PhoneScreen(
            width: Double(screen.bounds.width), height: Double(screen.bounds.height), scale: Double(screen.scale))
    }
}
#endif
