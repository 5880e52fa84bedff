import ArcMaskAPNG
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskManifest
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskValues
import ArcMaskVideo
import ArcMaskWebP
import Foundation

/// How to open an animation: limits, and the settings only some formats use, as plain values
/// (`ReadingSettings.swift`) that become each format's options when a file is opened.
public struct SourceOptions: Sendable {
    /// Ceilings on canvas, frames and decoded bytes (every format).
    public var limits: DecodeLimits
    /// Ceilings only SVGA and SVG files have.
    public var ceilings: FormatCeilings
    /// Which frames play, in which direction, at which rate: every format takes it (raster
    /// formats through `PlaybackSource`; SVGA, Lottie, sequences and clips on their own timelines).
    public var playback: Playback
    /// Where vector formats keep rendered frames between runs (nil: render every time).
    public var renderCache: RenderCache? {
        didSet { svgCache = SVGRasterCache(disk: renderCache) }
    }
    /// Numbered image sequences: durations, loops, gaps, `@Sx` variants.
    public var sequence = SequenceTiming()
    /// SVGA: images, text, hidden keys put into the movie's keys.
    public var svgaContent = KeyedContent()
    /// Lottie: the dotLottie animation, theme and state, the marker, strictness, keypath values.
    public var lottie = LottieSettings()
    /// Video clips and AVIF sequences: where a cut starts and how long it lasts.
    public var clip = ClipCut()
    /// SVG rasters in memory, in front of `renderCache`.
    public private(set) var svgCache: SVGRasterCache
    /// What the front end calls these settings, for refusals that name them.
    public var vocabulary = InputVocabulary.plain

    public init(
        limits: DecodeLimits = .default, ceilings: FormatCeilings = .default,
        playback: Playback = Playback(), renderCache: RenderCache? = nil
    ) {
        self.limits = limits
        self.ceilings = ceilings
        self.playback = playback
        self.renderCache = renderCache
        self.svgCache = SVGRasterCache(disk: renderCache)
    }
}

/// One animation format read from a file's bytes: how its files start (its module declares
/// that, with what it is called, honours and can do), and how the entry point opens one with the
/// settings (`Formats.swift`).
public protocol FrameFormat: ReadingFormat {
    /// Whether a file starting with `head` (up to 4,096 bytes) is of this format.
    static func matches(_ head: [UInt8]) -> Bool
    /// Opens the file `reader` reads; `name` stands for it in messages.
    static func open(_ reader: FileReader, name: String, options: SourceOptions) throws -> FrameSource
}

/// The library's one entry point for frames: opens a file once, decides its format from its
/// first bytes (never from its name) and returns a `FrameSource`. New formats join by adding
/// a `FrameFormat` type to `formats`.
public enum FrameSources {
    public static let formats: [any FrameFormat.Type] = [
        GIFFormat.self, APNGFormat.self, WebPFormat.self, AVIFFormat.self, LottieFormat.self, SVGAFormat.self,
        SVGFormat.self, VideoFormat.self,
    ]

    /// Every kind of input: the formats read from bytes, and the two read from a path.
    public static let inputs: [any ReadingFormat.Type] = formats + [SequenceFormat.self, ExportReadingFormat.self]

    /// Opens `path` as whichever format its bytes say; a folder an export wrote opens as the layers
    /// it ships (`ExportFrameSource`); another folder or a printf-style pattern
    /// (`anim/frame%03d.png`) opens as a numbered image sequence, each file's format read from its bytes.
    public static func open(path: String, options: SourceOptions = SourceOptions()) throws -> FrameSource {
        try worded(options.vocabulary) { try opened(path: path, options: options) }
    }

    /// Opens the file `path` when its bytes are of `format`, and refuses it otherwise (a command
    /// that reads one format: `svga render`).
    public static func open(
        path: String, options: SourceOptions = SourceOptions(), as format: any FrameFormat.Type
    ) throws -> FrameSource {
        try worded(options.vocabulary) { try openedFile(path: path, options: options, as: format) }
    }

