import ArcMaskManifest
import Foundation
import Testing

@testable import ArcMaskTimerMaskPlan

@Suite struct TimerMaskManifestTests {
    static func font(_ period: Int) -> TimerMaskSection.Font {
        TimerMaskSection.Font(
            file: "ArcMaskMask\(period).ttf", postScriptName: "ArcMaskMask\(period)", periodSeconds: period)
    }

    @Test("the section a plan writes shows, read on its own, the lane the plan shows at every instant")
    func sameLanes() throws {
        for (fps, loop) in [(8, 2), (16, 5), (30, 10)] {
            let plan = try TimerMaskPlan(fps: fps, loopSeconds: loop)
            let section = plan.section(image: { _, frame in "frame-\(frame).jpg" }, font: Self.font)
            #expect(section.problems().isEmpty)
            #expect(
                section.fonts.map(\.periodSeconds) == [1, loop].filter { plan.masks.map(\.periodSeconds).contains($0) })
            for k in 0..<(loop * 240) {
                let t = 3_590 + Double(k) / 120 + 0.000_3
                #expect(section.topLane(at: t) == plan.topLane(at: t), "\(fps) fps, \(loop) s at \(t)")
                #expect(section.intendedLane(at: t) == plan.intendedLane(at: t))
            }
            let back = try #require(TimerMaskPlan(section: section))
            #expect(back.lanes == plan.lanes && back.loopSeconds == loop && back.fps == fps)
            #expect(TimerMaskCheck.run(back, hz: 120, seconds: Double(2 * loop)).passed)
        }
    }

    @Test("the manifest's shape: lanes with images, frames, turns on top and masks naming their fonts")
    func shape() throws {
        let plan = try TimerMaskPlan(fps: 16, loopSeconds: 2)
        let section = plan.section(image: { i, _ in String(format: "frame-%04d.jpg", i) }, font: Self.font)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(section)) as! [String: Any]
        #expect(json["loopSeconds"] as? Int == 2)
        let fonts = json["fonts"] as! [[String: Any]]
        #expect(
            fonts.allSatisfy { $0["file"] is String && $0["postScriptName"] is String && $0["periodSeconds"] is Int })
        let lanes = json["lanes"] as! [[String: Any]]
        #expect(lanes.count == 32)
        #expect(lanes[1]["image"] as? String == "frame-0001.jpg" && lanes[1]["frame"] as? Int == 1)
        #expect(lanes[1]["onTopFromSeconds"] as? Double == 0.0625 && lanes[1]["onTopToSeconds"] as? Double == 0.125)
        let masks = lanes[1]["masks"] as! [[String: Any]]
        #expect(masks.count == 1 && masks[0]["font"] as? String == "ArcMaskMask2.ttf")
        #expect(masks[0]["leadSeconds"] as? Double == 2 - 0.0625)
        // The wrap: a last-second lane carries the one-second mask of the loop's period too.
        #expect((lanes[31]["masks"] as! [[String: Any]]).count == 2)
        #expect((lanes[0]["masks"] as! [[String: Any]]).isEmpty)
    }

    @Test("a damaged section is refused, each problem said where it is")
    func problems() throws {
        let plan = try TimerMaskPlan(fps: 4, loopSeconds: 2)
        let good = plan.section(image: { _, f in "f\(f).jpg" }, font: Self.font)
        // A missing image is the folder's problem, not the schedule's: the plan still reads.
        func located(folderOnly: Bool = false, _ change: (inout TimerMaskSection) -> Void) -> [String] {
            var s = good
            change(&s)
            #expect((TimerMaskPlan(section: s) == nil) != folderOnly)
            return s.problems(images: Set((0..<8).map { "f\($0).jpg" })).map(\.location)
        }
        #expect(located { $0.loopSeconds = 7 }.contains("timerMask.loopSeconds"))
        #expect(located { $0.fonts[0].periodSeconds = 7 } == ["timerMask.fonts[0].periodSeconds"])
        #expect(located { $0.fonts[0].file = "../x.ttf" }.contains("timerMask.fonts[0].file"))
        #expect(located { $0.fonts.append($0.fonts[0]) } == ["timerMask.fonts[\(good.fonts.count)].file"])
        #expect(located(folderOnly: true) { $0.lanes[3].image = "missing.jpg" } == ["timerMask.lanes[3].image"])
        #expect(located { $0.lanes[2].masks[0].font = "other.ttf" } == ["timerMask.lanes[2].masks[0].font"])
        #expect(located { $0.lanes[2].masks[0].leadSeconds = .nan } == ["timerMask.lanes[2].masks[0].leadSeconds"])
        #expect(located { $0.lanes[5].onTopFromSeconds = 1.3 }.contains("timerMask.lanes[5].onTopFromSeconds"))
        #expect(located { $0.lanes[7].onTopToSeconds = 1.9 } == ["timerMask.lanes[7].onTopToSeconds"])
        #expect(located { $0.lanes = [] } == ["timerMask.lanes"])
        #expect(good.problems(images: Set((0..<8).map { "f\($0).jpg" })).isEmpty)
    }

    @Test("a wrong mask (a font period off by one second) shows frames it should not, and the check says when")
    func wrongPeriod() throws {
        let plan = try TimerMaskPlan(fps: 8, loopSeconds: 2)
        var section = plan.section(image: { _, f in "f\(f).jpg" }, font: Self.font)
        let k = try #require(section.fonts.firstIndex { $0.periodSeconds == 2 })
        section.fonts[k].periodSeconds = 3
        // Still a section a player reads (3 divides 60), but not the plan written.
        let wrong = try #require(TimerMaskPlan(section: section))
        let check = TimerMaskCheck.run(wrong, hz: 60, seconds: 6)
        #expect(!check.passed)
        #expect(check.defects.first.map { "\($0)" }?.hasPrefix("at ") == true)
    }
}
