import ArcMaskFrames
import ArcMaskIO
import ArcMaskZIP
import Foundation

/// A small gift banner in the SVGA 2.x container, with the keys apps fill at run time — made
/// for trying dynamic content (`arcmask generate --svga`) and for tests:
/// - "halo.vector": a gold ring pulsing behind the avatar;
/// - "avatar": a grey placeholder portrait (96×96) zooming in, clipped to a circle;
/// - "ribbon": a crimson ribbon (260×48) fading in;
/// - "name": no image — a placeholder for the sender's name, in a 240×40 layout over the ribbon.
/// 300×300, 24 frames at 20 fps.
public enum SVGAGiftExample {
    public static let frameCount = 24

    public static func bytes() throws -> [UInt8] {
        var movie = SVGAProtoMovieEntity()
        movie.version = "2.0.0"
        var params = SVGAProtoMovieParams()
        params.viewBoxWidth = 300
        params.viewBoxHeight = 300
        params.fps = 20
        params.frames = Int32(frameCount)
        movie.params = params
        movie.images = [
            "avatar": Data(try PNG.encode(portrait(96), compression: .small)),
            "ribbon": Data(try PNG.encode(ribbon(260, 48), compression: .small)),
        ]
        movie.sprites = [
            halo(), avatar(), sprite("ribbon", layout: (260, 48), at: (20, 222)),
            sprite("name", layout: (240, 40), at: (30, 226)),
        ]
        return Deflate.zlib([UInt8](try movie.serializedData()), level: 9)
    }

    private static func frame(
        alpha: Double, layout: (Float, Float), a: Double = 1, d: Double = 1, tx: Double, ty: Double
    ) -> SVGAProtoFrameEntity {
        var f = SVGAProtoFrameEntity()
        f.alpha = Float(alpha)
        var l = SVGAProtoLayout()
        l.width = layout.0
        l.height = layout.1
        f.layout = l
        var t = SVGAProtoTransform()
        t.a = Float(a); t.d = Float(d); t.tx = Float(tx); t.ty = Float(ty)
        f.transform = t
        return f
    }

    /// Fades in over the first six frames.
    private static func fade(_ k: Int) -> Double { min(1, Double(k) / 5) }

    private static func sprite(_ key: String, layout: (Float, Float), at p: (Double, Double)) -> SVGAProtoSpriteEntity {
        var s = SVGAProtoSpriteEntity()
        s.imageKey = key
        s.frames = (0..<frameCount).map { frame(alpha: fade($0), layout: layout, tx: p.0, ty: p.1) }
        return s
    }

    private static func avatar() -> SVGAProtoSpriteEntity {
        var s = SVGAProtoSpriteEntity()
        s.imageKey = "avatar"
        let circle = "M48,0 C74.5,0 96,21.5 96,48 C96,74.5 74.5,96 48,96 C21.5,96 0,74.5 0,48 C0,21.5 21.5,0 48,0 Z"
        s.frames = (0..<frameCount).map { k in
            let scale = min(1.25, 0.5 + Double(k) * 0.075)
            var f = frame(alpha: 1, layout: (96, 96), a: scale, d: scale, tx: 150 - 48 * scale, ty: 118 - 48 * scale)
            f.clipPath = circle
            return f
        }
        return s
    }

    private static func halo() -> SVGAProtoSpriteEntity {
        var s = SVGAProtoSpriteEntity()
        s.imageKey = "halo.vector"
        var ring = SVGAProtoShapeEntity()
        ring.type = .ellipse
        var e = SVGAProtoShapeEntity.EllipseArgs()
        e.x = 0; e.y = 0; e.radiusX = 80; e.radiusY = 80
        ring.ellipse = e
        var style = SVGAProtoShapeEntity.ShapeStyle()
        var gold = SVGAProtoShapeEntity.ShapeStyle.RGBAColor()
        gold.r = 1; gold.g = 0.78; gold.b = 0.2; gold.a = 1
        style.stroke = gold
        style.strokeWidth = 8
        ring.styles = style
        s.frames = (0..<frameCount).map { k in
            let pulse = 1 + 0.08 * sin(Double(k) / Double(frameCount) * 4 * .pi)
            var f = frame(alpha: 0.5 + 0.5 * fade(k), layout: (300, 300), a: pulse, d: pulse, tx: 150, ty: 118)
            f.shapes = [ring]
            return f
        }
        return s
    }

    /// A grey head-and-shoulders silhouette on a light disc.
    private static func portrait(_ n: Int) -> PixelBuffer {
        var b = PixelBuffer(width: n, height: n)
        let c = Double(n) / 2
        for y in 0..<n {
            for x in 0..<n {
                let fx = Double(x) + 0.5, fy = Double(y) + 0.5
                let head = hypot(fx - c, fy - c * 0.8) < c * 0.32
                let shoulders = hypot((fx - c) / 1.3, fy - c * 1.9) < c * 0.8
                b.setPixel(x: x, y: y, head || shoulders ? (120, 128, 140, 255) : (214, 220, 228, 255))
            }
        }
        return b
    }

    /// A crimson bar with rounded ends and a gold edge.
    private static func ribbon(_ w: Int, _ h: Int) -> PixelBuffer {
        var b = PixelBuffer(width: w, height: h)
        let r = Double(h) / 2
        for y in 0..<h {
            for x in 0..<w {
                let fx = Double(x) + 0.5, fy = Double(y) + 0.5
                let cx = min(max(fx, r), Double(w) - r)
                let d = hypot(fx - cx, fy - r)
                if d < r - 3 {
                    b.setPixel(x: x, y: y, (178, 24, 48, 255))
                } else if d < r {
                    b.setPixel(x: x, y: y, (240, 196, 64, 255))
                }
            }
        }
        return b
    }
}
