#if canImport(AVFoundation) && canImport(CoreGraphics) && canImport(CoreMedia) && canImport(CoreVideo)
import AVFoundation
import ArcMaskValues
import CoreGraphics
import CoreMedia
import CoreVideo
import Foundation

/// A clip AVFoundation reads (a movie the user chose, a Live Photo's paired video), in two
/// reads of its samples:
/// - the scan: every sample's presentation time, without decoding a picture
///   (`AVAssetReaderTrackOutput` with no output settings hands over the compressed samples);
///   the cut and durations are decided from them by `ClipFrames` (the command line's rules);
/// - the decode: one `AVAssetReader` pass whose output decodes to 32-bit BGRA
///   (`kCVPixelFormatType_32BGRA`; HDR tracks tone mapped to SDR BT.709, `SampleDecoder.settings`), run forward as the survey asks for its frames in order
///   (`OnePassFrames`), each frame drawn into its layer turned by the track's preferred
///   transform (`VideoPlacement`) and checked against the memory the app may take.
///
/// Written from Apple's documentation of AVFoundation, Core Media and Core Video
/// (`AVAssetReaderTrackOutput(track:outputSettings:)`: "to receive decompressed frames, pass
/// a dictionary with kCVPixelBufferPixelFormatTypeKey"): none exists on Linux, where only stub
/// modules type-check this file; its decisions are the tested `OnePassFrames` and
/// `VideoPlacement`.
final class AVFoundationFrames: KitFrames {
    let name: String
    let clip: ClipFrames
    let canvasWidth: Int
    let canvasHeight: Int
    private let stored: (width: Int, height: Int)
    private let transform: CGAffineTransform
    private let frames: OnePassFrames<SampleDecoder>

    var count: Int { clip.shown.count }

    private init(
        name: String, clip: ClipFrames, width: Int, height: Int, stored: (Int, Int), transform: CGAffineTransform,
        frames: OnePassFrames<SampleDecoder>
    ) {
        self.name = name
        self.clip = clip
        canvasWidth = width
        canvasHeight = height
        self.stored = stored
        self.transform = transform
        self.frames = frames
    }

    /// The clip's video track and its properties, read asynchronously (iOS 15's `load`).
    struct Track: @unchecked Sendable {
        let asset: AVAsset
        let track: AVAssetTrack
        let natural: CGSize
        let transform: CGAffineTransform
        let rate: Float
        let timescale: CMTimeScale
        /// The track holds HDR video (HLG, PQ, Dolby Vision): what iPhone 12 and later record by default.
        let isHDR: Bool
    }

    /// Reads the clip at `url`: its first video track and its properties.
    static func track(url: URL, name: String) async throws -> Track {
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
        return Track(
            asset: asset, track: track, natural: try await track.load(.naturalSize),
            transform: try await track.load(.preferredTransform), rate: try await track.load(.nominalFrameRate),
            timescale: try await track.load(.naturalTimeScale),
            isHDR: try await track.load(.mediaCharacteristics).contains(.containsHDRVideo))
    }

    /// The clip of `track`: its timestamps scanned, the cut, and the decoder opened. Long
    /// synchronous work: run by `BackgroundWork`, inside the app's background time.
    static func load(
        _ t: Track, name: String, cut: PrepareOptions.ClipCut, cancellation: CancellationFlag
    ) throws -> AVFoundationFrames {
        // The picture as shown: the natural size turned by the preferred transform.
        let w = abs(t.transform.a * t.natural.width + t.transform.c * t.natural.height)
        let h = abs(t.transform.b * t.natural.width + t.transform.d * t.natural.height)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w < 1e6, h < 1e6 else {
            throw PrepareError(.input, "\(name): its video is \(w)×\(h) px", code: .damaged)
        }
        let width = Int(w.rounded()), height = Int(h.rounded())
        guard width * height <= ImageIOFrames.maxCanvasPixels else {
            throw PrepareError(.input, "\(name) \(ImageIOFrames.overLimit(width, height))", code: .tooLarge)
        }
        let stamps = try timestamps(t, name: name, cancellation: cancellation)
        let clip = try ClipFrames(
            timestamps: stamps, timescale: t.timescale, frameRate: Double(t.rate), cut: cut, name: name)
        let frames = try OnePassFrames { try SampleDecoder(t, name: name) }
        return AVFoundationFrames(
            name: name, clip: clip, width: width, height: height,
            stored: (Int(t.natural.width.rounded()), Int(t.natural.height.rounded())), transform: t.transform,
            frames: frames)
    }

