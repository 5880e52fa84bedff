import ArcMaskBudget
import ArcMaskGeometry
import ArcMaskManifest
import Foundation
import Testing

@Suite("Each surface's limits")
struct SurfaceLimitTests {
    @Test("a Live Activity's archive is 2 MB, its own ceiling; the other surfaces keep the standard limits")
    func archives() {
        for family in [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded] {
            let limits = WidgetLimits.standard(for: family)
            #expect(limits.archiveBytes == 2_000_000 && limits.archiveCeilingBytes == 2_000_000)
        }
        for family in [WidgetFamily.small, .accessoryCircular, .extraLargePortrait, nil] {
            #expect(WidgetLimits.standard(for: family) == .standard)
        }
    }

    @Test("a Live Activity warns from 100 rotating layers; the Lock Screen says what is unverified")
    func warnings() {
        #expect(WidgetLimits.surfaceWarnings(family: .activity, layers: 99).isEmpty)
        let many = WidgetLimits.surfaceWarnings(family: .islandExpanded, layers: 120)
        #expect(many.count == 1 && many[0].hasPrefix("120 rotating layers in a Live Activity"))
        // Every surface past the figure, with what is and is not measured.
        #expect(WidgetLimits.surfaceWarnings(family: .small, layers: 99).isEmpty)
        let home = WidgetLimits.surfaceWarnings(family: .small, layers: 500)
        #expect(
            home.count == 1 && home[0].hasPrefix("500 layers") && home[0].contains("nothing is measured for widgets"))
        #expect(WidgetLimits.surfaceWarnings(family: nil, layers: 100).count == 1)
        #expect(WidgetLimits.surfaceWarnings(family: .accessoryCircular, layers: 8).first?.contains("vibrant") == true)
    }

    @Test("each surface's verdict: the family's own and StandBy from the emulator's, Always-On held still")
    func verdicts() throws {
        let data = Data(
            #"{"refreshHz":[60,120],"samples":10,"torn":0,"gap":0,"wrongFrame":0,"reversed":false,"speedRatio":1,"passed":true,"phaseOffsetMs":0,"frameZeroStartsMs":0,"toleranceMs":1}"#
                .utf8)
        guard let pass = try? JSONDecoder().decode(ExportManifest.Verdict.self, from: data) else {
            Issue.record("the verdict fixture does not decode")
            return
        }
        #expect(
            SurfaceVerdict.list(family: .small, emulator: pass, posterFrame: nil).map(\.surface) == [
                "Home Screen", "StandBy",
            ])
        #expect(
            SurfaceVerdict.list(family: .medium, emulator: pass, posterFrame: nil).map(\.surface) == ["Home Screen"])
        let lock = SurfaceVerdict.list(family: .accessoryCircular, emulator: pass, posterFrame: 3)
        #expect(lock.map(\.surface) == ["Lock Screen", "Always-On"] && lock[1].refresh == "1 Hz")
        #expect(lock[1].why.contains("frame 3"))
        let live = SurfaceVerdict.list(family: .islandCompact, emulator: pass, posterFrame: nil)
        #expect(live.map(\.surface) == ["Live Activity", "StandBy", "Always-On"] && live.allSatisfy(\.passed))
        #expect(
            SurfaceVerdict.line(live)
                == "Live Activity 60/120 Hz PASS; StandBy 60/120 Hz PASS; Always-On 1 Hz still on the poster frame")
        var fail = pass
        fail.passed = false
        #expect(
            SurfaceVerdict.line(SurfaceVerdict.list(family: .small, emulator: fail, posterFrame: nil))
                == "Home Screen 60/120 Hz FAIL; StandBy 60/120 Hz FAIL")
    }
}
