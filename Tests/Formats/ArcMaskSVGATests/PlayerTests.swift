import ArcMaskFiles
import ArcMaskIO
import ArcMaskSVGAPlayer
import ArcMaskZIP
import Foundation
import Testing

@testable import ArcMaskSVGA

/// Downloads held until the test releases them.
final class FakeNetwork: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [(URL, (Result<[UInt8], Error>) -> Void)] = []
    private(set) var requests: [URL] = []
    var bytes: [String: [UInt8]] = [:]

    var downloader: SVGAPlayer.Downloader {
        { url, done in
            self.lock.withLock {
                self.requests.append(url); self.waiting.append((url, done))
            }
        }
    }

    func release() {
        let all = lock.withLock {
            defer { waiting.removeAll() }; return waiting
        }
        for (url, done) in all {
            if let b = bytes[url.absoluteString] {
                done(.success(b))
            } else {
                done(.failure(URLError(.fileDoesNotExist)))
            }
        }
    }
}

struct Boom: Error, LocalizedError { var errorDescription: String? { "network down" } }

@Suite("SVGA player on virtual time")
struct PlayerTests {
    /// The 4-frame, 10 fps fixture, with a sound from frame 1 to 3 starting 500 ms in.
    static func movieBytes(audio: Bool = true) throws -> [UInt8] {
        var e = try SVGAFixture.entity()
        if audio {
            var a = SVGAProtoAudioEntity()
            a.audioKey = "snd"; a.startFrame = 1; a.endFrame = 3; a.startTime = 500; a.totalTime = 2000
            e.audios = [a]
            e.images["snd"] = Data([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0])
        }
        return Deflate.zlib([UInt8](try e.serializedData()))
    }

