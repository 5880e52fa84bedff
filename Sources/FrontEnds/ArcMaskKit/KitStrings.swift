import Foundation

/// The sentences ArcMaskKit gives an app's users, by key: from the app's language in the Kit's
/// bundle (`Resources/<language>.lproj/Localizable.strings`), English by default. The English
/// is also written here, so a missing or damaged strings file never shows a key.
/// (`Bundle.localizedString(forKey:value:table:)` is what `String(localized:bundle:)` resolves
/// through; it exists on every platform the Kit builds for.)
enum KitStrings {
    /// The English of every key, as `en.lproj/Localizable.strings` holds it (KitStringsTests
    /// holds the two equal).
    static let english: [String: String] = [
        "error.unsupportedFormat": "This file is not an animation that can be prepared.",
        "error.notAnimated": "This file holds one picture, not an animation.",
        "error.tooManyFrames": "This animation has too many frames.",
        "error.tooLarge": "This animation is too large to prepare on this device now.",
        "error.damaged": "This animation is damaged or cut short.",
        "error.frame.damaged": "Frame %d of this animation cannot be read.",
        "error.invalidOptions": "The animation cannot be prepared with these settings.",
        "error.doesNotFit": "This animation does not fit in a widget, even at its smallest.",
        "error.destinationExists": "An animation is already prepared here.",
        "error.cannotWrite": "The prepared animation cannot be saved.",
        "error.interrupted": "Preparing the animation was interrupted.",
        "recovery.unsupportedFormat":
            "Choose a GIF, APNG, WebP, HEIC or AVIF sequence, a video, or a Lottie, dotLottie or Telegram sticker file.",
        "recovery.notAnimated": "Choose an animation, or prepare it as a still picture.",
        "recovery.tooManyFrames": "Shorten the animation or lower its frame rate before preparing it.",
        "recovery.tooLarge": "Choose a smaller animation.",
        "recovery.damaged": "The file may be cut short or damaged: try another copy.",
        "recovery.invalidOptions": "Check the options named in the message.",
        "recovery.doesNotFit": "Allow fewer frames or a lower scale, or choose a shorter animation.",
        "recovery.destinationExists": "Replace the prepared animation, or choose another place.",
        "recovery.cannotWrite": "Check that there is room on the device, then try again.",
        "recovery.interrupted": "Keep the app open until the animation is prepared, then try again.",
    ]

    /// The sentence for `key` in the app's language, else English.
    static func text(_ key: String) -> String {
        let fallback = english[key] ?? key
        return Bundle.module.localizedString(forKey: key, value: fallback, table: nil)
    }
}