    /// Opens the file `path` when its bytes are of the format called `name` (a `ReadingFormat`'s
    /// `name`: "SVGA"), for a front end that reads one format and imports no format module.
    public static func open(
        path: String, options: SourceOptions = SourceOptions(), asFormatNamed name: String
    ) throws -> FrameSource {
        guard let format = formats.first(where: { $0.name == name }) else {
            throw InputError(file: path, "cannot be read as \(name): arcmask reads no format of that name")
        }
        return try open(path: path, options: options, as: format)
    }

    /// Opens bytes held in memory; `name` stands for the file in messages.
    public static func open(
        bytes: [UInt8], name: String, options: SourceOptions = SourceOptions()
    ) throws -> FrameSource {
        try worded(options.vocabulary) {
            let reader = FileReader(bytes: bytes, name: name)
            let format = try format(of: reader, name: name)
            try options.refuseSettings(unhonouredBy: format, file: name)
            return try format.open(reader, name: name, options: options)
        }
    }

    /// Runs `body`, its refusals worded with the settings as `vocabulary` names them.
    static func worded<T>(_ vocabulary: InputVocabulary, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as InputError {
            throw error.worded(vocabulary)
        }
    }

    private static func opened(path: String, options: SourceOptions) throws -> FrameSource {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            ExportFrameSource.isExport(path)
        {
            // An export folder plays its layers, as the widget will.
            try options.refuseSettings(unhonouredBy: ExportReadingFormat.self, file: path)
            return try PlaybackSource.over(
                ExportFrameSource.open(path, limits: options.limits), playback: options.playback)
        }
        if isSequence(path) {
            try options.refuseSettings(unhonouredBy: SequenceFormat.self, file: path)
            return try ImageSequenceSource.open(
                path, options: options.sequenceOptions, limits: options.limits, svgLimits: options.svgLimits,
                svgCache: options.svgCache)
        }
        // A shell glob that matched nothing reaches here unexpanded: say how sequences are named.
        let name = (path as NSString).lastPathComponent
        if name.contains(where: { "*?[".contains($0) }), !FileManager.default.fileExists(atPath: path) {
            let folder = (path as NSString).deletingLastPathComponent
            throw InputError(
                file: path,
                "matches no file, and arcmask does not expand * or ?: give the folder (\(folder.isEmpty ? "." : folder)) or a numbered pattern such as \((folder as NSString).appendingPathComponent("frame_%03d.png"))"
            )
        }
        return try openedFile(path: path, options: options)
    }

    /// Opens the one file `path` as whichever format its bytes say, refusing another than
    /// `expected` when one is given, and the settings that format does not take.
    private static func openedFile(
        path: String, options: SourceOptions, as expected: (any FrameFormat.Type)? = nil
    ) throws -> FrameSource {
        let reader = try FileReader(path: path)
        let format = try format(of: reader, name: path)
        if let expected, format != expected {
            throw InputError(file: path, "holds \(format.name), not \(expected.name)")
        }
        try options.refuseSettings(unhonouredBy: format, file: path)
        return try format.open(reader, name: path, options: options)
    }

    /// Whether `path` names a sequence (a folder or a pattern) rather than one file.
    public static func isSequence(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return isDirectory.boolValue }
        return SequencePattern.isPattern(path)
    }

    static func format(of reader: FileReader, name: String) throws -> any FrameFormat.Type {
        let head = reader.bytes(at: 0, count: 4096)
        if head.isEmpty { throw InputError(file: name, "is empty (0 bytes)") }
        if !AVIFFormat.matches(head), let heif = HEIFBrand.of(head) {
            // FFmpeg's MP4 reader would claim it and fail on its items: say what it is.
            throw InputError(file: name, heif.refusal)
        }
        if let format = formats.first(where: { $0.matches(head) }) { return format }
        let known = formats.map { $0.name }.joined(separator: ", ")
        let start = head.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
        throw InputError(file: name, "is not an animation arcmask reads (\(known)); it starts with \(start)")
    }
}

/// A folder an export wrote, played as the widget plays its layers.
public enum ExportReadingFormat: ReadingFormat {
    public static let name = "export folder"
    public static let inputs = "export folders"
    public static let honours = playbackSettings
    public static let capabilities = FrameCapabilities()
}

