#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(UniformTypeIdentifiers)
import ArcMaskFolder
import Foundation

/// Turns an animation the user chose (GIF, APNG, HEICS, WebP, AVIF sequence: what ImageIO
/// decodes; and Lottie JSON, dotLottie and Telegram stickers, drawn on Core Graphics in the
/// theme and state `PrepareOptions.lottie` chooses) into a folder a widget plays with `ArcMaskAnimation(folder:)`: frames downsampled to
/// the widget's pixels on the way in, delays as browsers play them, fitted to the phone's limits,
/// planned, checked by the emulator, encoded and written all at once. The same budget, plan,
/// verdict and manifest as `arcmask export` (ArcMaskFolder decides for both).
public enum ArcMaskPreparer {
    /// Where the work is. Writing may run more than once when a written pass comes out over the
    /// budget (the fitter then steps down and writes again).
    public struct Progress: Sendable, Equatable {
        public enum Stage: Sendable, Equatable {
            /// Encoding sample layers to choose the scale and quality.
            case surveying
            /// Writing the layers.
            case writing
        }
        public let stage: Stage
        public let done: Int
        public let total: Int
        /// How far the whole preparation is, 0 to 1; it never goes back, though `done` starts
        /// again when a written pass comes out over the budget.
        public let fractionCompleted: Double
    }

    /// Prepares `data` into `folder` (for instance a folder in the App Group container that the
    /// app and its widget extension share). Checks for cancellation between frames: a
    /// cancelled task throws `CancellationError` and leaves no folder behind.
    /// - Parameters:
    ///   - name: the animation's name, recorded in the manifest (a file name; no path).
    ///   - replacing: replace a folder already at `folder` in one step; otherwise it is an error.
    ///   - progress: called on the preparing task as samples are surveyed and layers written.
    /// - Returns: what was written (its `manifest` is `manifest.json`).
    public static func prepare(
        _ data: Data, name: String, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false, progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> PreparedAnimation {
        try Task.checkCancellation()
        // The format is decided by the bytes: a Lottie file (JSON, dotLottie, sticker) is drawn
        // here; a movie needs a file (`prepare(contentsOf:)`); everything else goes to ImageIO.
        let (frames, source): (any KitFrames, PreparedSource)
        switch KitFormat.decide([UInt8](data.prefix(4096))) {
        case .lottie:
            (frames, source) = try lottie(data, name: name, options: options)
        case .movie:
            throw PrepareError(
                .input, "\(name) is a movie: pass its file to prepare(contentsOf:), which AVFoundation reads",
                code: .unsupportedFormat)
        case .image:
            try refuseLottieChoice(options, name: name)
            (frames, source) = try images(data, name: name)
        }
        return try write(frames, source, into: folder, options: options, replacing: replacing, progress: progress)
    }

    /// Prepares the file at `url`: a movie or a Live Photo's paired video (AVFoundation; the
    /// part `options.clip` cuts), an image sequence ImageIO reads from the file as it needs it
    /// (not held whole), or a Lottie file. The format is decided by the file's first bytes.
    /// - Parameter name: recorded in the manifest (default: the file's name).
    public static func prepare(
        contentsOf url: URL, name: String? = nil, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false, progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> PreparedAnimation {
        try Task.checkCancellation()
        let name = name ?? url.lastPathComponent
        // A regular file only: opening a FIFO would wait for a writer, a folder reads nothing.
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        guard type == .typeRegular else {
            throw PrepareError(
                .input, "\(name) is \(type == nil ? "missing or unreadable" : "not a regular file")", code: .damaged)
        }
        let head: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            head = [UInt8](try handle.read(upToCount: 4096) ?? Data())
        } catch {
            throw PrepareError(.input, "\(name) cannot be read (\(error.localizedDescription))", code: .damaged)
        }
        let (frames, source): (any KitFrames, PreparedSource)
        switch KitFormat.decide(head) {
        case .lottie:
            let data: Data
            do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
                throw PrepareError(.input, "\(name) cannot be read (\(error.localizedDescription))", code: .damaged)
            }
            (frames, source) = try lottie(data, name: name, options: options)
        case .movie:
            try refuseLottieChoice(options, name: name)
            let clip = try await AVFoundationFrames.load(url: url, name: name, cut: options.clip)
            (frames, source) = (clip, clip.clip.source(name: name, width: clip.canvasWidth, height: clip.canvasHeight))
        case .image:
            try refuseLottieChoice(options, name: name)
            if WebPAnimation.isAnimated(head) {
                let data: Data
                do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
                    throw PrepareError(.input, "\(name) cannot be read (\(error.localizedDescription))", code: .damaged)
                }
                (frames, source) = try images(data, name: name)
            } else {
                let decoded = try ImageIOFrames(url: url, name: name, head: head)
                (frames, source) = (decoded, decoded.prepared)
            }
        }
        return try write(frames, source, into: folder, options: options, replacing: replacing, progress: progress)
    }

    private static func lottie(
        _ data: Data, name: String, options: PrepareOptions
    ) throws -> (any KitFrames, PreparedSource) {
        let supply = try LottieSupply(data: data, name: name, choice: options.lottie)
        return (CoreGraphicsLottie(supply), supply.source)
    }

    /// What ImageIO reads; an animated WebP's frames assembled here (`ImageIOWebPFrames`).
    private static func images(_ data: Data, name: String) throws -> (any KitFrames, PreparedSource) {
        let head = [UInt8](data.prefix(32))
        if WebPAnimation.isAnimated(head) {
            let webp = try ImageIOWebPFrames(bytes: [UInt8](data), name: name)
            return (webp, webp.prepared)
        }
        let decoded = try ImageIOFrames(data: data, name: name)
        return (decoded, decoded.prepared)
    }

    private static func refuseLottieChoice(_ options: PrepareOptions, name: String) throws {
        if options.lottie != LottieChoice() {
            throw PrepareError(.options, "lottie: \(name) is not a Lottie file; its choices do not apply")
        }
    }

    /// The frames fitted, planned, checked and written: the same for every reader.
    private static func write(
        _ frames: any KitFrames, _ source: PreparedSource, into folder: URL, options: PrepareOptions,
        replacing: Bool, progress: (@Sendable (Progress) -> Void)?
    ) throws -> PreparedAnimation {
        let view = try options.resolved()
        let manifest = try FolderPreparation.run(
            source: source, options: options, destination: folder, replacing: replacing
        ) { staging in
            let meter = ProgressMeter()
            return ImageIOLayerWriter(
                frames: frames, folder: staging, viewWidth: view.width, viewHeight: view.height,
                format: options.imageFormat, fit: options.fit, names: .standard,
                progress: { stage, done, total in
                    let fraction = meter.advance(writing: stage == .writing, done: done, total: total)
                    progress?(Progress(stage: stage, done: done, total: total, fractionCompleted: fraction))
                })
        }
        return PreparedAnimation(folder: folder, manifest: manifest)
    }

    /// `prepare` as a stream: progress as it goes, then what was written; cancelling the consuming
    /// task (or dropping the stream) cancels the work.
    public static func events(
        _ data: Data, name: String, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false
    ) -> AsyncThrowingStream<Event, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let prepared = try await prepare(
                        data, name: name, into: folder, options: options, replacing: replacing
                    ) { continuation.yield(.progress($0)) }
                    continuation.yield(.finished(prepared))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public enum Event: Sendable {
        case progress(Progress)
        case finished(PreparedAnimation)
    }
}
#endif
