import Foundation
import Testing

@testable import ArcMaskKit

/// The sentences an app shows its users: localizable, English given, never a path.
@Suite("ArcMaskKit's user-facing sentences")
struct KitStringsTests {
    /// `en.lproj/Localizable.strings`, read as the system reads it.
    static func stringsFile() throws -> [String: String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FrontEnds/ArcMaskKit/Resources/en.lproj/Localizable.strings")
        let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil)
        return try #require(plist as? [String: String])
    }

    @Test("the English in the code is the strings file's, key for key, and every code has both sentences")
    func english() throws {
        #expect(try Self.stringsFile() == KitStrings.english)
        for code in PrepareError.Code.allCases {
            #expect(KitStrings.english["error.\(code.rawValue)"] != nil, "error.\(code.rawValue)")
            #expect(KitStrings.english["recovery.\(code.rawValue)"] != nil, "recovery.\(code.rawValue)")
        }
    }

    @Test("what the user sees names no path; the developer's line keeps it")
    func paths() {
        let error = PrepareError(
            .folder("/private/var/mobile/Containers/Shared/AppGroup/X/Animation"), "cannot be replaced (disk full)")
        #expect(error.errorDescription == "The prepared animation cannot be saved.")
        #expect(error.recoverySuggestion == "Check that there is room on the device, then try again.")
        #expect(error.failureReason == "cannot be replaced (disk full)")
        #expect(error.localizedDescription == "The prepared animation cannot be saved.")
        #expect(
            !error.description.contains("/private") && error.description == "folder: cannot be replaced (disk full)")
        #expect(error.debugDescription.hasPrefix("/private/var/mobile/Containers/Shared/AppGroup/X/Animation: "))
        let frame = PrepareError(.frame(11), "of a.gif cannot be decoded (invalid data)")
        #expect(frame.errorDescription == "Frame 12 of this animation cannot be read.")
        #expect(KitStrings.text("no.such.key") == "no.such.key")
    }
}
