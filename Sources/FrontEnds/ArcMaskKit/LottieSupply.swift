import ArcMaskLottie
import ArcMaskValues
import ArcMaskZIP
import Foundation

/// Which animation, look and part of a Lottie file `prepare` plays: a dotLottie's animation,
/// theme and state (dotLottie v2; by default the ones its players start with), and any Lottie's
/// marker. The same choices as `arcmask export --animation --theme --state --marker`, decided
/// by the same code (`DotLottieChoice`, `LottiePlayback` in ArcMaskLottie).
public struct LottieChoice: Sendable, Equatable {
    /// The dotLottie animation to play, by id (nil: the initial state's, else the manifest's
    /// initial one, else the first listed).
    public var animation: String?
    /// The dotLottie theme to apply, by id (v2; nil: the animation's `initialTheme`, if any).
    public var theme: String?
    /// The dotLottie state to play, by name, in its initial state machine, else its first (v2;
    /// nil: the initial state machine's start, if the file has one).
    public var state: String?
    /// The marker whose segment plays, by name, in any Lottie file (nil: the state's segment,
    /// else the whole animation).
    public var marker: String?

    /// A choice of dotLottie `animation`, `theme` and `state`, and of any Lottie's `marker`; each
    /// nil (the default) leaves it as the file's players start.
    public init(animation: String? = nil, theme: String? = nil, state: String? = nil, marker: String? = nil) {
        self.animation = animation
        self.theme = theme
        self.state = state
        self.marker = marker
    }

    /// What the messages call the choices: `PrepareOptions`' properties.
    static let names = InputVocabulary([
        .animation: "lottie.animation", .theme: "lottie.theme", .state: "lottie.state", .marker: "lottie.marker",
        .range: "lottie.range", .framesPerSecond: "lottie.fps",
    ])
}

/// What a Lottie file offers an app to choose from, and what a choice plays: for a picker of
/// themes and states before `prepare` (`LottieContents(reading:name:choice:)`).
public struct LottieContents: Sendable, Equatable {
    /// Which kind of Lottie file it is, told apart by its bytes; the raw value names it in
    /// messages.
    public enum Kind: String, Sendable {
        /// A Lottie animation as plain JSON.
        case json = "Lottie JSON"
        /// A dotLottie: a ZIP holding one or more animations, and (v2) themes and state machines.
        case dotLottie = "dotLottie"
        /// A Telegram sticker: Lottie JSON compressed with gzip.
        case sticker = "Telegram sticker"
    }

    /// Which kind of file was read.
    public var kind: Kind
    /// A dotLottie's animations, by id (empty for other files).
    public var animations: [String]
    /// A dotLottie's themes, by id (v2; empty otherwise).
    public var themes: [String]
    /// A dotLottie's state machines, by id (v2; empty otherwise).
    public var stateMachines: [String]
    /// The states of the state machine read, by name (v2; empty otherwise).
    public var states: [String]
    /// The animation's markers, by name.
    public var markers: [String]
    /// The slots a theme can set, by id.
    public var slots: [String]
    /// The dotLottie animation the choice plays, by id (nil for other files).
    public var animation: String?
    /// The theme the choice applies, by id (nil: none).
    public var theme: String?
    /// The state the choice plays, by name (nil: none).
    public var state: String?
    /// Frames played.
    public var frameCount: Int
    /// How long each frame lasts, ms (every frame lasts the same).
    public var frameMs: Double
    /// What is passed over or not drawn.
    public var warnings: [String]

    /// Reads a Lottie file without drawing it. A file that is not Lottie, or a choice it cannot
    /// meet, throws `PrepareError`, as `prepare` would.
    public init(reading data: Data, name: String, choice: LottieChoice = LottieChoice()) throws {
        self = try LottieSupply(data: data, name: name, choice: choice).contents
    }

    init(
        kind: Kind, animations: [String], themes: [String], stateMachines: [String], states: [String],
        markers: [String], slots: [String], animation: String?, theme: String?, state: String?, frameCount: Int,
        frameMs: Double, warnings: [String]
    ) {
        self.kind = kind
        self.animations = animations
        self.themes = themes
        self.stateMachines = stateMachines
        self.states = states
        self.markers = markers
        self.slots = slots
        self.animation = animation
        self.theme = theme
        self.state = state
        self.frameCount = frameCount
        self.frameMs = frameMs
        self.warnings = warnings
    }
}

/// A Lottie file read for `prepare` (JSON, dotLottie, or a Telegram sticker's gzip), told apart
/// by its bytes, with the choice applied: the animation, its playback times, and the bytes of
/// the images it carries. Plain Swift (tested where Core Graphics is not); the frames are drawn
/// by `CoreGraphicsLottie`.
struct LottieSupply {
    let kind: LottieContents.Kind
    let name: String
    let animation: LottieAnimation
    let playback: LottiePlayback
    /// Image assets' encoded bytes by id (decoded where they are drawn).
    let imageBytes: [String: [UInt8]]
    let contents: LottieContents

    /// The most a sticker's gzip or an animation's JSON may inflate to, and one image's bytes.
    static let limits = LottieLimits.default

    /// Whether the bytes are a Lottie file: a JSON object, a gzip stream (a sticker), or a ZIP
    /// whose first entry is a dotLottie's. Nothing ImageIO reads starts so.
    static func matches(_ head: [UInt8]) -> Bool {
        head.starts(with: [0x1F, 0x8B]) || DotLottieChoice.matches(head) || LottieAnimation.matches(head)
    }

