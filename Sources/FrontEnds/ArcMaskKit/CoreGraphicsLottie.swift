#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(CoreText)
import ArcMaskLottie
import ArcMaskLottieCanvas
import ArcMaskRaster
import ArcMaskValues
import CoreGraphics
import Foundation
import ImageIO

/// A Lottie file's frames for `prepare`, drawn on Core Graphics: the evaluator's commands (the
/// command line's, `LottieEvaluator`) read as the command line's renderer reads them
/// (`LottieDrawing`: clips for masks, layers blended as groups, mattes combined pixel by pixel
/// with the command line's arithmetic) and drawn on a `CoreGraphicsLottieCanvas`.
final class CoreGraphicsLottie: KitFrames {
    let supply: LottieSupply
    private let evaluator: LottieEvaluator
    /// Decoded image assets by id.
    private let images: [String: CGImage]
    /// Images that did not decode (warnings).
    let imageProblems: [String]

    var name: String { supply.name }
    var count: Int { supply.playback.times.count }
    var canvasWidth: Int { supply.animation.width }
    var canvasHeight: Int { supply.animation.height }

    init(_ supply: LottieSupply) {
        self.supply = supply
        evaluator = LottieEvaluator(supply.animation)
        var decoded: [String: CGImage] = [:]
        var problems: [String] = []
        for (id, bytes) in supply.imageBytes.sorted(by: { $0.key < $1.key }) {
            if let source = CGImageSourceCreateWithData(Data(bytes) as CFData, nil),
                let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
            {
                decoded[id] = image
            } else {
                problems.append("image '\(id)' not drawn: ImageIO does not decode it")
            }
        }
        images = decoded
        imageProblems = problems
    }

    /// Frame `index` drawn into `width`×`height` pixels as `fit` places the composition
    /// (`.fill` covers and crops, `.fit` centres it whole), clipped to the composition.
    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        let commands: [DrawCommand]
        do { commands = try evaluator.commands(at: supply.playback.times[index]) } catch {
            throw PrepareError(.frame(index), "of \(name): \(error.path): \(error.message)")
        }
        var pixels = try LayerPixels(width: width, height: height)
        let rasterizer = Rasterizer.sized(width, height, reusing: &raster)
        try pixels.withContext { ctx in
            let canvas = CoreGraphicsLottieCanvas(
                ctx, width: width, height: height, images: images, rasterizer: rasterizer)
            try LottieDrawing.draw(commands, composition: (canvasWidth, canvasHeight), fit: fit, on: canvas)
        }
        return pixels
    }

    /// The rasterizer mattes are painted with, kept between frames of one size.
    private var raster: Rasterizer?
}
#endif
