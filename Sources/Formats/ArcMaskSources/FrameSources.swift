import ArcMaskCore
import ArcMaskFolder
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskValues
import ArcMaskVideo
import Foundation

/// How to open an animation: limits, and the settings only some formats use.
public struct SourceOptions: Sendable {
    /// Ceilings on canvas, frames and decoded bytes (every format).
    public var limits: DecodeLimits
    /// Ceilings for SVGA files.
    public var svgaLimits: SVGALimits
    /// Which frames play, in which direction, at which rate: every format takes it (raster
    /// formats through `PlaybackSource`; SVGA, Lottie, sequences and clips on their own timelines).
    public var playback: Playback
    /// Where vector formats keep rendered frames between runs (nil: render every time).
    public var renderCache: RenderCache? {
        didSet { svgCache = SVGRasterCache(disk: renderCache) }
    }
    /// Ceilings for SVG files.
    public var svgLimits: SVGLimits
    /// Numbered image sequences: range, rate or durations, loops, gaps, `@Sx` variants.
    public var sequence: SequenceOptions
    /// SVGA: images, text, hidden keys put into the movie's keys.
    public var svgaContent = SVGADynamicContent()
    /// Lottie: the dotLottie animation, the marker, the limits, strictness (range, reverse and
    /// rate come from `playback`).
    public var lottie = LottieOptions()
    /// Video clips and AVIF sequences: where a cut starts and how long it lasts (the rate
    /// comes from `playback.fps`).
    public var video = VideoOptions()
    /// SVG rasters in memory, in front of `renderCache`.
    public private(set) var svgCache: SVGRasterCache
    /// What the front end calls these settings, for refusals that name them.
    public var vocabulary = InputVocabulary.plain

    public init(
        limits: DecodeLimits = .default, svgaLimits: SVGALimits = .default,
        playback: Playback = Playback(), renderCache: RenderCache? = nil
    ) {
        self.limits = limits
        self.svgaLimits = svgaLimits
        self.playback = playback
        self.renderCache = renderCache
        self.svgLimits = SVGLimits(maxPixels: limits.maxCanvasPixels)
        self.sequence = SequenceOptions()
        self.svgCache = SVGRasterCache(disk: renderCache)
    }
}

/// One animation format: how its files start, and how to open one.
public protocol FrameFormat: Sendable {
    /// A short name for messages and reports ("GIF", "SVGA").
    static var name: String { get }
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

    /// Opens `path` as whichever format its bytes say; a folder an export wrote opens as the layers
    /// it ships (`ExportFolderSource`); another folder or a printf-style pattern
    /// (`anim/frame%03d.png`) opens as a numbered image sequence, each file's format read from its bytes.
    public static func open(path: String, options: SourceOptions = SourceOptions()) throws -> FrameSource {
        try worded(options.vocabulary) { try opened(path: path, options: options) }
    }

    /// Opens bytes held in memory; `name` stands for the file in messages.
    public static func open(
        bytes: [UInt8], name: String, options: SourceOptions = SourceOptions()
    ) throws -> FrameSource {
        try worded(options.vocabulary) {
            let reader = FileReader(bytes: bytes, name: name)
            return try format(of: reader, name: name).open(reader, name: name, options: options)
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
            ExportFolderSource.isExport(path)
        {
            // An export folder plays its layers, as the widget will.
            try options.refuseForeignSettings(name: path, format: "export folder")
            try options.refuseVideoSettings(name: path, format: "export folder")
            return try PlaybackSource.over(
                ExportFolderSource.open(path, limits: options.limits), playback: options.playback)
        }
        if isSequence(path) {
            try options.refuseVideoSettings(name: path, format: "image sequence")
            try options.refuseSVGAContent(name: path, format: "image sequence")
            try options.refuseLottieSettings(name: path, format: "image sequence")
            // A sequence plays on its own timeline: the playback joins its settings.
            var sequence = options.sequence
            if let range = options.playback.range { sequence.range = range }
            if options.playback.reverse { sequence.reverse = true }
            if let fps = options.playback.fps { sequence.fps = fps }
            return try ImageSequenceSource.open(
                path, options: sequence, limits: options.limits, svgLimits: options.svgLimits,
                svgCache: options.svgCache)
        }
        let reader = try FileReader(path: path)
        let format = try format(of: reader, name: path)
        if format != VideoFormat.self && format != AVIFFormat.self {
            try options.refuseVideoSettings(name: path, format: format.name)
        }
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

extension SourceOptions {
    /// The settings of SVGA files, Lottie files and image sequences, refused for `format`.
    func refuseForeignSettings(name: String, format: String) throws {
        try refuseLottieSettings(name: name, format: format)
        try refuseSequenceOnlySettings(name: name, format: format)
        try refuseSVGAContent(name: name, format: format)
    }
}

extension SourceOptions {
    /// Images, text and hidden keys go into SVGA sprites; other formats have no keys.
    func refuseSVGAContent(name: String, format: String) throws {
        guard !svgaContent.isEmpty else { return }
        throw InputError(
            file: name,
            "\(vocabulary.name(.setImage)), \(vocabulary.name(.setText)) and \(vocabulary.name(.hide)) fill the keys of "
                + "SVGA files; \(format) files have no keys")
    }
}

extension SourceOptions {
    /// A cut (`--start`, `--length`) is a setting of video clips and AVIF sequences alone.
    func refuseVideoSettings(name: String, format: String) throws {
        let given = [video.start != nil ? InputSetting.start : nil, video.duration != nil ? .length : nil]
            .compactMap { $0 }
        if !given.isEmpty {
            throw InputError(
                file: name, "\(vocabulary.list(given)) cuts video clips and AVIF sequences, not \(format) files")
        }
    }
}

extension SourceOptions {
    /// Durations, loop counts and gaps are settings of image sequences alone.
    func refuseSequenceOnlySettings(name: String, format: String) throws {
        let given = [
            sequence.durations != nil ? InputSetting.durations : nil, sequence.loops != 0 ? .loops : nil,
            sequence.allowGaps ? .allowGaps : nil,
        ].compactMap { $0 }
        if !given.isEmpty {
            throw InputError(
                file: name, "\(vocabulary.list(given)) applies to image sequences, not to \(format) files")
        }
    }
}

extension SourceOptions {
    /// Lottie's own settings, given for another format.
    func refuseLottieSettings(name: String, format: String) throws {
        let given = [
            lottie.animation != nil ? InputSetting.animation : nil, lottie.marker != nil ? .marker : nil,
            lottie.strict ? .strict : nil, lottie.overrides.isEmpty ? nil : .setColor,
            lottie.theme != nil ? .theme : nil,
            lottie.state != nil ? .state : nil,
        ].compactMap { $0 }
        if !given.isEmpty {
            throw InputError(
                file: name, "\(vocabulary.list(given)) applies to Lottie files, not to \(format) files")
        }
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
