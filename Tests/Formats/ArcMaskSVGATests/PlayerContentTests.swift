import ArcMaskFrames
import ArcMaskIO
import ArcMaskSVGAPlayer
import ArcMaskText
import ArcMaskValues
import ArcMaskZIP
import Foundation
import Testing

@testable import ArcMaskSVGA

/// The player's dynamic content on the 4-frame fixture ("dot", sampled at (62, 65), is a 10×10 green bitmap drawn
/// 20×20 at (60, 60) (half alpha on frame 3); "half" is the matte's key.
@Suite("SVGA player: dynamic content on virtual time")
struct PlayerContentTests {
    let magenta: [UInt8] = [255, 0, 255, 255]

    func applied(_ events: [SVGAPlayer.Event]) -> [[String]] {
        events.compactMap { if case .contentApplied(let k) = $0 { k } else { nil } }
    }

    func failures(_ events: [SVGAPlayer.Event]) -> [SVGAPlayer.Failure] {
        events.compactMap { if case .failed(let f) = $0 { f } else { nil } }
    }

    func dot(_ p: SVGAPlayer) throws -> [UInt8] { try #require(try p.render()).rgba(62, 65) }

    @Test("set, replace and clear mid-play: each applies from the next frame")
    func midPlay() throws {
        let p = SVGAPlayer()
        p.play(try PlayerTests.file())
        p.advance(by: 0.1)
        #expect(try dot(p) == [0, 255, 0, 255])
        // Set now: the frame on screen keeps what it showed until the clock moves.
        #expect(applied(p.setImage(DynamicFixture.solid(4, 4, (255, 0, 255, 255)), forKey: "dot")).isEmpty)
        #expect(try dot(p) == [0, 255, 0, 255])
        #expect(applied(p.advance(by: 0.1)) == [["dot"]])
        #expect(try p.currentFrame == 2 && dot(p) == magenta)
        // A second image for the same key replaces the first.
        p.setImage(DynamicFixture.solid(4, 4, (0, 0, 255, 255)), forKey: "dot")
        p.advance(by: 0.1)
        #expect(try dot(p).prefix(3) == [0, 0, 255])  // frame 3 draws the sprite at half alpha
        // Hidden, then cleared: the file's own bitmap again.
        p.setHidden(true, forKey: "dot")
        p.advance(by: 0.1)
        #expect(try p.currentFrame == 0 && dot(p)[3] == 0)
        #expect(applied(p.clearContent(forKey: "dot")).isEmpty)
        #expect(applied(p.advance(by: 0.1)) == [["dot"]])
        #expect(try dot(p) == [0, 255, 0, 255] && p.content.isEmpty)
    }

    @Test("a paused player applies a change at the next tick of its clock")
    func paused() throws {
        let p = SVGAPlayer()
        p.play(try PlayerTests.file())
        p.pause()
        p.setText("hi", style: TextStyle(font: "DejaVu Sans", size: 8), forKey: "dot")
        #expect(p.content.isEmpty)
        #expect(applied(p.advance(by: 0.5)) == [["dot"]])
        #expect(p.currentFrame == 0 && p.content["dot"]?.text?.string == "hi")
    }

    @Test("a new source clears the content when its load starts, unless the player keeps it")
    func clearedOnLoad() throws {
        let first = try PlayerTests.file(), second = try PlayerTests.file()
        let p = SVGAPlayer()
        p.play(first)
        p.setHidden(true, forKey: "dot")
        p.advance(by: 0.1)
        #expect(p.content["dot"]?.hidden == true)
        // Playing the same source again keeps it (as SVGAExPlayer does).
        p.play(first)
        p.advance(by: 0.1)
        #expect(p.content["dot"]?.hidden == true)
        let events = p.play(second)
        #expect(applied(events) == [["dot"]])
        #expect(try p.content.isEmpty && dot(p) == [0, 255, 0, 255])

        let keeper = SVGAPlayer()
        keeper.keepsContentOnLoad = true
        keeper.play(first)
        keeper.setHidden(true, forKey: "dot")
        keeper.play(second)
        #expect(try keeper.content["dot"]?.hidden == true && dot(keeper)[3] == 0)
    }

    @Test("content set while loading waits for the movie; keys it lacks fail by name")
    func setWhileLoading() throws {
        let net = FakeNetwork()
        net.bytes["https://x/a.svga"] = try PlayerTests.movieBytes()
        let p = SVGAPlayer(downloader: net.downloader)
        p.play("https://x/a.svga")
        p.setHidden(true, forKey: "dot")
        p.setHidden(true, forKey: "ghost")
        net.release()
        let events = p.advance(by: 0)
        #expect(failures(events) == [.unknownKey(key: "ghost", known: ["half", "box.vector", "dot", "fill.vector"])])
        #expect(p.content.keys == ["dot"])
        // Once the movie is known, an unknown key fails at once and changes nothing.
        #expect(failures(p.setText("x", forKey: "nope")).count == 1)
        #expect(p.content.keys == ["dot"])
    }

    @Test("dynamic images load through the downloader and the custom loader; a failure names the key")
    func imageLoading() throws {
        let net = FakeNetwork()
        net.bytes["https://x/avatar.png"] = try PNG.encode(DynamicFixture.solid(3, 3, (255, 0, 255, 255)))
        net.bytes["https://x/junk.png"] = [1, 2, 3]
        let p = SVGAPlayer(downloader: net.downloader)
        p.play(try PlayerTests.file())
        #expect(p.setImage(from: "https://x/avatar.png", forKey: "dot").isEmpty)
        net.release()
        #expect(applied(p.advance(by: 0.1)) == [["dot"]])
        #expect(try dot(p) == magenta)

        p.setImage(from: "https://x/missing.png", forKey: "dot")
        p.setImage(from: "https://x/junk.png", forKey: "dot")  // the latest load for a key wins
        net.release()
        let events = p.advance(by: 0.1)
        let f = failures(events)
        #expect(f.count == 1)
        if case .imageLoadFailed(let key, let source, let reason) = f.first {
            #expect(key == "dot" && source == "https://x/junk.png" && reason.contains("neither PNG nor JPEG"))
        } else {
            Issue.record("expected imageLoadFailed, got \(f)")
        }
        #expect(try dot(p) == magenta, "a failed load leaves what the key showed")

        // A local file that is not there fails with its path.
        let missing = failures(p.setImage(from: "/nonexistent/avatar.png", forKey: "dot"))
        if case .imageLoadFailed(let key, _, let reason) = missing.first {
            #expect(key == "dot" && reason.contains("/nonexistent/avatar.png"))
        } else {
            Issue.record("expected imageLoadFailed, got \(missing)")
        }

        // A custom loader sees what the bytes are for.
        let q = SVGAPlayer()
        var purposes: [SVGAPlayer.LoadPurpose] = []
        q.loader = { source, context in
            purposes.append(context.purpose)
            if source.hasSuffix(".png") {
                context.complete(.success(try! PNG.encode(DynamicFixture.solid(2, 2, (0, 0, 255, 255)))))
            } else {
                context.forwardToDefault()
            }
        }
        q.play(try PlayerTests.file())
        q.setImage(from: "mem://blue.png", forKey: "dot")
        q.advance(by: 0.1)
        #expect(purposes == [.movie, .image(key: "dot")])
        #expect(try dot(q) == [0, 0, 255, 255])
        // Clearing drops a load still on its way.
        var held: SVGAPlayer.LoadContext?
        q.loader = { _, context in held = context }
        q.setImage(from: "mem://late.png", forKey: "dot")
        q.clearDynamicObjects()
        q.advance(by: 0.1)
        held?.complete(.success(try PNG.encode(DynamicFixture.solid(2, 2, (255, 0, 0, 255)))))
        q.advance(by: 0.1)
        #expect(try q.content.isEmpty && dot(q).prefix(3) == [0, 255, 0])
    }

    @Test("keys set while another file loads are checked against that file when it arrives")
    func switchingFiles() throws {
        let net = FakeNetwork()
        var other = try SVGAFixture.entity()
        other.sprites[2].imageKey = "avatar"  // "dot" becomes "avatar" in the second file
        other.images = ["avatar": other.images["dot"]!]
        net.bytes["https://x/b.svga"] = Deflate.zlib([UInt8](try other.serializedData()))
        let p = SVGAPlayer(downloader: net.downloader)
        p.play(try PlayerTests.file())
        p.play("https://x/b.svga")
        // The first file has "dot", not "avatar": while the second loads, neither is refused yet.
        #expect(failures(p.setHidden(true, forKey: "avatar")).isEmpty)
        #expect(failures(p.setHidden(true, forKey: "dot")).isEmpty)
        net.release()
        let events = p.advance(by: 0)
        #expect(failures(events) == [.unknownKey(key: "dot", known: ["half", "box.vector", "avatar", "fill.vector"])])
        #expect(p.content.keys == ["avatar"])
    }

    @Test("content that cannot be drawn fails by key and changes nothing")
    func invalidContent() throws {
        let p = SVGAPlayer()
        p.play(try PlayerTests.file())
        let f = failures(p.setText("x", style: TextStyle(size: 0), forKey: "dot"))
        #expect(f.count == 1)
        if case .invalidContent(let key, let reason) = f.first { #expect(key == "dot" && reason.contains("size")) }
        let big = failures(
            p.setImage(PixelBuffer(width: SVGADynamicContent.maxImageSide + 1, height: 1), forKey: "dot"))
        if case .invalidContent(let key, let reason) = big.first {
            #expect(key == "dot" && reason.contains("pixels on a side"))
        } else {
            Issue.record("expected invalidContent, got \(big)")
        }
        p.advance(by: 0.1)
        #expect(p.content.isEmpty)
    }
}
