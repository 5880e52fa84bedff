#if canImport(ImageIO) && canImport(CoreGraphics) && canImport(UniformTypeIdentifiers)
import ArcMaskManifest
import Foundation

extension ArcMaskPreparer {
    /// Prepares `data` into `folder` (for instance a folder in the App Group container that the
    /// app and its widget extension share). `prepare(contentsOf:)` reads a file as it needs it
    /// instead, and takes movies.
    ///
    /// The work runs on a queue of its own, off the caller's actor and Swift's cooperative
    /// threads, with the time the system grants an app that leaves the foreground
    /// (`ProcessInfo.performExpiringActivity`). It checks for cancellation between frames: a
    /// cancelled task throws `CancellationError`, and background time running out throws
    /// `PrepareError` with `.interrupted`; neither leaves a folder behind, and a folder already
    /// at `folder` is kept.
    /// - Parameters:
    ///   - name: the animation's name, recorded in the manifest (a file name; no path).
    ///   - replacing: replace a folder already at `folder` in one step; otherwise it is an error.
    ///   - progress: called on the main actor as frames are surveyed and layers written, in
    ///     order; while the main actor is busy, only the newest progress is delivered.
    /// - Returns: what was written (its `manifest` is `manifest.json`).
    public static func prepare(
        _ data: Data, name: String, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false, progress: (@MainActor @Sendable (Progress) -> Void)? = nil
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
        return try await write(
            frames, source, into: folder, options: options, replacing: replacing, progress: progress)
    }

    /// Prepares the file at `url`: a movie or a Live Photo's paired video (AVFoundation; the
    /// part `options.clip` cuts), an image sequence ImageIO reads from the file as it needs it
    /// (not held whole), or a Lottie file. The format is decided by the file's first bytes.
    /// - Parameter name: recorded in the manifest (default: the file's name).
    public static func prepare(
        contentsOf url: URL, name: String? = nil, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false, progress: (@MainActor @Sendable (Progress) -> Void)? = nil
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
            // Loading the tracks and scanning every sample take time: both inside the app's
            // background time, as the drawing is.
            let reason = "Reading a clip for a widget"
            let track = try await BackgroundWork.protecting(reason: reason) {
                try await AVFoundationFrames.track(url: url, name: name)
            }
            let cut = options.clip
            let clip = try await BackgroundWork.run(reason: reason) { cancellation in
                Handed(try AVFoundationFrames.load(track, name: name, cut: cut, cancellation: cancellation))
            }.value
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
        return try await write(
            frames, source, into: folder, options: options, replacing: replacing, progress: progress)
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

    /// The frames fitted, planned, checked and written (the same for every reader), on a queue
    /// of its own with the app's background time.
    private static func write(
        _ frames: any KitFrames, _ source: PreparedSource, into folder: URL, options: PrepareOptions,
        replacing: Bool, progress: (@MainActor @Sendable (Progress) -> Void)?
    ) async throws -> PreparedAnimation {
        var onThisPhone = options
        #if canImport(UIKit) && !os(watchOS)
        // Families are sized for this phone (`PrepareOptions.phone`, `sizing`).
        if onThisPhone.phone == nil {
            onThisPhone.phone = await MainActor.run { PrepareOptions.PhoneScreen.current }
        }
        #endif
        let options = onThisPhone
        let relay = progress.map { deliver in
            ProgressRelay(
                schedule: { block in DispatchQueue.main.async { block() } },
                deliver: { p in MainActor.assumeIsolated { deliver(p) } })
        }
        let reader = Handed(frames)
        return try await BackgroundWork.run(reason: "Preparing an animation for a widget") { cancellation in
            let progress = ProgressMeter().fitting(cancellation: cancellation) { relay?.post($0) }
            let manifest = try AnimationPreparation.run(
                source: source, options: options, destination: folder, replacing: replacing, progress: progress,
                writer: CodecLayerWriter(
                    codec: ImageIOLayerCodec(frames: reader.value, format: options.imageFormat), fit: options.fit))
            return PreparedAnimation(folder: folder, manifest: manifest)
        }
    }

    /// `prepare` as a stream: progress as it goes, then what was written; cancelling the consuming
    /// task (or dropping the stream) cancels the work.
    public static func events(
        _ data: Data, name: String, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false
    ) -> AsyncThrowingStream<Event, Error> {
        stream { progress in
            try await prepare(
                data, name: name, into: folder, options: options, replacing: replacing, progress: progress)
        }
    }

    /// `prepare(contentsOf:)` as a stream: the file read as it needs it (a movie, a large GIF),
    /// progress as it goes, then what was written; cancelling the consuming task (or dropping the
    /// stream) cancels the work.
    public static func events(
        contentsOf url: URL, name: String? = nil, into folder: URL, options: PrepareOptions = PrepareOptions(),
        replacing: Bool = false
    ) -> AsyncThrowingStream<Event, Error> {
        stream { progress in
            try await prepare(
                contentsOf: url, name: name, into: folder, options: options, replacing: replacing, progress: progress)
        }
    }

    /// The events of one preparation run by `work`, which reports its progress to the closure given.
    private static func stream(
        _ work:
            @escaping @Sendable (_ progress: @escaping @MainActor @Sendable (Progress) -> Void) async throws ->
            PreparedAnimation
    ) -> AsyncThrowingStream<Event, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let prepared = try await work { continuation.yield(.progress($0)) }
                    continuation.yield(.finished(prepared))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
#endif
