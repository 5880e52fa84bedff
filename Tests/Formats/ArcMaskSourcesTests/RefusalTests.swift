import ArcMaskAPNG
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskValues
import ArcMaskVideo
import ArcMaskWebP
import Foundation
import Testing

@testable import ArcMaskSources

/// A file of each format, as `FrameSources` reads it from bytes.
enum FormatSamples {
    static func video(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ArcMaskVideoTests/Fixtures/\(name)").standardized
        return try [UInt8](Data(contentsOf: url))
    }

    static let lottie = Array(
        #"{"v":"5.7.0","fr":10,"ip":0,"op":4,"w":8,"h":8,"layers":[{"ty":4,"ip":0,"op":4,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[4,4]},"s":{"a":0,"k":[6,6]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#
            .utf8)

    static func gif() throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try TestPattern.writeGIF(to: url, size: PixelSize(width: 8, height: 8), frames: 3, delays: [10])
        return try [UInt8](Data(contentsOf: url))
    }

    /// Every format read from bytes, with a file of it and the name it goes by.
    static func all() throws -> [(format: any FrameFormat.Type, bytes: [UInt8], name: String)] {
        let png = try PNG.encode(
            PixelBuffer(width: 2, height: 2, bytes: [UInt8](repeating: 200, count: 16)), compression: .fast)
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"/>"#.utf8)
        // A WebP's container is all the refusal reads: RIFF, a size, WEBP, a VP8L chunk.
        let webp =
            Array("RIFF".utf8) + [26, 0, 0, 0] + Array("WEBPVP8L".utf8) + [13, 0, 0, 0, 0x2F, 1, 0, 0, 0, 0]
            + [UInt8](repeating: 0, count: 8)
        return [
            (GIFFormat.self, try gif(), "a.gif"), (APNGFormat.self, png, "a.png"), (WebPFormat.self, webp, "a.webp"),
            (SVGFormat.self, svg, "a.svg"), (SVGAFormat.self, try Samples.giftBannerSVGA(), "a.svga"),
            (LottieFormat.self, lottie, "a.json"), (AVIFFormat.self, try video("two.avif"), "a.avif"),
            (VideoFormat.self, try video("gray.mp4"), "a.mp4"),
        ]
    }
}

/// `SourceOptions` with `setting` given and every other at its default.
func giving(_ setting: InputSetting) -> SourceOptions {
    var o = SourceOptions()
    switch setting {
    case .range: o.playback.range = 0...1
    case .reverse: o.playback.reverse = true
    case .framesPerSecond: o.playback.fps = 10
    case .setImage: o.svgaContent.setImage(PixelBuffer(width: 1, height: 1, bytes: [0, 0, 0, 255]), forKey: "k")
    case .setText: o.svgaContent.setText("hi", forKey: "k")
    case .hide: o.svgaContent.setHidden(true, forKey: "k")
    case .start: o.clip.start = 0.1
    case .length: o.clip.duration = 0.5
    case .durations: o.sequence.durations = [100]
    case .loops: o.sequence.loops = 2
    case .allowGaps: o.sequence.allowGaps = true
    case .animation: o.lottie.animation = "a"
    case .marker: o.lottie.marker = "m"
    case .strict: o.lottie.strict = true
    case .setColor: o.lottie.overrides.entries.append((keypath: "**", value: .opacity(50)))
    case .theme: o.lottie.theme = "t"
    case .state: o.lottie.state = "s"
    case .maxPixels, .maxFrames, .maxDecodedBytes, .maxSVGBytes, .maxSVGElements: break
    }
    return o
}

/// The reading settings (the ceilings are never refused).
let readingSettings = InputSetting.allCases.filter {
    ![.maxPixels, .maxFrames, .maxDecodedBytes, .maxSVGBytes, .maxSVGElements].contains($0)
}

