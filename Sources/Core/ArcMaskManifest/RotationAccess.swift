/// How the generated view reaches WidgetKit's clock-hand rotation (`--rotation-access`): what
/// the manifest records. Every way but `none` rests on private API that Apple does not document
/// and may change in any release, and that App Review may object to; the code each writes is the
/// rotation writer's (`RotationAccessCode`).
///
/// Facts behind them (public sources):
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
public enum RotationAccess: String, Sendable, CaseIterable, Codable {
    /// Looks the modifier type up at run time (`_typeByName`), decodes it from JSON (the payload
    /// shapes known to work, newest first) and applies it; public and standard-library API only.
    case runtime
    /// Declares WidgetKit's exported function by its mangled symbol (`@_silgen_name`).
    case silgen
    /// Calls octree/ClockHandRotationKit's `clockHandRotationEffect(period:in:anchor:)`.
    case package
    /// Public API only: no way to the rotation is compiled; the view plays the export's timer
    /// masks, or its poster frame still.
    case none

    /// Whether the way reaches private API.
    public var isPrivate: Bool { self != .none }
}
