import ArcMaskLottieCanvas
import ArcMaskRaster
import ArcMaskValues
import Testing

@testable import ArcMaskLottie

/// A canvas that writes down what it is asked to do, and draws solid fills with the rasterizer
/// into pixels of its own (premultiplied, alpha in the top byte), so that mattes can be checked
/// to the pixel.
final class RecordingCanvas: LottieCanvas {
    /// What every canvas of one frame was asked, in order: "name: what".
    final class Log {
        var events: [String] = []
        var made = 0
    }

    let width: Int
    let height: Int
    let rasterizer: Rasterizer
    let name: String
    let log: Log
    /// Whether a matte may be painted straight in (outside groups).
    let writable: Bool
    var pixelsBuffer: [UInt32]
    private(set) var drawn: PixelBox?
    private var clips: [ClipMask?] = []
    private var groups = 0
    /// The transforms fills and strokes arrived with.
    var transforms: [Affine] = []

    init(
        width: Int, height: Int, writable: Bool = true, name: String = "frame", log: Log = Log(),
        raster: Rasterizer? = nil
    ) {
        self.width = width
        self.height = height
        self.writable = writable
        self.name = name
        self.log = log
        rasterizer = raster ?? Rasterizer(width: width, height: height)
        pixelsBuffer = Array(repeating: 0, count: width * height)
    }

    func record(_ what: String) { log.events.append("\(name): \(what)") }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixelsBuffer[y * width + x] }

    static func path(_ paths: [BezierPath]) -> RasterPath {
        var out = RasterPath()
        for p in paths {
            p.forEachElement(
                move: { out.move(to: $0.x, $0.y) }, line: { out.line(to: $0.x, $0.y) },
                curve: { out.curve($0.x, $0.y, $1.x, $1.y, $2.x, $2.y) }, close: { out.close() })
        }
        return out
    }

    func fill(
        _ paths: [BezierPath], _ paint: Paint, evenOdd: Bool, alpha: Double, blend: BlendMode, transform: Affine
    ) throws {
        record("fill \(blend)")
        transforms.append(transform)
        guard case .color(let r, let g, let b, let a) = paint else { return }
        pixelsBuffer.withUnsafeMutableBytes { p in
            rasterizer.fill(
                Self.path(paths), transform: transform, evenOdd: evenOdd,
                color: SolidColor(r: r, g: g, b: b, a: a * alpha), clip: clips.last ?? nil,
                into: PixelTarget(
                    data: p.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height,
                    stride: width * 4))
        }
        if let b = rasterizer.lastBounds { drawn = drawn.map { $0.union(PixelBox(b)) } ?? PixelBox(b) }
    }

    func stroke(
        _ paths: [BezierPath], _ paint: Paint, _ stroke: StrokeParameters, alpha: Double, blend: BlendMode,
        transform: Affine
    ) throws {
        record("stroke")
        transforms.append(transform)
    }

    func image(_ id: String, width: Double, height: Double, alpha: Double, blend: BlendMode, transform: Affine) throws {
        record("image \(id)")
    }

    func text(_ run: TextRun, transform: Affine) throws { record("text") }

    func pushClip(_ clip: [ClipPath]) throws {
        record("clip \(clip.count)")
        transforms.append(clip[0].transform)
        clips.append(rasterizer.clip(clip.map { (Self.path($0.paths), $0.transform) }, within: clips.last ?? nil))
    }

    func popClip() {
        record("pop clip")
        clips.removeLast()
    }

    func beginGroup(blend: BlendMode) throws {
        record("group \(blend)")
        groups += 1
    }

    func endGroup() throws {
        record("end group")
        groups -= 1
    }

    func offscreen() throws -> RecordingCanvas {
        log.made += 1
        record("offscreen \(log.made)")
        return RecordingCanvas(
            width: width, height: height, writable: true, name: "offscreen \(log.made)", log: log, raster: rasterizer)
    }

    func recycle(_ canvas: RecordingCanvas) { record("recycle \(canvas.name)") }

    /// Read by the rasterizer while the canvas lives: the array's storage does not move while
    /// nothing is appended to it.
    func pixels() throws -> PixelTarget {
        pixelsBuffer.withUnsafeMutableBytes { p in
            PixelTarget(
                data: p.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height,
                stride: width * 4)
        }
    }

    func directTarget() throws -> (target: PixelTarget, clip: ClipMask?)? {
        guard writable, groups == 0 else { return nil }
        record("direct")
        return (try pixels(), clips.last ?? nil)
    }

    func didWrite(_ box: PixelBox) {
        record("wrote \(box.x0),\(box.y0),\(box.x1),\(box.y1)")
        drawn = drawn.map { $0.union(box) } ?? box
    }

    func composite(_ layer: RecordingCanvas, box: PixelBox, alpha: Double) throws {
        record("composite \(layer.name) \(box.x0),\(box.y0),\(box.x1),\(box.y1) at \(alpha)")
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 where layer.pixel(x, y) != 0 { pixelsBuffer[y * width + x] = layer.pixel(x, y) }
        }
    }
}

