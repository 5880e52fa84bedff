#if canImport(AVFoundation) && canImport(CoreGraphics) && canImport(CoreMedia)
import AVFoundation
import ArcMaskValues
import CoreGraphics
import CoreMedia
import Foundation

/// A clip AVFoundation reads (a movie the user chose, a Live Photo's paired video): its frames'
/// presentation times read without decoding them (`AVAssetReaderTrackOutput` with no output
/// settings hands over the compressed samples), the cut and durations decided by `ClipFrames`
/// (the command line's rules), and each frame shown decoded on its own by
/// `AVAssetImageGenerator` at its exact time, turned by the track's preferred transform and no
/// larger than the layer needs. Written from Apple's documentation of AVFoundation and Core
/// Media: neither exists on Linux, where only stub modules type-check this file.
final class AVFoundationFrames: KitFrames {
    let name: String
    let clip: ClipFrames
    let canvasWidth: Int
    let canvasHeight: Int
    private let generator: AVAssetImageGenerator
    private let timescale: CMTimeScale

    var count: Int { clip.shown.count }

    private init(
        name: String, clip: ClipFrames, width: Int, height: Int, generator: AVAssetImageGenerator,
        timescale: CMTimeScale
    ) {
        self.name = name
        self.clip = clip
        canvasWidth = width
        canvasHeight = height
        self.generator = generator
        self.timescale = timescale
    }

    /// Reads the clip at `url`: its first video track, its timestamps, the cut.
    static func load(url: URL, name: String, cut: PrepareOptions.ClipCut) async throws -> AVFoundationFrames {
        let asset = AVURLAsset(url: url)
        let tracks: [AVAssetTrack]
        do { tracks = try await asset.loadTracks(withMediaType: .video) } catch {
            throw PrepareError(
                .input, "\(name) is not a movie AVFoundation reads (\(error.localizedDescription))",
                code: .unsupportedFormat)
        }
        guard let track = tracks.first else {
            throw PrepareError(.input, "\(name) has no video track", code: .unsupportedFormat)
        }
        let natural = try await track.load(.naturalSize)
        let transform = try await track.load(.preferredTransform)
        let rate = try await track.load(.nominalFrameRate)
        let timescale = try await track.load(.naturalTimeScale)
        // The picture as shown: the natural size turned by the preferred transform (a phone's
        // portrait clip is stored landscape, turned a quarter).
        let w = abs(transform.a * natural.width + transform.c * natural.height)
        let h = abs(transform.b * natural.width + transform.d * natural.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            throw PrepareError(.input, "\(name): its video is \(w)×\(h) px", code: .damaged)
        }
        let width = Int(w.rounded()), height = Int(h.rounded())
        guard width * height <= ImageIOFrames.maxCanvasPixels else {
            throw PrepareError(
                .input, "\(name) is \(width)×\(height) px, over the limit of \(ImageIOFrames.maxCanvasPixels) px",
                code: .tooLarge)
        }
        let stamps = try timestamps(asset: asset, track: track, timescale: timescale, name: name)
        let clip = try ClipFrames(
            timestamps: stamps, timescale: timescale, frameRate: Double(rate), cut: cut, name: name)
        let generator = AVAssetImageGenerator(asset: asset)
        generator.appliesPreferredTrackTransform = true
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        return AVFoundationFrames(
            name: name, clip: clip, width: width, height: height, generator: generator, timescale: timescale)
    }

    /// Every sample's presentation time, in the track's timescale, without decoding a picture.
    private static func timestamps(
        asset: AVAsset, track: AVAssetTrack, timescale: CMTimeScale, name: String
    ) throws -> [Int64] {
        let reader: AVAssetReader
        do { reader = try AVAssetReader(asset: asset) } catch {
            throw PrepareError(.input, "\(name) cannot be read (\(error.localizedDescription))", code: .damaged)
        }
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
        output.alwaysCopiesSampleData = false
        reader.add(output)
        guard reader.startReading() else {
            throw PrepareError(
                .input, "\(name) cannot be read (\(reader.error?.localizedDescription ?? "no reason given"))",
                code: .damaged)
        }
        defer { reader.cancelReading() }
        var stamps: [Int64] = []
        // Far more samples than frames prepare keeps is a clip to cut first: refused before
        // the list grows past it.
        let most = FolderPreparation.maxFrames * 10
        while let sample = output.copyNextSampleBuffer() {
            try Task.checkCancellation()
            guard CMSampleBufferGetNumSamples(sample) > 0 else { continue }
            let time = CMSampleBufferGetPresentationTimeStamp(sample)
            guard time.isValid else { continue }
            stamps.append(CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value)
            guard stamps.count <= most else {
                throw PrepareError(
                    .input, "\(name) holds more than \(most) frames: cut it first (clip)", code: .tooManyFrames)
            }
        }
        if reader.status == .failed {
            throw PrepareError(
                .input, "\(name) stops reading (\(reader.error?.localizedDescription ?? "no reason given"))",
                code: .damaged)
        }
        return stamps
    }

    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        let time = CMTime(value: clip.ticks[clip.shown[index].source], timescale: timescale)
        // Decoded no larger than the layer needs.
        let sx = Double(width) / Double(canvasWidth), sy = Double(height) / Double(canvasHeight)
        let s = min(1, fit == .fill ? max(sx, sy) : min(sx, sy))
        generator.maximumSize = CGSize(
            width: (Double(canvasWidth) * s).rounded(.up), height: (Double(canvasHeight) * s).rounded(.up))
        let image: CGImage
        do { image = try generator.copyCGImage(at: time, actualTime: nil) } catch {
            throw PrepareError(.frame(index), "of \(name) cannot be decoded (\(error.localizedDescription))")
        }
        return try LayerPixels(placing: image, width: width, height: height, fit: fit)
    }
}
#endif
