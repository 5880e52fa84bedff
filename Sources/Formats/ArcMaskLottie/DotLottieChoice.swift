import ArcMaskJSON
import ArcMaskValues
import Foundation

/// A choice of animation, theme, state or segment that the file cannot meet, and where: an
/// entry of the file (`manifest.json $.animations`) or the setting that asked, as the front end
/// calls it (`InputVocabulary`: the command line's option, ArcMaskKit's `lottie.theme`). Each front end adds the file's name and its own error type.
public struct LottieChoiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: String?
    public var problem: String

    public init(_ location: String?, _ problem: String) {
        self.location = location
        self.problem = problem
    }

    public var description: String { location.map { "\($0): \(problem)" } ?? problem }
}

/// A dotLottie's entries as the chooser reads them; each front end brings its ZIP reader (the
/// command line its own, ArcMaskKit ZIPFoundation's).
public protocol DotLottieEntries {
    func has(_ path: String) -> Bool
    /// The entry's bytes, refused before inflating when it declares more than `limit` bytes.
    func contents(_ path: String, limit: Int) throws -> [UInt8]
}

/// Which animation of a dotLottie plays, in which theme and state, read from its manifest the
/// way the players start it (dotlottie.io/spec/2.0; v1's `animations/` and `activeAnimationId`
/// too): the state first, since it may name the animation; then the animation asked for, the
/// state's, the manifest's initial one, or the first listed; then the theme asked for or the
/// animation's `initialTheme`.
public struct DotLottieChoice {
    /// The dotLottie archive's own manifest (not an export folder's).
    static let manifestEntry = "manifest.json"
    /// The animation read, and every id the manifest lists.
    public let animationID: String
    public let animationIDs: [String]
    /// Where its JSON and its images are.
    public let animationPath: String
    public let imageFolder: String
    /// v2: the themes listed, the one applied and its file.
    public let themeIDs: [String]
    public let theme: String?
    public let themeFile: JSONValue?
    /// v2: the state machines listed, the states of the one read, and the playback state chosen.
    public let stateMachineIDs: [String]
    public let stateNames: [String]
    public let state: DotLottieV2.State?
    /// What was passed over (warnings).
    public let notes: [String]

    /// - Parameters: `animation`, `theme`, `state`: what the user asked for (nil: the file's start).
    /// - Throws: `LottieChoiceError` for a choice the file cannot meet or a manifest that does not
    ///   read; whatever `entries` throws for an entry that cannot be had.
    public init(
        _ entries: some DotLottieEntries, animation: String?, theme: String?, state: String?,
        names: InputVocabulary
    ) throws {
        let m = try Self.json(entries, Self.manifestEntry)
        let version2 = m["version"]?.string?.hasPrefix("2") == true
        let ids = (m["animations"]?.array ?? []).compactMap { $0["id"]?.string }
        guard !ids.isEmpty else { throw LottieChoiceError("manifest.json $.animations", "lists no animation") }
        animationIDs = ids
        func listed(_ key: String) -> [String] { (m[key]?.array ?? []).compactMap { $0["id"]?.string } }
        themeIDs = version2 ? listed("themes") : []
        stateMachineIDs = version2 ? listed("stateMachines") : []
        var notes: [String] = []
        var stateNames: [String] = []
        var chosenState: DotLottieV2.State?
        // The initial state is the player's start; one that cannot be read is passed over with a
        // note, a state asked for is not.
        let machineID = m["initial"]?["stateMachine"]?.string ?? (state != nil ? stateMachineIDs.first : nil)
        if let machineID {
            do {
                (stateNames, chosenState) = try DotLottieV2.state(
                    Self.json(entries, "s/\(machineID).json"), named: state, machineID: machineID,
                    option: names.name(.state))
            } catch  where state == nil {
                notes.append(
                    "the initial state machine '\(machineID)' is not played (\(error)): the animation plays whole"
                )
                chosenState = nil
            }
        } else if state != nil {
            throw LottieChoiceError(names.name(.state), "names a state, but the file has no state machine")
        }
        if let played = chosenState?.animation, let animation, played != animation {
            // The animation asked for is not the state's: a state asked for is refused, the
            // initial one is not played.
            if state != nil {
                throw LottieChoiceError(
                    names.name(.state),
                    "'\(chosenState!.name)' plays the animation '\(played)', not '\(animation)' (\(names.name(.animation)))"
                )
            }
            chosenState = nil
        }
        let manifestInitial = version2 ? m["initial"]?["animation"]?.string : m["activeAnimationId"]?.string
        let initial = chosenState?.animation.flatMap { ids.contains($0) ? $0 : nil } ?? manifestInitial
        let chosen = animation ?? initial.flatMap { ids.contains($0) ? $0 : nil } ?? ids[0]
        guard ids.contains(chosen) else {
            throw LottieChoiceError(
                names.name(.animation),
                "no animation '\(chosen)'; the file has \(ids.map { "'\($0)'" }.joined(separator: ", "))")
        }
        animationID = chosen
        let entry = (m["animations"]?.array ?? []).first { $0["id"]?.string == chosen }
        if let wanted = theme ?? entry?["initialTheme"]?.string {
            guard themeIDs.contains(wanted) else {
                throw LottieChoiceError(
                    theme == nil ? "manifest.json initialTheme" : names.name(.theme),
                    "no theme '\(wanted)'; the file has "
                        + (themeIDs.isEmpty ? "none" : themeIDs.map { "'\($0)'" }.joined(separator: ", ")))
            }
            themeFile = try Self.json(entries, "t/\(wanted).json")
            self.theme = wanted
        } else {
            themeFile = nil
            self.theme = nil
        }
        animationPath = (version2 ? "a/" : "animations/") + chosen + ".json"
        imageFolder = version2 ? "i/" : "images/"
        self.stateNames = stateNames
        self.state = chosenState
        self.notes = notes
    }

