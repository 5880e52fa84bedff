#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(UniformTypeIdentifiers)
import ArcMaskBudget
import ArcMaskValues
import CoreGraphics
import Foundation
import ImageIO
import UniformTypeIdentifiers

/// `prepare`'s codec on Apple's systems, for `CodecLayerWriter`: frames decoded and
/// downsampled by ImageIO (or drawn by the Lottie canvas, or taken from a video by
/// AVFoundation), scaled by Core Graphics, encoded as JPEG or PNG by ImageIO. Written from
/// Apple's documentation (type-checked here against stub modules and the iPhoneOS SDK, not run).
struct ImageIOLayerCodec: LayerCodec {
    let frames: any KitFrames
    let format: ImageFormat

    func decode(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        try frames.frame(index, width: width, height: height, fit: fit)
    }

    func scale(_ pixels: LayerPixels, width: Int, height: Int) throws -> LayerPixels {
        guard let image = pixels.image(pixels.bytes, opaque: false) else {
            throw PrepareError(.options, "a \(pixels.width)×\(pixels.height) px layer cannot be made into an image")
        }
        // Already placed as the fit asks: only scaled.
        return try LayerPixels(placing: image, width: width, height: height, fit: .fill)
    }

    /// One frame's Core Foundation and Objective-C temporaries (decoded images, data providers,
    /// encoders) released as soon as it is done rather than at the end of the work.
    func perFrame<T>(_ work: () throws -> T) throws -> T {
        #if canImport(ObjectiveC)
        return try autoreleasepool { try work() }
        #else
        return try work()
        #endif
    }

    /// JPEG for opaque layers (or every layer with `.jpeg`, flattened onto black), else PNG;
    /// with `measure`, the JPEG is decoded back and compared with the layer (SSIM).
    func encode(_ pixels: LayerPixels, quality: Int, frame: Int, measure: Bool) throws -> LayerImage {
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
        return LayerImage(bytes: bytes, lossy: jpeg, ssim: ssim)
    }
}
#endif
