/// How the generated view reaches WidgetKit's clock-hand rotation. Every route rests on
/// private API that Apple does not document and may change in any release.
///
/// Facts behind the routes (public sources):
/// - WidgetKit's Swift interface declared `View._clockHandRotationEffect(_:in:anchor:)` and the
///   `_ClockHandRotationEffect` modifier (`Decodable`, `Encodable`) up to the iOS 15.5 SDK; from
///   iOS 16.0 the declaration is gone from the SDK although WidgetKit still exports the symbol,
///   so calling it by name no longer compiles.
/// - Apps built with Xcode 26.1 or later and running on iOS 26.1 or later do not turn through
///   that function (octree/ClockHandRotationKit#11, TopWidgets/SwingAnimation#14,
///   brycebostwick/WidgetAnimation#3; giljihun/ClockHandKit's README): WidgetKit returns the
///   view unchanged. Built with Xcode 26.0.1 they still turn on iOS 26.1.
/// - The modifier type itself is not gated: giljihun/ClockHandKit looks it up by its mangled
///   name at run time, decodes a value from its `Decodable` form and applies it.
public enum RotationRoute: String, Sendable, CaseIterable, Codable {
    /// Looks the modifier type up at run time (`_typeByName`), decodes it from JSON (the payload
    /// shapes known to work, newest first) and applies it; public and standard-library API only.
    case runtime
    /// Declares WidgetKit's exported function by its mangled symbol (`@_silgen_name`).
    case silgen
    /// Calls octree/ClockHandRotationKit's `clockHandRotationEffect(period:in:anchor:)`.
    case package

    /// WidgetKit's modifier type, as `_typeByName` spells it.
    static let mangledType = "9WidgetKit24_ClockHandRotationEffectV"
    /// WidgetKit's `View._clockHandRotationEffect(_:in:anchor:)`.
    static let mangledFunction =
        "$s7SwiftUI4ViewP9WidgetKitE24_clockHandRotationEffect_2in6anchorQrAD06_ClockghI0V6PeriodO_10Foundation8TimeZoneVAA9UnitPointVtF"

    /// Lines for the file header: what the route needs and where it is reported to turn.
    var notes: [String] {
        switch self {
        case .runtime:
            return [
                "Rotation route: runtime. WidgetKit's `_ClockHandRotationEffect` modifier is looked up by its",
                "mangled name at run time, built by decoding its Codable form and applied as a ViewModifier:",
                "no SDK declaration is needed, so it compiles with any current Xcode, and it does not go",
                "through the function that iOS 26.1 switched off for apps built with Xcode 26.1 or later",
                "(giljihun/ClockHandKit documents the route and reports it turning on iOS 26.1 and 26.5).",
                "When this iOS has no such type, or none of the known payloads decodes, it logs once",
                "(subsystem \"arcmask\", category \"rotation\") and shows the first frame still.",
            ]
        case .silgen:
            return [
                "Rotation route: silgen. WidgetKit's exported `View._clockHandRotationEffect(_:in:anchor:)` is",
                "declared here by its mangled symbol with `@_silgen_name` (the SDK stopped declaring it in",
                "iOS 16.0). Reported to build with Swift compilers before 6.2 (giljihun/ClockHandKit used it",
                "until then); Swift 6.2 and 6.3 type-check it but crash generating its code (an opaque result",
                "declared without a body; reproduced with Swift 6.3). It calls the function iOS 26.1 gates:",
                "built with Xcode 26.1 or later, it does not turn on iOS 26.1 or later.",
            ]
        case .package:
            return [
                "Rotation route: package. Needs the Swift package https://github.com/octree/ClockHandRotationKit",
                "(a prebuilt binary wrapper, iOS 14 or later) added to the widget extension. It calls the",
                "function iOS 26.1 gates: built with Xcode 26.1 or later it does not turn on iOS 26.1 or later",
                "(octree/ClockHandRotationKit#11); built with Xcode 26.0.1 it still turns there.",
            ]
        }
    }

