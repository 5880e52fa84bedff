import ArcMaskFiles
import ArcMaskIO
import ArcMaskJSON
import ArcMaskLottie
import ArcMaskValues
import ArcMaskZIP
import Foundation

/// A Lottie file as it arrives: JSON, a Telegram sticker (gzip of JSON) or a dotLottie (a ZIP
/// with a manifest, animations and images), told apart by their bytes. Gives the chosen
/// animation's JSON and the bytes of the images it names.
public struct LottieContainer {
    public enum Kind: String, Sendable {
        case json = "Lottie JSON"
        case sticker = "Telegram sticker"
        case dotLottie = "dotLottie"
    }

    public let kind: Kind
    public let name: String
    /// The animation's JSON text.
    public let json: [UInt8]
    /// The id of the animation read from a dotLottie, and every id it lists.
    public let animationID: String?
    public let animationIDs: [String]
    /// The gzipped size of a sticker (Telegram's 64 KB rule).
    public let compressedBytes: Int
    /// dotLottie v2: the themes it holds, the one applied (`--theme`, or the animation's
    /// `initialTheme`) and its file.
    public private(set) var themeIDs: [String] = []
    public private(set) var theme: String? = nil
    public private(set) var themeFile: JSONValue? = nil
    /// dotLottie v2: its state machines, the states of the one read, and the playback state chosen.
    public private(set) var stateMachineIDs: [String] = []
    public private(set) var stateNames: [String] = []
    public private(set) var state: DotLottieV2.State? = nil
    /// What was passed over in reading the container (warnings).
    public private(set) var notes: [String] = []
    private let archive: ZIPArchive?
    private let imageFolder: String
    /// The folder of a JSON file, where its external images lie.
    private let directory: URL?

    public static func matches(_ head: [UInt8]) -> Bool {
        head.starts(with: [0x1F, 0x8B]) || isDotLottie(head) || LottieAnimation.matches(head)
    }

    static func isDotLottie(_ head: [UInt8]) -> Bool { DotLottieChoice.matches(head) }

