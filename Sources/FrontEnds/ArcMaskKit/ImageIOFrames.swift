#if canImport(ImageIO) && canImport(CoreGraphics)
import ArcMaskValues
import CoreGraphics
import Foundation
import ImageIO

/// Where `prepare`'s frames come from: ImageIO's decoders, or the Lottie canvas. Each frame is
/// drawn on its own at the size asked for, premultiplied RGBA.
protocol KitFrames {
    var name: String { get }
    var count: Int { get }
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels
}

/// An animation ImageIO decodes (GIF, APNG, HEICS, WebP, AVIF sequences): its frames' delays
/// read as browsers read them, and each frame decoded on its own, downsampled on the way in.
/// Written from Apple's documentation: ImageIO does not exist on Linux, where only stub
/// modules type-check this file.
final class ImageIOFrames: KitFrames {
    let source: CGImageSource
    let name: String
    let count: Int
    let canvasWidth: Int
    let canvasHeight: Int
    let durationsMs: [Double]

    static let maxFrames = AnimationPreparation.maxFrames
    /// The largest canvas taken anywhere: 100 M pixels.
    static let fixedCanvasPixels = 100_000_000
    /// The largest canvas taken now: the fixed cap, or fewer where the app has less memory to
    /// spare (`MemoryCeiling`, read again at each use, as Apple asks).
    static var maxCanvasPixels: Int { MemoryCeiling.pixels(cap: fixedCanvasPixels) }

    /// Why a canvas of `width`×`height` px is refused: over the fixed cap, or over what the
    /// app has memory for now.
    static func overLimit(_ width: Int, _ height: Int) -> String {
        let limit = maxCanvasPixels
        return limit < fixedCanvasPixels
            ? "is \(width)×\(height) px, more than the \(limit) px this app has memory for now (os_proc_available_memory)"
            : "is \(width)×\(height) px, over the limit of \(limit) px"
    }

    /// Decoded frames are not cached by ImageIO: each is drawn once per scale and let go.
    static var sourceOptions: CFDictionary { [kCGImageSourceShouldCache: false] as CFDictionary }

    /// Indexed PNG frames are taken as premultiplied where this ImageIO mislabels them
    /// (`ImageIOQuirks.probePNG`): decided once, by drawing the probe.
    let relabelsAlpha: Bool

    convenience init(data: Data, name: String) throws {
        guard let source = CGImageSourceCreateWithData(data as CFData, Self.sourceOptions) else {
            throw PrepareError(.input, "\(name) is not an image ImageIO reads", code: .unsupportedFormat)
        }
        try self.init(source: source, name: name, head: [UInt8](data.prefix(64)))
    }

    /// From the file: ImageIO reads what each frame needs, the file is never held whole.
    /// `head`: the file's first bytes.
    convenience init(url: URL, name: String, head: [UInt8]) throws {
        guard let source = CGImageSourceCreateWithURL(url as CFURL, Self.sourceOptions) else {
            throw PrepareError(.input, "\(name) is not an image ImageIO reads", code: .unsupportedFormat)
        }
        try self.init(source: source, name: name, head: head)
    }

    /// Whether this ImageIO plays AVIF sequences (Safari 16.4's release added them).
    static var readsAVIFSequences: Bool {
        if #available(iOS 16.4, macOS 13.3, *) { return true }
        return false
    }

