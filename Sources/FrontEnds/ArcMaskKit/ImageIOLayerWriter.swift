#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(UniformTypeIdentifiers)
import ArcMaskFolder
import ArcMaskValues
import CoreGraphics
import Foundation
import ImageIO
import UniformTypeIdentifiers

/// `prepare`'s layer writer for `ArchiveFitter`: frames decoded and downsampled by ImageIO (or
/// drawn by the Lottie canvas), encoded as JPEG or PNG by ImageIO, written into the staging folder. One frame at a time,
/// checking for cancellation between frames. Written from Apple's documentation (type-checked
/// here against stub modules and the iPhoneOS SDK, not run).
struct ImageIOLayerWriter: LayerWriting {
    let frames: any KitFrames
    let folder: URL
    let viewWidth: Double
    let viewHeight: Double
    let format: ImageFormat
    let fit: FitMode
    let names: CodeNames
    /// Called after each sample surveyed and each layer written: (stage, done, total).
    let progress: @Sendable (ArcMaskPreparer.Progress.Stage, Int, Int) -> Void

    func survey(samples: [Int], steps: [ArchiveStep]) throws -> (sizes: [Int: [Int]], similarity: FrameSimilarity?) {
        var sizes: [Int: [Int]] = [:]
        let scales = Array(Set(steps.map(\.scale))).sorted(by: >)
        for (n, i) in samples.enumerated() {
            progress(.surveying, n, samples.count)
            var row = [Int](repeating: 0, count: steps.count)
            // Each sample is decoded once, at the largest scale; the smaller scales are drawn
            // from those pixels (a frame decoded again per scale costs ImageIO the frames
            // before it too, for GIF and APNG).
            var largest: LayerPixels?
            for scale in scales {
                try Task.checkCancellation()
                let size = ArchiveFitter.pixels(viewWidth, viewHeight, scale)
                let pixels = try Self.perFrame {
                    if let largest, let image = largest.image(largest.bytes, opaque: false) {
                        // Already placed as `fit` asks: only scaled.
                        return try LayerPixels(placing: image, width: size.width, height: size.height, fit: .fill)
                    }
                    let decoded = try frames.frame(i, width: size.width, height: size.height, fit: fit)
                    largest = decoded
                    return decoded
                }
                var lossless: Int? = nil
                for (k, step) in steps.enumerated() where step.scale == scale {
                    if let lossless {
                        row[k] = lossless
                        continue
                    }
                    let layer = try encode(pixels, quality: step.quality, frame: i, measure: false)
                    row[k] = layer.bytes.count
                    if !layer.lossy { lossless = layer.bytes.count }
                }
            }
            sizes[i] = row
        }
        progress(.surveying, samples.count, samples.count)
        return (sizes, nil)
    }

    /// Every frame compared with its run's first at the source's size (ImageIO composites the
    /// frames; Core Graphics draws them premultiplied).
    func similarity() throws -> FrameSimilarity {
        var runs = FrameSimilarity()
        for i in 0..<frames.count {
            try Task.checkCancellation()
            let w = frames.canvasWidth, h = frames.canvasHeight
            try Self.perFrame {
                let pixels = try frames.frame(i, width: w, height: h, fit: .fill)
                runs.add(pixels.bytes, width: w, height: h, premultiplied: true)
            }
        }
        return runs
    }

    func write(_ groups: [FrameGroup], size: PixelSize, step: ArchiveStep) throws -> [LayerRecord] {
        var records: [LayerRecord] = []
        do {
            for (g, group) in groups.enumerated() {
                try Task.checkCancellation()
                let layer = try Self.perFrame {
                    let pixels = try frames.frame(group.shown, width: size.width, height: size.height, fit: fit)
                    return try encode(pixels, quality: step.quality, frame: group.shown, measure: true)
                }
                let file = names.layerFile(g, fileExtension: layer.lossy ? "jpg" : "png")
                do {
                    try Data(layer.bytes).write(to: folder.appendingPathComponent(file), options: .atomic)
                } catch {
                    throw PrepareError(.folder(folder.path), "cannot write \(file) (\(error.localizedDescription))")
                }
                records.append(LayerRecord(file: file, encoded: layer.bytes, ssim: layer.ssim, lossy: layer.lossy))
                progress(.writing, g + 1, groups.count)
            }
        } catch {
            remove(records)
            throw error
        }
        return records
    }

    /// One frame's work, its Core Foundation and Objective-C temporaries (decoded images, data
    /// providers, encoders) released as soon as it is done rather than at the end of the task,
    /// where an autorelease pool exists (Apple's systems).
    static func perFrame<T>(_ work: () throws -> T) throws -> T {
        #if canImport(ObjectiveC)
        return try autoreleasepool { try work() }
        #else
        return try work()
        #endif
    }

    func remove(_ records: [LayerRecord]) {
        for r in records { try? FileManager.default.removeItem(at: folder.appendingPathComponent(r.file)) }
    }

    /// JPEG for opaque layers (or every layer with `.jpeg`, flattened onto black), else PNG;
    /// with `measure`, the JPEG is decoded back and compared with the layer (SSIM).
    func encode(
        _ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool
    ) throws
        -> (bytes: [UInt8], lossy: Bool, ssim: Double)
    {
        let opaque = pixels.isOpaque
        let jpeg = format == .jpeg || (format == .auto && opaque)
        let onBlack = jpeg ? pixels.onBlack : []
        guard let image = jpeg ? pixels.image(onBlack, opaque: true) : pixels.image(pixels.bytes, opaque: false) else {
            throw PrepareError(.frame(frame), "its layer cannot be made into an image")
        }
        let type = (jpeg ? UTType.jpeg : UTType.png).identifier as CFString
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, type, 1, nil) else {
            throw PrepareError(.frame(frame), "ImageIO cannot write \(jpeg ? "JPEG" : "PNG") here")
        }
        let properties = [kCGImageDestinationLossyCompressionQuality: Double(quality) / 100] as CFDictionary
        CGImageDestinationAddImage(destination, image, jpeg ? properties : nil)
        guard CGImageDestinationFinalize(destination) else {
            throw PrepareError(.frame(frame), "ImageIO could not encode its layer as \(jpeg ? "JPEG" : "PNG")")
        }
        let bytes = [UInt8](data as Data)
        var ssim = 1.0
        if jpeg && measure {
            guard let source = CGImageSourceCreateWithData(data as CFData, nil),
                let decoded = CGImageSourceCreateImageAtIndex(source, 0, nil)
            else { throw PrepareError(.frame(frame), "its JPEG layer does not decode") }
            var back = try LayerPixels(width: pixels.width, height: pixels.height)
            try back.draw(decoded, in: CGRect(x: 0, y: 0, width: pixels.width, height: pixels.height))
            ssim = SSIM.mean(onBlack, back.onBlack, width: pixels.width, height: pixels.height)
        }
        return (bytes, jpeg, ssim)
    }
}
#endif
