@_exported import CoreGraphics
import Foundation

#if canImport(UIKit)
import UIKit
#endif

// MARK: Views

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    )
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    )
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent() }
    @available(iOS 14.0, *)
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent, FalseContent>: View {
    public var body: Never { fatalError() }
}

public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    @available(iOS 14.0, *)
    public init(_ date: Date, style: Text.DateStyle) {}
    public var body: Never { fatalError() }

    public struct DateStyle: Sendable {
        public static let time = DateStyle(), date = DateStyle(), relative = DateStyle(), offset = DateStyle()
        public static let timer = DateStyle()
    }
}

public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior(), contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

/// A set of traits in SwiftUI (SetAlgebra); only the members the code uses.
public struct AccessibilityTraits: Hashable, Sendable {
    public static let isImage = AccessibilityTraits(), updatesFrequently = AccessibilityTraits()
}

public struct Font: Sendable, Hashable {
    @available(iOS 14.0, *)
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font() }
}

@available(iOS 16.0, *)
public struct ContentTransition: Sendable, Equatable {
    public static let identity = ContentTransition()
    public static let opacity = ContentTransition()
    public static let interpolate = ContentTransition()
}

public struct EnvironmentValues {
    public init() {}
    public var locale: Locale {
        get { Locale(identifier: "") }
        set {}
    }
}

public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

extension EnvironmentValues {
    public var colorScheme: ColorScheme {
        get { .light }
        set {}
    }
    @available(iOS 16.0, macOS 13.0, *)
    public var isLuminanceReduced: Bool {
        get { false }
        set {}
    }
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

public protocol DynamicProperty {}

public struct Edge {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
    }
}

public struct Image: View {
    public enum ResizingMode: Sendable { case tile, stretch }
    public enum Orientation: UInt8, Sendable {
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }
    #if canImport(UIKit)
    public init(uiImage: UIImage) {}  // iOS only: unavailable on macOS
    #endif
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) {}
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        self
    }
    public var body: Never { fatalError() }
}

public struct Color: View, ShapeStyle {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public static let clear = Color()
    public static let black = Color()
    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) {}
    init() {}
    public var body: Never { fatalError() }
}

public protocol ShapeStyle {}

public struct GeometryReader<Content: View>: View {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    public var body: Never { fatalError() }
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: View where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {}
    public var body: Never { fatalError() }
}

// MARK: Geometry and shapes

public struct EdgeInsets: Sendable {
    public init() {}
}

public struct Alignment: Sendable {
    public static let center = Alignment()
    public static let trailing = Alignment()
}

public struct UnitPoint: Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let center = UnitPoint(x: 0.5, y: 0.5)
}

public struct Angle: Sendable {
    public init(degrees: Double) {}
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
}

public struct Path: Sendable {
    public init() {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {}
}

public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: Never { fatalError() }
    public func stroke(style: StrokeStyle) -> some View { EmptyView() }
}

public struct StrokeStyle: Sendable {
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [], dashPhase: CGFloat = 0
    ) {}
}

// MARK: Modifiers

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

public struct ModifiedContent<Content, Modifier> {
    public init(content: Content, modifier: Modifier) {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}

public struct ContainerBackgroundPlacement: Sendable {
    public init() {}
}

extension View {
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        self
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    public func clipped(antialiased: Bool = false) -> some View { self }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { self }
    public func font(_ font: Font?) -> some View { self }
    @available(iOS 15.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    public func lineLimit(_ number: Int?) -> some View { self }
    public func fixedSize() -> some View { self }
    @available(iOS 16.0, *)
    public func contentTransition(_ transition: ContentTransition) -> some View { self }
    @available(iOS 15.0, *)
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        self
    }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { self }
    // Accessibility (iOS 14): one element for the view, its label and traits; parts hidden.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    public func accessibilityLabel(_ label: Text) -> some View { self }
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    @available(iOS 15.0, *)
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View { self }
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
    @available(iOS 17.0, *)
    public func containerBackground<V: View>(
        for container: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View { self }
}

// MARK: Widgets

@MainActor @preconcurrency public protocol WidgetConfiguration {
    associatedtype Body: WidgetConfiguration
    var body: Self.Body { get }
}

extension Never: WidgetConfiguration {}

@MainActor @preconcurrency public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Self.Body { get }
}

public struct _WidgetConfigurationModifier: WidgetConfiguration {
    public init() {}
    public var body: Never { fatalError() }
}

extension WidgetConfiguration {
    public func configurationDisplayName<S: StringProtocol>(_ displayName: S) -> some WidgetConfiguration {
        _WidgetConfigurationModifier()
    }
    public func description<S: StringProtocol>(_ description: S) -> some WidgetConfiguration {
        _WidgetConfigurationModifier()
    }
}