    /// Whether this ImageIO hands back indexed PNGs premultiplied but labelled straight.
    static let paletteAlphaMislabelled: Bool = {
        guard let source = CGImageSourceCreateWithData(Data(ImageIOQuirks.probePNG) as CFData, nil),
            let image = CGImageSourceCreateImageAtIndex(source, 0, nil),
            var pixels = try? LayerPixels(width: 1, height: 1),
            (try? pixels.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1))) != nil
        else { return false }
        return ImageIOQuirks.alphaMislabelled(probe: pixels.bytes)
    }()

    private init(source: CGImageSource, name: String, head: [UInt8]) throws {
        let count = CGImageSourceGetCount(source)
        guard count > 0 else {
            throw PrepareError(
                .input, "\(name) holds no frames ImageIO can read (\(Self.status(source)))",
                code: CGImageSourceGetStatus(source) == .statusUnknownType ? .unsupportedFormat : .damaged)
        }
        if let refusal = ImageIOQuirks.avifSequenceRefusal(
            head: head, frameCount: count, readsSequences: Self.readsAVIFSequences)
        {
            throw PrepareError(.input, "\(name) \(refusal)", code: .unsupportedFormat)
        }
        guard count <= Self.maxFrames else {
            throw PrepareError(
                .input, "\(name) holds \(count) frames, over the limit of \(Self.maxFrames)", code: .tooManyFrames)
        }
        var width = 0, height = 0
        var durations: [Double] = []
        // HEIF sequences (HEICS, and AVIF's AVIS) keep their timing in the file's container
        // dictionary, one entry per frame (`kCGImagePropertyHEICSFrameInfoArray`), not in each
        // frame's properties; WebKit reads it there too (ImageDecoderCG's frameDurationAtIndex).
        let file = CGImageSourceCopyProperties(source, nil) as? [CFString: Any] ?? [:]
        let sequence =
            ((file[kCGImagePropertyHEICSDictionary] ?? file[kCGImagePropertyAVISDictionary]) as? [CFString: Any])?[
                kCGImagePropertyHEICSFrameInfoArray] as? [[CFString: Any]] ?? []
        for i in 0..<count {
            let properties = CGImageSourceCopyPropertiesAtIndex(source, i, nil) as? [CFString: Any] ?? [:]
            let w = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue ?? 0
            let h = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue ?? 0
            guard w > 0, h > 0 else {
                throw PrepareError(.frame(i), "of \(name) has no pixel size (\(Self.status(source)))")
            }
            guard w.multipliedReportingOverflow(by: h).partialValue <= Self.maxCanvasPixels, w < 1 << 31, h < 1 << 31
            else {
                throw PrepareError(.frame(i), "of \(name) \(Self.overLimit(w, h))", code: .tooLarge)
            }
            width = max(width, w)
            height = max(height, h)
            let entry = i < sequence.count ? sequence[i] : [:]
            durations.append(
                FrameDelay.browserMs(
                    FrameTiming.delayMs(
                        own: Self.delayMs(properties),
                        sequence: Self.seconds(entry[kCGImagePropertyHEICSUnclampedDelayTime])
                            ?? Self.seconds(entry[kCGImagePropertyHEICSDelayTime]))))
        }
        self.source = source
        self.name = name
        relabelsAlpha = ImageIOQuirks.isPalettePNG(head) && Self.paletteAlphaMislabelled
        self.count = count
        canvasWidth = width
        canvasHeight = height
        durationsMs = durations
    }

    /// The animation as `AnimationPreparation` sees it.
    var prepared: PreparedSource {
        PreparedSource(name: name, canvasWidth: canvasWidth, canvasHeight: canvasHeight, durationsMs: durationsMs)
    }

    /// A frame's delay in milliseconds as written: the container's unclamped delay (ImageIO's
    /// plain delay keys raise everything under 100 ms to 100 ms, browsers only 10 ms or less),
    /// else the clamped one; 0 when there is none (a still image). AVIF sequences carry the HEICS keys.
    static func delayMs(_ properties: [CFString: Any]) -> Double {
        let containers: [(CFString, CFString, CFString)] = [
            (kCGImagePropertyGIFDictionary, kCGImagePropertyGIFUnclampedDelayTime, kCGImagePropertyGIFDelayTime),
            (kCGImagePropertyPNGDictionary, kCGImagePropertyAPNGUnclampedDelayTime, kCGImagePropertyAPNGDelayTime),
            (kCGImagePropertyWebPDictionary, kCGImagePropertyWebPUnclampedDelayTime, kCGImagePropertyWebPDelayTime),
            (kCGImagePropertyHEICSDictionary, kCGImagePropertyHEICSUnclampedDelayTime, kCGImagePropertyHEICSDelayTime),
            (kCGImagePropertyAVISDictionary, kCGImagePropertyHEICSUnclampedDelayTime, kCGImagePropertyHEICSDelayTime),
        ]
        for (dictionary, unclamped, clamped) in containers {
            guard let d = properties[dictionary] as? [CFString: Any] else { continue }
            if let s = (d[unclamped] as? NSNumber)?.doubleValue, s > 0 { return s * 1000 }
            if let s = (d[clamped] as? NSNumber)?.doubleValue { return s * 1000 }
        }
        return 0
    }

    /// `image` with its alpha labelled premultiplied (the same pixels, not redrawn), when it
    /// says straight.
    static func premultipliedAsLabelled(_ image: CGImage) -> CGImage {
        let alpha = image.alphaInfo
        guard alpha == .last || alpha == .first, let space = image.colorSpace, let provider = image.dataProvider
        else { return image }
        let premultiplied: CGImageAlphaInfo = alpha == .last ? .premultipliedLast : .premultipliedFirst
        let info = CGBitmapInfo(
            rawValue: image.bitmapInfo.rawValue & ~CGBitmapInfo.alphaInfoMask.rawValue | premultiplied.rawValue)
        return CGImage(
            width: image.width, height: image.height, bitsPerComponent: image.bitsPerComponent,
            bitsPerPixel: image.bitsPerPixel, bytesPerRow: image.bytesPerRow, space: space, bitmapInfo: info,
            provider: provider, decode: nil, shouldInterpolate: image.shouldInterpolate, intent: image.renderingIntent)
            ?? image
    }

    /// A positive number of seconds, or nil.
    static func seconds(_ value: Any?) -> Double? {
        guard let s = (value as? NSNumber)?.doubleValue, s.isFinite, s > 0 else { return nil }
        return s
    }

    static func status(_ source: CGImageSource) -> String {
        switch CGImageSourceGetStatus(source) {
        case .statusComplete: return "complete"
        case .statusIncomplete: return "the data ends early"
        case .statusUnexpectedEOF: return "unexpected end of data"
        case .statusInvalidData: return "invalid data"
        case .statusUnknownType: return "unknown type"
        case .statusReadingHeader: return "reading the header"
        @unknown default: return "status \(CGImageSourceGetStatus(source).rawValue)"
        }
    }

    /// Frame `index` drawn into `width`×`height` pixels as `fit` asks (fill crops, fit leaves
    /// transparent bars), premultiplied RGBA. ImageIO downsamples it on the way in (a thumbnail
    /// no larger than needed), so the full canvas is never held.
    func frame(_ index: Int, width: Int, height: Int, fit: FitMode) throws -> LayerPixels {
        if relabelsAlpha {
            // Decoded whole (a thumbnail would already have premultiplied it twice), taken as
            // the premultiplied pixels it is, and scaled here: one canvas and the layer, the
            // canvas checked against the memory the app may take first.
            try MemoryCeiling.check(
                [(canvasWidth, canvasHeight), (width, height)],
                what: "of \(name): its \(canvasWidth)×\(canvasHeight) px canvas and its \(width)×\(height) px layer",
                place: .frame(index))
            guard let image = CGImageSourceCreateImageAtIndex(source, index, nil) else {
                throw PrepareError(.frame(index), "of \(name) cannot be decoded (\(Self.status(source)))")
            }
            defer { CGImageSourceRemoveCacheAtIndex(source, index) }
            return try LayerPixels(placing: Self.premultipliedAsLabelled(image), width: width, height: height, fit: fit)
        }
        let cover = fit == .fill
        let sx = Double(width) / Double(canvasWidth), sy = Double(height) / Double(canvasHeight)
        let s = cover ? max(sx, sy) : min(sx, sy)
        let side = max(1, Int((Double(max(canvasWidth, canvasHeight)) * s).rounded(.up)))
        // The thumbnail ImageIO makes is at most side × side pixels.
        // The picture and the layer it is drawn into exist at once: one budget for both.
        try MemoryCeiling.check(
            [(side, side), (width, height)],
            what: "of \(name): its \(side) px picture and its \(width)×\(height) px layer",
            place: .frame(index))
        let options =
            [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceThumbnailMaxPixelSize: side,
                kCGImageSourceCreateThumbnailWithTransform: true,
                kCGImageSourceShouldCacheImmediately: true,
            ] as CFDictionary
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, index, options) else {
            throw PrepareError(.frame(index), "of \(name) cannot be decoded (\(Self.status(source)))")
        }
        let pixels = try LayerPixels(placing: image, width: width, height: height, fit: fit)
        CGImageSourceRemoveCacheAtIndex(source, index)
        return pixels
    }
}

