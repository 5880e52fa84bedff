import ArcMaskFiles
import ArcMaskFrames
import ArcMaskSVGA
import ArcMaskText
import ArcMaskValues
import Foundation

/// A headless SVGA player with the playback behaviour users know from the SVGA players,
/// driven by the caller's clock: every call returns the events it produced, and
/// `advance(by:)` moves the playhead by virtual seconds (nothing runs on its own).
///
/// Dynamic content (images, text, hidden keys, drawings by key) can be set at any moment; it
/// applies from the next frame the player shows or the next tick of its clock, and a new
/// source clears it when its load starts (as SVGAExPlayer does) unless `keepsContentOnLoad`.
public final class SVGAPlayer {
    // MARK: Types

    public enum Status: String, Sendable, Equatable { case idle, loading, ready, playing, paused, stopped }

    /// What `stop(then:)` leaves on screen.
    public enum StopScene: Sendable, Equatable {
        /// Nothing: the layers are cleared.
        case clearLayers
        /// The first frame of the range (the last when reversed).
        case stepToLeading
        /// The last frame of the range (the first when reversed).
        case stepToTrailing
    }

    public enum Failure: Sendable, Equatable {
        /// The source is neither a path, a file URL nor an http(s) URL.
        case unknownSource(String)
        case loadFailed(source: String, reason: String)
        case parseFailed(source: String, reason: String)
        /// The movie cannot be played at all (no frames, no sprites).
        case invalidEntity(source: String, reason: String)
        /// Playback cannot start (for example, a single playable frame).
        case playFailed(reason: String)
        /// Content was set for a key the movie does not have; `known` lists the keys it has.
        case unknownKey(key: String, known: [String])
        /// A dynamic image could not be loaded or decoded; the key keeps what it showed.
        case imageLoadFailed(key: String, source: String, reason: String)
        /// Content that cannot be drawn (an image too large, text that cannot be laid out); the key keeps what it showed.
        case invalidContent(key: String, reason: String)
    }

    public enum AudioChange: String, Sendable, Equatable { case start, stop }

    public enum Event: Sendable, Equatable {
        case statusChanged(old: Status, new: Status)
        case readyToPlay(isNewSource: Bool, fromFrame: Int, willPlay: Bool)
        case framePlaying(Int)
        /// One pass through the range finished; `loop` counts from 1.
        case finishedOnce(loop: Int)
        /// Every loop finished (only when `loops` > 0).
        case finishedAll
        /// The audio timeline: a sound starts (at `offsetMs` into it) or stops; `muted` when the player is muted.
        case audio(key: String, change: AudioChange, offsetMs: Int, muted: Bool)
        /// Dynamic content changed for these keys from this point on (sorted).
        case contentApplied(keys: [String])
        case failed(Failure)
    }

    /// What a ready-to-play handler may change before playback begins.
    public struct ReadyToPlay: Sendable, Equatable {
        public let isNewSource: Bool
        public var fromFrame: Int
        public var willPlay: Bool
    }

    /// Downloads http(s) sources: call the completion with the bytes or an error, now or later.
    public typealias Downloader = @Sendable (URL, @escaping @Sendable (Result<[UInt8], Error>) -> Void) -> Void

    /// A full custom loader: it receives the source and a context that can forward to the
    /// built-in download or local load, or deliver bytes itself.
    public typealias Loader = (String, LoadContext) -> Void

    /// Handed to a custom loader.
    public struct LoadContext {
        let player: SVGAPlayer
        let source: String
        let token: Int
        /// What the bytes are for: the movie, or a dynamic image.
        public let purpose: LoadPurpose
        /// Deliver the file's bytes (or a failure), on the thread that drives the player (bytes
        /// arriving on another thread go through `downloader`, whose results wait for the next call).
        public func complete(_ result: Result<[UInt8], Error>) {
            player.delivered(Delivery(source: source, token: token, purpose: purpose, result: result))
        }
        /// Use the built-in behaviour (local path, file URL or downloader).
        public func forwardToDefault() { player.defaultLoad(source, token: token, purpose: purpose) }
    }

    /// Why the player loads bytes.
    public enum LoadPurpose: Sendable, Equatable {
        case movie
        /// A dynamic image for `key`.
        case image(key: String)
    }

