// Live Activities (WidgetKit's side, iOS 16.1): developer.apple.com/documentation/widgetkit/activityconfiguration.
import ActivityKit
import Foundation
import SwiftUI

public protocol TimelineEntry {
    var date: Date { get }
}

public struct TimelineProviderContext: Sendable {}

public struct TimelineReloadPolicy: Sendable {
    public static let atEnd = TimelineReloadPolicy()
    public static let never = TimelineReloadPolicy()
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy() }
}

public struct Timeline<EntryType: TimelineEntry> {
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {}
}

public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Self.Context) -> Self.Entry
    func getSnapshot(in context: Self.Context, completion: @escaping @Sendable (Self.Entry) -> Void)
    func getTimeline(in context: Self.Context, completion: @escaping @Sendable (Timeline<Self.Entry>) -> Void)
}

public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {}
    public var body: Never { fatalError() }
}

// Raw values: WidgetKit's enum is Int-backed; only systemExtraLargePortrait's (4, not declared
// on iOS by today's SDKs) is reported (cifyr/motionary); the others here are stand-ins.
public enum WidgetFamily: Int, Sendable {
    case systemSmall = 0, systemMedium = 1, systemLarge = 2
    @available(iOS 15.0, *) case systemExtraLarge = 3
    @available(iOS 16.0, *) case accessoryCircular = 10, accessoryRectangular = 11, accessoryInline = 12
}

extension WidgetConfiguration {
    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        _WidgetConfigurationModifier()
    }
    @available(iOS 15.0, *)
    public func contentMarginsDisabled() -> some WidgetConfiguration { _WidgetConfigurationModifier() }
}

extension ContainerBackgroundPlacement {
    @available(iOS 17.0, *)
    public static let widget = ContainerBackgroundPlacement()
}

@available(iOS 16.0, macOS 13.0, *)
public struct WidgetRenderingMode: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let fullColor = WidgetRenderingMode()
    public static let accented = WidgetRenderingMode()
    public static let vibrant = WidgetRenderingMode()
    public var description: String { "" }
}

extension EnvironmentValues {
    @available(iOS 16.0, macOS 13.0, *)
    public var widgetRenderingMode: WidgetRenderingMode {
        get { .fullColor }
        set {}
    }
}

@available(iOS 18.0, *)
public struct WidgetAccentedRenderingMode: Equatable, Hashable, Sendable {
    public static let accented = WidgetAccentedRenderingMode()
    public static let desaturated = WidgetAccentedRenderingMode()
    public static let accentedDesaturated = WidgetAccentedRenderingMode()
    public static let fullColor = WidgetAccentedRenderingMode()
}

extension Image {
    @available(iOS 18.0, *)
    public func widgetAccentedRenderingMode(_ renderingMode: WidgetAccentedRenderingMode?) -> some View { self }
}

@available(iOS 16.1, *)
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public var attributes: Attributes { fatalError() }
    public var state: Attributes.ContentState { fatalError() }
    public var isStale: Bool { false }
    public var activityID: String { "" }
}

@available(iOS 16.1, *)
@MainActor @preconcurrency public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {}
    public var body: Never { fatalError() }
}

@available(iOS 16.1, *)
public struct DynamicIsland {
    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading,
        @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal
    ) {}
}

@available(iOS 16.1, *)
public struct DynamicIslandExpandedContent<Content: View> {}

@available(iOS 16.1, *)
public struct DynamicIslandExpandedRegionPosition: Sendable {
    public static let leading = DynamicIslandExpandedRegionPosition()
    public static let trailing = DynamicIslandExpandedRegionPosition()
    public static let center = DynamicIslandExpandedRegionPosition()
    public static let bottom = DynamicIslandExpandedRegionPosition()
}

@available(iOS 16.1, *)
public struct DynamicIslandExpandedRegion<Content: View> {
    public init(
        _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content
    ) {}
}

@available(iOS 16.1, *)
@resultBuilder public struct DynamicIslandExpandedContentBuilder {
    public static func buildBlock<Content: View>(
        _ content: DynamicIslandExpandedRegion<Content>
    )
        -> DynamicIslandExpandedContent<Content>
    { DynamicIslandExpandedContent() }
}