/// Drawing a layer's pixels with Core Graphics.
extension LayerPixels {
    static let bitmapInfo = CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Big.rawValue

    /// `image` drawn into `width`×`height` pixels as `fit` asks (fill crops, fit leaves
    /// transparent bars), centred.
    init(placing image: CGImage, width: Int, height: Int, fit: FitMode) throws {
        try self.init(width: width, height: height)
        let iw = Double(image.width), ih = Double(image.height)
        guard iw > 0, ih > 0 else { return }
        let sx = Double(width) / iw, sy = Double(height) / ih
        let k = fit == .fill ? max(sx, sy) : min(sx, sy)
        let w = iw * k, h = ih * k
        try draw(image, in: CGRect(x: (Double(width) - w) / 2, y: (Double(height) - h) / 2, width: w, height: h))
    }

    mutating func draw(_ image: CGImage, in rect: CGRect) throws {
        try withContext { context in
            context.interpolationQuality = .high
            context.draw(image, in: rect)
        }
    }

    /// `body` drawing on these pixels through a Core Graphics bitmap context (y up, origin at
    /// the bottom left, as Core Graphics has it).
    mutating func withContext(_ body: (CGContext) throws -> Void) throws {
        let (w, h) = (width, height)
        let drawn: Bool = try bytes.withUnsafeMutableBytes { p in
            guard
                let context = CGContext(
                    data: p.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.bitmapInfo)
            else { return false }
            try body(context)
            return true
        }
        guard drawn else { throw PrepareError(.options, "Core Graphics cannot draw a \(w)×\(h) px layer") }
    }

    /// A Core Graphics image of `rgba` (this layer's size): premultiplied, or opaque.
    func image(_ rgba: [UInt8], opaque: Bool) -> CGImage? {
        Self.image(rgba, width: width, height: height, opaque: opaque)
    }

    /// A Core Graphics image of `rgba`, `width`×`height` pixels: premultiplied, or opaque.
    static func image(_ rgba: [UInt8], width: Int, height: Int, opaque: Bool) -> CGImage? {
        let info =
            (opaque ? CGImageAlphaInfo.noneSkipLast.rawValue : CGImageAlphaInfo.premultipliedLast.rawValue)
            | CGBitmapInfo.byteOrder32Big.rawValue
        guard let provider = CGDataProvider(data: Data(rgba) as CFData) else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider,
            decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}
#endif
