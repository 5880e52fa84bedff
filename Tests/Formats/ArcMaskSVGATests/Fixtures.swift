import ArcMaskFrames
import ArcMaskIO
import ArcMaskZIP
import Foundation
import SwiftProtobuf
import ZIPFoundation

@testable import ArcMaskSVGA

/// SVGA files the tests write themselves, in every container, with the same content:
/// 100×100, 10 fps, 4 frames;
/// - "box.vector": a red rect (10,10 40×40) on frame 0, KEEP on frame 1, hidden on 2, a blue ellipse on 3;
/// - "dot": a 10×10 green PNG drawn 20×20 at (60,60), clipped to its left half on frame 1, half alpha on 3;
/// - "half.matte" masks "fill.vector" (yellow everywhere) to the bottom-left quarter.
enum SVGAFixture {
    static func png(_ w: Int, _ h: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) throws -> [UInt8] {
        var b = PixelBuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { b.setPixel(x: x, y: y, rgba) } }
        return try PNG.encode(b)
    }

    static func transform(_ tx: Float, _ ty: Float) -> SVGAProtoTransform {
        var t = SVGAProtoTransform()
        t.a = 1; t.d = 1; t.tx = tx; t.ty = ty
        return t
    }

    static func color(_ r: Float, _ g: Float, _ b: Float) -> SVGAProtoShapeEntity.ShapeStyle.RGBAColor {
        var c = SVGAProtoShapeEntity.ShapeStyle.RGBAColor()
        c.r = r; c.g = g; c.b = b; c.a = 1
        return c
    }

    static func rect(
        _ x: Float, _ y: Float, _ w: Float, _ h: Float, fill: SVGAProtoShapeEntity.ShapeStyle.RGBAColor
    ) -> SVGAProtoShapeEntity {
        var s = SVGAProtoShapeEntity()
        s.type = .rect
        var r = SVGAProtoShapeEntity.RectArgs()
        r.x = x; r.y = y; r.width = w; r.height = h
        s.rect = r
        var st = SVGAProtoShapeEntity.ShapeStyle()
        st.fill = fill
        s.styles = st
        return s
    }

    static func frame(
        _ alpha: Float, _ shapes: [SVGAProtoShapeEntity] = [], clip: String = "", tx: Float = 0, ty: Float = 0,
        layout: (Float, Float)? = nil
    ) -> SVGAProtoFrameEntity {
        var f = SVGAProtoFrameEntity()
        f.alpha = alpha
        f.shapes = shapes
        f.clipPath = clip
        if tx != 0 || ty != 0 { f.transform = transform(tx, ty) }
        if let layout { var l = SVGAProtoLayout(); l.width = layout.0; l.height = layout.1; f.layout = l }
        return f
    }

    /// The movie as a protobuf entity; `imagesAsNames` gives image file names (the 1.5 container).
    static func entity(imagesAsNames: Bool = false) throws -> SVGAProtoMovieEntity {
        var m = SVGAProtoMovieEntity()
        m.version = "2.0.0"
        var p = SVGAProtoMovieParams()
        p.viewBoxWidth = 100; p.viewBoxHeight = 100; p.fps = 10; p.frames = 4
        m.params = p
        m.images = ["dot": imagesAsNames ? Data("dot".utf8) : Data(try png(10, 10, (0, 255, 0, 255)))]
        var box = SVGAProtoSpriteEntity()
        box.imageKey = "box.vector"
        var keep = SVGAProtoShapeEntity()
        keep.type = .keep
        var ellipse = SVGAProtoShapeEntity()
        ellipse.type = .ellipse
        var e = SVGAProtoShapeEntity.EllipseArgs()
        e.x = 50; e.y = 50; e.radiusX = 20; e.radiusY = 10
        ellipse.ellipse = e
        var st = SVGAProtoShapeEntity.ShapeStyle()
        st.fill = color(0, 0, 1)
        ellipse.styles = st
        box.frames = [
            frame(1, [rect(10, 10, 40, 40, fill: color(1, 0, 0))]), frame(1, [keep]), frame(0), frame(1, [ellipse]),
        ]
        var dot = SVGAProtoSpriteEntity()
        dot.imageKey = "dot"
        dot.frames = [
            frame(1, tx: 60, ty: 60, layout: (20, 20)),
            frame(1, clip: "M0 0 H5 V10 H0 Z", tx: 60, ty: 60, layout: (20, 20)),
            frame(1, tx: 60, ty: 60, layout: (20, 20)), frame(0.5, tx: 60, ty: 60, layout: (20, 20)),
        ]
        var matte = SVGAProtoSpriteEntity()
        matte.imageKey = "half.matte"
        matte.frames = (0..<4).map { _ in frame(1, [rect(0, 50, 50, 50, fill: color(1, 1, 1))]) }
        var fill = SVGAProtoSpriteEntity()
        fill.imageKey = "fill.vector"
        fill.matteKey = "half.matte"
        fill.frames = (0..<4).map { _ in frame(1, [rect(0, 0, 100, 100, fill: color(1, 1, 0))]) }
        m.sprites = [matte, box, dot, fill]
        return m
    }

    static func zlibProtobuf() throws -> [UInt8] {
        Deflate.zlib(try [UInt8](entity().serializedData()))
    }

    static func zip(_ files: [(String, [UInt8])]) throws -> [UInt8] {
        let archive = try Archive(accessMode: .create)
        for (name, bytes) in files {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
            ) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        return [UInt8](archive.data!)
    }

    /// A stored one-entry ZIP whose directory entry carries a ZIP64 extra field claiming an
    /// uncompressed size of 2^63 + 1 while its 32-bit sizes are ordinary.
    static func zipProtobuf() throws -> [UInt8] {
        try zip([
            ("movie.binary", try [UInt8](entity(imagesAsNames: true).serializedData())),
            ("dot.png", try png(10, 10, (0, 255, 0, 255))),
        ])
    }

    static func zipJSON() throws -> [UInt8] {
        func rectJSON(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: [Double]) -> [String: Any] {
            [
                "type": "rect", "args": ["x": x, "y": y, "width": w, "height": h, "cornerRadius": 0],
                "styles": ["fill": fill],
            ]
        }
        func f(
            _ alpha: Double, _ shapes: [[String: Any]] = [], clip: String? = nil, t: (Double, Double) = (0, 0),
            layout: Double? = nil
        ) -> [String: Any] {
            var out: [String: Any] = [
                "alpha": alpha, "transform": ["a": 1, "b": 0, "c": 0, "d": 1, "tx": t.0, "ty": t.1], "shapes": shapes,
            ]
            if let clip { out["clipPath"] = clip }
            if let layout { out["layout"] = ["x": 0, "y": 0, "width": layout, "height": layout] }
            return out
        }
        let spec: [String: Any] = [
            "ver": "1.1.0",
            "movie": ["viewBox": ["width": 100, "height": 100], "fps": 10, "frames": 4],
            "images": ["dot": "dot"],
            "sprites": [
                [
                    "imageKey": "half.matte",
                    "frames": (0..<4).map { _ in f(1, [rectJSON(0, 50, 50, 50, [1, 1, 1, 1])]) },
                ],
                [
                    "imageKey": "box.vector",
                    "frames": [
                        f(1, [rectJSON(10, 10, 40, 40, [1, 0, 0, 1])]), f(1, [["type": "keep"]]), [String: Any](),
                        f(
                            1,
                            [
                                [
                                    "type": "ellipse", "args": ["x": 50, "y": 50, "radiusX": 20, "radiusY": 10],
                                    "styles": ["fill": [0, 0, 1, 1]],
                                ]
                            ]),
                    ],
                ],
                [
                    "imageKey": "dot",
                    "frames": [
                        f(1, t: (60, 60), layout: 20), f(1, clip: "M0 0 H5 V10 H0 Z", t: (60, 60), layout: 20),
                        f(1, t: (60, 60), layout: 20), f(0.5, t: (60, 60), layout: 20),
                    ],
                ],
                [
                    "imageKey": "fill.vector", "matteKey": "half.matte",
                    "frames": (0..<4).map { _ in f(1, [rectJSON(0, 0, 100, 100, [255, 255, 0, 1])]) },
                ],
            ],
        ]
        return try zip([
            ("movie.spec", [UInt8](JSONSerialization.data(withJSONObject: spec))),
            ("dot.png", try png(10, 10, (0, 255, 0, 255))),
        ])
    }
}