    init(data: Data, name: String, choice: LottieChoice) throws {
        self.name = name
        let names = LottieChoice.names
        let bytes = [UInt8](data)
        var json: [UInt8]
        var picked: DotLottieChoice?
        var archive: ZIPReader?
        if bytes.starts(with: [0x1F, 0x8B]) {
            kind = .sticker
            do { json = try Inflate.gzip(bytes, limit: Self.limits.maxJSONBytes) } catch {
                switch error {
                case .tooLarge(let limit):
                    throw PrepareError(.input, "\(name): gzip: inflates past \(limit) bytes (the JSON limit)")
                case .corrupt(let why): throw PrepareError(.input, "\(name): gzip: is corrupt (\(why))")
                }
            }
        } else if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            kind = .dotLottie
            let zip: ZIPReader
            do { zip = try ZIPReader(bytes: bytes, name: name) } catch { throw PrepareError(.input, "\(error)") }
            archive = zip
            let entries = ArchiveEntries(archive: zip, name: name)
            do {
                let made = try DotLottieChoice(
                    entries, animation: choice.animation, theme: choice.theme, state: choice.state, names: names)
                picked = made
                json = try entries.contents(made.animationPath, limit: Self.limits.maxJSONBytes)
            } catch let error as LottieChoiceError {
                throw PrepareError(error, name: name)
            }
        } else {
            kind = .json
            json = bytes
        }
        if kind != .dotLottie, choice.animation != nil || choice.theme != nil || choice.state != nil {
            let option =
                choice.animation != nil
                ? names.name(.animation) : choice.theme != nil ? names.name(.theme) : names.name(.state)
            throw PrepareError(
                .options,
                "\(option): a \(kind.rawValue) holds one animation and no themes or states (those are dotLottie's)")
        }
        var decoded: LottieAnimation
        do throws(LottieError) {
            decoded = try LottieAnimation.decode(
                json, theme: picked?.themeFile.map { (picked?.theme ?? "", $0) }, animationID: picked?.animationID,
                limits: Self.limits)
        } catch {
            // A JSON document that is not Lottie is another format, not a damaged file.
            throw PrepareError(
                .input, "\(name): \(error.path): \(error.message)",
                code: error.message.contains("not a Lottie animation") ? .unsupportedFormat : .damaged)
        }
        json = []
        animation = decoded
        do {
            playback = try LottiePlayback(decoded, state: picked?.state, marker: choice.marker, names: names)
        } catch {
            throw PrepareError(error, name: name)
        }
        var images: [String: [UInt8]] = [:]
        var notes = (picked?.notes ?? []) + decoded.readingNotes + LottieFeatures.warnings(decoded)
        for (id, asset) in decoded.images.sorted(by: { $0.key < $1.key }) {
            let limit = Self.limits.maxImageBytes
            if let embedded = asset.embeddedBytes(limit: limit) {
                switch embedded {
                case .success(let b): images[id] = b
                case .failure(let e): notes.append("\(e): not drawn")
                }
                continue
            }
            let file = (asset.file as NSString).lastPathComponent
            if let archive, let folder = picked?.imageFolder {
                let entries = ArchiveEntries(archive: archive, name: name)
                do {
                    images[id] = try entries.contents(folder + file, limit: limit)
                } catch {
                    notes.append("image '\(id)': \(error): not drawn")
                }
            } else {
                notes.append("image '\(id)': '\(asset.folder + asset.file)' is a file beside the animation: not drawn")
            }
        }
        imageBytes = images
        contents = LottieContents(
            kind: kind, animations: picked?.animationIDs ?? [], themes: picked?.themeIDs ?? [],
            stateMachines: picked?.stateMachineIDs ?? [], states: picked?.stateNames ?? [],
            markers: decoded.markers.map(\.name), slots: decoded.slotIDs, animation: picked?.animationID,
            theme: picked?.theme, state: picked?.state?.name, frameCount: playback.times.count,
            frameMs: playback.stepMs, warnings: notes)
    }

    /// The source as `AnimationPreparation` sees it: every frame lasts the playback's step.
    var source: PreparedSource {
        PreparedSource(
            name: name, canvasWidth: animation.width, canvasHeight: animation.height,
            durationsMs: playback.times.map { _ in playback.stepMs }, warnings: contents.warnings)
    }
}

extension PrepareError {
    /// A choice the file cannot meet: the options' fault when it names one, else the file's.
    init(_ error: LottieChoiceError, name: String) {
        if let location = error.location, location.hasPrefix("lottie.") {
            self.init(.options, "\(location): \(error.problem)")
        } else {
            self.init(.input, "\(name): \(error)")
        }
    }
}

/// A dotLottie's entries through ArcMaskZIP's reader (every offset checked, each entry's
/// size declared before it is inflated and checked after, as the command line reads them).
struct ArchiveEntries: DotLottieEntries {
    let archive: ZIPReader
    let name: String

    func has(_ path: String) -> Bool { archive.entries[path] != nil }

    func contents(_ path: String, limit: Int) throws -> [UInt8] {
        guard let entry = archive.entries[path] else { throw PrepareError(.input, "\(name): has no entry '\(path)'") }
        guard entry.size <= limit else {
            throw PrepareError(
                .input, "\(name): ZIP entry '\(path)' declares \(entry.size) bytes, over the limit of \(limit)")
        }
        do { return try archive.contents(of: path) } catch { throw PrepareError(.input, "\(error)") }
    }
}
