import ArcMaskBudget
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskManifest
import ArcMaskValues
import Foundation

/// A folder `arcmask export` (or ArcMaskKit's `prepare`) wrote on the rotation route, read as the
/// animation it ships: its layers in order, each shown for its duration, at the layers' pixel
/// size. So `preview DIR`, `inspect DIR`, `frames DIR` and `emulate DIR --view …` show what the
/// widget will play after merges and a lowered frame rate, not the source. Images are read
/// lazily, one at a time, each checked against the manifest's size.
public final class ExportFrameSource: FrameSource, @unchecked Sendable {
    public let name: String
    public let canvasSize: PixelSize
    public let loopMode = LoopMode.forever
    public let warnings: [String] = []
    let manifest: ExportManifest
    let folder: String
    let limits: DecodeLimits
    /// Reads a file of the folder by name, refusing it over the limit given.
    let read: (String, Int) throws -> [UInt8]

    /// Manifests larger than this are refused before they are read (as `check` refuses them).
    public static let maxManifestBytes = 16 << 20
    /// Layer images larger than this are refused before they are read.
    public static let maxImageBytes = 256 << 20

    /// Whether `folder` holds a rotation export's manifest (a timer-font export is refused by
    /// `open`; anything else is a folder of images).
    public static func isExport(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(WidgetFolder.manifestFile))
    }

    public static func open(_ folder: String, limits: DecodeLimits) throws -> ExportFrameSource {
        let path = (folder as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        let data = Data(try FileReader.contents(of: path, limit: maxManifestBytes, kind: "manifests"))
        return try open(folder, manifest: data, limits: limits) { name, limit in
            try FileReader.contents(
                of: (folder as NSString).appendingPathComponent(name), limit: limit, kind: "layer images")
        }
    }

    /// - Parameter read: reads a file of the folder by name, refusing files over the limit given.
    public static func open(
        _ folder: String, manifest data: Data, limits: DecodeLimits,
        read: @escaping (String, Int) throws -> [UInt8]
    ) throws -> ExportFrameSource {
        let path = (folder as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        struct Route: Decodable { var route: String? }
        let route = (try? JSONDecoder().decode(Route.self, from: data))?.route
        guard route == WidgetRoute.rotation.rawValue else {
            if let route = route.flatMap(WidgetRoute.init(rawValue:)) {
                throw InputError(file: folder, WidgetFolder.folderRule(route: route))
            }
            throw InputError(
                file: path,
                "is not an export's manifest (no \"route\": \"\(WidgetRoute.rotation.rawValue)\"); give the animation itself, or a folder of numbered images without a manifest.json"
            )
        }
        let manifest: ExportManifest
        do {
            manifest = try JSONDecoder().decode(ExportManifest.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            let at = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            throw InputError(file: path, location: at, "is missing; `arcmask check` checks the whole folder")
        } catch {
            throw InputError(
                file: path, "cannot be read as an export's manifest; `arcmask check` says where it is wrong")
        }
        guard !manifest.frames.isEmpty else { throw InputError(file: path, location: "frames", "is empty") }
        let size = PixelSize(width: manifest.pixelWidth, height: manifest.pixelHeight)
        guard size.width > 0, size.height > 0, size.pixelCount <= limits.maxCanvasPixels,
            manifest.frames.count <= limits.maxFrames,
            manifest.frames.allSatisfy({ $0.durationMs.isFinite && $0.durationMs > 0 })
        else {
            throw InputError(
                file: path,
                "holds layers of \(size.width)×\(size.height) px, \(manifest.frames.count) frames or durations past the limits"
            )
        }
        return ExportFrameSource(folder: folder, manifest: manifest, limits: limits, read: read)
    }

    init(
        folder: String, manifest: ExportManifest, limits: DecodeLimits, read: @escaping (String, Int) throws -> [UInt8]
    ) {
        self.folder = folder
        self.manifest = manifest
        self.limits = limits
        self.read = read
        name = folder
        canvasSize = PixelSize(width: manifest.pixelWidth, height: manifest.pixelHeight)
    }

    public var frameCount: Int { manifest.frames.count }
    public func duration(at index: Int) -> Double { manifest.frames[index].durationMs }
    public var inputFiles: [String] {
        [folder] + Set(manifest.frames.map(\.file)).sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    public func frame(at index: Int) throws -> PixelBuffer {
        let f = manifest.frames[index]
        let path = (folder as NSString).appendingPathComponent(f.file)
        guard !f.file.isEmpty, !f.file.contains("/"), !f.file.hasPrefix(".") else {
            throw InputError(file: folder, location: "frames[\(index)].file", "names a file outside the folder")
        }
        let bytes = try read(f.file, Self.maxImageBytes)
        let image: PixelBuffer
        if JPEG.matches(Array(bytes.prefix(3))) {
            image = try JPEG.decode(bytes, maxPixels: limits.maxCanvasPixels).image
        } else if bytes.starts(with: PNG.signature) {
            image = try PNG.decode(bytes, maxPixels: limits.maxCanvasPixels)
        } else {
            throw InputError(file: path, "is neither a JPEG nor a PNG")
        }
        let cell = PixelRect(x: f.x, y: f.y, width: f.width, height: f.height)
        guard f.width == canvasSize.width, f.height == canvasSize.height, f.x >= 0, f.y >= 0,
            f.x + f.width <= image.width, f.y + f.height <= image.height
        else {
            throw InputError(
                file: path,
                "is \(image.width)×\(image.height) px; the manifest puts layer \(index) at \(f.x),\(f.y) \(f.width)×\(f.height) of layers \(canvasSize.width)×\(canvasSize.height) (changed since the export?)"
            )
        }
        guard cell.x != 0 || cell.y != 0 || image.size != canvasSize else { return image }
        var out = PixelBuffer(width: f.width, height: f.height)
        for y in 0..<f.height {
            let from = ((f.y + y) * image.width + f.x) * 4, to = y * f.width * 4
            out.bytes.replaceSubrange(to..<(to + f.width * 4), with: image.bytes[from..<(from + f.width * 4)])
        }
        return out
    }
}

extension ExportFrameSource {
    /// "export folder": the layer file each frame is read from.
    public func describe(into r: inout SourceReport) {
        r.format = "export folder"
        r.loopCount = 0  // widgets loop what they show
        for k in r.frames.indices { r.frames[k].path = manifest.frames[k].file }
    }
}