    /// Decodes a dynamic image's bytes (PNG and JPEG by default); refuse images over `maxPixels`.
    public typealias ImageDecoder = ([UInt8], _ maxPixels: Int) throws -> PixelBuffer

    // MARK: Settings

    /// How many times to play (0: for ever).
    public var loops = 0
    /// Frames to play (inclusive); nil: the whole movie. Changeable while playing.
    public var range: ClosedRange<Int>? { didSet { clampPlayhead() } }
    /// Play backwards. Changeable while playing.
    public var reversed = false
    /// Audio events still come, marked muted.
    public var isMuted = false
    /// `stop()` starts counting loops anew.
    public var resetsLoopCountOnStop = true
    /// The scene after the last loop.
    public var finishScene: StopScene = .stepToTrailing
    public var downloader: Downloader
    public var loader: Loader?
    /// Cache key for a source (default: the source string, file URLs turned into paths).
    public var cacheKey: (String) -> String = SVGAPlayer.defaultCacheKey
    /// Lets the client change where playback starts and whether it starts.
    public var onReadyToPlay: ((inout ReadyToPlay) -> Void)?
    /// Keep dynamic content when a new source loads (by default it is cleared, as SVGAExPlayer does).
    public var keepsContentOnLoad = false
    public var imageDecoder: ImageDecoder = SVGAPlayer.decodeImage
    public let limits: SVGALimits

    // MARK: State

    public private(set) var status: Status = .idle
    public private(set) var movie: SVGAMovie?
    public private(set) var source: String?
    /// The frame on screen, nil when the layers are cleared.
    public private(set) var currentFrame: Int?
    public private(set) var completedLoops = 0
    public let cache: SVGACache

    private var loadingSource: String?
    private var loadToken = 0
    private var pending: (fromFrame: Int, autoPlay: Bool) = (0, true)
    private var playhead = 0.0  // frames into the movie (fractional)
    private var events: [Event] = []
    private var playingAudio: Set<Int> = []

    /// The content frames are drawn with, and what the next frame will use.
    public private(set) var content = SVGADynamicContent()
    private var pendingContent = SVGADynamicContent()
    private var changedKeys: Set<String> = []
    /// The latest image load per key: an older one that completes later is dropped.
    private var imageTokens: [String: Int] = [:]
    private var renderer: SVGARenderer?

    public init(
        cacheBytes: Int = 64 << 20, limits: SVGALimits = .default,
        downloader: @escaping Downloader = { url, done in done(.failure(URLError(.unsupportedURL))) }
    ) {
        cache = SVGACache(capacityBytes: cacheBytes)
        self.limits = limits
        self.downloader = downloader
    }

    public static func defaultCacheKey(_ source: String) -> String {
        if let url = URL(string: source), url.isFileURL { return url.path }
        return source
    }

    // MARK: Loading

    /// Loads `source` (path, file URL or http(s) URL) and plays it from `fromFrame` when `autoPlay`.
    /// A source already loading is not loaded again; its latest `fromFrame`/`autoPlay` win.
    @discardableResult
    public func play(_ source: String, fromFrame: Int = 0, autoPlay: Bool = true) -> [Event] {
        pending = (fromFrame, autoPlay)
        if loadingSource == source { return drain() }
        if self.source == source, movie != nil {
            prepare(isNewSource: false)
            return drain()
        }
        if !keepsContentOnLoad { resetContent() }
        let key = cacheKey(source)
        if let cached = cache.movie(for: key) {
            adopt(cached, source: source, isNew: true)
            return drain()
        }
        loadingSource = source
        loadToken += 1
        setStatus(.loading)
        let token = loadToken
        load(source, token: token, purpose: .movie)
        return drain()
    }

    private func load(_ source: String, token: Int, purpose: LoadPurpose) {
        if let loader {
            loader(source, LoadContext(player: self, source: source, token: token, purpose: purpose))
        } else {
            defaultLoad(source, token: token, purpose: purpose)
        }
    }