    /// - Parameters:
    ///   - directory: where a JSON file lies (its images are looked for there, never outside it).
    ///   - animation: the dotLottie animation to read (default: the chosen state's, or the
    ///     manifest's initial one).
    ///   - theme: the dotLottie v2 theme to apply (default: the animation's `initialTheme`).
    ///   - state: the dotLottie v2 playback state to play (default: the initial state machine's initial state).
    public init(
        bytes: [UInt8], name: String, directory: URL? = nil, animation: String? = nil, theme: String? = nil,
        state: String? = nil, limits: LottieLimits, vocabulary: InputVocabulary = .plain
    ) throws {
        self.name = name
        self.directory = directory
        if bytes.starts(with: [0x1F, 0x8B]) {
            kind = .sticker
            compressedBytes = bytes.count
            do {
                json = try Inflate.gzip(bytes, limit: limits.maxJSONBytes)
            } catch {
                switch error {
                case .tooLarge(let limit):
                    throw InputError(file: name, location: "gzip", "inflates past \(limit) bytes (the JSON limit)")
                case .corrupt(let why): throw InputError(file: name, location: "gzip", "is corrupt (\(why))")
                }
            }
            archive = nil
            imageFolder = ""
            animationID = nil
            animationIDs = []
            try Self.refuseOption(animation, theme: theme, state: state, name: name, kind: .sticker, vocabulary)
        } else if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            kind = .dotLottie
            compressedBytes = bytes.count
            let zip = try ZIPArchive(bytes: bytes, name: name)
            archive = zip
            let choice: DotLottieChoice
            do {
                choice = try DotLottieChoice(
                    ZIPEntries(zip: zip), animation: animation, theme: theme, state: state, names: vocabulary)
            } catch let error as LottieChoiceError {
                throw InputError(file: name, location: error.location, error.problem)
            }
            animationIDs = choice.animationIDs
            animationID = choice.animationID
            themeIDs = choice.themeIDs
            self.theme = choice.theme
            themeFile = choice.themeFile
            stateMachineIDs = choice.stateMachineIDs
            stateNames = choice.stateNames
            self.state = choice.state
            notes = choice.notes
            imageFolder = choice.imageFolder
            json = try Self.entry(zip, choice.animationPath, limit: limits.maxJSONBytes)
        } else {
            kind = .json
            compressedBytes = bytes.count
            json = bytes
            archive = nil
            imageFolder = ""
            animationID = nil
            animationIDs = []
            try Self.refuseOption(animation, theme: theme, state: state, name: name, kind: .json, vocabulary)
        }
    }

    private static func refuseOption(
        _ animation: String?, theme: String?, state: String?, name: String, kind: Kind, _ vocabulary: InputVocabulary
    ) throws {
        if animation != nil {
            throw InputError(
                file: name, location: vocabulary.name(.animation),
                "names an animation, but a \(kind.rawValue) holds one")
        }
        if theme != nil || state != nil {
            throw InputError(
                file: name, location: vocabulary.name(theme != nil ? .theme : .state),
                "themes and states are dotLottie's; a \(kind.rawValue) has none")
        }
    }

    fileprivate static func entry(_ zip: ZIPArchive, _ path: String, limit: Int) throws -> [UInt8] {
        guard let e = zip.entries[path] else {
            throw InputError(file: zip.name, location: "ZIP", "has no entry '\(path)'")
        }
        guard e.size <= limit else {
            throw InputError(
                file: zip.name, location: "ZIP entry '\(path)'", "declares \(e.size) bytes, over the limit of \(limit)")
        }
        return try zip.contents(of: path)
    }

    /// The bytes of an image asset: a `data:` URI, an entry of the dotLottie's image folder, or a
    /// file beside the JSON (inside its folder). nil with the reason when it cannot be had.
    public func imageBytes(_ asset: ImageAsset, limit: Int) -> Result<[UInt8], InputError> {
        let file = asset.file
        if let embedded = asset.embeddedBytes(limit: limit) {
            return embedded.mapError { InputError(file: name, location: $0.location, $0.problem) }
        }
        let base = (file as NSString).lastPathComponent
        if let archive {
            for path in [
                imageFolder + base, asset.folder.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/" + base,
            ] {
                if archive.entries[path] != nil {
                    do { return .success(try Self.entry(archive, path, limit: limit)) } catch let e as InputError {
                        return .failure(e)
                    } catch { return .failure(InputError(file: name, location: "image '\(asset.id)'", "\(error)")) }
                }
            }
            return .failure(InputError(file: name, location: "image '\(asset.id)'", "'\(base)' is not in the file"))
        }
        guard let directory else {
            return .failure(
                InputError(
                    file: name, location: "image '\(asset.id)'", "'\(file)' is outside the file and no folder is known")
            )
        }
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        let url = root.appendingPathComponent(asset.folder + file).standardizedFileURL.resolvingSymlinksInPath()
        guard url.path.hasPrefix(root.path + "/") else {
            return .failure(
                InputError(
                    file: name, location: "image '\(asset.id)'",
                    "'\(asset.folder + file)' lies outside the animation's folder; not read"))
        }
        do {
            return .success(try FileReader.contents(of: url.path, limit: limit, kind: "images"))
        } catch let e as InputError {
            return .failure(e)
        } catch {
            return .failure(
                InputError(
                    file: name, location: "image '\(asset.id)'", "'\(asset.folder + file)' cannot be read (\(error))"))
        }
    }
}

/// The command line's ZIP reader as the dotLottie chooser reads entries.
private struct ZIPEntries: DotLottieEntries {
    let zip: ZIPArchive

    func has(_ path: String) -> Bool { zip.entries[path] != nil }

    func contents(_ path: String, limit: Int) throws -> [UInt8] {
        try LottieContainer.entry(zip, path, limit: limit)
    }
}
