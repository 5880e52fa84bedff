import ArcMaskCairo
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLottie
@testable import ArcMaskLottieRender

/// Whether this machine draws as the one the digests were pinned on.
private let pinnedHere: Bool = {
    #if os(Linux)
    let release = (try? String(contentsOfFile: "/etc/debian_version", encoding: .utf8)) ?? ""
    return release.hasPrefix("12.")
        && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    #else
    false
    #endif
}()

/// Frames pinned to the byte: each digest is FNV-1a over the frame's rows (premultiplied ARGB as
/// cairo keeps it). A change that moves one pixel of one of them draws differently, and must
/// bump `LottieRenderer.revision` with a new digest.
///
/// The pins are taken with Debian 12's cairo, pixman and DejaVu fonts, where CI runs: other
/// versions antialias and set text their own way, so elsewhere the suite does not run.
@Suite("frames drawn to the byte", .enabled(if: pinnedHere))
struct RenderDigestTests {

    // MARK: Documents

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0) -> String {
        #"{"ty":"rc","d":1,"p":{"a":0,"k":[\#(x + w / 2),\#(y + h / 2)]},"s":{"a":0,"k":[\#(w),\#(h)]},"r":{"a":0,"k":\#(radius)}}"#
    }

    static func ellipse(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double) -> String {
        #"{"ty":"el","d":1,"p":{"a":0,"k":[\#(cx),\#(cy)]},"s":{"a":0,"k":[\#(w),\#(h)]}}"#
    }

    static func fill(_ rgb: String, opacity: Double = 100, blend: Int = 0) -> String {
        #"{"ty":"fl","c":{"a":0,"k":[\#(rgb),1]},"o":{"a":0,"k":\#(opacity)},"bm":\#(blend)}"#
    }

    static func group(_ items: [String]) -> String {
        #"{"ty":"gr","it":[\#((items + [#"{"ty":"tr"}"#]).joined(separator: ","))]}"#
    }

    static func layer(_ ind: Int, _ shapes: [String], extra: String = "") -> String {
        #"{"ty":4,"ind":\#(ind),"ip":0,"op":10,"st":0,"ks":{},"shapes":[\#(shapes.joined(separator: ","))]\#(extra)}"#
    }

    static func mask(_ points: [(Double, Double)], bulge: Double, inverted: Bool = false) -> String {
        let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        let i = points.map { _ in "[\(-bulge),\(bulge)]" }.joined(separator: ",")
        let o = points.map { _ in "[\(bulge),\(-bulge)]" }.joined(separator: ",")
        return
            #"{"mode":"a","inv":\#(inverted),"pt":{"a":0,"k":{"v":[\#(v)],"i":[\#(i)],"o":[\#(o)],"c":true}},"o":{"a":0,"k":100}}"#
    }

    static func document(_ layers: [String], extra: String = "") -> [UInt8] {
        Array(
            #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[\#(layers.joined(separator: ","))]\#(extra)}"#
                .utf8)
    }

    static let background = layer(9, [group([rect(0, 0, 100, 100), fill("0.85,0.9,0.8")])])

    /// A matte of two colours at two opacities (alpha and luma gate differently) over content
    /// with a rounded corner, its layer index 2.
    static let matte = layer(
        1,
        [
            group([ellipse(45, 50, 70, 60), fill("1,0.6,0.2", opacity: 80)]),
            group([rect(10, 55, 80, 30), fill("0.1,0.3,0.9", opacity: 50)]),
        ], extra: #","td":1"#)

    static func content(_ mode: Int) -> String {
        layer(
            2,
            [
                group([rect(20, 15, 60, 45, radius: 12), fill("0.9,0.1,0.2")]),
                group([ellipse(60, 70, 50, 40), fill("0.2,0.8,0.3", opacity: 70)]),
            ], extra: #","tt":\#(mode)"#)
    }

    static func matted(_ mode: Int) -> [UInt8] { document([matte, content(mode), background]) }

    /// The matte pair inside a precomposition at half opacity, over a backdrop it fades.
    static func precomposed(_ mode: Int) -> [UInt8] {
        let pre = #"{"ty":0,"refId":"pc","ind":1,"ip":0,"op":10,"st":0,"w":100,"h":100,"ks":{"o":{"a":0,"k":50}}}"#
        return document(
            [pre, background],
            extra: #","assets":[{"id":"pc","layers":[\#(matte),\#(content(mode))]}]"#)
    }

    /// Layers in modes the rasterizer draws (multiply) and those cairo draws (colour burn,
    /// saturation), over a backdrop.
    static let blended = document([
        layer(1, [group([ellipse(50, 50, 60, 60), fill("0.2,0.4,1", opacity: 90, blend: 7)])], extra: #","bm":7"#),
        layer(2, [group([rect(5, 5, 60, 60), fill("1,0.5,0", opacity: 80)])], extra: #","bm":1"#),
        layer(3, [group([rect(40, 40, 55, 55), fill("0,0.7,0.3")])], extra: #","bm":13"#),
        background,
    ])

    /// A masked shape layer (one mask inverted) inside a masked precomposition, and a masked
    /// solid: clips nested in clips, with curved edges.
    static let masked: [UInt8] = {
        let inner = layer(
            1,
            [
                group([rect(0, 0, 100, 100), fill("0.7,0.1,0.6")]),
                group([ellipse(50, 50, 30, 30), fill("1,1,0.2")]),
            ],
            extra:
                #","hasMask":true,"masksProperties":[\#(mask([(10, 10), (90, 20), (80, 90), (15, 80)], bulge: 12)),\#(mask([(40, 40), (60, 40), (60, 60), (40, 60)], bulge: 0, inverted: true))]"#
        )
        let solid =
            ##"{"ty":1,"ind":2,"ip":0,"op":10,"st":0,"ks":{},"sc":"#3366cc","sw":100,"sh":100,"hasMask":true,"masksProperties":[\##(mask([(0, 60), (50, 100), (0, 100)], bulge: 5))]}"##
        let pre =
            #"{"ty":0,"refId":"pc","ind":1,"ip":0,"op":10,"st":0,"w":100,"h":100,"ks":{},"hasMask":true,"masksProperties":[\#(mask([(5, 5), (95, 5), (95, 95), (5, 95)], bulge: 20))]}"#
        return document([pre, background], extra: #","assets":[{"id":"pc","layers":[\#(inner),\#(solid)]}]"#)
    }()

    /// A dashed linear-gradient stroke, a radial-gradient fill, and solid strokes with and
    /// without dashes.
    static let gradients: [UInt8] = {
        let stops = #""g":{"p":3,"k":{"a":0,"k":[0,1,0,0,0.5,0,1,0,1,0,0,1]}}"#
        let stroke =
            #"{"ty":"gs","o":{"a":0,"k":100},"w":{"a":0,"k":7},\#(stops),"s":{"a":0,"k":[10,10]},"e":{"a":0,"k":[90,90]},"t":1,"lc":2,"lj":1,"ml":4,"d":[{"n":"d","v":{"a":0,"k":9}},{"n":"g","v":{"a":0,"k":5}}]}"#
        let radial =
            #"{"ty":"gf","o":{"a":0,"k":90},"r":1,\#(stops),"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[80,50]},"t":2,"h":{"a":0,"k":30},"a":{"a":0,"k":20}}"#
        let solid =
            #"{"ty":"st","c":{"a":0,"k":[0.1,0.1,0.1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":1,"lj":1,"ml":4}"#
        let dashed =
            #"{"ty":"st","c":{"a":0,"k":[0.9,0.2,0.1,1]},"o":{"a":0,"k":60},"w":{"a":0,"k":4},"lc":3,"lj":3,"ml":4,"d":[{"n":"d","v":{"a":0,"k":6}},{"n":"g","v":{"a":0,"k":3}},{"n":"o","v":{"a":0,"k":2}}]}"#
        return document([
            layer(1, [group([ellipse(50, 50, 70, 50), stroke])]),
            layer(2, [group([rect(15, 15, 70, 70, radius: 8), radial, solid])]),
            layer(3, [group([ellipse(50, 50, 86, 86), dashed])]),
            background,
        ])
    }()

    /// Two lines of text in an installed font, centred.
    static let text: [UInt8] = {
        let run =
            #"{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[50,45]}},"t":{"d":{"k":[{"t":0,"s":{"s":22,"f":"Sans","t":"Ab\rcd","j":2,"tr":0,"lh":26,"ls":0,"fc":[0.1,0.2,0.8]}}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}"#
        return document(
            [run, background],
            extra: #","fonts":{"list":[{"fName":"Sans","fFamily":"DejaVu Sans","fStyle":"Book","ascent":70}]}"#)
    }()

    /// An image asset 160 px square drawn at a fifth of its size (from a halved copy) and at
    /// full size, half transparent.
    static let image = document(
        [
            #"{"ty":2,"refId":"img","ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[20,20]}}}"#,
            #"{"ty":2,"refId":"img","ind":2,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[40,40]},"s":{"a":0,"k":[50,50]},"o":{"a":0,"k":50}}}"#,
            background,
        ], extra: #","assets":[{"id":"img","w":160,"h":160,"u":"","p":"img.png"}]"#)

    /// A 160 px checker of four colours, premultiplied, some pixels translucent.
    static func checker() throws -> Surface {
        let s = try Surface(width: 160, height: 160)
        s.flush()
        for y in 0..<160 {
            let row = UnsafeMutableRawPointer(s.data + y * s.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<160 {
                let k = (x / 10 + y / 10) % 4
                row[x] = [0xFFE0_3020, 0xFF20_C040, 0x8010_1070, 0xFFF0_F0F0][k]
            }
        }
        s.markDirty()
        return s
    }

    // MARK: Commands the evaluator does not make on its own

    static func square(_ x: Double, _ y: Double, _ side: Double) -> BezierPath {
        BezierPath(
            vertices: [Vec2(x, y), Vec2(x + side, y), Vec2(x + side, y + side), Vec2(x, y + side)], closed: true)
    }

    static func solid(_ path: BezierPath, _ r: Double, _ g: Double, _ b: Double, alpha: Double = 1) -> DrawCommand {
        .fill(
            paths: [path], paint: .color(r: r, g: g, b: b, a: 1), evenOdd: false, alpha: alpha, blend: .normal,
            transform: .identity)
    }

    /// A matte in each mode inside a group blended by multiply (drawn apart from the frame), a
    /// matte at 0.6 inside it, and a collapsed transform that draws nothing.
    static let grouped: [DrawCommand] = {
        let backdrop = solid(square(0, 0, 100), 0.9, 0.85, 0.7)
        var inner: [DrawCommand] = []
        for (k, mode) in [MatteMode.alpha, .alphaInverted, .luma, .lumaInverted].enumerated() {
            let x = Double(k) * 25
            inner.append(
                .matted(
                    mode: mode, matte: [solid(square(x + 4, 8, 14), 0.3, 0.9, 0.4, alpha: 0.7)],
                    content: [solid(square(x, 4, 20), 0.8, 0.1, 0.3)], alpha: 1))
        }
        inner.append(
            .matted(
                mode: .luma, matte: [solid(square(20, 50, 50), 1, 1, 1, alpha: 0.8)],
                content: [solid(square(10, 40, 50), 0.1, 0.3, 0.9)], alpha: 0.6))
        inner.append(
            .fill(
                paths: [square(0, 0, 100)], paint: .color(r: 0, g: 0, b: 0, a: 1), evenOdd: false, alpha: 1,
                blend: .normal, transform: Affine(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)))
        return [backdrop, .blended(blend: .multiply, commands: inner)]
    }()

    /// A matte whose content is clipped and holds another matte, all inside a clip.
    static let nestedMattes: [DrawCommand] = {
        let clip = ClipPath(paths: [square(5, 5, 90)], transform: .identity)
        let innerClip = ClipPath(paths: [square(30, 0, 40)], transform: .translate(0, 10))
        let innerMatte = DrawCommand.matted(
            mode: .alphaInverted, matte: [solid(square(40, 40, 20), 0, 0, 0)],
            content: [solid(square(20, 20, 60), 0.2, 0.6, 0.9)], alpha: 1)
        return [
            solid(square(0, 0, 100), 0.95, 0.95, 0.9),
            .clipped(
                clip: [clip],
                commands: [
                    .matted(
                        mode: .alpha, matte: [solid(square(15, 15, 70), 1, 1, 1, alpha: 0.9)],
                        content: [.clipped(clip: [innerClip], commands: [innerMatte])], alpha: 1)
                ]),
        ]
    }()

    // MARK: Digests

    static func digest(_ surface: Surface) -> (digest: UInt64, drawn: Int) {
        surface.flush()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(surface.width * surface.height * 4)
        var drawn = 0
        for y in 0..<surface.height {
            let row = surface.data + y * surface.stride
            bytes.append(contentsOf: UnsafeBufferPointer(start: row, count: surface.width * 4))
            for x in 0..<surface.width where row[x * 4 + 3] != 0 { drawn += 1 }
        }
        return (FNV1a.hash(bytes), drawn)
    }

    static let size = PixelSize(width: 120, height: 90)

    static func frame(_ bytes: [UInt8], images: [String: Surface] = [:]) throws -> (digest: UInt64, drawn: Int) {
        let renderer = LottieRenderer(try LottieAnimation.decode(bytes), images: images)
        return digest(try renderer.render(time: 0, size: size, fit: .fit))
    }

    static func frame(_ commands: [DrawCommand]) throws -> (digest: UInt64, drawn: Int) {
        let animation = try LottieAnimation.decode(document([background]))
        return digest(try LottieRenderer(animation).render(commands, size: size, fit: .fill))
    }

    /// Every frame is pinned, and each draws more than the backdrop: a digest of nothing
    /// drawn pins nothing.
    func check(_ frame: (digest: UInt64, drawn: Int), _ expected: UInt64, _ name: String) throws {
        let backdrop = try Self.frame(Self.document([Self.background]))
        #expect(frame.drawn > 0 && frame.digest != backdrop.digest, "\(name): nothing drawn")
        #expect(frame.digest == expected, "\(name): 0x\(String(frame.digest, radix: 16))")
    }

    @Test(
        "a matte in each mode",
        arguments: [
            (1, 0x30b2_953b_b9b9_ccf7 as UInt64), (2, 0x6e41_69ef_175e_1cbc), (3, 0xdf35_836e_9d16_0172),
            (4, 0x9444_b7db_4eeb_fb92),
        ])
    func mattes(mode: Int, expected: UInt64) throws {
        try check(try Self.frame(Self.matted(mode)), expected, "mode \(mode)")
    }

    @Test(
        "a matte inside a precomposition at half opacity",
        arguments: [(1, 0xe7b1_c715_cce5_edec as UInt64), (3, 0x62d5_6fe0_dd22_66d7)])
    func translucentMattes(mode: Int, expected: UInt64) throws {
        try check(try Self.frame(Self.precomposed(mode)), expected, "mode \(mode)")
    }

    @Test("layers blended in modes the rasterizer and cairo draw")
    func blendModes() throws {
        try check(try Self.frame(Self.blended), 0x22c6_2413_f780_ce9b, "blended")
    }

    @Test("masks nested in masks")
    func nestedClips() throws {
        try check(try Self.frame(Self.masked), 0xb044_1640_1739_7324, "masked")
    }

    @Test("gradient and dashed strokes, a radial fill")
    func strokes() throws {
        try check(try Self.frame(Self.gradients), 0x7312_250d_e694_ee05, "gradients")
    }

    @Test("text in an installed font")
    func text() throws {
        try check(try Self.frame(Self.text), 0x6352_6c44_a521_fef3, "text")
    }

    @Test("an image drawn small from a halved copy, and translucent")
    func images() throws {
        try check(try Self.frame(Self.image, images: ["img": Self.checker()]), 0xf9e4_a45d_b808_fa96, "image")
    }

    @Test("mattes in a blended group, translucent, beside a collapsed transform")
    func groupedMattes() throws {
        try check(try Self.frame(Self.grouped), 0x52fb_1a81_85f6_0a0b, "grouped")
    }

    @Test("a matte holding a clipped matte, inside a clip")
    func nested() throws {
        try check(try Self.frame(Self.nestedMattes), 0x905d_eca5_9bea_b1a5, "nested")
    }
}