    func defaultLoad(_ source: String, token: Int, purpose: LoadPurpose) {
        let deliver = { (result: Result<[UInt8], Error>) in
            self.delivered(Delivery(source: source, token: token, purpose: purpose, result: result))
        }
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            guard let url = URL(string: source) else { return deliver(.failure(URLError(.badURL))) }
            let box = deliveries
            downloader(url) { result in
                box.add(Delivery(source: source, token: token, purpose: purpose, result: result))
            }
            return
        }
        let path: String
        if let url = URL(string: source), url.isFileURL {
            path = url.path
        } else if source.hasPrefix("/") || source.hasPrefix(".") || !source.contains("://") {
            path = source
        } else if case .image = purpose {
            return deliver(.failure(InputError(file: source, "is neither a path, a file URL nor an http(s) URL")))
        } else {
            return fail(.unknownSource(source), clearLoading: true)
        }
        do {
            let reader = try FileReader(path: path)
            guard reader.size <= limits.maxInflatedBytes else {
                return deliver(.failure(InputError(file: path, "is over the \(limits.maxInflatedBytes)-byte limit")))
            }
            deliver(.success(reader.bytes(at: 0, count: reader.size)))
        } catch {
            deliver(.failure(error))
        }
    }

    /// Downloads may complete on another thread; the result waits for the caller's next call.
    private let deliveries = DeliveryBox()

    func delivered(_ d: Delivery) {
        switch d.purpose {
        case .movie: loaded(d.source, token: d.token, d.result)
        case .image(let key): imageLoaded(key: key, d)
        }
    }

    func loaded(_ source: String, token: Int, _ result: Result<[UInt8], Error>) {
        guard token == loadToken, loadingSource == source else { return }  // a newer load replaced it
        loadingSource = nil
        switch result {
        case .failure(let error):
            fail(.loadFailed(source: source, reason: error.localizedDescription), clearLoading: false)
        case .success(let bytes):
            let movie: SVGAMovie
            do { movie = try SVGAReader.read(bytes: bytes, name: source, limits: limits) } catch {
                return fail(.parseFailed(source: source, reason: error.localizedDescription), clearLoading: false)
            }
            guard movie.frameCount > 0, !movie.sprites.isEmpty else {
                return fail(
                    .invalidEntity(source: source, reason: movie.sprites.isEmpty ? "no sprites" : "no frames"),
                    clearLoading: false)
            }
            cache.insert(movie, for: cacheKey(source))
            adopt(movie, source: source, isNew: true)
        }
    }

    private func adopt(_ movie: SVGAMovie, source: String, isNew: Bool) {
        self.movie = movie
        self.source = source
        renderer = nil
        currentFrame = nil  // the new movie's first frame is shown (and announced) even at the same index
        completedLoops = 0
        // Content set before the movie was known: keys it lacks are dropped, each with a failure.
        for key in pendingContent.keys where !movie.keyNames.contains(key) {
            pendingContent.clear(key: key)
            changedKeys.insert(key)
            emit(.failed(.unknownKey(key: key, known: movie.keys.map(\.key))))
        }
        prepare(isNewSource: isNew)
    }

    private func prepare(isNewSource: Bool) {
        guard let movie else { return }
        var ready = ReadyToPlay(isNewSource: isNewSource, fromFrame: pending.fromFrame, willPlay: pending.autoPlay)
        onReadyToPlay?(&ready)
        let bounds = playableRange(movie)
        ready.fromFrame = min(max(ready.fromFrame, bounds.lowerBound), bounds.upperBound)
        emit(.readyToPlay(isNewSource: isNewSource, fromFrame: ready.fromFrame, willPlay: ready.willPlay))
        playhead = Double(ready.fromFrame)
        show(ready.fromFrame)
        setStatus(.ready)
        if ready.willPlay { startPlaying() }
    }

    // MARK: Controls

    @discardableResult
    public func play() -> [Event] {
        switch status {
        case .ready, .paused, .stopped:
            if status == .stopped, currentFrame == nil || atEnd() { rewind() }
            startPlaying()
        case .idle:
            fail(.playFailed(reason: "nothing is loaded"), clearLoading: false)
        case .loading:
            pending.autoPlay = true
        case .playing:
            break
        }
        return drain()
    }

    @discardableResult
    public func pause() -> [Event] {
        if status == .playing { stopAudio(); setStatus(.paused) }
        return drain()
    }

    /// Back to the start of the range, playing or not.
    @discardableResult
    public func reset(autoPlay: Bool = true) -> [Event] {
        guard movie != nil else { return drain() }
        stopAudio()
        completedLoops = 0
        rewind()
        if autoPlay { startPlaying() } else { setStatus(.ready) }
        return drain()
    }

    @discardableResult
    public func stop(then scene: StopScene = .stepToLeading) -> [Event] {
        halt(then: scene)
        return drain()
    }

    private func halt(then scene: StopScene) {
        guard let movie else { return }
        stopAudio()
        if resetsLoopCountOnStop { completedLoops = 0 }
        let r = playableRange(movie)
        switch scene {
        case .clearLayers: currentFrame = nil
        case .stepToLeading: playhead = Double(reversed ? r.upperBound : r.lowerBound); show(Int(playhead))
        case .stepToTrailing: playhead = Double(reversed ? r.lowerBound : r.upperBound); show(Int(playhead))
        }
        setStatus(.stopped)
    }

    /// Drops the movie and goes back to idle (the cache keeps it).
    @discardableResult
    public func clean() -> [Event] {
        stopAudio()
        movie = nil
        renderer = nil
        source = nil
        loadingSource = nil
        loadToken += 1
        currentFrame = nil
        completedLoops = 0
        setStatus(.idle)
        return drain()
    }

    // MARK: Time

    /// Moves the playhead by `seconds` of the caller's clock and returns what happened.
    @discardableResult
    public func advance(by seconds: Double) -> [Event] {
        for d in deliveries.take() { delivered(d) }
        applyContent()
        guard status == .playing, let movie, seconds > 0 else { return drain() }
        let r = playableRange(movie)
        var frames = seconds * Double(movie.fps)
        while frames > 0 && status == .playing {
            // Frame k shows while the playhead is in [k, k + 1); a pass ends at the range's far edge.
            let edge = reversed ? Double(r.lowerBound) : Double(r.upperBound + 1)
            let remaining = max(0, reversed ? playhead - edge : edge - playhead)
            let before = Int(playhead.rounded(.down))
            if frames < remaining {
                playhead += reversed ? -frames : frames
                frames = 0
                stepFrames(from: before, to: min(r.upperBound, max(r.lowerBound, Int(playhead.rounded(.down)))))
                continue
            }
            stepFrames(from: before, to: reversed ? r.lowerBound : r.upperBound)
            frames -= remaining
            completedLoops += 1
            emit(.finishedOnce(loop: completedLoops))
            stopAudio()
            if loops > 0 && completedLoops >= loops {
                emit(.finishedAll)
                let kept = completedLoops
                halt(then: finishScene)
                completedLoops = kept
                break
            }
            rewind()
        }
        return drain()
    }

    // MARK: Dynamic content

    /// Draws `pixels` instead of `key`'s bitmap from the next frame (a later call replaces it).
    @discardableResult
    public func setImage(
        _ pixels: PixelBuffer, fit: KeyImageFit = .stretch, forKey key: String
    ) -> [Event] {
        change(key) { $0.setImage(pixels, fit: fit, forKey: key) }
        imageTokens[key, default: 0] += 1  // an image still loading for the key no longer wins
        return drain()
    }

    /// Loads an image (path, file URL or http(s) URL, through `loader` or `downloader` as the
    /// movie would be) and draws it for `key` once it arrives; a failure leaves the key as it
    /// was and reports `imageLoadFailed` naming the key.
    @discardableResult
    public func setImage(
        from source: String, fit: KeyImageFit = .stretch, forKey key: String
    ) -> [Event] {
        guard checkKey(key) else { return drain() }
        imageTokens[key, default: 0] += 1
        pendingFits[key] = fit
        load(source, token: imageTokens[key]!, purpose: .image(key: key))
        return drain()
    }

    private var pendingFits: [String: KeyImageFit] = [:]

    private func imageLoaded(key: String, _ d: Delivery) {
        guard imageTokens[key] == d.token else { return }  // replaced or cleared since
        let fail = { (reason: String) in
            self.emit(.failed(.imageLoadFailed(key: key, source: d.source, reason: reason)))
        }
        switch d.result {
        case .failure(let error): fail(error.localizedDescription)
        case .success(let bytes):
            do {
                let pixels = try imageDecoder(bytes, limits.maxImagePixels)
                guard max(pixels.width, pixels.height) <= SVGADynamicContent.maxImageSide else {
                    return fail(
                        "\(pixels.width)×\(pixels.height) is over \(SVGADynamicContent.maxImageSide) pixels on a side")
                }
                change(key) { $0.setImage(pixels, fit: pendingFits[key] ?? .stretch, forKey: key) }
            } catch {
                fail(error.localizedDescription)
            }
        }
    }

    /// Draws `text` over `key`'s bitmap, in its layout, from the next frame.
    @discardableResult
    public func setText(_ text: String, style: TextStyle = TextStyle(), forKey key: String) -> [Event] {
        change(key) { $0.setText(text, style: style, forKey: key) }
        return drain()
    }

    @discardableResult
    public func setHidden(_ hidden: Bool, forKey key: String) -> [Event] {
        change(key) { $0.setHidden(hidden, forKey: key) }
        return drain()
    }

    /// Calls `draw` on every frame where `key`'s sprites show (see `SVGADrawingContext`).
    @discardableResult
    public func setDrawing(
        id: String, forKey key: String, _ draw: @escaping @Sendable (SVGADrawingContext) -> Void
    ) -> [Event] {
        change(key) { $0.setDrawing(id: id, forKey: key, draw) }
        return drain()
    }

    /// Removes what was set for `key` (and drops an image still loading for it).
    @discardableResult
    public func clearContent(forKey key: String) -> [Event] {
        imageTokens[key, default: 0] += 1
        if pendingContent[key] != nil {
            pendingContent.clear(key: key)
            changedKeys.insert(key)
        }
        return drain()
    }

    /// Removes everything set (the players' `clearDynamicObjects`), images still loading included.
    @discardableResult
    public func clearDynamicObjects() -> [Event] {
        resetContent()
        return drain()
    }

    private func resetContent() {
        for key in imageTokens.keys { imageTokens[key]! += 1 }
        changedKeys.formUnion(pendingContent.keys)
        pendingContent.clearAll()
    }

    /// Frame on screen with the content in effect, at `size` (the viewBox by default); nil when
    /// nothing is on screen.
    public func render(size: PixelSize? = nil, fit: FitMode = .fit) throws -> PixelBuffer? {
        guard let movie, let frame = currentFrame else { return nil }
        let renderer = self.renderer ?? SVGARenderer(movie: movie)
        self.renderer = renderer
        renderer.content = content
        let size =
            size
            ?? PixelSize(
                width: max(1, Int(movie.viewBoxWidth.rounded())), height: max(1, Int(movie.viewBoxHeight.rounded())))
        return try renderer.render(frame: frame, size: size, fit: fit)
    }

    /// PNG or JPEG bytes to pixels (`SVGADynamicContent.decodeImage`).
    public static func decodeImage(_ bytes: [UInt8], maxPixels: Int) throws -> PixelBuffer {
        try SVGADynamicContent.decodeImage(bytes, maxPixels: maxPixels)
    }

    /// Whether the movie (when one is loaded and no other is loading) has `key`; a failure event
    /// when not. Keys set while a source loads are checked when it arrives.
    private func checkKey(_ key: String) -> Bool {
        guard loadingSource == nil, let movie, !movie.keyNames.contains(key) else { return true }
        emit(.failed(.unknownKey(key: key, known: movie.keys.map(\.key))))
        return false
    }

    private func change(_ key: String, _ update: (inout SVGADynamicContent) -> Void) {
        guard checkKey(key) else { return }
        var next = pendingContent
        update(&next)
        if let problem = next[key]?.problem {
            return emit(.failed(.invalidContent(key: key, reason: problem)))
        }
        pendingContent = next
        changedKeys.insert(key)
    }

    /// The next frame's content becomes the content frames are drawn with.
    private func applyContent() {
        guard !changedKeys.isEmpty else { return }
        content = pendingContent
        let keys = changedKeys.sorted()
        changedKeys.removeAll()
        emit(.contentApplied(keys: keys))
    }

    // MARK: Helpers

    private func playableRange(_ movie: SVGAMovie) -> ClosedRange<Int> {
        let all = 0...(movie.frameCount - 1)
        guard let range else { return all }
        return max(range.lowerBound, 0)...min(max(range.upperBound, range.lowerBound, 0), movie.frameCount - 1)
    }

    private func clampPlayhead() {
        guard let movie else { return }
        let r = playableRange(movie)
        if playhead < Double(r.lowerBound) || playhead >= Double(r.upperBound + 1) {
            playhead = Double(reversed ? r.upperBound : r.lowerBound)
            show(Int(playhead))
        }
    }

    private func atEnd() -> Bool {
        guard let movie else { return true }
        let r = playableRange(movie)
        return reversed ? Int(playhead) <= r.lowerBound : Int(playhead) >= r.upperBound
    }

    private func rewind() {
        guard let movie else { return }
        let r = playableRange(movie)
        playhead = reversed ? Double(r.upperBound) + 0.999_999 : Double(r.lowerBound)
        show(Int(playhead.rounded(.down)))
    }

    private func startPlaying() {
        guard let movie else { return }
        let r = playableRange(movie)
        guard r.count > 1 else {
            return fail(.playFailed(reason: "only one playable frame (\(r.lowerBound))"), clearLoading: false)
        }
        if reversed, playhead.rounded(.down) == playhead { playhead += 0.999_999 }
        setStatus(.playing)
        startAudio(at: Int(playhead.rounded(.down)))
    }

    private func stepFrames(from a: Int, to b: Int) {
        guard a != b else { return }
        let stride = a < b ? 1 : -1
        var k = a + stride
        while true {
            show(k)
            if k == b { break }
            k += stride
        }
    }

    private func show(_ frame: Int) {
        guard frame != currentFrame else { return }
        applyContent()
        currentFrame = frame
        emit(.framePlaying(frame))
        if status == .playing { updateAudio(at: frame) }
    }

    private func startAudio(at frame: Int) { updateAudio(at: frame) }

    /// Audio plays from its start frame, at its start time, until its end frame; forward only.
    private func updateAudio(at frame: Int) {
        guard let movie else { return }
        for (i, a) in movie.audios.enumerated() {
            let inside = !reversed && frame >= a.startFrame && frame < max(a.endFrame, a.startFrame + 1)
            if inside && !playingAudio.contains(i) {
                playingAudio.insert(i)
                let offset = a.startTimeMs + Int(Double(frame - a.startFrame) * 1000 / Double(movie.fps))
                emit(.audio(key: a.key, change: .start, offsetMs: offset, muted: isMuted))
            } else if !inside && playingAudio.contains(i) {
                playingAudio.remove(i)
                emit(.audio(key: a.key, change: .stop, offsetMs: 0, muted: isMuted))
            }
        }
    }

    private func stopAudio() {
        guard let movie else { playingAudio.removeAll(); return }
        for i in playingAudio.sorted() {
            emit(.audio(key: movie.audios[i].key, change: .stop, offsetMs: 0, muted: isMuted))
        }
        playingAudio.removeAll()
    }

    private func setStatus(_ s: Status) {
        guard s != status else { return }
        emit(.statusChanged(old: status, new: s))
        status = s
    }

    private func fail(_ f: Failure, clearLoading: Bool) {
        if clearLoading { loadingSource = nil }
        emit(.failed(f))
        if status == .loading { setStatus(movie == nil ? .idle : .ready) }
    }

    private func emit(_ e: Event) { events.append(e) }

    private func drain() -> [Event] {
        defer { events.removeAll() }
        return events
    }
}