    /// A small JSON entry (the manifest, a theme, a state machine), read and parsed; a syntax
    /// error is placed by entry, line and column.
    static func json(_ entries: some DotLottieEntries, _ path: String) throws -> JSONValue {
        guard entries.has(path) else { throw LottieChoiceError("ZIP", "has no entry '\(path)'") }
        let text = try entries.contents(path, limit: 1 << 20)
        do { return try JSONParser.parse(text, limits: JSONLimits(maxBytes: 1 << 20)) } catch {
            throw LottieChoiceError(
                "\(path) \(error.path)", "line \(error.line), column \(error.column): \(error.message)")
        }
    }

    /// A ZIP whose first entry is a dotLottie's (`manifest.json`, `animations/`, `a/`, `i/`,
    /// `images/`, and v2's `t/` themes and `s/` state machines), from its first bytes.
    public static func matches(_ head: [UInt8]) -> Bool {
        guard head.starts(with: [0x50, 0x4B, 0x03, 0x04]), head.count > 30 else { return false }
        let nameLength = Int(head[26]) | Int(head[27]) << 8
        guard 30 + nameLength <= head.count else { return false }
        let first = String(decoding: head[30..<(30 + nameLength)], as: UTF8.self)
        return first == manifestEntry
            || ["animations/", "a/", "i/", "images/", "t/", "s/"].contains { first.hasPrefix($0) }
    }
}

extension ImageAsset {
    /// The bytes of an image the file carries in a `data:` URI (base64 or percent-encoded), nil
    /// when it names a file; refused when over `limit` bytes (judged from the text's length
    /// before decoding) or when the data does not decode.
    public func embeddedBytes(limit: Int) -> Result<[UInt8], LottieChoiceError>? {
        guard file.hasPrefix("data:") else { return nil }
        let place = "image '\(id)'"
        guard let comma = file.firstIndex(of: ",") else {
            return .failure(LottieChoiceError(place, "its data URI has no data"))
        }
        let header = file[..<comma]
        let payload = String(file[file.index(after: comma)...])
        guard payload.utf8.count / 4 * 3 <= limit else {
            return .failure(LottieChoiceError(place, "is over the limit of \(limit) bytes"))
        }
        if header.hasSuffix(";base64") {
            guard let data = Data(base64Encoded: payload, options: .ignoreUnknownCharacters) else {
                return .failure(LottieChoiceError(place, "its base64 data does not decode"))
            }
            return .success(Array(data))
        }
        return .success(Array((payload.removingPercentEncoding ?? payload).utf8))
    }
}