@Suite("one reading of Lottie's draw commands")
struct LottieDrawingTests {
    static func square(_ x: Double, _ y: Double, _ side: Double) -> BezierPath {
        BezierPath(
            vertices: [Vec2(x, y), Vec2(x + side, y), Vec2(x + side, y + side), Vec2(x, y + side)], closed: true)
    }

    static func fill(
        _ path: BezierPath, _ r: Double, _ g: Double, _ b: Double, transform: Affine = .identity
    )
        -> DrawCommand
    {
        .fill(
            paths: [path], paint: .color(r: r, g: g, b: b, a: 1), evenOdd: false, alpha: 1, blend: .normal,
            transform: transform)
    }

    static let collapsed = Affine(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 0)

    @Test("clips, groups and mattes arrive in order, with the placement; collapsed transforms are skipped")
    func order() throws {
        let clip = ClipPath(paths: [Self.square(10, 10, 50)], transform: .translate(5, 0))
        let commands: [DrawCommand] = [
            Self.fill(Self.square(0, 0, 100), 1, 1, 1),
            .clipped(
                clip: [clip],
                commands: [
                    Self.fill(Self.square(0, 0, 20), 1, 0, 0),
                    .blended(blend: .multiply, commands: [Self.fill(Self.square(0, 0, 20), 0, 1, 0)]),
                ]),
            .matted(
                mode: .alpha, matte: [Self.fill(Self.square(0, 0, 30), 1, 1, 1)],
                content: [Self.fill(Self.square(10, 10, 30), 0, 0, 1)], alpha: 1),
            Self.fill(Self.square(0, 0, 10), 0, 0, 0, transform: Self.collapsed),
            .stroke(
                paths: [Self.square(0, 0, 10)], paint: .color(r: 0, g: 0, b: 0, a: 1),
                stroke: StrokeParameters(width: 1, cap: 1, join: 1, miterLimit: 4, dashes: [], dashOffset: 0), alpha: 1,
                blend: .normal, transform: Self.collapsed),
            .image(id: "i", width: 4, height: 4, alpha: 1, blend: .normal, transform: Self.collapsed),
        ]
        // A 100-unit composition on 200 px: placed at twice its size. Boxes drawn are the
        // rasterizer's, which reach one column past a shape's right edge: the matte is worked on
        // where content (20…80) and matte (0…60) were both drawn.
        let canvas = RecordingCanvas(width: 200, height: 200)
        try LottieDrawing.draw(commands, composition: (100, 100), fit: .fit, on: canvas)
        #expect(
            canvas.log.events == [
                "frame: clip 1", "frame: fill normal", "frame: clip 1", "frame: fill normal",
                "frame: group multiply", "frame: fill normal", "frame: end group", "frame: pop clip",
                "frame: offscreen 1", "offscreen 1: fill normal", "frame: offscreen 2", "offscreen 2: fill normal",
                "frame: direct", "frame: wrote 20,20,61,60", "frame: recycle offscreen 2",
                "frame: recycle offscreen 1", "frame: pop clip",
            ])
        // The frame's clip at the placement, the clip's own transform concatenated with it.
        #expect(canvas.transforms[0] == Affine.scale(2, 2))
        #expect(canvas.transforms[2] == Affine(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
    }

    @Test("a matte that cannot be painted straight in is painted on a third canvas and composited")
    func composited() throws {
        let matted = DrawCommand.matted(
            mode: .luma, matte: [Self.fill(Self.square(0, 0, 6), 1, 1, 1)],
            content: [Self.fill(Self.square(2, 2, 6), 0, 0, 1)], alpha: 1)
        let canvas = RecordingCanvas(width: 10, height: 10)
        try LottieDrawing.draw(
            [.blended(blend: .screen, commands: [matted])], composition: (10, 10), fit: .fill, on: canvas)
        #expect(
            canvas.log.events == [
                "frame: clip 1", "frame: group screen", "frame: offscreen 1", "offscreen 1: fill normal",
                "frame: offscreen 2", "offscreen 2: fill normal", "frame: offscreen 3", "offscreen 3: wrote 2,2,7,6",
                "frame: composite offscreen 3 2,2,7,6 at 1.0", "frame: recycle offscreen 3",
                "frame: recycle offscreen 2", "frame: recycle offscreen 1", "frame: end group", "frame: pop clip",
            ])
        // White's luminance, 0.3 × 3 × 255 = 229.5, lets 230/255 of the blue through where the
        // two squares meet; nothing shows elsewhere.
        #expect(canvas.pixel(3, 3) == 0xE600_00E6)
        #expect(canvas.pixel(7, 7) == 0)
        #expect(canvas.pixel(1, 1) == 0)
    }

    @Test("below full opacity the whole canvas is composited, even with nothing drawn")
    func translucent() throws {
        let canvas = RecordingCanvas(width: 10, height: 10)
        try LottieDrawing.draw(
            [.matted(mode: .alpha, matte: [], content: [], alpha: 0.5)], composition: (10, 10), fit: .fill, on: canvas)
        #expect(canvas.log.events.contains("frame: composite offscreen 3 0,0,10,10 at 0.5"))
        #expect(!canvas.log.events.contains("frame: direct"))
    }

    @Test("each matte mode gates the content by hand-worked pixels")
    func modes() throws {
        // Content: opaque red over (2,2)–(8,8). Matte: opaque black over (4,0)–(10,6), which
        // has alpha 255 and luminance 0.
        func frame(_ mode: MatteMode) throws -> RecordingCanvas {
            let canvas = RecordingCanvas(width: 10, height: 10)
            let matted = DrawCommand.matted(
                mode: mode, matte: [Self.fill(Self.square(4, 0, 6), 0, 0, 0)],
                content: [Self.fill(Self.square(2, 2, 6), 1, 0, 0)], alpha: 1)
            try LottieDrawing.draw([matted], composition: (10, 10), fit: .fill, on: canvas)
            return canvas
        }
        let red: UInt32 = 0xFFFF_0000
        // Alpha: the content inside the matte only, worked on where both were drawn (the
        // rasterizer's boxes reach one column past a shape's right edge).
        let alpha = try frame(.alpha)
        #expect(alpha.log.events.contains("frame: wrote 4,2,9,6"))
        #expect(alpha.pixel(5, 3) == red && alpha.pixel(3, 3) == 0 && alpha.pixel(5, 7) == 0)
        // Inverted alpha: the content outside it, worked on wherever the content was drawn.
        let inverted = try frame(.alphaInverted)
        #expect(inverted.log.events.contains("frame: wrote 2,2,9,8"))
        #expect(inverted.pixel(5, 3) == 0 && inverted.pixel(3, 3) == red && inverted.pixel(5, 7) == red)
        // Luma of black is 0: nothing shows; inverted luma shows all of the content.
        let luma = try frame(.luma)
        #expect(luma.pixelsBuffer.allSatisfy { $0 == 0 })
        let lumaInverted = try frame(.lumaInverted)
        #expect(lumaInverted.pixel(5, 3) == red && lumaInverted.pixel(3, 3) == red && lumaInverted.pixel(1, 1) == 0)
    }
}

