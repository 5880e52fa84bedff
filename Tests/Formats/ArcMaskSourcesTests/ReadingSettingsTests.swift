import ArcMaskFrames
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskValues
import Testing

@testable import ArcMaskSources

/// The entry point's own setting values (`ReadingSettings.swift`) become each format's options
/// when a file is opened: a front end sets them without naming a format's types.
@Suite("reading settings")
struct ReadingSettingsTests {
    @Test("ceilings and limits become the SVG and SVGA readers' ceilings; the defaults are the readers' own")
    func ceilings() {
        let o = SourceOptions(
            limits: DecodeLimits(maxCanvasPixels: 1_000_000, maxFrames: 50),
            ceilings: FormatCeilings(
                svgaInflatedBytes: 1 << 20, svgaImagePixels: 4_000, svgaPathCommands: 300, svgFileBytes: 2_048,
                svgElements: 70))
        let svga = o.svgaLimits
        #expect(svga.maxInflatedBytes == 1 << 20 && svga.maxImagePixels == 4_000 && svga.maxPathCommands == 300)
        #expect(svga.maxFrames == 50 && svga.maxViewBoxPixels == 1_000_000)
        #expect(svga.maxSprites == SVGALimits.default.maxSprites)
        #expect(o.svgLimits == SVGLimits(maxFileBytes: 2_048, maxElements: 70, maxPixels: 1_000_000))
        #expect(SourceOptions().svgaLimits == SVGALimits.default)
        #expect(SourceOptions().svgLimits == SVGLimits.default)
    }

    @Test("an SVG over the file-size ceiling is refused before it is parsed")
    func svgCeiling() throws {
        let svg = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>"#.utf8)
        #expect(try FrameSources.open(bytes: svg, name: "a.svg").frameCount == 1)
        let o = SourceOptions(ceilings: FormatCeilings(svgFileBytes: 40))
        let refused = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: svg, name: "a.svg", options: o)
        }
        #expect(refused?.file == "a.svg")
        #expect(refused?.message.contains("40") == true, "\(refused?.message ?? "")")
    }

    @Test("an SVGA's keyed content draws as the player's own content does, and changes the picture")
    func keyedContent() throws {
        let bytes = try Samples.giftBannerSVGA()
        let red = PixelBuffer(
            width: 2, height: 2, bytes: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 4).joined()))
        var o = SourceOptions()
        o.svgaContent.setHidden(true, forKey: "ribbon")
        o.svgaContent.setText("Ada", forKey: "name")
        o.svgaContent.setImage(red, fit: .fill, forKey: "avatar")
        #expect(o.given == [.hide, .setText, .setImage])
        var content = SVGADynamicContent()
        content.setHidden(true, forKey: "ribbon")
        content.setText("Ada", forKey: "name")
        content.setImage(red, fit: .fill, forKey: "avatar")
        #expect(o.svgaDynamicContent.digest == content.digest)

        let k = Samples.giftBannerFrames - 1
        let given = try FrameSources.open(bytes: bytes, name: "gift.svga", options: o)
        let direct = try SVGAFrameSource(bytes: bytes, name: "gift.svga", content: content)
        let plain = try FrameSources.open(bytes: bytes, name: "gift.svga")
        #expect(try given.frame(at: k) == direct.frame(at: k))
        #expect(try given.frame(at: k) != plain.frame(at: k))
        // Showing a hidden key again leaves nothing set.
        o.svgaContent.setHidden(false, forKey: "ribbon")
        #expect(o.svgaContent.hidden.isEmpty && !o.given.contains(.hide))
    }

    @Test("Lottie, sequence and clip settings join the playback in each reader's options")
    func timelines() {
        var o = SourceOptions(
            limits: DecodeLimits(maxCanvasPixels: 640_000, maxFrames: 90),
            playback: Playback(range: 2...9, reverse: true, fps: 12))
        o.lottie = LottieSettings(animation: "wave", marker: "intro", strict: true)
        o.lottie.theme = "night"
        o.lottie.state = "idle"
        o.lottie.overrides.entries.append((keypath: "**.Color", value: .color([1, 0, 0])))
        o.sequence.durations = [40, 60]
        o.sequence.loops = 3
        o.sequence.allowGaps = true
        o.sequence.scale = 2
        o.clip = ClipCut(start: 1.5, duration: 2)
        o.vocabulary = InputVocabulary([.marker: "--marker"])

        let l = o.lottieOptions
        #expect(l.animation == "wave" && l.marker == "intro" && l.strict && l.theme == "night" && l.state == "idle")
        #expect(l.range == 2...9 && l.reverse && l.fps == 12)
        #expect(l.limits.maxFrames == 90 && l.maxPixels == 640_000 && l.overrides == o.lottie.overrides)
        #expect(l.vocabulary.name(.marker) == "--marker")

        let s = o.sequenceOptions
        #expect(s.durations == [40, 60] && s.loops == 3 && s.allowGaps && s.scale == 2)
        #expect(s.range == 2...9 && s.reverse && s.fps == 12)
        // Without a rate the sequence keeps its own default.
        #expect(SourceOptions().sequenceOptions == SequenceOptions())

        let v = o.videoOptions
        #expect(v.start == 1.5 && v.duration == 2 && v.fps == 12)
    }
}
