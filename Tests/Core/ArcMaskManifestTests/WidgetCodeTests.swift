import ArcMaskGeometry
import ArcMaskManifest
import Foundation
import Testing

@Suite("What every route writes the same way")
struct WidgetCodeTests {
    @Test("CodeText escapes controls, separators and bidi marks, and fences Markdown code")
    func codeText() {
        #expect(CodeText.line("a\nb\r\u{2028}c\u{202E}d\u{2067}e") == "a\\u{A}b\\u{D}\\u{2028}c\\u{202E}d\\u{2067}e")
        #expect(CodeText.line("plain é 名前.gif") == "plain é 名前.gif")
        #expect(CodeText.markdownCode("x.gif") == "`x.gif`")
        #expect(CodeText.markdownCode("a`b``c.gif") == "``` a`b``c.gif ```")
        #expect(CodeText.fileName("/some/where/a\nb.gif") == "a\\u{A}b.gif")
    }

    @Test("a number too large for a whole-number field is named by its key")
    func hugeWholeNumber() {
        let data = Data(#"{"route": "timer-font", "fps": 1e+308, "frames": [{"startMs": 0.5}]}"#.utf8)
        let context = DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON.")
        let e = ManifestDecoding.decodingError("m.json", context, data: data)
        #expect(e.location == "fps")
        #expect(e.message.contains("1e+308"))
        let fraction = ManifestDecoding.decodingError("m.json", context, data: Data(#"{"a": {"b": [1, 2.5]}}"#.utf8))
        #expect(fraction.message.contains("a.b[1] = 2.5"))
        #expect(ManifestDecoding.decodingError("m.json", context, data: Data("{".utf8)).message == "is not valid JSON")
    }

    @Test("Swift string literals, the timeline and the bundle step")
    func parts() throws {
        #expect(WidgetCodeParts.swiftString("a\"b\\c\nd") == "a\\\"b\\\\c\\u{A}d")
        let n = try #require(CodeNames("Orbit"))
        let timeline = WidgetCodeParts.timeline(n, why: "it turns by itself")
        #expect(timeline.contains("struct \(n.entry): TimelineEntry") && timeline.contains("policy: .never"))
        #expect(timeline.contains("One entry that never needs reloading: it turns by itself."))
        let step = WidgetCodeParts.bundleStep(n, number: 4)
        #expect(step.hasPrefix("4. Add the widget") && step.contains("\(n.widget)()"))
        #expect(WidgetFamily.extraLarge.systemName == "systemExtraLarge")
    }

    @Test("the gallery's strings: escaped, and edits to them told apart from other edits")
    func gallery() {
        let a =
            "x\n        " + WidgetCodeParts.galleryStrings(displayName: nil, fileName: "a\"b.gif", description: "D.")
            + "\ny"
        #expect(a.contains(#".configurationDisplayName("a\"b")"#) && a.contains("\n        .description(\"D.\")"))
        // The name a person gave the file: no extension, no download's " (1)".
        #expect(WidgetCodeParts.galleryName("Café anim (1).gif") == "Café anim")
        #expect(WidgetCodeParts.galleryName("v2.0 (final).webp") == "v2.0 (final)")
        let b =
            "x\n        " + WidgetCodeParts.galleryStrings(displayName: "Mine", fileName: "a.gif", description: "E.")
            + "\ny"
        #expect(WidgetCodeParts.differOnlyInGalleryStrings(a, b))
        #expect(!WidgetCodeParts.differOnlyInGalleryStrings(a, a))
        #expect(!WidgetCodeParts.differOnlyInGalleryStrings(a, b + "z"))
    }
}