    static func file() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString).svga")
            .path
        try AtomicFile.write(try movieBytes(), to: URL(fileURLWithPath: path))
        return path
    }

    func frames(_ events: [SVGAPlayer.Event]) -> [Int] {
        events.compactMap { if case .framePlaying(let k) = $0 { k } else { nil } }
    }

    @Test("loading a local file: loading, ready to play, playing; frames advance with the clock")
    func basics() throws {
        let path = try Self.file()
        let p = SVGAPlayer()
        let events = p.play(path)
        #expect(
            events == [
                .statusChanged(old: .idle, new: .loading),
                .readyToPlay(isNewSource: true, fromFrame: 0, willPlay: true),
                .framePlaying(0), .statusChanged(old: .loading, new: .ready),
                .statusChanged(old: .ready, new: .playing),
            ])
        #expect(frames(p.advance(by: 0.1)) == [1])
        #expect(frames(p.advance(by: 0.05)) == [])
        #expect(frames(p.advance(by: 0.1)) == [2])
        let wrap = p.advance(by: 0.2)
        #expect(frames(wrap) == [3, 0])
        #expect(wrap.contains(.finishedOnce(loop: 1)))
        #expect(!wrap.contains(.finishedAll))  // loops = 0: for ever
        #expect(p.status == .playing)
    }

    @Test("a file URL works like a path, and the same source is not loaded twice")
    func fileURL() throws {
        let path = try Self.file()
        let p = SVGAPlayer()
        p.play(URL(fileURLWithPath: path).absoluteString)
        let again = p.play(URL(fileURLWithPath: path).absoluteString, fromFrame: 2, autoPlay: false)
        #expect(again.first == .readyToPlay(isNewSource: false, fromFrame: 2, willPlay: false))
        #expect(p.currentFrame == 2 && p.status == .ready)
    }

    @Test("loops: finished once per pass, finished all after the last, then the trailing frame")
    func loops() throws {
        let p = SVGAPlayer()
        p.loops = 2
        p.play(try Self.file())
        let first = p.advance(by: 0.4)
        #expect(first.contains(.finishedOnce(loop: 1)) && !first.contains(.finishedAll))
        let second = p.advance(by: 0.4)
        #expect(second.contains(.finishedOnce(loop: 2)) && second.contains(.finishedAll))
        #expect(p.status == .stopped && p.currentFrame == 3)
        #expect(p.advance(by: 1).isEmpty)
    }

    @Test("pause, play, stop to each scene, reset and clean")
    func controls() throws {
        let p = SVGAPlayer()
        p.play(try Self.file())
        p.advance(by: 0.15)
        #expect(p.pause().contains(.statusChanged(old: .playing, new: .paused)))
        #expect(p.advance(by: 1).isEmpty)
        #expect(p.play().contains(.statusChanged(old: .paused, new: .playing)))
        #expect(frames(p.advance(by: 0.1)) == [2])
        p.stop(then: .clearLayers)
        #expect(p.status == .stopped && p.currentFrame == nil)
        p.stop(then: .stepToTrailing)
        #expect(p.currentFrame == 3)
        p.stop(then: .stepToLeading)
        #expect(p.currentFrame == 0)
        let reset = p.reset(autoPlay: false)
        #expect(reset.contains(.statusChanged(old: .stopped, new: .ready)))
        #expect(p.reset().contains(.statusChanged(old: .ready, new: .playing)))
        #expect(p.clean() == [.statusChanged(old: .playing, new: .idle)])
        #expect(p.movie == nil && p.currentFrame == nil)
    }

    @Test("range and reverse change while playing")
    func rangeAndReverse() throws {
        let p = SVGAPlayer()
        p.play(try Self.file())
        p.range = 1...2
        #expect(p.currentFrame == 1)
        // Events a setting produces come back with the next call.
        #expect(frames(p.advance(by: 0.1)) == [1, 2])
        let wrap = p.advance(by: 0.1)
        #expect(wrap.contains(.finishedOnce(loop: 1)) && frames(wrap) == [1])
        p.range = nil
        p.reversed = true
        p.reset()
        #expect(p.currentFrame == 3)
        #expect(frames(p.advance(by: 0.3)) == [2, 1, 0])
        let back = p.advance(by: 0.1)
        #expect(frames(back) == [3] && back.contains(.finishedOnce(loop: 1)))
    }

    @Test("loop count resets on stop, or not")
    func loopCountOnStop() throws {
        let p = SVGAPlayer()
        p.play(try Self.file())
        p.advance(by: 0.45)
        #expect(p.completedLoops == 1)
        p.resetsLoopCountOnStop = false
        p.stop()
        #expect(p.completedLoops == 1)
        p.resetsLoopCountOnStop = true
        p.play()
        p.stop()
        #expect(p.completedLoops == 0)
    }

    @Test("audio starts at its frame and offset, stops at its end frame, never plays backwards; mute marks it")
    func audio() throws {
        let p = SVGAPlayer()
        p.isMuted = true
        p.play(try Self.file())
        let start = p.advance(by: 0.1)
        #expect(start.contains(.audio(key: "snd", change: .start, offsetMs: 500, muted: true)))
        let stop = p.advance(by: 0.2)
        #expect(stop.contains(.audio(key: "snd", change: .stop, offsetMs: 0, muted: true)))
        p.isMuted = false
        p.reversed = true
        p.reset()
        let backwards = p.advance(by: 0.35)
        #expect(!backwards.contains { if case .audio = $0 { true } else { false } })
        // Starting in the middle of a sound starts it at the matching offset.
        let p2 = SVGAPlayer()
        let mid = p2.play(try Self.file(), fromFrame: 2)
        #expect(mid.contains(.audio(key: "snd", change: .start, offsetMs: 600, muted: false)))
    }

    @Test("downloads go through the replaceable downloader, once per source, latest play settings win")
    func downloads() throws {
        let net = FakeNetwork()
        net.bytes["https://example.test/a.svga"] = try Self.movieBytes()
        let p = SVGAPlayer(downloader: net.downloader)
        #expect(p.play("https://example.test/a.svga") == [.statusChanged(old: .idle, new: .loading)])
        #expect(p.play("https://example.test/a.svga", fromFrame: 2, autoPlay: false).isEmpty)
        #expect(net.requests.count == 1)
        net.release()
        let ready = p.advance(by: 0)
        #expect(ready.contains(.readyToPlay(isNewSource: true, fromFrame: 2, willPlay: false)))
        #expect(p.status == .ready && p.currentFrame == 2)
        // A second player sharing nothing downloads again; this one finds it in its cache.
        p.clean()
        p.play("https://example.test/a.svga")
        #expect(net.requests.count == 1 && p.status == .playing)
    }

    @Test("the cache is bounded in bytes and its key generator is replaceable")
    func cache() throws {
        let net = FakeNetwork()
        let bytes = try Self.movieBytes()
        for n in ["a", "b", "c"] { net.bytes["https://x.test/\(n).svga?v=1"] = bytes }
        let size = SVGACache.estimate(try SVGAReader.read(bytes: bytes, name: "m"))
        let p = SVGAPlayer(cacheBytes: 2 * size + 10, downloader: net.downloader)
        p.cacheKey = { $0.components(separatedBy: "?").first! }  // ignore the query
        for n in ["a", "b", "c"] {
            p.play("https://x.test/\(n).svga?v=1")
            net.release()
            p.advance(by: 0)
        }
        #expect(p.cache.keys == ["https://x.test/b.svga", "https://x.test/c.svga"])
        #expect(p.cache.usedBytes <= p.cache.capacityBytes)
        p.play("https://x.test/c.svga?v=2")  // same key: no download
        #expect(net.requests.count == 3)
    }

    @Test("a custom loader can deliver bytes or forward to the built-in load")
    func loaders() throws {
        let path = try Self.file()
        let p = SVGAPlayer()
        var asked: [String] = []
        p.loader = { source, context in
            asked.append(source)
            if source == "bundle:heart" {
                context.complete(.success(try! Self.movieBytes()))
            } else {
                context.forwardToDefault()
            }
        }
        #expect(p.play("bundle:heart").contains(.readyToPlay(isNewSource: true, fromFrame: 0, willPlay: true)))
        #expect(p.play(path).contains(.readyToPlay(isNewSource: true, fromFrame: 0, willPlay: true)))
        #expect(asked == ["bundle:heart", path])
    }

    @Test("the ready-to-play handler can change where playback starts and whether it does")
    func readyHook() throws {
        let p = SVGAPlayer()
        p.onReadyToPlay = { ready in
            ready.fromFrame = 3; ready.willPlay = false
        }
        let events = p.play(try Self.file())
        #expect(events.contains(.readyToPlay(isNewSource: true, fromFrame: 3, willPlay: false)))
        #expect(p.status == .ready && p.currentFrame == 3)
    }

    @Test("every failure is an event", arguments: ["unknown", "load", "download", "parse", "entity", "play"])
    func failures(_ kind: String) throws {
        let net = FakeNetwork()
        let p = SVGAPlayer(downloader: { _, done in done(.failure(Boom())) })
        var events: [SVGAPlayer.Event] = []
        switch kind {
        case "unknown": events = p.play("ftp://example.test/x.svga")
        case "load": events = p.play("/nonexistent/x.svga")
        case "download": p.play("https://example.test/x.svga"); events = p.advance(by: 0)
        case "parse":
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).svga")
                .path
            try AtomicFile.write(Array("not svga".utf8), to: URL(fileURLWithPath: path))
            events = p.play(path)
        case "entity":
            var e = try SVGAFixture.entity()
            e.sprites = []
            let q = SVGAPlayer(downloader: net.downloader)
            net.bytes["https://e.test/empty.svga"] = Deflate.zlib([UInt8](try e.serializedData()))
            q.play("https://e.test/empty.svga")
            net.release()
            events = q.advance(by: 0)
        default:
            p.range = 2...2
            events = p.play(try Self.file())
        }
        let failure = events.compactMap { if case .failed(let f) = $0 { f } else { nil } }.first
        switch (kind, failure) {
        case ("unknown", .unknownSource?), ("load", .loadFailed?), ("download", .loadFailed?), ("parse", .parseFailed?),
            ("entity", .invalidEntity?), ("play", .playFailed?):
            break
        default:
            Issue.record("\(kind): \(events)")
        }
        if kind == "download", case .loadFailed(_, let reason)? = failure { #expect(reason == "network down") }
    }
}
