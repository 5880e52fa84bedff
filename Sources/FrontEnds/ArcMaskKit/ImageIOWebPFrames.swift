#if canImport(ImageIO) && canImport(CoreGraphics)
import ArcMaskValues
import CoreGraphics
import Foundation
import ImageIO

/// An animated WebP for `prepare`: ImageIO decodes each frame's bitstream as a still WebP, and
/// `WebPCanvas` assembles the canvas by the container's blend and dispose fields, because
/// Apple's compositing of animated WebP is known to be wrong for some files (`WebPAnimation`).
/// Frames are assembled in order and kept; asking for an earlier frame starts again from the
/// first. It holds one canvas and one frame at a time: the canvas is drawn into the layer from
/// its own bytes, and its size is checked against the memory the app may take
/// (`MemoryCeiling`) before it is allocated. Written from Apple's documentation (type-checked against stub modules, not run).
final class ImageIOWebPFrames: KitFrames {
    let name: String
    let animation: WebPAnimation
    private var canvas: WebPCanvas

    var count: Int { animation.frames.count }
    var canvasWidth: Int { animation.canvasWidth }
    var canvasHeight: Int { animation.canvasHeight }

    init(bytes: [UInt8], name: String) throws {
        self.name = name
        animation = try WebPAnimation(
            bytes, name: name, maxFrames: AnimationPreparation.maxFrames, maxCanvasPixels: ImageIOFrames.maxCanvasPixels
        )
        canvas = try WebPCanvas(width: animation.canvasWidth, height: animation.canvasHeight)
    }

    var prepared: PreparedSource {
        PreparedSource(
            name: name, canvasWidth: canvasWidth, canvasHeight: canvasHeight, durationsMs: animation.durationsMs)
    }

    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        if index < canvas.shown { canvas.reset() }
        while canvas.shown < index {
            let k = canvas.shown + 1
            let f = animation.frames[k]
            guard let source = CGImageSourceCreateWithData(Data(f.still) as CFData, ImageIOFrames.sourceOptions),
                let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
            else {
                throw PrepareError(.frame(k), "of \(name): ImageIO does not decode its WebP bitstream")
            }
            var own = try LayerPixels(width: f.width, height: f.height)
            try own.draw(image, in: CGRect(x: 0, y: 0, width: f.width, height: f.height))
            canvas.draw(f, index: k, rgba: own.bytes)
        }
        // Drawn from the canvas's own bytes, not a copy: one canvas and one frame at a time.
        let (w, h) = (canvasWidth, canvasHeight)
        return try canvas.withPixels { bytes in
            guard let base = bytes.baseAddress,
                let image = BorrowedImage.make(
                    base, width: w, height: h, bytesPerRow: w * 4,
                    bitmapInfo: CGBitmapInfo(
                        rawValue: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue),
                    interpolated: false)
            else {
                throw PrepareError(.frame(index), "of \(name): its canvas cannot be made into an image")
            }
            return try LayerPixels(placing: image, width: width, height: height, fit: fit)
        }
    }
}
#endif
