import ArcMaskGeometry
import Testing

@testable import ArcMaskFolder

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
        #expect(WidgetLimits.surfaceWarnings(family: .small, layers: 500).isEmpty)
        #expect(WidgetLimits.surfaceWarnings(family: .accessoryCircular, layers: 8).first?.contains("vibrant") == true)
    }
}
