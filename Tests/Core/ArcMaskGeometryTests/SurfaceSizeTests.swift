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
        #expect(large.source(.activity) == .guidelines && pro.source(.islandCompact) == .guidelines)
        for family in [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded] {
            #expect(family.surface == .liveActivity)
        }
    }

    @Test(
        "Live Activities elsewhere: every iPhone from iOS 16.1 has the card, derived; islands only where there is one")
    func derivedPresentations() throws {
        // Every iPhone class but the 320-pt one (which stops at iOS 15) shows the card.
        #expect(
            Set(WidgetSizeTable.classes(with: .activity))
                == Set(WidgetSizeTable.devices.filter { $0.id.hasPrefix("iphone-") && $0.id != "iphone-320" }.map(\.id))
        )
        let se = try #require(WidgetSizeTable.device("iphone-375-se"))
        #expect(se.size(.activity)! == (353, 160) && se.source(.activity) == .derived)
        #expect(se.size(.islandExpanded) == nil && se.size(.islandMinimal) == nil)
        // The Dynamic Island classes; the compact presentation only where the guidelines list it.
        #expect(
            Set(WidgetSizeTable.classes(with: .islandMinimal)) == [
                "iphone-430", "iphone-440", "iphone-402", "iphone-393",
            ])
        #expect(WidgetSizeTable.classes(with: .islandCompact) == ["iphone-430", "iphone-393"])
        let pro = try #require(WidgetSizeTable.device("iphone-402"))
        #expect(pro.size(.islandExpanded)! == (380, 160) && pro.source(.islandExpanded) == .derived)
        // The rule the derived rows follow is the listed screens' own.
        for id in ["iphone-430", "iphone-393"] {
            let d = try #require(WidgetSizeTable.device(id))
            #expect(d.size(.activity)!.width == d.screenPoints.width - 2 * WidgetSizeTable.liveActivityMargin)
        }
    }

    @Test(
        "Live Activities by default: the smallest presentation in points and in pixels, so the activity starts everywhere"
    )
    func smallestByDefault() throws {
        for family in [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded] {
            let choice = try #require(WidgetSizeTable.smallestPresentation(for: family))
            let size = try #require(choice.device.size(family))
            #expect(WidgetSizeTable.defaultDevice(for: family) == choice.device)
            #expect(WidgetSizeTable.defaultScale(for: family) == choice.scale)
            let w = Int((size.width * choice.scale).rounded(.down)),
                h = Int((size.height * choice.scale).rounded(.down))
            // No class shows fewer points or fewer pixels.
            #expect(WidgetSizeTable.presentationsSmaller(than: w, h, family: family).isEmpty, "\(family)")
            for d in WidgetSizeTable.devices {
                guard let s = d.size(family) else { continue }
                #expect(s.width >= size.width && s.height >= size.height, "\(family) on \(d.id)")
            }
        }
        let card = try #require(WidgetSizeTable.smallestPresentation(for: .activity))
        #expect(card.device.id == "iphone-375-se" && card.scale == 2)
        #expect(WidgetSizeTable.smallestPresentation(for: .islandCompact)!.device.id == "iphone-393")
        // The largest phone's card at 3×, 1224×480 px, is too large for every 2× phone and every narrower one.
        let over = WidgetSizeTable.presentationsSmaller(than: 1224, 480, family: .activity).map(\.device.id)
        #expect(over.contains("iphone-375-se") && over.contains("iphone-414") && over.contains("iphone-393"))
        #expect(!over.contains("iphone-430") && !over.contains("iphone-440"))
        #expect(WidgetSizeTable.presentationsSmaller(than: 5000, 5000, family: .small).isEmpty)
        #expect(WidgetSizeTable.defaultScale(for: .small) == 3 && WidgetSizeTable.defaultScale(for: nil) == 3)
    }

    @Test("a phone finds its class by its screen, either way round, and keeps its own scale")
    func phoneScreen() throws {
        let xr = try #require(WidgetSizeTable.device(screenWidth: 896, height: 414, scale: 2))
        #expect(xr.device.id == "iphone-414" && xr.scale == 2)
        #expect(WidgetSizeTable.device(screenWidth: 393, height: 852, scale: 3)?.device.id == "iphone-393")
        #expect(WidgetSizeTable.device(screenWidth: 500, height: 1000, scale: 3) == nil)
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
