import ArcMaskCompositor
import ArcMaskCore
import ArcMaskFiles
import ArcMaskFolder
import ArcMaskIO
import ArcMaskValues
import Foundation

/// One layer image as written.
struct EncodedLayer: Sendable {
    var bytes: [UInt8]
    var fileExtension: String
    /// SSIM of the written picture against the exact one (1 for PNG, which is lossless).
    var ssim: Double
    /// Transparent pixels were flattened onto black because the format asked for cannot hold them.
    var flattened = false
    /// What flattening kept of the picture, when it was flattened (onto `--background` or black).
    var look: FlattenedLook? = nil
}

/// Encodes layer images: JPEG (libjpeg-turbo) or PNG (arcmask's encoder over libdeflate).
enum LayerEncoder {

    static func isOpaque(_ image: PixelBuffer) -> Bool {
        image.bytes.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// - Parameter measure: decode a JPEG back and compare it with `image` (SSIM).
    /// - Parameter background: flatten every layer onto this colour first (they are then opaque).
    static func encode(
        _ original: PixelBuffer, format: ImageFormat, quality: Int, compression: PNG.Compression, measure: Bool,
        background: Color? = nil
    ) throws -> EncodedLayer {
        let originalOpaque = isOpaque(original)
        var image = original
        var look: FlattenedLook? = nil
        if let background, !originalOpaque { (image, look) = Flattening.measured(original, onto: background) }
        let opaque = background != nil || originalOpaque
        guard format == .jpeg || (format == .auto && opaque) else {
            return EncodedLayer(
                bytes: try PNG.encode(image, compression: compression), fileExtension: "png", ssim: 1, look: look)
        }
        if !opaque { (image, look) = Flattening.measured(image, onto: .black) }
        let bytes = try JPEG.encode(image, quality: quality)
        var ssim = 1.0
        if measure { ssim = SSIM.mean(image, try JPEG.decode(bytes).image) }
        return EncodedLayer(bytes: bytes, fileExtension: "jpg", ssim: ssim, flattened: !opaque, look: look)
    }
}

/// Draws, encodes and writes layer images on every core.
enum LayerWriter {
    /// Layer `index` of `source` drawn at `size`: vector sources draw at that size (on a worker
    /// thread when they can), the others are decoded here, in order, and resized on a worker.
    static func cell(
        _ source: FrameSource, _ index: Int, size: PixelSize, fit: FitMode
    ) throws -> @Sendable () throws -> PixelBuffer {
        if source is ScalableFrameSource {
            return try source.deferredFrame(index) { try Resampler.frame($1, of: $0, size: size, fit: fit) }
        }
        let frame = try source.frame(at: index)
        return { try Resampler.resized(frame, to: size, fit: fit) }
    }

    /// Writes the layers of `source` (`only` those, when given, in increasing order) into
    /// `folder` as `names.layerFile(g, ext)`; returns their records in the same order.
    static func write(
        _ source: FrameSource, only: [Int]? = nil, size: PixelSize, fit: FitMode, format: ImageFormat, quality: Int,
        compression: PNG.Compression, background: Color? = nil, names: CodeNames, folder: StagedFolder, jobs: Int,
        progress: (@Sendable () -> Void)?
    ) throws -> [LayerRecord] {
        let layers = only ?? Array(0..<source.frameCount)
        // Every path out of here waits for the pipeline's work (finish, or the catch below), so
        // the folder needs no hook: fitting may call this several times for one folder.
        let pipeline = ImagePipeline(jobs: jobs)
        let records = Locked<[LayerRecord?]>(Array(repeating: nil, count: layers.count))
        let staging = folder.staging
        do {
            for (slot, g) in layers.enumerated() {
                try pipeline.submit(try cell(source, g, size: size, fit: fit)) { image in
                    let record = try encodeAndWrite(
                        image, as: { names.layerFile(g, fileExtension: $0) }, format: format, quality: quality,
                        compression: compression, background: background, staging: staging)
                    records.update { $0[slot] = record }
                    progress?()
                }
            }
            try pipeline.finish()
        } catch {
            // Wait for the work in flight before the caller cleans up.
            try? pipeline.finish()
            remove(records.value.compactMap { $0 }, from: folder)
            throw error
        }
        return records.value.map { $0! }
    }

    /// Encodes one layer (measuring a JPEG's SSIM) and writes it into the folder's staging
    /// directory under the name `file` gives for its extension.
    static func encodeAndWrite(
        _ image: PixelBuffer, as file: (String) -> String, format: ImageFormat, quality: Int,
        compression: PNG.Compression, background: Color?, staging: URL
    ) throws -> LayerRecord {
        let layer = try LayerEncoder.encode(
            image, format: format, quality: quality, compression: compression, measure: true, background: background)
        let name = file(layer.fileExtension)
        try AtomicFile.write(layer.bytes, to: staging.appendingPathComponent(name))
        return LayerRecord(
            file: name, bytes: layer.bytes.count, ssim: layer.ssim, digest: LayerDigest.of(layer.bytes),
            lossy: layer.fileExtension == "jpg", flattened: layer.flattened, look: layer.look)
    }

    static func remove(_ records: [LayerRecord], from folder: StagedFolder) {
        for r in records { try? FileManager.default.removeItem(at: folder.url(for: r.file)) }
    }
}

extension LayerDigest {
    /// A file's size and digest, read through a small buffer.
    public static func ofFile(_ path: String) throws -> (bytes: Int, digest: String) {
        let reader = try FileReader(path: path)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { reader.read(into: $0.baseAddress!, count: $0.count) }
            if n <= 0 { break }
            for b in buffer[0..<n] { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        return (reader.size, hex(h))
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
