import ArcMaskGeometry
import Foundation
import Testing

@testable import ArcMaskKit

@Suite("the widget records what it played, and the app reads it")
struct WidgetEngineRecordTests {
    static func record(_ engine: ArcMaskAnimationPlan.Engine, drawable: Bool = true) -> WidgetEngineRecord {
        WidgetEngineRecord(
            engine: engine, requested: .automatic, hasTimerMasks: true, rotationResolves: engine == .rotation,
            masksDrawable: drawable, manifestDigest: "0123456789abcdef", system: "iOS 17.4",
            recorded: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("written once beside the manifest, hidden from check; again only when what it says changes")
    func noted() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(WidgetEngineRecord.file)
        #expect(WidgetEngineRecord.file.hasPrefix("."))
        let first = Self.record(.timerMasks)
        first.note(in: dir)
        #expect(WidgetEngineRecord.read(in: dir) == first)
        let written = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        // Drawn again later, the same answer: not written again.
        var later = first
        later.recorded = first.recorded.addingTimeInterval(3600)
        later.note(in: dir)
        #expect(WidgetEngineRecord.read(in: dir)?.recorded == first.recorded)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == written)
        // The fonts went missing: a new answer.
        let still = Self.record(.still, drawable: false)
        still.note(in: dir)
        let read = try #require(WidgetEngineRecord.read(in: dir))
        #expect(read.engine == .still && read.diagnosis.origin == .widget && read.diagnosis.system == "iOS 17.4")
        #expect(read.diagnosis.reason.contains("fonts are not registered here"))
        // A damaged or oversized record is not read; a folder that cannot be written is passed over.
        try Data("{".utf8).write(to: file)
        #expect(WidgetEngineRecord.read(in: dir) == nil)
        Self.record(.rotation).note(in: dir.appendingPathComponent("missing"))
    }

    @Test("every answer says why in a sentence that names what to do")
    func reasons() {
        typealias Plan = ArcMaskAnimationPlan
        #expect(
            Plan.reason(
                .rotation, requested: .automatic, hasTimerMasks: true, rotationResolves: true, masksDrawable: true)
                == "the clock-hand rotation resolves on this system")
        #expect(
            Plan.reason(
                .timerMasks, requested: .automatic, hasTimerMasks: true, rotationResolves: false, masksDrawable: true
            )
            .hasPrefix("the clock-hand rotation does not resolve on this system; the timer masks play"))
        let noFonts = Plan.reason(
            .still, requested: .automatic, hasTimerMasks: true, rotationResolves: false, masksDrawable: false)
        #expect(noFonts.contains("UIAppFonts") && noFonts.hasSuffix("the first frame still"))
        #expect(
            Plan.reason(
                .still, requested: .automatic, hasTimerMasks: false, rotationResolves: false, masksDrawable: false
            )
            .contains("the folder has no timer masks"))
        #expect(
            Plan.reason(.still, requested: .rotation, hasTimerMasks: true, rotationResolves: false, masksDrawable: true)
                .hasPrefix("the rotation was asked for"))
        #expect(
            Plan.reason(.still, requested: .still, hasTimerMasks: true, rotationResolves: true, masksDrawable: true)
                == "the first frame still, as asked")
    }
}

@Suite("a Live Activity prepared on a phone is sized for that phone")
struct LiveActivityPhoneTests {
    @Test("the phone's class and scale; the smallest presentation where the phone has none or is not known")
    func sizes() throws {
        var options = PrepareOptions(size: .family(.activity))
        // Not known (macOS, the tests): the smallest, as the command line sizes it.
        let unknown = try options.resolved()
        #expect(
            unknown.width == 353 && unknown.height == 160 && unknown.device == "iphone-375-se" && unknown.scale == 2)
        options.phone = PrepareOptions.PhoneScreen(width: 393, height: 852, scale: 3)
        let pro = try options.resolved()
        #expect(pro.width == 371 && pro.device == "iphone-393" && pro.scale == 3)
        options.phone = PrepareOptions.PhoneScreen(width: 414, height: 896, scale: 2)
        let xr = try options.resolved()
        #expect(xr.width == 392 && xr.device == "iphone-414" && xr.scale == 2)
        // Asked for 2×, on a 3× phone: 2×, never more than asked.
        options.scale = 2
        options.phone = PrepareOptions.PhoneScreen(width: 430, height: 932, scale: 3)
        #expect(try options.resolved().scale == 2)
        // An island on a phone without one, and a screen no class has: the smallest island.
        var island = PrepareOptions(size: .family(.islandCompact))
        island.phone = PrepareOptions.PhoneScreen(width: 390, height: 844, scale: 3)
        #expect(try island.resolved().device == "iphone-393")
        island.phone = PrepareOptions.PhoneScreen(width: 500, height: 1000, scale: 3)
        #expect(try island.resolved().device == "iphone-393")
        // A device named on purpose is kept.
        var named = PrepareOptions(size: .family(.activity, device: "iphone-430"))
        named.phone = PrepareOptions.PhoneScreen(width: 375, height: 667, scale: 2)
        #expect(try named.resolved().width == 408 && named.resolved().scale == 3)
    }

    @Test("a Home Screen widget is sized for the phone that prepares it; for every phone when asked")
    func homeScreen() throws {
        var small = PrepareOptions(size: .family(.small))
        // Not known: the largest class at 3×.
        #expect(try small.resolved().width == 170 && small.resolved().scale == 3)
        // An iPhone SE (2×): its own 148 pt at 2×, 296² px instead of 510² (2.97× fewer pixels).
        small.phone = PrepareOptions.PhoneScreen(width: 375, height: 667, scale: 2)
        let se = try small.resolved()
        #expect(se.width == 148 && se.height == 148 && se.device == "iphone-375-se" && se.scale == 2)
        // A folder shared between devices keeps the largest class.
        small.sizing = .everyPhone
        #expect(try small.resolved().width == 170 && small.resolved().scale == 3)
        // A screen no class has: the largest class.
        small.sizing = .thisPhone
        small.phone = PrepareOptions.PhoneScreen(width: 500, height: 1000, scale: 3)
        #expect(try small.resolved().device == WidgetSizeTable.defaultDevice(for: .small).id)
    }
}
