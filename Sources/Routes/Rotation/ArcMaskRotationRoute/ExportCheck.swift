import ArcMaskBudget
import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// A folder written by `export` (the rotation route), checked as a widget project's CI would
/// check what it ships: the manifest key by key, every image by its size, digest and pixel size
/// (read from its header), the limit figures recomputed from the files on disk, the plan and
/// the emulator's verdict recomputed from the frames' durations, and the generated code
/// compared with what the manifest generates.
public struct ExportCheck: Codable, Sendable {
    /// Something in the folder that is not as the export wrote it, or over a limit.
    public struct Problem: Codable, Sendable, Equatable, CustomStringConvertible {
        /// The file, relative to the folder.
        public var file: String
        /// Where in it: a JSON path of the manifest, or nil.
        public var location: String?
        public var problem: String

        public var description: String { ([file] + (location.map { [$0] } ?? []) + [problem]).joined(separator: ": ") }
    }

    /// A font of the folder as found on disk: its size and digest, held to the manifest's.
    public struct FontFile: Codable, Sendable, Equatable {
        public var file: String
        /// nil: not in the folder.
        public var bytes: Int?
        public var digest: String?
    }

    public var folder: String
    public var layout: String
    public var layers: Int
    public var images: Int
    /// The timer masks' fonts, each as found in the folder.
    public var fonts: [FontFile] = []
    /// Each figure against its limit, from the files on disk.
    public var limits: LimitFigures
    /// The emulator's verdict on the plan recomputed from the frames' durations.
    public var emulator: ExportManifest.Verdict
    public var problems: [Problem]
    /// What was changed that changes nothing that plays (the gallery's strings), said, not held against it.
    public var notes: [String] = []
    /// The verdict on each surface the folder's family is shown on (`SurfaceVerdict`).
    public var surfaces: [SurfaceVerdict] = []
    public var passed: Bool { problems.isEmpty && emulator.passed }

    /// `file` is the folder as given, as every command's JSON names its input.
    enum CodingKeys: String, CodingKey {
        case folder = "file", layout, layers, images, fonts, limits, emulator, problems, notes, surfaces
    }

    /// Larger manifests or images are refused before they are read.
    public static let maxManifestBytes = 16 << 20
    public static let maxImageBytes = 256 << 20

    /// The settings `export` judges its plan with.
    public static var exportSettings: EmulationSettings { WidgetFolder.emulation }

    /// Whether `data` is the manifest of a folder of layers: a rotation export's, or a timer-mask
    /// export's (the same layers, played under timer masks), rather than a timer-font one's.
    public static func isRotationManifest(_ data: [UInt8]) -> Bool {
        struct Route: Decodable { var route: String? }
        let route = (try? JSONDecoder().decode(Route.self, from: Data(data)))?.route
        return route == "rotation" || route == "timer-mask"
    }

    /// Refreshes the check may emulate; a manifest whose loop needs more is refused as a problem.
    public static let maxSamples = 20_000_000