/// Bytes a load delivered: for which source, which load, and what for.
struct Delivery: Sendable {
    let source: String
    let token: Int
    let purpose: SVGAPlayer.LoadPurpose
    let result: Result<[UInt8], Error>
}

/// Downloads finished on other threads, held until the player's next call.
final class DeliveryBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Delivery] = []
    func add(_ d: Delivery) {
        lock.withLock { items.append(d) }
    }
    func take() -> [Delivery] {
        lock.withLock {
            defer { items.removeAll() }; return items
        }
    }
}

/// Parsed movies kept in memory, bounded in bytes, least recently used first out.
public final class SVGACache {
    private var lru: ByteLRU<String, SVGAMovie>

    public init(capacityBytes: Int) { lru = ByteLRU(capacityBytes: capacityBytes) }

    public var capacityBytes: Int { lru.capacityBytes }
    public var usedBytes: Int { lru.usedBytes }

    public func movie(for key: String) -> SVGAMovie? { lru.value(for: key) }

    public func insert(_ movie: SVGAMovie, for key: String) {
        lru.insert(movie, bytes: SVGACache.estimate(movie), for: key)
    }

    /// Keys from least to most recently used.
    public var keys: [String] { lru.keys }

    /// Image bytes plus a rough size of the sprite frames.
    public static func estimate(_ m: SVGAMovie) -> Int {
        m.images.values.reduce(0) { $0 + $1.png.count } + m.sprites.count * m.frameCount * 96 + 1024
    }
}
