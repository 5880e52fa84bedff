import ArcMaskIO
import ArcMaskValues
import ArcMaskZIP
import Foundation
import Testing

@testable import ArcMaskSVGA

@Suite("SVGA containers and model")
struct ReaderTests {
    nonisolated(unsafe) static let containers: [(String, () throws -> [UInt8], SVGAContainer)] = [
        ("2.x", SVGAFixture.zlibProtobuf, .zlibProtobuf),
        ("1.5", SVGAFixture.zipProtobuf, .zipProtobuf),
        ("1.x", SVGAFixture.zipJSON, .zipJSON),
    ]

    @Test("every container is detected by its bytes and maps to the same model", arguments: [0, 1, 2])
    func model(_ k: Int) throws {
        let (name, make, container) = Self.containers[k]
        let m = try SVGAReader.read(bytes: make(), name: name)
        #expect(m.container == container)
        #expect(m.viewBoxWidth == 100 && m.fps == 10 && m.frameCount == 4)
        #expect(m.sprites.map(\.imageKey) == ["half.matte", "box.vector", "dot", "fill.vector"])
        #expect(m.sprites[3].matteKey == "half.matte" && m.sprites[0].isMatte)
        #expect(m.images["dot"]?.width == 10)
        let box = m.sprites[1].frames
        #expect(box[1].shapes == box[0].shapes && !box[0].shapes.isEmpty)  // KEEP resolved
        #expect(box[2].alpha == 0)  // hidden frame
        guard case .ellipse(50, 50, 20, 10)? = box[3].shapes.first?.geometry else { Issue.record("no ellipse"); return }
        #expect(m.sprites[2].frames[1].clipPath?.elements.count == 5)
        #expect(m.sprites[3].frames[0].shapes[0].style?.fill == Color(r: 1, g: 1, b: 0, a: 1))  // 0…255 read as such
    }

    @Test("all three containers render alike", arguments: [0, 1, 2, 3])
    func twins(_ frame: Int) throws {
        let renders = try Self.containers.map {
            try SVGARenderer(movie: SVGAReader.read(bytes: $0.1(), name: $0.0)).render(
                frame: frame, size: PixelSize(width: 100, height: 100))
        }
        #expect(renders[0] == renders[1])
        #expect(renders[0] == renders[2])
    }

    @Test(
        "bad input names the file and the part",
        arguments: [
            ("empty", [UInt8](), "empty"),
            ("text", Array("hello svga".utf8), "not an SVGA file"),
            (
                "cut zlib",
                {
                    let z = Deflate.zlib(Array(repeating: 7, count: 5000)); return Array(z.prefix(z.count / 2))
                }(), "zlib stream"
            ),
            ("garbage protobuf", Deflate.zlib(Array(repeating: 0xFF, count: 64)), "MovieEntity"),
        ])
    func badInput(_ name: String, _ bytes: [UInt8], _ expected: String) {
        do {
            _ = try SVGAReader.read(bytes: bytes, name: name)
            Issue.record("\(name) was accepted")
        } catch let e as InputError {
            #expect(e.localizedDescription.contains(expected), "\(e.localizedDescription)")
            #expect(e.file == name)
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test("a zip bomb stops at the inflate limit")
    func bomb() throws {
        var limits = SVGALimits()
        limits.maxInflatedBytes = 100_000
        let bomb = Deflate.zlib([UInt8](repeating: 0, count: 1_000_000))
        #expect(throws: InputError.self) { try SVGAReader.read(bytes: bomb, name: "bomb", limits: limits) }
        let zipBomb = try SVGAFixture.zip([("movie.spec", [UInt8](repeating: 0x20, count: 1_000_000))])
        do {
            _ = try SVGAReader.read(bytes: zipBomb, name: "zipbomb", limits: limits); Issue.record("accepted")
        } catch let e as InputError {
            #expect(e.localizedDescription.contains("inflate past"))
        }
    }

    @Test("ZIP entries naming folders or parents are refused; a missing movie is named")
    func zipNames() throws {
        let evil = try SVGAFixture.zip([("movie.spec", Array("{}".utf8)), ("../x.png", [1, 2, 3])])
        do { _ = try SVGAReader.read(bytes: evil, name: "evil"); Issue.record("accepted") } catch let e as InputError {
            #expect(e.localizedDescription.contains("'../x.png'"))
        }
        let empty = try SVGAFixture.zip([("readme.txt", Array("hi".utf8))])
        do { _ = try SVGAReader.read(bytes: empty, name: "nomovie"); Issue.record("accepted") } catch let e
            as InputError
        {
            #expect(e.localizedDescription.contains("neither movie.binary nor movie.spec"))
        }
    }

    @Test("absurd params and bad paths are refused with where they are")
    func params() throws {
        var e = try SVGAFixture.entity()
        e.params.viewBoxWidth = 0
        #expect(throws: InputError.self) {
            try SVGAReader.read(bytes: Deflate.zlib([UInt8](e.serializedData())), name: "zero")
        }
        e = try SVGAFixture.entity()
        e.params.frames = 1_000_000
        #expect(throws: InputError.self) {
            try SVGAReader.read(bytes: Deflate.zlib([UInt8](e.serializedData())), name: "many")
        }
        e = try SVGAFixture.entity()
        e.params.fps = 0
        #expect(throws: InputError.self) {
            try SVGAReader.read(bytes: Deflate.zlib([UInt8](e.serializedData())), name: "fps")
        }
        e = try SVGAFixture.entity()
        e.sprites[2].frames[1].clipPath = "M0 0 Q"
        do {
            _ = try SVGAReader.read(bytes: Deflate.zlib([UInt8](e.serializedData())), name: "path");
            Issue.record("accepted")
        } catch let err as InputError {
            #expect(err.localizedDescription.contains("sprite 2 'dot', frame 1"))
        }
    }

    @Test("ZIP folder entries and __MACOSX resource forks are skipped; entries naming a parent or a root are refused")
    func zipFolderEntries() throws {
        let binary = try [UInt8](SVGAFixture.entity(imagesAsNames: true).serializedData())
        let dot = try SVGAFixture.png(10, 10, (0, 255, 0, 255))
        let mac = try SVGAFixture.zip([
            ("movie.binary", binary), ("dot.png", dot), ("__MACOSX/", []), ("__MACOSX/._movie.binary", [0, 5, 22, 7]),
            ("extra/", []), ("extra/notes.txt", Array("hi".utf8)),
        ])
        let movie = try SVGAReader.read(bytes: mac, name: "mac.svga")
        let plain = try SVGAReader.read(bytes: try SVGAFixture.zipProtobuf(), name: "plain.svga")
        #expect(movie.frameCount == plain.frameCount && movie.frameCount > 0)
        for bad in ["../movie.binary", "a/../../x", "/etc/passwd", "a\\b"] {
            let zip = try SVGAFixture.zip([("movie.binary", binary), (bad, [1])])
            #expect(throws: InputError.self) { try SVGAReader.read(bytes: zip, name: "bad.svga") }
        }
    }
}
