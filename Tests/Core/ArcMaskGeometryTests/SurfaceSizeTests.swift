import Testing

@testable import ArcMaskGeometry

/// The Lock Screen, portrait and Live Activity sizes, as the guidelines' tables give them.
@Suite("Every surface's size per device class")
struct SurfaceSizeTests {
    /// Apple Human Interface Guidelines, Widgets, iOS dimensions (December 2025): the circular
    /// and rectangular Lock Screen widgets per screen.
    static let lockScreen: [(String, Double, (Double, Double))] = [
        ("iphone-430", 76, (172, 76)), ("iphone-428", 76, (172, 76)), ("iphone-414", 76, (160, 72)),
        ("iphone-414-plus", 76, (170, 76)), ("iphone-393", 72, (160, 72)), ("iphone-390", 72, (160, 72)),
        ("iphone-375", 72, (157, 72)), ("iphone-375-se", 68, (153, 68)),
    ]

    @Test("Lock Screen widgets: the guidelines' sizes; none where the table has none")
    func lockScreenSizes() throws {
        for (id, circle, rectangle) in Self.lockScreen {
            let device = try #require(WidgetSizeTable.device(id))
            #expect(device.size(.accessoryCircular)! == (circle, circle), "\(id)")
            #expect(device.size(.accessoryRectangular)! == rectangle, "\(id)")
            #expect(device.source(.accessoryCircular) == .guidelines)
        }
        for id in ["iphone-320", "iphone-402", "iphone-440", "ipad-1024"] {
            #expect(WidgetSizeTable.device(id)!.size(.accessoryCircular) == nil, "\(id)")
        }
        #expect(WidgetSizeTable.defaultDevice(for: .accessoryCircular).size(.accessoryCircular)! == (76, 76))
    }

    @Test("Live Activities: the two screens the guidelines list, each presentation at its largest")
    func liveActivitySizes() throws {
        let large = try #require(WidgetSizeTable.device("iphone-430"))
        #expect(large.size(.activity)! == (408, 160) && large.size(.islandExpanded)! == (408, 160))
        #expect(large.size(.islandCompact)! == (62.33, 36.67) && large.size(.islandMinimal)! == (45, 36.67))
        let pro = try #require(WidgetSizeTable.device("iphone-393"))
        #expect(pro.size(.activity)! == (371, 160) && pro.size(.islandCompact)! == (52.33, 36.67))
        #expect(WidgetSizeTable.classes(with: .activity) == ["iphone-430", "iphone-393"])
        for family in [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded] {
            #expect(family.surface == .liveActivity)
        }
    }

    @Test("the portrait widget: measured on the 402-pt class only, and its default")
    func portrait() throws {
        let device = WidgetSizeTable.defaultDevice(for: .extraLargePortrait)
        #expect(device.id == "iphone-402" && device.size(.extraLargePortrait)! == (358, 544))
        #expect(device.source(.extraLargePortrait) == .measured && device.source(.small) == .measured)
        #expect(WidgetSizeTable.classes(with: .extraLargePortrait) == ["iphone-402"])
        #expect(WidgetFamily(rawValue: "island-compact") == .islandCompact)
        #expect(WidgetFamily.extraLargePortrait.surface == .homeScreen)
        #expect(WidgetFamily.accessoryRectangular.surface == .lockScreen)
    }
}
