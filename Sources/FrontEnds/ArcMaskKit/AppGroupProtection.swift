import Foundation

/// The Data Protection class of what ArcMaskKit writes into an App Group: "complete until first
/// user authentication" (class C), so the widget reads its folder while the phone is locked: in
/// StandBy, on the Lock Screen and in Live Activities.
///
/// An app whose default class is `.complete` (the Data Protection entitlement; "most iOS code
/// defaults to complete", Apple DTS in forum thread 665704) would otherwise give its folders a
/// class whose key is discarded about ten seconds after the phone locks (Apple Platform
/// Security, "Data Protection classes"), and the widget could not read its frames there. Files
/// take the class set here explicitly, the folder too, so files added later inherit it.
enum AppGroupProtection {
    /// The class set on every file and folder the Kit writes.
    static let protection = FileProtectionType.completeUntilFirstUserAuthentication

    /// Gives `folder` and every file in it the class, before the folder is moved into place.
    /// `set` applies it to one item (the file manager's attribute; the tests record the calls).
    static func apply(to folder: URL, set: (URL) throws -> Void = setProtection) throws {
        try set(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for name in names.sorted() { try set(folder.appendingPathComponent(name)) }
    }

    /// The class on one item, where the system has Data Protection (iOS, iPadOS, visionOS,
    /// watchOS, tvOS); elsewhere nothing to set.
    static func setProtection(_ url: URL) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        try FileManager.default.setAttributes([.protectionKey: protection], ofItemAtPath: url.path)
        #endif
    }

}
