import ArcMaskBudget
import ArcMaskCompositor
import ArcMaskFrames
import ArcMaskIO
@_spi(Measuring) import ArcMaskKit
import ArcMaskSources
import ArcMaskValues
import Foundation

/// ArcMaskKit's `prepare` writer as a phone runs it, with the command line's decoders,
/// resampler and encoders standing in for ImageIO and Core Graphics (which Linux lacks): the
/// same survey, spill, passes and folder; the same frame requests.
final class ProjectLayerCodec: LayerCodec {
    let source: any FrameSource

    init(path: String) throws { source = try FrameSources.open(path: path) }

    func decode(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        let frame = try source.frame(at: index)
        let placed = try Resampler.resized(frame, to: PixelSize(width: width, height: height), fit: fit)
        return try LayerPixels(width: width, height: height, bytes: Self.premultiplied(placed.bytes))
    }

    func scale(_ pixels: LayerPixels, width: Int, height: Int) throws -> LayerPixels {
        let straight = PixelBuffer(width: pixels.width, height: pixels.height, bytes: Self.straight(pixels.bytes))
        let scaled = try Resampler.resized(straight, to: PixelSize(width: width, height: height), fit: .fill)
        return try LayerPixels(width: width, height: height, bytes: Self.premultiplied(scaled.bytes))
    }

    func encode(_ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool) throws -> LayerImage {
        guard pixels.isOpaque else {
            let image = PixelBuffer(width: pixels.width, height: pixels.height, bytes: Self.straight(pixels.bytes))
            return LayerImage(bytes: try PNG.encode(image), lossy: false, ssim: 1)
        }
        let image = PixelBuffer(width: pixels.width, height: pixels.height, bytes: pixels.bytes)
        let bytes = try JPEG.encode(image, quality: quality)
        var ssim = 1.0
        if measure {
            ssim = SSIM.mean(
                pixels.bytes, try JPEG.decode(bytes).image.bytes, width: pixels.width, height: pixels.height)
        }
        return LayerImage(bytes: bytes, lossy: true, ssim: ssim)
    }

    static func premultiplied(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for p in stride(from: 0, to: out.count, by: 4) where out[p + 3] != 255 {
            let a = UInt32(out[p + 3])
            for c in 0..<3 { out[p + c] = UInt8((UInt32(out[p + c]) * a + 127) / 255) }
        }
        return out
    }

    static func straight(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for p in stride(from: 0, to: out.count, by: 4) where out[p + 3] != 255 {
            let a = UInt32(out[p + 3])
            for c in 0..<3 { out[p + c] = a == 0 ? 0 : UInt8(min(255, (UInt32(out[p + c]) * 255 + a / 2) / a)) }
        }
        return out
    }
}

/// `arcmask-bench kit-prepare FILE`: the folder prepared for a small widget at 3x as ArcMaskKit
/// prepares it; decodes per frame, passes, kept-frame bytes and time (peak memory is
/// the process's, which Scripts/bench reads). With `keepingIn`, the folder is written there and
/// kept (`Scripts/fit-identity` compares it between revisions).
func kitPrepare(_ path: String, keepingIn kept: String? = nil) throws -> [String: Any] {
    let codec = try ProjectLayerCodec(path: path)
    let frames = codec.source.frameCount
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-kit-bench-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let destination = kept.map { URL(fileURLWithPath: $0) } ?? dir.appendingPathComponent("widget")
    let options = PrepareOptions(size: .family(.small), timerMasks: nil)
    let writer = CodecLayerWriter(codec: codec, fit: options.fit)
    let start = now()
    let (manifest, fitted) = try AnimationPreparation.measured(
        source: PreparedSource(
            name: (path as NSString).lastPathComponent, canvasWidth: codec.source.canvasSize.width,
            canvasHeight: codec.source.canvasSize.height, durationsMs: codec.source.durations),
        options: options, destination: destination, replacing: false, writer: writer)
    let seconds = now() - start
    let report = fitted ?? FitReport()
    return [
        "file": path, "frames": frames, "canvas": [codec.source.canvasSize.width, codec.source.canvasSize.height],
        "decodes": writer.decodes, "decodesPerFrame": Double(writer.decodes) / Double(max(1, frames)),
        "passes": report.passes, "layers": manifest.frames.count, "scale": manifest.scale,
        "layerBytes": manifest.images.reduce(0) { $0 + $1.bytes }, "spilledBytes": report.keptBytes,
        "seconds": seconds,
    ]
}
