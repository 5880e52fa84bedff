import ArcMaskFrames
import ArcMaskIO
import ArcMaskLottie
import ArcMaskValues
import ArcMaskZIP
import Foundation
import Testing
import ZIPFoundation

@testable import ArcMaskLottieRender

@Suite struct LottieFrameSourceTests {
    static let square =
        #"{"ty":"gr","it":[{"ty":"rc","d":1,"p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[10,0]}]}}]}"#

    static func json(extra: String = "") -> [UInt8] {
        Array(
            #"{"v":"5.7.0","nm":"test","fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"nm":"Square","ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(square)]}]\#(extra)}"#
                .utf8)
    }

    /// gzip (RFC 1952) of `bytes`, from a zlib stream: the deflate data between its header and
    /// Adler-32, with gzip's header and CRC-32/size trailer.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        let z = Deflate.zlib(bytes)
        let raw = z[2..<(z.count - 4)]
        let crc = crc32(bytes)
        let size = UInt32(bytes.count)
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += raw
        for v in [crc, size] { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        return out
    }

    static func zip(_ files: [(String, [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(accessMode: .create)
        for (name, bytes) in files {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
            ) {
                position, size in Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        return [UInt8](archive.data!)
    }

    @Test func framesAreDrawnAtTheirTimes() throws {
        let source = try LottieFrameSource(bytes: Self.json(), name: "t.json")
        #expect(source.frameCount == 10)
        #expect(source.duration(at: 0) == 100)
        #expect(source.times == (0..<10).map(Double.init))
        let first = try source.frame(at: 0)
        func pixel(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
            Array(image.bytes[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
        }
        #expect(pixel(first, 50, 50) == [255, 0, 0, 255])
        #expect(pixel(first, 31, 50) == [255, 0, 0, 255])
        #expect(pixel(first, 10, 10) == [0, 0, 0, 0])
        // By frame 5 the group has moved 5 px right.
        let moved = try source.frame(at: 5)
        #expect(pixel(moved, 31, 50) == [0, 0, 0, 0])
        #expect(pixel(moved, 74, 50) == [255, 0, 0, 255])
        // At another size, fitted and centred.
        let big = try source.frame(at: 0, size: PixelSize(width: 400, height: 200), fit: .fit)
        #expect(pixel(big, 200, 100) == [255, 0, 0, 255])
        #expect(pixel(big, 50, 100) == [0, 0, 0, 0])
    }

    @Test func rangesReversalRatesAndMarkers() throws {
        let markers = #","markers":[{"cm":"intro","tm":2,"dr":4}]"#
        var options = LottieOptions(marker: "intro")
        let intro = try LottieFrameSource(bytes: Self.json(extra: markers), name: "t.json", options: options)
        #expect(intro.times == [2, 3, 4, 5])
        options = LottieOptions(range: 1...3, reverse: true, fps: 20)
        let resampled = try LottieFrameSource(bytes: Self.json(), name: "t.json", options: options)
        #expect(resampled.times == [3, 3, 2, 2, 1, 1])
        #expect(resampled.duration(at: 0) == 50)
        #expect(throws: InputError.self) {
            try LottieFrameSource(
                bytes: Self.json(extra: markers), name: "t.json", options: LottieOptions(marker: "outro"))
        }
    }

    @Test func stickersAndDotLottiesAreReadFromTheirContainers() throws {
        let sticker = try LottieFrameSource(bytes: Self.gzip(Self.json()), name: "t.tgs")
        #expect(sticker.container.kind == .sticker)
        #expect(sticker.frameCount == 10)
        let manifest = Array(#"{"version":"1","animations":[{"id":"a"},{"id":"b"}],"activeAnimationId":"b"}"#.utf8)
        let bytes = try Self.zip([
            ("manifest.json", manifest), ("animations/a.json", Self.json()), ("animations/b.json", Self.json()),
        ])
        let dot = try LottieFrameSource(bytes: bytes, name: "t.lottie")
        #expect(dot.container.animationIDs == ["a", "b"])
        #expect(dot.container.animationID == "b")
        let chosen = try LottieFrameSource(bytes: bytes, name: "t.lottie", options: LottieOptions(animation: "a"))
        #expect(chosen.container.animationID == "a")
        #expect(throws: InputError.self) {
            try LottieFrameSource(bytes: bytes, name: "t.lottie", options: LottieOptions(animation: "zz"))
        }
        // A sticker that inflates past the limit is refused before it is read.
        var limits = LottieLimits()
        limits.maxJSONBytes = 100
        #expect(throws: InputError.self) {
            try LottieFrameSource(bytes: Self.gzip(Self.json()), name: "t.tgs", options: LottieOptions(limits: limits))
        }
    }

    @Test func aFrameOverThePixelLimitIsRefusedBeforeItIsDrawn() throws {
        var options = LottieOptions()
        options.maxPixels = 5_000
        let source = try LottieFrameSource(bytes: Self.json(), name: "t.json", options: options)
        #expect(throws: InputError.self) { try source.frame(at: 0) }
        #expect(try source.frame(at: 0, size: PixelSize(width: 50, height: 50), fit: .fit).width == 50)
    }

    @Test func imagesOutsideTheAnimationsFolderAreNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = #","assets":[{"id":"img","w":10,"h":10,"u":"../","p":"secret.png"}]"#
        let source = try LottieFrameSource(bytes: Self.json(extra: assets), name: "t.json", directory: folder)
        #expect(source.warnings.contains { $0.contains("lies outside the animation's folder") })
        #expect(throws: InputError.self) {
            try LottieFrameSource(
                bytes: Self.json(extra: assets), name: "t.json", directory: folder, options: LottieOptions(strict: true)
            )
        }
    }
}

@Suite struct LottieCacheTests {
    @Test func cachedFramesAreKeyedByTheTimeTheyShow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = RenderCache(directory: folder)
        let all = try LottieFrameSource(bytes: LottieFrameSourceTests.json(), name: "t.json", cache: cache)
        let late = try LottieFrameSource(
            bytes: LottieFrameSourceTests.json(), name: "t.json", options: LottieOptions(range: 5...9), cache: cache)
        // Frame 0 of the whole animation is cached first; frame 0 of the range (time 5) differs.
        let first = try all.frame(at: 0)
        let shifted = try late.frame(at: 0)
        #expect(first != shifted)
        #expect(shifted == (try all.frame(at: 5)))
    }
}
