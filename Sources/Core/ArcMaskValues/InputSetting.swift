/// A setting a refusal of an input can point to: a reading setting, or a ceiling the reading
/// keeps within. The modules that read name no front end's words for them; each front end names
/// them in its own (`InputVocabulary`): the command line by its options, ArcMaskKit by
/// `PrepareOptions`.
public enum InputSetting: Sendable, Hashable, CaseIterable {
    case range, reverse, framesPerSecond
    case setImage, setText, hide
    case start, length
    case durations, loops, allowGaps
    case animation, marker, strict, setColor, theme, state
    // The ceilings.
    case maxPixels, maxFrames, maxDecodedBytes, maxSVGBytes, maxSVGElements
}

/// How a refusal points to the setting that would change its outcome; the front end's
/// vocabulary puts it into words (`InputVocabulary.words`).
public enum SettingMention: Sendable, Equatable {
    /// The setting is what the problem is about: "--durations gives 3 durations for 5 frames".
    case subject(InputSetting)
    /// A ceiling the input is over: "… (raise it with --max-frames)".
    case raise(InputSetting)
    /// A setting that would let the input through: "…; give --allow-gaps to skip them".
    case give(InputSetting)
}

/// What a front end calls the input settings.
public struct InputVocabulary: Sendable, Equatable {
    public var names: [InputSetting: String]

    public init(_ names: [InputSetting: String]) { self.names = names }

    public func name(_ setting: InputSetting) -> String { names[setting] ?? InputVocabulary.plainName(setting) }

    /// Several settings, as a list.
    public func list(_ settings: [InputSetting]) -> String { settings.map(name).joined(separator: ", ") }

    /// `problem` with the setting `mention` points to, in this vocabulary's words: a setting the
    /// front end names by an option reads as that option; one it does not name, in plain words.
    public func words(_ problem: String, _ mention: SettingMention?) -> String {
        guard let mention else { return problem }
        switch mention {
        case .subject(let s): return names[s].map { "\($0) \(problem)" } ?? "\(Self.plainName(s)): \(problem)"
        case .raise(let s):
            return "\(problem) (\(names[s].map { "raise it with \($0)" } ?? "raise \(Self.plainName(s))"))"
        case .give(let s):
            return "\(problem); \(names[s].map { "give \($0)" } ?? "allow \(Self.plainName(s))") to skip them"
        }
    }

    /// The settings in plain words, for callers without names of their own.
    public static let plain = InputVocabulary([:])

    static func plainName(_ setting: InputSetting) -> String {
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
        case .allowGaps: "gaps"
        case .animation: "an animation choice"
        case .marker: "a marker"
        case .strict: "strict reading"
        case .setColor: "colour and opacity overrides"
        case .theme: "a theme"
        case .state: "a state"
        case .maxPixels: "the pixel limit"
        case .maxFrames: "the frame limit"
        case .maxDecodedBytes: "the decoded-bytes limit"
        case .maxSVGBytes: "the SVG file-size limit"
        case .maxSVGElements: "the SVG element limit"
        }
    }
}