@Suite("One refusal of the settings a kind of input does not take")
struct RefusalTests {
    @Test("each reading setting is given exactly when set, and ceilings never count")
    func given() {
        for setting in readingSettings { #expect(giving(setting).given == [setting], "\(setting)") }
        #expect(SourceOptions(limits: DecodeLimits(maxFrames: 2)).given.isEmpty)
    }

    @Test("every format refuses what it does not take, alike from bytes and from a path, and takes the rest")
    func everyFormat() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("refusals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var refusals = 0
        for (format, bytes, name) in try FormatSamples.all() {
            let path = dir.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try FrameSources.format(of: FileReader(bytes: bytes, name: name), name: name) == format)
            for setting in readingSettings {
                let options = giving(setting)
                guard !format.honours.contains(setting) else {
                    // Taken: never refused as a setting (the file itself may still be refused).
                    #expect(throws: Never.self) { try options.refuseSettings(unhonouredBy: format, file: path) }
                    continue
                }
                let fromBytes = #expect(throws: InputError.self) {
                    _ = try FrameSources.open(bytes: bytes, name: path, options: options)
                }
                let fromPath = #expect(throws: InputError.self) {
                    _ = try FrameSources.open(path: path, options: options)
                }
                #expect(fromBytes?.problem == fromPath?.problem, "\(format.name), \(setting)")
                #expect(fromBytes?.problem.contains(format.inputs) == true, "\(fromBytes?.problem ?? "")")
                refusals += 1
            }
        }
        #expect(refusals >= 90)
    }

    @Test(
        "the words: the settings refused together, and who takes them",
        arguments: [
            (
                InputSetting.loops, GIFFormat.self as any ReadingFormat.Type,
                "a loop count applies to image sequences, not to GIF files"
            ),
            (.setText, SVGFormat.self, "text by key applies to SVGA files, not to SVG files"),
            (.start, LottieFormat.self, "a start applies to AVIF files and video clips, not to Lottie files"),
            (
                .reverse, VideoFormat.self,
                "reversal applies to every input but AVIF files and video clips"
            ),
        ])
    func words(setting: InputSetting, format: any ReadingFormat.Type, problem: String) throws {
        let refused = #expect(throws: InputError.self) {
            try giving(setting).refuseSettings(unhonouredBy: format, file: "f")
        }
        #expect(refused?.problem == problem)
    }

    @Test("the front end's names, and several settings refused at once")
    func named() throws {
        var options = giving(.start)
        options.clip.duration = 1
        options.vocabulary = InputVocabulary([.start: "--start", .length: "--length"])
        let refused = #expect(throws: InputError.self) {
            try options.refuseSettings(unhonouredBy: SequenceFormat.self, file: "f")
        }
        #expect(refused?.problem == "--start and --length apply to AVIF files and video clips, not to image sequences")
    }

    @Test("a command that reads one format opens only that format, and refuses the rest by what they hold")
    func oneFormat() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("one-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gif = dir.appendingPathComponent("a.svga").path
        try Data(try FormatSamples.gif()).write(to: URL(fileURLWithPath: gif))
        let refused = #expect(throws: InputError.self) { _ = try FrameSources.open(path: gif, as: SVGAFormat.self) }
        #expect(refused?.problem == "holds GIF, not SVGA")
        let svga = dir.appendingPathComponent("gift.svga").path
        try Data(try Samples.giftBannerSVGA()).write(to: URL(fileURLWithPath: svga))
        #expect(try FrameSources.open(path: svga, as: SVGAFormat.self).frameCount == Samples.giftBannerFrames)
        // By name, for a front end that imports no format module: the same answers.
        let byName = #expect(throws: InputError.self) { _ = try FrameSources.open(path: gif, asFormatNamed: "SVGA") }
        #expect(byName?.problem == "holds GIF, not SVGA")
        #expect(try FrameSources.open(path: svga, asFormatNamed: "SVGA").frameCount == Samples.giftBannerFrames)
        let unknown = #expect(throws: InputError.self) { _ = try FrameSources.open(path: svga, asFormatNamed: "Flash") }
        #expect(unknown?.problem == "cannot be read as Flash: arcmask reads no format of that name")
    }

    @Test("each source can do no more than its format declares")
    func capabilitiesWithinFormat() throws {
        for (format, bytes, name) in try FormatSamples.all() where format != WebPFormat.self {
            let source = try FrameSources.open(bytes: bytes, name: name)
            #expect(source.capabilities.isSubset(of: format.capabilities), "\(format.name)")
            // All of it, but for AVIF: libavif's sources save no canvases; FFmpeg's, its fallback, do.
            if format != AVIFFormat.self { #expect(source.capabilities == format.capabilities, "\(format.name)") }
        }
    }
}
