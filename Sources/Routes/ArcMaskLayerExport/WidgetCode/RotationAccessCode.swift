import ArcMaskManifest
import Foundation

/// What each way of reaching the rotation writes into the generated code: the plan file's
/// header notes, its imports and its `rotation` declaration.
extension RotationAccess {
    /// WidgetKit's `View._clockHandRotationEffect(_:in:anchor:)`.
    static let mangledFunction =
        "$s7SwiftUI4ViewP9WidgetKitE24_clockHandRotationEffect_2in6anchorQrAD06_ClockghI0V6PeriodO_10Foundation8TimeZoneVAA9UnitPointVtF"

    /// Lines for the file header: what the way needs and where it is reported to turn, and what
    /// the view does where it does not (`timerMasks`: the export carries them).
    public func notes(timerMasks: Bool) -> [String] {
        switch self {
        case .runtime:
            return [
                "Rotation route: runtime. WidgetKit's `_ClockHandRotationEffect` modifier is looked up by its",
                "mangled name at run time, built by decoding its Codable form and applied as a ViewModifier:",
                "no SDK declaration is needed, so it compiles with any current Xcode, and it does not go",
                "through the function that iOS 26.1 switched off for apps built with Xcode 26.1 or later",
                "(giljihun/ClockHandKit documents the route and reports it turning on iOS 26.1 and 26.5).",
                "When this iOS has no such type, or none of the known payloads decodes, it logs",
            ]
                + (timerMasks
                    ? [
                        "(subsystem \"ArcMask\", category \"rotation\") and plays the export's timer masks (below),",
                        "or shows the first frame still when their font is not registered.",
                    ]
                    : [
                        "(subsystem \"ArcMask\", category \"rotation\") and shows the first frame still (this export",
                        "carries no timer masks).",
                    ])
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
        case .none:
            return [
                "Rotation route: none (public API only). ArcMaskAnimation.swift is written with the",
                "clock-hand rotation's lookup compiled out (ARCMASK_PUBLIC_API_ONLY), so nothing reaches",
                "WidgetKit's private API:",
            ]
                + (timerMasks
                    ? ["the view plays the export's timer masks (below), or the poster frame still."]
                    : ["the view shows the poster frame still (this export carries no timer masks)."])
        }
    }

    /// Imports the way adds to the SwiftUI part of the plan file.
    public var imports: [String] {
        switch self {
        case .runtime, .silgen, .none: return []
        case .package: return ["ClockHandRotationKit"]
        }
    }

    /// What the plan file declares for the way: `<Plan>.rotation`, an `ArcMaskRotation`.
    public func support(_ n: CodeNames) -> String {
        switch self {
        case .runtime:
            return """
                extension \(n.plan) {
                    /// The rotation route: runtime (ArcMaskAnimation.swift has it).
                    public static let rotation = ArcMaskRotation.runtime
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
                }

                extension \(n.plan) {
                    /// The rotation route: silgen (it cannot tell whether the rotation turns).
                    public static let rotation = ArcMaskRotation(
                        isAvailable: { _ in true },
                        turn: { view, period in
                            AnyView(view.\(n.lower)ClockHandRotationEffect(.custom(period), in: .current, anchor: .center))
                        })
                }
                """
        case .none:
            return """
                extension \(n.plan) {
                    /// The rotation route: none (public API only; ArcMaskAnimation.swift has it).
                    public static let rotation = ArcMaskRotation.none
                }
                """
        case .package:
            return """
                extension \(n.plan) {
                    /// The rotation route: package, through ClockHandRotationKit (it cannot tell whether
                    /// the rotation turns).
                    public static let rotation = ArcMaskRotation(
                        isAvailable: { _ in true },
                        turn: { view, period in
                            AnyView(view.clockHandRotationEffect(period: .custom(period), in: .current, anchor: .center))
                        })
                }
                """
        }
    }
}

extension AnimationSource {
    /// The view file as an export with `rotation` writes it: unchanged, or for `.none` with the
    /// `ARCMASK_PUBLIC_API_ONLY` condition taken, so the rotation's lookup is not compiled (a
    /// comment names the setting as `names` does).
    public static func text(for rotation: RotationAccess, names: SettingNames) -> String {
        guard rotation == .none else { return text }
        let why = "\(names.rotationAccess) \(rotation.rawValue): public API only"
        return text.replacingOccurrences(
            of: "#if ARCMASK_PUBLIC_API_ONLY\n", with: "#if true  // \(why)\n"
        ).replacingOccurrences(of: "#if !ARCMASK_PUBLIC_API_ONLY\n", with: "#if false  // \(why)\n")
    }
}