extension SourceOptions {
    /// The reading settings given: those not at their defaults (the ceilings are never counted:
    /// every format keeps within them).
    public var given: Set<InputSetting> {
        var given = Set<InputSetting>()
        if playback.range != nil { given.insert(.range) }
        if playback.reverse { given.insert(.reverse) }
        if playback.fps != nil { given.insert(.framesPerSecond) }
        if !svgaContent.images.isEmpty { given.insert(.setImage) }
        if !svgaContent.texts.isEmpty { given.insert(.setText) }
        if !svgaContent.hidden.isEmpty { given.insert(.hide) }
        if clip.start != nil { given.insert(.start) }
        if clip.duration != nil { given.insert(.length) }
        if sequence.durations != nil { given.insert(.durations) }
        if sequence.loops != 0 { given.insert(.loops) }
        if sequence.allowGaps { given.insert(.allowGaps) }
        if lottie.animation != nil { given.insert(.animation) }
        if lottie.marker != nil { given.insert(.marker) }
        if lottie.strict { given.insert(.strict) }
        if !lottie.overrides.isEmpty { given.insert(.setColor) }
        if lottie.theme != nil { given.insert(.theme) }
        if lottie.state != nil { given.insert(.state) }
        return given
    }

    /// The one refusal of settings a kind of input does not take, for every way in (a path, bytes,
    /// a sequence, an export folder): "--loops applies to image sequences, not to GIF files".
    func refuseSettings(unhonouredBy format: any ReadingFormat.Type, file: String) throws {
        let refused = InputSetting.allCases.filter { given.contains($0) && !format.honours.contains($0) }
        guard let first = refused.first else { return }
        // The settings refused together are those the same kinds of input take.
        let takers = { (setting: InputSetting) in
            FrameSources.inputs.filter { $0.honours.contains(setting) }.map { $0.name }
        }
        let group = refused.filter { takers($0) == takers(first) }
        let taking = FrameSources.inputs.filter { $0.honours.contains(first) }
        let others = FrameSources.inputs.filter { !$0.honours.contains(first) }
        // "every input but …" when most take it: the refused one is among those named.
        let whom =
            taking.count > others.count
            ? "every input but \(phrase(others.map { $0.inputs }))"
            : "\(phrase(taking.map { $0.inputs })), not to \(format.inputs)"
        throw InputError(
            file: file, "\(phrase(group.map(vocabulary.name))) \(group.count == 1 ? "applies" : "apply") to \(whom)")
    }

    /// "a", "a and b", "a, b and c".
    private func phrase(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

/// HEIF files (ISO/IEC 23008-12) by the brands of their `ftyp` box: the HEVC stills and
/// bursts iPhones take (HEIC), which arcmask does not decode (Debian's FFmpeg and libavif
/// read neither; AVIF, the AV1 kind of HEIF, is read by `AVIFFormat`).
public enum HEIFBrand: Equatable, Sendable {
    /// `heic`, `heix`, `heim`, `mif1` without AV1: one picture (or a few, as items).
    case still(String)
    /// `hevc`, `hevx`, `heis`, `hevs`, `msf1`: an image sequence.
    case sequence(String)

    static let stills = ["heic", "heix", "heim", "mif1"]
    static let sequences = ["hevc", "hevx", "heis", "hevs", "msf1"]

    /// The HEIF kind `head` declares in its `ftyp` box, or nil.
    public static func of(_ head: [UInt8]) -> HEIFBrand? {
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(max(size, 12), head.count)
        var brands: [String] = []
        var k = 8
        while k + 4 <= end {
            if k != 12 { brands.append(String(decoding: head[k..<k + 4], as: UTF8.self)) }
            k += 4
        }
        if let b = brands.first(where: sequences.contains) { return .sequence(b) }
        if let b = brands.first(where: stills.contains) { return .still(b) }
        return nil
    }

    /// What the user is told.
    var refusal: String {
        switch self {
        case .still(let b):
            return
                "is a HEIC still (HEIF, brand \(b)), as iPhones take photos: one picture, not an animation; arcmask does not decode HEIC (convert it to PNG or JPEG, or give a Live Photo's .MOV)"
        case .sequence(let b):
            return
                "is a HEIF image sequence (brand \(b)), which arcmask does not decode; convert it to a video (MP4, MOV) or an animated AVIF, WebP or GIF"
        }
    }
}
