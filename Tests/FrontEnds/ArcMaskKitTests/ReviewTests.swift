import Foundation
import Testing

@testable import ArcMaskKit

/// What an iOS team's review asked of the Kit: a label for VoiceOver, files readable while the
/// phone is locked, and a widget record written by the widget alone.
@Suite("ArcMaskKit as an iOS team reviews it")
struct ReviewTests {
    static func manifest(label: String?) -> Data {
        let field = label.map { #","label":"\#($0)""# } ?? ""
        return Data(
            """
            {"viewWidth":170,"viewHeight":170,"scale":3,"frames":[{"x":0,"y":0,"width":510,"height":510,"file":"frame-000.png"}],
             "plan":{"radius":524288,"lineWidth":172,"centerOffset":524288,"periodSeconds":1,"cap":"butt",
                     "layers":[{"frame":0,"startAngle":0,"endAngle":100}]}\(field)}
            """.utf8)
    }

    @Test("the plan carries the manifest's label; folders written before labels have none")
    func label() throws {
        #expect(try ArcMaskAnimationPlan(manifest: Self.manifest(label: "Spinning cat")).label == "Spinning cat")
        #expect(try ArcMaskAnimationPlan(manifest: Self.manifest(label: nil)).label == nil)
        #expect(try ArcMaskAnimationPlan(manifest: Self.manifest(label: "")).label == nil)
    }

    @Test("the view is one accessibility element with a label, its layers hidden")
    func viewIsOneElement() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FrontEnds/ArcMaskKit/ArcMaskAnimation.swift")
        let view = try String(contentsOf: url, encoding: .utf8)
        for modifier in [
            ".accessibilityElement(children: .ignore)", ".accessibilityLabel(Text(label))",
            ".accessibilityAddTraits(.isImage)",
        ] {
            #expect(view.components(separatedBy: modifier).count == 2, "\(modifier) once, on the whole view")
        }
        #expect(view.components(separatedBy: ".accessibilityHidden(true)").count - 1 == 3)
        #expect(view.contains("self.label = label ?? plan.label ?? \"Animation\""))
        #expect(view.contains("folder: URL, label: String? = nil, accented:"))
    }

    @Test("prepare gives the folder and every file in it class C protection before it moves into place")
    func protection() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["manifest.json", "frame-000.png", "frame-001.png"] {
            try Data([1]).write(to: dir.appendingPathComponent(name))
        }
        var set: [String] = []
        try AppGroupProtection.apply(to: dir) { set.append($0.lastPathComponent) }
        #expect(set == [dir.lastPathComponent, "frame-000.png", "frame-001.png", "manifest.json"])
        #expect(AppGroupProtection.protection == .completeUntilFirstUserAuthentication)
        // A failure to set it is the caller's to report (prepare fails, the staging folder goes).
        struct Refused: Error {}
        #expect(throws: Refused.self) { try AppGroupProtection.apply(to: dir) { _ in throw Refused() } }
    }

    @Test("only the widget extension writes the record, and never in Xcode's previews")
    func recordWriters() {
        let appex = "/private/var/containers/Bundle/Application/X/My.app/PlugIns/Widget.appex"
        #expect(WidgetEngineRecord.writesHere(bundlePath: appex, environment: [:]))
        #expect(
            !WidgetEngineRecord.writesHere(
                bundlePath: "/private/var/containers/Bundle/Application/X/My.app", environment: [:]))
        #expect(!WidgetEngineRecord.writesHere(bundlePath: appex, environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"]))
        // These tests are not a widget extension: drawing schedules nothing here.
        #expect(!WidgetEngineRecord.writesHere())
    }
}
