import ArcMaskFiles
import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskTimerFontPlan
import ArcMaskValues
import Foundation

/// A folder written by `export --route timer-font`, read back for `emulate` and `preview`:
/// its manifest and its fonts, checked against each other before anything is shaped.
public struct TimerFontOutput {
    public let path: String
    public let manifest: TimerFontManifest
    public let plan: TimerFontPlan
    /// Bottom layer first.
    public let frameFonts: [[UInt8]]
    public let maskFont: [UInt8]
    /// The dark appearance's frame fonts, bottom layer first (empty when the export has none).
    public let darkFrameFonts: [[UInt8]]
    /// What is wrong with the folder's files: a font missing, or not the size the manifest
    /// says. Every one is listed; a folder with problems is not shaped (its fonts are not the
    /// ones the manifest describes).
    public let problems: [String]
    /// Each font as found in the folder, in the manifest's order (frame fonts, the mask font,
    /// then the dark appearance's frame fonts).
    public let fonts: [Found]

    /// A font file as found: its size and `PictureDigest` (nil: not read).
    public struct Found: Codable, Sendable, Equatable {
        public var file: String
        public var bytes: Int?
        public var digest: String?
    }

    /// Larger manifests or fonts are refused before they are read.
    public static let maxManifestBytes = 16 << 20
    public static let maxFontBytes = 512 << 20

    public var pixelSize: PixelSize { PixelSize(width: manifest.pixelWidth, height: manifest.pixelHeight) }

    /// Whether `path` is a folder holding a `manifest.json`.
    public static func isExport(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
            && FileManager.default.fileExists(
                atPath: (path as NSString).appendingPathComponent(WidgetFolder.manifestFile))
    }

    /// - Parameter names: what the front end calls the settings a refusal names.
    public init(_ path: String, names: SettingNames = .plain) throws {
        guard Self.isExport(path) else {
            throw InputError(
                file: path, "is not a timer-font export's folder (no \(WidgetFolder.manifestFile) in it)")
        }
        let manifestPath = (path as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        try self.init(
            path: path, names: names,
            manifest: try FileReader.contents(of: manifestPath, limit: Self.maxManifestBytes, kind: "manifests")
        ) { name in
            try FileReader.contents(
                of: (path as NSString).appendingPathComponent(name), limit: Self.maxFontBytes, kind: "fonts")
        }
    }

    /// - Parameters:
    ///   - manifest: `manifest.json`'s bytes; `file`: reads a font file of the folder by name.
    public init(
        path: String, names: SettingNames = .plain, manifest data: [UInt8], file: (String) throws -> [UInt8]
    ) throws {
        self.path = path
        let manifestPath = (path as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        struct Route: Decodable { var route: String? }
        let route: Route
        do {
            route = try JSONDecoder().decode(Route.self, from: Data(data))
        } catch {
            throw InputError(file: manifestPath, "is not a JSON object (cut short or not a manifest?)")
        }
        guard route.route == WidgetRoute.timerFont.rawValue else {
            throw InputError(
                file: manifestPath,
                "is not a timer-font export's manifest (its \"route\" is not \"timer-font\"); `arcmask check DIR` checks every export"
            )
        }
        do {
            manifest = try JSONDecoder().decode(TimerFontManifest.self, from: Data(data))
        } catch let DecodingError.keyNotFound(key, context) {
            throw InputError(
                file: manifestPath, location: ManifestDecoding.keyPath(context.codingPath + [key]), "is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            throw ManifestDecoding.decodingError(manifestPath, context, data: Data(data))
        }
        let m = manifest
        do {
            plan = try m.plan()
        } catch {
            throw InputError(file: manifestPath, location: "fps, loopSeconds", error.message(names.plan))
        }
        guard m.frameFonts.count == plan.layers, m.frames.count == plan.frameCount else {
            throw InputError(
                file: manifestPath,
                "lists \(m.frameFonts.count) frame fonts and \(m.frames.count) frames; \(m.fps) fps over \(m.loopSeconds) s needs \(plan.layers) and \(plan.frameCount)"
            )
        }
        guard (16...16384).contains(m.pixelHeight), (1...0xFFFF).contains(m.pixelWidth) else {
            throw InputError(
                file: manifestPath, location: "pixelWidth, pixelHeight",
                "\(m.pixelWidth)×\(m.pixelHeight) px is no picture size the fonts can hold")
        }
        for (k, f) in m.frames.enumerated()
        where UInt64(f.pictureDigest, radix: 16) == nil || f.pictureDigest.count != 16 {
            throw InputError(file: manifestPath, location: "frames[\(k)].pictureDigest", "is not 16 hex digits")
        }
        if let d = m.dark {
            guard d.frameFonts.count == plan.layers, d.pictureDigests.count == plan.frameCount else {
                throw InputError(
                    file: manifestPath, location: "dark",
                    "lists \(d.frameFonts.count) frame fonts and \(d.pictureDigests.count) pictures; the plan needs \(plan.layers) and \(plan.frameCount)"
                )
            }
            for (k, digest) in d.pictureDigests.enumerated()
            where UInt64(digest, radix: 16) == nil || digest.count != 16 {
                throw InputError(file: manifestPath, location: "dark.pictureDigests[\(k)]", "is not 16 hex digits")
            }
        }
        var problems: [String] = []
        var found: [Found] = []
        func font(_ f: TimerFontManifest.Font, _ key: String) throws -> [UInt8] {
            guard !f.file.contains("/"), !f.file.hasPrefix(".") else {
                throw InputError(file: manifestPath, location: key, "names a file outside the folder: \(f.file)")
            }
            let bytes: [UInt8]
            switch Result(catching: { try file(f.file) }) {
            case .success(let read): bytes = read
            case .failure(let error):
                found.append(Found(file: f.file, bytes: nil, digest: nil))
                problems.append("\(f.file): \((error as? InputError)?.problem ?? "cannot be read (\(error))")")
                return []
            }
            let digest = PictureDigest.hex(PictureDigest.of(bytes))
            found.append(Found(file: f.file, bytes: bytes.count, digest: digest))
            if bytes.count != f.bytes || (f.digest.map { $0 != digest } ?? false) {
                problems.append(
                    "\(f.file): holds \(bytes.count) bytes with digest \(digest); the manifest says \(f.bytes) bytes, \(f.digest ?? "no digest") (changed since the export?)"
                )
            }
            return bytes
        }
        frameFonts = try m.frameFonts.enumerated().map { try font($1, "frameFonts[\($0)]") }
        maskFont = try font(m.maskFont, "maskFont")
        darkFrameFonts = try (m.dark?.frameFonts ?? []).enumerated().map { try font($1, "dark.frameFonts[\($0)]") }
        self.problems = problems
        fonts = found
    }

    /// A verifier over these fonts, judging pictures by the manifest's digests.
    public func verifier() throws -> TimerFontVerifier {
        try TimerFontVerifier(
            plan: plan, frameFonts: frameFonts, maskFont: maskFont,
            pictureDigests: manifest.frames.map { UInt64($0.pictureDigest, radix: 16)! }, pixelSize: pixelSize)
    }

    /// A verifier over the dark appearance's fonts, judging pictures by their digests; nil when
    /// the export has no dark appearance.
    public func darkVerifier() throws -> TimerFontVerifier? {
        guard let d = manifest.dark else { return nil }
        return try TimerFontVerifier(
            plan: plan, frameFonts: darkFrameFonts, maskFont: maskFont,
            pictureDigests: d.pictureDigests.map { UInt64($0, radix: 16)! }, pixelSize: pixelSize)
    }
}