@Suite("the part of a frame a matte changes")
struct MatteRegionTests {
    static let whole = PixelBox(x0: 0, y0: 0, x1: 40, y1: 30)
    static let content = PixelBox(x0: 2, y0: 3, x1: 20, y1: 15)
    static let matte = PixelBox(x0: 10, y0: 0, x1: 30, y1: 12)

    @Test("alpha and luma: where both were drawn; the inverted modes: where the content was")
    func boxes() {
        let both = PixelBox(x0: 10, y0: 3, x1: 20, y1: 12)
        for mode in [MatteMode.alpha, .luma] {
            #expect(
                MatteRegion.box(mode, content: Self.content, matte: Self.matte, alpha: 1, whole: Self.whole) == both)
            // No matte drawn: nothing can show.
            #expect(MatteRegion.box(mode, content: Self.content, matte: nil, alpha: 1, whole: Self.whole) == nil)
            // Apart: nothing either.
            let apart = PixelBox(x0: 25, y0: 20, x1: 30, y1: 25)
            #expect(MatteRegion.box(mode, content: Self.content, matte: apart, alpha: 1, whole: Self.whole) == nil)
        }
        for mode in [MatteMode.alphaInverted, .lumaInverted] {
            #expect(
                MatteRegion.box(mode, content: Self.content, matte: Self.matte, alpha: 1, whole: Self.whole)
                    == Self.content)
            #expect(
                MatteRegion.box(mode, content: Self.content, matte: nil, alpha: 1, whole: Self.whole) == Self.content)
        }
        #expect(MatteRegion.box(.alphaInverted, content: nil, matte: Self.matte, alpha: 1, whole: Self.whole) == nil)
    }

    @Test("below full opacity, all of the frame: its backdrop is faded")
    func translucent() {
        #expect(MatteRegion.box(.alpha, content: nil, matte: nil, alpha: 0.4, whole: Self.whole) == Self.whole)
        #expect(
            MatteRegion.box(.luma, content: Self.content, matte: Self.matte, alpha: 0.99, whole: Self.whole)
                == Self.whole)
    }

    @Test("the gate of each mode, and hard mix drawn as normal")
    func gatesAndBlends() {
        #expect(MatteCoverage(.alpha) == .alpha && MatteCoverage(.alphaInverted) == .inverseAlpha)
        #expect(MatteCoverage(.luma) == .luminance && MatteCoverage(.lumaInverted) == .inverseLuminance)
        let names = BlendMode.allCases.filter { $0 != .hardMix }.map { "\($0)" }
        #expect(BlendMode.hardMix.operation(in: names) == "normal")
        #expect(
            BlendMode.add.operation(in: names) == "add" && BlendMode.luminosity.operation(in: names) == "luminosity")
    }

    @Test("segments whose control points sit on their ends are lines")
    func segments() {
        var path = BezierPath(closed: true)
        path.append(Vec2(0, 0), in: Vec2(0, 0), out: Vec2(0.001, 0))
        path.append(Vec2(10, 0), in: Vec2(10, 0), out: Vec2(12, 4))
        path.append(Vec2(10, 10), in: Vec2(14, 8), out: Vec2(10, 10))
        var elements: [String] = []
        path.forEachElement(
            move: { elements.append("move \($0.x),\($0.y)") }, line: { elements.append("line \($0.x),\($0.y)") },
            curve: { elements.append("curve \($0.x),\($0.y) \($1.x),\($1.y) \($2.x),\($2.y)") },
            close: { elements.append("close") })
        #expect(
            elements == ["move 0.0,0.0", "line 10.0,0.0", "curve 12.0,4.0 14.0,8.0 10.0,10.0", "line 0.0,0.0", "close"])
    }
}
