/// A reading setting a refusal can point to. Each front end names its settings in its own
/// words (`SourceVocabulary`): the command line by its options.
public enum SourceSetting: Sendable, Hashable, CaseIterable {
    case range, reverse, framesPerSecond
    case setImage, setText, hide
    case start, length
    case durations, loops, allowGaps
    case animation, marker, strict, setColor, theme, state
}

/// What a front end calls the reading settings.
public struct SourceVocabulary: Sendable, Equatable {
    public var names: [SourceSetting: String]

    public init(_ names: [SourceSetting: String]) { self.names = names }

    public func name(_ setting: SourceSetting) -> String { names[setting] ?? SourceVocabulary.plainName(setting) }

    /// Several settings, as a list.
    public func list(_ settings: [SourceSetting]) -> String { settings.map(name).joined(separator: ", ") }

    /// The settings in plain words, for callers without names of their own.
    public static let plain = SourceVocabulary([:])

    static func plainName(_ setting: SourceSetting) -> String {
        switch setting {
        case .range: "a play range"
        case .reverse: "reversal"
        case .framesPerSecond: "a frame rate"
        case .setImage: "images by key"
        case .setText: "text by key"
        case .hide: "hidden keys"
        case .start: "a start"
        case .length: "a length"
        case .durations: "frame durations"
        case .loops: "a loop count"
        case .allowGaps: "allowing gaps"
        case .animation: "an animation choice"
        case .marker: "a marker"
        case .strict: "strict reading"
        case .setColor: "colour and opacity overrides"
        case .theme: "a theme"
        case .state: "a state"
        }
    }
}