    /// Every sample's presentation time, in the track's timescale, without decoding a picture.
    private static func timestamps(_ t: Track, name: String, cancellation: CancellationFlag) throws -> [Int64] {
        let reader = try SampleDecoder.reader(t, settings: nil, name: name)
        defer { reader.reader.cancelReading() }
        var stamps: [Int64] = []
        // Far more samples than frames prepare keeps is a clip to cut first: refused before
        // the list grows past it.
        let most = AnimationPreparation.maxFrames * 10
        while let sample = reader.output.copyNextSampleBuffer() {
            try cancellation.check()
            guard CMSampleBufferGetNumSamples(sample) > 0 else { continue }
            let time = CMSampleBufferGetPresentationTimeStamp(sample)
            guard time.isValid else { continue }
            stamps.append(CMTimeConvertScale(time, timescale: t.timescale, method: .roundHalfAwayFromZero).value)
            guard stamps.count <= most else {
                throw PrepareError(
                    .input, "\(name) holds more than \(most) frames: cut it first (clip)", code: .tooManyFrames)
            }
        }
        try SampleDecoder.finished(reader.reader, name: name)
        return stamps
    }

    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        let ticks = clip.ticks[clip.shown[index].source]
        guard let sample = try frames.picture(at: ticks), let buffer = CMSampleBufferGetImageBuffer(sample) else {
            throw PrepareError(.frame(index), "of \(name): the decoder gave no picture for it")
        }
        var layer = try LayerPixels(width: width, height: height)
        guard CVPixelBufferLockBaseAddress(buffer, .readOnly) == kCVReturnSuccess else {
            throw PrepareError(.frame(index), "of \(name): its decoded picture cannot be read")
        }
        defer { _ = CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        let (w, h) = (CVPixelBufferGetWidth(buffer), CVPixelBufferGetHeight(buffer))
        let rowBytes = CVPixelBufferGetBytesPerRow(buffer)
        // The decoded picture drawn from the buffer's own bytes (no copy), little-endian BGRA
        // with the alpha byte skipped: video is opaque.
        guard let base = CVPixelBufferGetBaseAddress(buffer),
            let image = BorrowedImage.make(
                base, width: w, height: h, bytesPerRow: rowBytes,
                bitmapInfo: CGBitmapInfo(
                    rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                interpolated: true)
        else {
            throw PrepareError(.frame(index), "of \(name): its decoded picture cannot be read")
        }
        let place = VideoPlacement(
            transform: (Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d)),
            width: Double(w), height: Double(h), layerWidth: Double(width), layerHeight: Double(height), fit: fit)
        try layer.withContext { context in
            context.interpolationQuality = .high
            context.concatenate(
                CGAffineTransform(
                    a: CGFloat(place.a), b: CGFloat(place.b), c: CGFloat(place.c), d: CGFloat(place.d),
                    tx: CGFloat(place.tx), ty: CGFloat(place.ty)))
            context.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        }
        return layer
    }

    /// Frames handed over by the decoder, for the figures the bench reports.
    var decodes: Int { frames.decodes }
}

/// One `AVAssetReader` pass over the track, decoding every sample to 32-bit BGRA in
/// presentation order; each picture is checked against the memory the app may take before the
/// next is asked for.
final class SampleDecoder: FrameDecoding {
    typealias Picture = CMSampleBuffer
    private let reader: AVAssetReader
    private let output: AVAssetReaderTrackOutput
    private let timescale: CMTimeScale
    private let name: String
    private let stored: (width: Int, height: Int)

    init(_ t: AVFoundationFrames.Track, name: String) throws {
        (reader, output) = try Self.reader(t, settings: Self.settings(hdr: t.isHDR), name: name)
        timescale = t.timescale
        self.name = name
        stored = (Int(t.natural.width.rounded()), Int(t.natural.height.rounded()))
        try MemoryCeiling.check(
            width: stored.width, height: stored.height, what: "of \(name): a \(stored.width)×\(stored.height) px frame",
            place: .input)
    }

    /// Decoded 32-bit BGRA; for an HDR track, in SDR BT.709 as Photos shows such a clip on an SDR
    /// screen: the output's colour properties name ITU-R BT.709 primaries, transfer and matrix
    /// (`AVVideoColorPropertiesKey`, whose dictionary must hold all three), and AVFoundation
    /// converts and tone maps to them. Without them the frames come out in the clip's own
    /// BT.2100 encoding and are drawn as if they were sRGB: washed out and off in hue.
    /// That the reader tone maps given these properties is reported, not documented: Apple's
    /// WWDC 2020 session 10009 (HDR with AVFoundation) and forum thread 773120 name the reader as
    /// one route; github.com/diffent/videocolorissue measured iPhone HLG and Dolby Vision clips
    /// this way. SDR tracks keep the settings they had (an override on SDR output is reported
    /// to grey some iOS 17 pictures, flutter/packages#12238). The command line does the same
    /// with zimg and FFmpeg's Hable curve (ArcMaskVideo's ToneMapper).
    static func settings(hdr: Bool) -> [String: Any] {
        var settings: [String: Any] = [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA]
        if hdr {
            settings[AVVideoColorPropertiesKey] = [
                AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_709_2,
                AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_709_2,
            ]
        }
        return settings
    }

    /// A reader of the track's samples, started: compressed (`settings` nil) or decoded.
    static func reader(
        _ t: AVFoundationFrames.Track, settings: [String: Any]?, name: String
    ) throws -> (reader: AVAssetReader, output: AVAssetReaderTrackOutput) {
        let reader: AVAssetReader
        do { reader = try AVAssetReader(asset: t.asset) } catch {
            throw PrepareError(.input, "\(name) cannot be read (\(error.localizedDescription))", code: .damaged)
        }
        let output = AVAssetReaderTrackOutput(track: t.track, outputSettings: settings)
        output.alwaysCopiesSampleData = false
        reader.add(output)
        guard reader.startReading() else {
            throw PrepareError(
                .input, "\(name) cannot be read (\(reader.error?.localizedDescription ?? "no reason given"))",
                code: .damaged)
        }
        return (reader, output)
    }

    /// Throws when the reader stopped on a failure rather than at the end.
    static func finished(_ reader: AVAssetReader, name: String) throws {
        if reader.status == .failed {
            throw PrepareError(
                .input, "\(name) stops reading (\(reader.error?.localizedDescription ?? "no reason given"))",
                code: .damaged)
        }
    }

    func next() throws -> (ticks: Int64, picture: CMSampleBuffer)? {
        while let sample = output.copyNextSampleBuffer() {
            guard CMSampleBufferGetImageBuffer(sample) != nil else { continue }
            let time = CMSampleBufferGetPresentationTimeStamp(sample)
            guard time.isValid else { continue }
            return (CMTimeConvertScale(time, timescale: timescale, method: .roundHalfAwayFromZero).value, sample)
        }
        try Self.finished(reader, name: name)
        return nil
    }

    deinit { reader.cancelReading() }
}
#endif