    /// Checks the folder at `path`. Throws `InputError` only when the manifest cannot be read
    /// as a rotation export's at all; everything else is a `Problem`.
    /// - Parameters:
    ///   - settings: how the recomputed plan is emulated for the verdict.
    ///   - names: what the front end calls the settings the problems name.
    public static func run(
        _ path: String, settings: EmulationSettings = exportSettings, names: SettingNames = .plain
    ) throws -> ExportCheck {
        let manifestPath = (path as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        let data = try FileReader.contents(of: manifestPath, limit: maxManifestBytes, kind: "manifests")
        var check = try run(path: path, manifest: data, settings: settings, names: names) { name, limit in
            try FileReader.contents(
                of: (path as NSString).appendingPathComponent(name), limit: limit, kind: "the files of an export")
        }
        for name in ExportFiles.unlisted(in: path, manifest: Data(data)) {
            check.problems.append(
                Problem(
                    file: name, location: nil,
                    problem:
                        "is not a file of this export (left by an earlier one, or added since?): the extension would ship it"
                ))
        }
        if let m = try? JSONDecoder().decode(ExportManifest.self, from: Data(data)) {
            check.surfaces = SurfaceVerdict.list(
                family: m.widgetFamily, emulator: check.emulator, posterFrame: m.posterFrame)
        }
        return check
    }

    /// - Parameters:
    ///   - manifest: `manifest.json`'s bytes; `file`: reads a file of the folder by name, refusing
    ///     files over the limit given.
    public static func run(
        path: String, manifest data: [UInt8], settings: EmulationSettings = exportSettings,
        names: SettingNames = .plain, file: @escaping (String, Int) throws -> [UInt8]
    ) throws -> ExportCheck {
        let m = try decode(data, path: (path as NSString).appendingPathComponent(WidgetFolder.manifestFile))
        var check = Checker(folder: path, manifest: m, names: names, read: file)
        check.keys(data)
        let plan = check.planAndFrames()
        let figures = check.images()
        let fonts = check.fonts()
        check.presentation()
        check.code()
        // The timer-mask lanes over the layers, when the export carries them.
        if let lanes = m.timerMask {
            for p in lanes.problems(images: Set(m.images.map(\.file))) {
                check.problem(WidgetFolder.manifestFile, p.location, p.problem)
            }
        }
        var verdict = m.emulator
        verdict.passed = false
        if let plan {
            let needed = max(
                Emulator.sampleCount(plan, settings: exportSettings), Emulator.sampleCount(plan, settings: settings))
            if needed > maxSamples {
                check.problem(
                    WidgetFolder.manifestFile, "frames",
                    "the loop of \(plan.periodSeconds) s takes \(needed) refreshes to emulate, over the limit of \(maxSamples)"
                )
            } else {
                var export = ExportManifest.Verdict(
                    Emulator.run(plan, model: AnalyticModel(plan), settings: exportSettings))
                // Manifests written before the defective count was recorded are judged without it.
                if m.emulator.defective == nil { export.defective = nil }
                if m.emulator.allPhases == nil { export.allPhases = nil }
                if export != m.emulator {
                    check.problem(
                        WidgetFolder.manifestFile, "emulator",
                        "differs from the verdict on its plan (\(export.passed ? "PASS" : "FAIL"), \(export.torn) torn, \(export.gap) gap, \(export.wrongFrame) wrong frame)"
                    )
                }
                verdict = ExportManifest.Verdict(
                    Emulator.run(plan, model: AnalyticModel(plan), settings: settings))
            }
        }
        for over in figures.overLimits(names.budget) { check.problem(WidgetFolder.manifestFile, "limits", over) }
        return ExportCheck(
            folder: path, layout: m.layout.rawValue, layers: m.frames.count, images: m.images.count, fonts: fonts,
            limits: figures, emulator: verdict, problems: check.problems, notes: check.notes)
    }

    /// The manifest of the export folder at `folder`, read as `run` reads it (its size held to
    /// `maxManifestBytes`; what is wrong said with its JSON path).
    public static func manifest(inFolder folder: String) throws -> ExportManifest {
        let path = (folder as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        return try decode(try FileReader.contents(of: path, limit: maxManifestBytes, kind: "manifests"), path: path)
    }

    static func decode(_ data: [UInt8], path: String) throws -> ExportManifest {
        guard isRotationManifest(data) else {
            throw InputError(
                file: path,
                "is not a rotation export's manifest (its \"route\" is not \"rotation\"; written by an older arcmask, or not a manifest)"
            )
        }
        do {
            let m = try JSONDecoder().decode(ExportManifest.self, from: Data(data))
            // The sections a rotation folder carries, read as strictly as the rest.
            _ = try m.timerMaskSection()
            return m
        } catch let DecodingError.keyNotFound(key, context) {
            throw InputError(file: path, location: ManifestDecoding.keyPath(context.codingPath + [key]), "is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.dataCorrupted(context)
        {
            throw ManifestDecoding.decodingError(path, context, data: Data(data))
        }
    }
}

/// The checks, collecting problems as they go.
private struct Checker {
    let folder: String
    let m: ExportManifest
    let vocabulary: SettingNames
    let read: (String, Int) throws -> [UInt8]
    var problems: [ExportCheck.Problem] = []
    var notes: [String] = []

    init(
        folder: String, manifest: ExportManifest, names: SettingNames, read: @escaping (String, Int) throws -> [UInt8]
    ) {
        self.folder = folder
        m = manifest
        vocabulary = names
        self.read = read
    }

    mutating func problem(_ file: String, _ location: String?, _ text: String) {
        problems.append(.init(file: file, location: location, problem: text))
    }

    private mutating func manifest(_ location: String, _ text: String) {
        problem(WidgetFolder.manifestFile, location, text)
    }

    /// Keys the export does not write (a hand edit, or a typo in one).
    mutating func keys(_ data: [UInt8]) {
        guard let onDisk = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any],
            let written = try? JSONSerialization.jsonObject(with: Data(ExportCode.manifestJSON(m))) as? [String: Any]
        else { return }
        // A section is an export's when a module this check knows owns it.
        let unknownSections = Set(m.sections.keys).subtracting([TimerMaskSection.key])
        for key in onDisk.keys.sorted()
        where (written[key] == nil || unknownSections.contains(key)) && key != "jpegQuality" && key != "strip" {
            manifest(key, "is not a key an export writes")
        }
    }

    var layout: LayerLayout? { m.layout }

    static let maxPoints = 100_000.0
    static let maxDurationMs = 3_600_000.0
    static let maxScale = 100.0
    static let maxPixels = 1 << 20

    /// The layer size and strip columns are ones figures can be computed from.
    var sizesValid: Bool {
        [m.pixelWidth, m.pixelHeight, m.stripColumns].allSatisfy { (1...Self.maxPixels).contains($0) }
    }

    /// The plan recomputed from the frames' durations must be the manifest's, and each frame
    /// must sit where the plan and the layout put it.
    mutating func planAndFrames() -> ArcPlan? {
        // preset, fit, layout, imageFormat, rotation, accented and widgetFamily are typed: decoding checked them.
        if CodeNames(m.name) == nil { manifest("name", "is not a value an export writes") }
        if let q = m.jpegQuality, !JPEG.qualities.contains(q) { manifest("jpegQuality", "is not 1 to 100") }
        let preset = m.preset
        guard !m.frames.isEmpty else {
            manifest("frames", "is empty")
            return nil
        }
        let durations = m.frames.map(\.durationMs)
        guard durations.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= Self.maxDurationMs }) else {
            manifest("frames", "hold a duration that is not 0 to \(Int(Self.maxDurationMs)) ms")
            return nil
        }
        guard (0...Self.maxPoints).contains(m.viewWidth), (0...Self.maxPoints).contains(m.viewHeight),
            (0...Self.maxScale).contains(m.scale), m.viewWidth > 0, m.viewHeight > 0, m.scale > 0
        else {
            manifest(
                "viewWidth, viewHeight, scale",
                "are not a view size (up to \(Int(Self.maxPoints)) pt) and scale (up to \(Int(Self.maxScale)))")
            return nil
        }
        guard sizesValid else {
            manifest(
                "pixelWidth, pixelHeight, stripColumns",
                "are not pixel sizes and a column count of 1 to \(Self.maxPixels)")
            return nil
        }
        let plan: ArcPlan
        do {
            plan = try ArcPlanner.plan(
                PlanRequest(
                    viewWidth: m.viewWidth, viewHeight: m.viewHeight, scale: m.scale, durationsMs: durations,
                    preset: preset))
        } catch {
            manifest("frames", "cannot be planned: \(error.message(vocabulary.plan))")
            return nil
        }
        if plan != m.plan {
            manifest(
                "plan", "is not the plan for these frames' durations, view size and preset (edited since the export?)")
        }
        let pixels = ArchiveFitter.pixels(m.viewWidth, m.viewHeight, m.scale)
        if pixels.width != m.pixelWidth || pixels.height != m.pixelHeight {
            manifest(
                "pixelWidth, pixelHeight",
                "\(m.pixelWidth)×\(m.pixelHeight) is not the view's size at \(m.scale)× (\(pixels))")
        }
        let files = Set(m.images.map(\.file))
        for (g, f) in m.frames.enumerated() {
            let at = "frames[\(g)]"
            if f.index != g { manifest("\(at).index", "is \(f.index), not \(g)") }
            if let arc = plan.layers.first(where: { $0.frame == g }),
                arc.startAngle != f.startAngle || arc.endAngle != f.endAngle
            {
                manifest(
                    at, "its arc \(f.startAngle)…\(f.endAngle)° is not the plan's \(arc.startAngle)…\(arc.endAngle)°")
            }
            if f.width != m.pixelWidth || f.height != m.pixelHeight {
                manifest(at, "is \(f.width)×\(f.height) px; the layers are \(m.pixelWidth)×\(m.pixelHeight)")
            }
            if !files.contains(f.file) { manifest("\(at).file", "\(f.file) is not among the images") }
            switch layout {
            case .files?:
                if f.x != 0 || f.y != 0 { manifest(at, "a layer file's image starts at (0, 0), not (\(f.x), \(f.y))") }
            case .strip?:
                let c = max(1, m.stripColumns)
                let (x, y) = ((g % c) * m.pixelWidth, (g / c) * m.pixelHeight)
                if f.x != x || f.y != y {
                    manifest(at, "its cell is at (\(x), \(y)) in the strip, not (\(f.x), \(f.y))")
                }
            case nil: break
            }
        }
        switch layout {
        case .files?:
            if m.strip != nil { manifest("strip", "names a strip in the files layout") }
            if m.images.count != m.frames.count {
                manifest("images", "lists \(m.images.count) images for \(m.frames.count) layers")
            }
        case .strip?:
            if m.images.count != 1 || m.strip != m.images.first?.file {
                manifest("strip", "the strip layout has one image, the strip")
            }
        case nil: break
        }
        let q = m.quality
        // Figures written as computed: a mean of equal SSIMs may differ from them in the last bits.
        if !(0...1).contains(q.meanSSIM) || !(0...1).contains(q.worstSSIM) || q.worstSSIM > q.meanSSIM + 1e-9 {
            manifest("quality", "mean \(q.meanSSIM) and worst \(q.worstSSIM) are not SSIMs of one export")
        }
        return plan
    }

    /// Whether `file`, named by the manifest at `location`, is a file of the folder; a name that
    /// reaches outside it is a problem of the manifest.
    private mutating func namesFolderFile(_ file: String, at location: String) -> Bool {
        guard !file.isEmpty, !file.contains("/"), !file.hasPrefix(".") else {
            manifest(location, "names a file outside the folder: \(file)")
            return false
        }
        return true
    }

    /// Why a file of the folder could not be read, in words.
    private static func unreadable(_ error: any Error) -> String {
        (error as? InputError)?.problem ?? "cannot be read (\(error))"
    }

    /// Every image: a file in the folder, of the size and digest recorded, its header stating the
    /// size recorded; then the limit figures from the files, which must be the manifest's.
    mutating func images() -> LimitFigures {
        var measured: [ExportManifest.Image] = []
        for (k, image) in m.images.enumerated() {
            guard namesFolderFile(image.file, at: "images[\(k)].file") else { continue }
            let bytes: [UInt8]
            do {
                bytes = try read(image.file, ExportCheck.maxImageBytes)
            } catch {
                problem(image.file, nil, Self.unreadable(error))
                continue
            }
            let size: PixelSize?
            if image.file.hasSuffix(".jpg") {
                size = JPEG.matches(Array(bytes.prefix(3))) ? JPEG.size(of: bytes) : nil
            } else {
                size = PNG.size(ofHeader: Array(bytes.prefix(24)))
            }
            guard let size else {
                problem(
                    image.file, nil, "is not a \(image.file.hasSuffix(".jpg") ? "JPEG" : "PNG") whose size can be read")
                continue
            }
            let digest = LayerDigest.of(bytes)
            if bytes.count != image.bytes || digest != image.digest {
                problem(
                    image.file, nil,
                    "holds \(bytes.count) bytes with digest \(digest); the manifest says \(image.bytes) bytes, \(image.digest) (changed since the export?)"
                )
            }
            if size.width != image.width || size.height != image.height {
                problem(image.file, nil, "is \(size) px; the manifest says \(image.width)×\(image.height)")
            }
            if layout == .files, size.pixelCount > m.limits.layerPixelLimit {
                problem(
                    image.file, nil,
                    "is \(size) = \(size.pixelCount) px, over the \(m.limits.layerPixelLimit) px an image may have (it would draw blank)"
                )
            }
            measured.append(
                ExportManifest.Image(
                    file: image.file, bytes: bytes.count, digest: digest, width: size.width, height: size.height))

        }
        let figures = LimitFigures(
            layout: layout ?? .files, images: measured, layers: m.frames.count,
            layerSize: sizesValid
                ? PixelSize(width: m.pixelWidth, height: m.pixelHeight) : PixelSize(width: 0, height: 0),
            limits: m.limits.limitValues)
        // A changed or missing file is its own problem; the figures that follow from it are not a
        // second one. They are, when the manifest's figures are not its own images' (edited).
        let explained = LimitFigures(
            layout: layout ?? .files, images: m.images, layers: m.frames.count,
            layerSize: sizesValid
                ? PixelSize(width: m.pixelWidth, height: m.pixelHeight) : PixelSize(width: 0, height: 0),
            limits: m.limits.limitValues)
        if figures != m.limits && explained != m.limits {
            manifest(
                "limits",
                "the files give archive \(figures.archiveBytes) B, largest layer \(figures.largestLayerPixels) px, extension \(figures.extensionBytes) B; the manifest says \(m.limits.archiveBytes), \(m.limits.largestLayerPixels), \(m.limits.extensionBytes)"
            )
        }
        return figures
    }

    /// A Live Activity's layers within the presentation of the device they were made for (rounded
    /// down to whole pixels): larger, ActivityKit may not start the activity there.
    mutating func presentation() {
        guard let family = m.family, family.surface == .liveActivity, let id = m.device,
            let device = WidgetSizeTable.device(id)
        else { return }
        let over = WidgetSizeTable.presentationsSmaller(than: m.pixelWidth, m.pixelHeight, family: family)
        if let here = over.first(where: { $0.device.id == device.id }) {
            manifest(
                "pixelWidth, pixelHeight",
                "layers of \(m.pixelWidth)×\(m.pixelHeight) px are larger than the \(family.rawValue) presentation on \(device.id) (\(here.width)×\(here.height) px) they were made for: ActivityKit may not start the Live Activity there"
            )
        }
    }

    /// Every mask font the timer masks name: in the folder, of the size and digest recorded, as the
    /// layer images are. A font recorded without them (ArcMaskKit's folders: the extension carries
    /// it) may be absent; then the lanes cannot be played here, which a note says.
    mutating func fonts() -> [ExportCheck.FontFile] {
        var found: [ExportCheck.FontFile] = []
        for (k, font) in (m.timerMask?.fonts ?? []).enumerated() {
            guard namesFolderFile(font.file, at: "timerMask.fonts[\(k)].file") else { continue }
            let bytes: [UInt8]
            do {
                bytes = try read(font.file, TimerMaskSection.maxFontBytes)
            } catch {
                found.append(.init(file: font.file))
                let why = Self.unreadable(error)
                if font.bytes != nil {
                    problem(font.file, nil, "\(why): the timer masks' font, which the widget extension needs")
                } else {
                    notes.append(
                        "\(font.file) is not in the folder (the extension carries it), so its lanes are not played here"
                    )
                }
                continue
            }
            let digest = LayerDigest.of(bytes)
            found.append(.init(file: font.file, bytes: bytes.count, digest: digest))
            if let size = font.bytes, size != bytes.count || (font.digest.map { $0 != digest } ?? false) {
                problem(
                    font.file, nil,
                    "holds \(bytes.count) bytes with digest \(digest); the manifest says \(size) bytes, \(font.digest ?? "no digest") (changed since the export?)"
                )
            }
        }
        return found
    }

    /// The generated files are what this manifest generates.
    mutating func code() {
        let family = m.widgetFamily
        guard let names = CodeNames(m.name),
            let generated = try? ExportCode.files(m, names: names, family: family, vocabulary: vocabulary)
        else { return }
        // A folder ArcMaskKit prepared has no code: its view is compiled into the app.
        if m.codeFiles.isEmpty { return }
        let expected = ExportCode.codeFiles(names: names, family: family)
        if m.codeFiles != expected {
            manifest("codeFiles", "is not \(expected.joined(separator: ", "))")
        }
        for (name, bytes) in generated where name != WidgetFolder.manifestFile {
            guard let onDisk = try? read(name, ExportCheck.maxManifestBytes) else {
                problem(name, nil, "is missing")
                continue
            }
            if onDisk != bytes {
                if name == names.widgetFile,
                    WidgetCodeParts.differOnlyInGalleryStrings(
                        String(decoding: onDisk, as: UTF8.self), String(decoding: bytes, as: UTF8.self))
                {
                    notes.append(
                        "\(name): its display name or description was edited (what the gallery shows; playback unchanged)"
                    )
                } else {
                    problem(name, nil, "differs from what the manifest generates (edited since the export?)")
                }
            }
        }
    }
}
