#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(UniformTypeIdentifiers)
import Foundation
import os

/// The time iOS grants an app that leaves the foreground with work under way, asked for with
/// `ProcessInfo.performExpiringActivity(withReason:using:)`: its block is called on a queue of
/// the system's with `expired` false, and the app keeps running while the block has not
/// returned; it is called again with `expired` true when the time is up (or at once, when the
/// app is already in the background and no time is granted). Unlike
/// `UIApplication.beginBackgroundTask`, it is allowed in app extensions, which link ArcMaskKit
/// too. Apple's documentation: developer.apple.com/documentation/foundation/processinfo/
/// performexpiringactivity(withreason:using:). Written from it; type-checked, not run here.
enum SystemBackgroundTime {
    /// Made where it is used: `Logger` is not `Sendable` in SDKs before iOS 18, so no static
    /// property may hold one in Swift 6.
    static var log: Logger { Logger(subsystem: "ArcMask", category: "prepare") }

    static let activity: BackgroundWork.ExpiringActivity = { reason, block in
        ProcessInfo.processInfo.performExpiringActivity(withReason: reason) { expired in
            if expired { log.error("background time ended; preparation stops") }
            block(expired)
        }
    }
}
#endif