    /// Imports the route adds to the SwiftUI part of the view file.
    var imports: [String] {
        switch self {
        case .runtime: return ["os"]
        case .silgen: return []
        case .package: return ["ClockHandRotationKit"]
        }
    }

    /// Declarations the route needs, and the view method `names.turning` that turns a mask.
    func support(_ n: CodeNames) -> String {
        switch self {
        case .runtime:
            return """
                /// WidgetKit's clock-hand rotation, rebuilt at run time from its Codable form.
                enum \(n.rotation) {
                    /// The modifier, built once; nil when this iOS has no such type in a known form.
                    static let effect: (any ViewModifier)? = make()

                    private static func make() -> (any ViewModifier)? {
                        let log = Logger(subsystem: "arcmask", category: "rotation")
                        guard let type = _typeByName("\(Self.mangledType)") as? any Decodable.Type else {
                            log.error("WidgetKit has no clock-hand rotation type here: showing the first frame still")
                            return nil
                        }
                        for payload in payloads() {
                            if let value = try? JSONDecoder().decode(type, from: payload), let modifier = value as? any ViewModifier {
                                return modifier
                            }
                        }
                        log.error("WidgetKit's clock-hand rotation did not decode from any known form: showing the first frame still")
                        return nil
                    }

                    /// The Codable forms the modifier is known to take, newest first: period in seconds,
                    /// the time zone as Foundation encodes it, the anchor at the centre; the first also
                    /// asks for the real date rather than an idealized one (reported turning on iOS 18,
                    /// 26 and 27; a release that does not know the key ignores it).
                    private static func payloads() -> [Data] {
                        let period = \(n.plan).periodSeconds
                        let zone = String(data: (try? JSONEncoder().encode(TimeZone.current.identifier)) ?? Data("\\"GMT\\"".utf8), encoding: .utf8) ?? "\\"GMT\\""
                        return [
                            "{\\"period\\":\\(period),\\"timeZone\\":{\\"identifier\\":\\(zone)},\\"anchor\\":[0.5,0.5],\\"honorIdealizedDate\\":false}",
                            "{\\"period\\":\\(period),\\"timeZone\\":{\\"identifier\\":\\(zone)},\\"anchor\\":[0.5,0.5]}",
                            "{\\"period\\":{\\"custom\\":{\\"_0\\":\\(period)}},\\"timeZone\\":{\\"identifier\\":\\(zone)},\\"anchor\\":{\\"x\\":0.5,\\"y\\":0.5}}",
                        ].map { Data($0.utf8) }
                    }
                }

                extension View {
                    /// This view, turned by WidgetKit's clock-hand rotation (unchanged when it is not available).
                    func \(n.turning)() -> AnyView {
                        guard let effect = \(n.rotation).effect else { return AnyView(self) }
                        return applying(effect)
                    }

                    private func applying<M: ViewModifier>(_ modifier: M) -> AnyView {
                        AnyView(self.modifier(modifier))
                    }
                }
                """
        case .silgen:
            return """
                /// WidgetKit's `_ClockHandRotationEffect.Period`, declared again: the same cases in the same order.
                enum \(n.period) {
                    case hourHand, minuteHand, secondHand, custom(TimeInterval)
                }

                extension View {
                    /// WidgetKit's `_clockHandRotationEffect(_:in:anchor:)`, reached by its exported symbol.
                    @_silgen_name("\(Self.mangledFunction)")
                    func \(n.lower)ClockHandRotationEffect(_ period: \(n.period), in timeZone: TimeZone, anchor: UnitPoint) -> some View

                    /// This view, turned by WidgetKit's clock-hand rotation.
                    func \(n.turning)() -> some View {
                        \(n.lower)ClockHandRotationEffect(.custom(\(n.plan).periodSeconds), in: .current, anchor: .center)
                    }
                }
                """
        case .package:
            return """
                extension View {
                    /// This view, turned by WidgetKit's clock-hand rotation through ClockHandRotationKit.
                    func \(n.turning)() -> some View {
                        clockHandRotationEffect(period: .custom(\(n.plan).periodSeconds), in: .current, anchor: .center)
                    }
                }
                """
        }
    }
}
