import ArcMaskCairo
import ArcMaskFrames
import ArcMaskIO
import ArcMaskText
import ArcMaskValues
import Foundation

/// Draws SVGA frames: sprites in order, each frame's transform, clip path, bitmap (scaled
/// from its PNG size to the layout size), then its shapes (fill, then stroke), with the
/// sprite's alpha applied to every draw; runs of sprites sharing a matte are drawn offscreen
/// and multiplied by the matte sprite's alpha. The viewBox is scaled uniformly into the
/// output and centred. Dynamic content (`content`) is applied per key as each sprite draws.
public final class SVGARenderer {
    public let movie: SVGAMovie
    /// Images, text, hidden keys and drawings applied to the next frames drawn.
    public var content = SVGADynamicContent() {
        didSet {
            let live = Set(content.entries.values.compactMap { $0.image?.digest })
            dynamicImages = dynamicImages.filter { live.contains($0.key) }
        }
    }
    private var images: [String: CanvasImage] = [:]
    /// Replaced images ready to draw, by their digest.
    private var dynamicImages: [String: CanvasImage] = [:]
    private var failedImages: Set<String> = []
    /// The last frame's canvas, cleared and reused while the size stays the same.
    private var canvas: VectorCanvas?
    /// Images that could not be decoded (they draw nothing), for warnings.
    public private(set) var imageProblems: [String] = []

    /// Matte sprites by the key other sprites name them with (the first one of each key).
    private let mattes: [String: SVGASprite]

    public init(movie: SVGAMovie) {
        self.movie = movie
        mattes = Dictionary(movie.sprites.filter(\.isMatte).map { ($0.imageKey, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Frame `index` at `size` pixels, straight RGBA on a transparent background; the viewBox
    /// is placed as `fit` says (whole and centred by default).
    public func render(frame index: Int, size: PixelSize, fit: FitMode = .fit) throws -> PixelBuffer {
        try draw(frame: index, size: size, fit: fit).pixels()
    }

    /// Frame `index` as `render` draws it, premultiplied: a surface of the caller's own.
    public func renderSurface(frame index: Int, size: PixelSize, fit: FitMode = .fit) throws -> Surface {
        try draw(frame: index, size: size, fit: fit).surfaceCopy()
    }

    /// Draws frame `index` on the reused canvas.
    private func draw(frame index: Int, size: PixelSize, fit: FitMode) throws -> VectorCanvas {
        precondition(index >= 0 && index < movie.frameCount, "frame \(index) out of range")
        let canvas: VectorCanvas
        if let last = self.canvas, last.width == size.width, last.height == size.height {
            canvas = last
            canvas.reset()
        } else {
            canvas = try VectorCanvas(width: size.width, height: size.height)
            self.canvas = canvas
        }
        canvas.concat(
            fit.placement(
                of: (movie.viewBoxWidth, movie.viewBoxHeight),
                in: (Double(size.width), Double(size.height))))
        var k = 0
        let sprites = movie.sprites
        while k < sprites.count {
            let sprite = sprites[k]
            if sprite.isMatte { k += 1; continue }
            guard let key = sprite.matteKey, let matte = mattes[key] else {
                try draw(sprite, index, on: canvas)
                k += 1
                continue
            }
            // A run of consecutive sprites under the same matte.
            var run: [SVGASprite] = []
            while k < sprites.count, !sprites[k].isMatte, sprites[k].matteKey == key { run.append(sprites[k]); k += 1 }
            canvas.beginGroup()
            for member in run { try draw(member, index, on: canvas) }
            let content = canvas.endGroup()
            canvas.beginGroup()
            try draw(matte, index, on: canvas)
            let mask = canvas.endGroup()
            canvas.paint(content, maskedBy: mask)
        }
        return canvas
    }

    private func draw(_ sprite: SVGASprite, _ index: Int, on canvas: VectorCanvas) throws {
        let frame = sprite.frames[index]
        guard frame.alpha > 0, frame.transform.isInvertible else { return }
        let dynamic = content.isEmpty ? nil : content[sprite.dynamicKey]
        if dynamic?.hidden == true { return }
        let alpha = min(1, frame.alpha)
        canvas.save()
        defer { canvas.restore() }
        canvas.concat(frame.transform)
        if let clip = frame.clipPath {
            canvas.setPath(clip.elements)
            canvas.clip()
        }
        let layout = frame.layout.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        // 2.x keys a matte's bitmap without ".matte"; 1.x keeps the suffix.
        let own = try image(sprite.imageKey) ?? image(sprite.bitmapKey)
        // Replaced images, text and drawings fill the layout; without one, the file's own image's size.
        let box = layout ?? own.map { Rect(x: 0, y: 0, width: Double($0.width), height: Double($0.height)) }
        if let replaced = dynamic?.image {
            try draw(replaced, in: box, alpha: alpha, on: canvas)
        } else if let image = own {
            canvas.save()
            if let layout {
                canvas.concat(.scale(layout.width / Double(image.width), layout.height / Double(image.height)))
            }
            canvas.draw(image, alpha: alpha)
            canvas.restore()
        }
        drawShapes(frame.shapes, alpha: alpha, on: canvas)
        guard dynamic?.text != nil || dynamic?.drawing != nil, canvas.isDrawable, let box else { return }
        if let text = dynamic?.text {
            TextBlock.draw(
                text.string, style: text.style, width: box.width, height: box.height, alpha: alpha, on: canvas.ctx)
        }
        if let drawing = dynamic?.drawing {
            canvas.save()
            canvas.setRoundedRect(x: 0, y: 0, width: box.width, height: box.height, radius: 0)
            canvas.clip()
            canvas.beginGroup()
            let depth = canvas.depth
            drawing.draw(SVGADrawingContext(canvas: canvas, frame: index, width: box.width, height: box.height))
            // Whatever the closure left open is closed; a context it broke is an error naming the key.
            do { try canvas.unwind(to: depth) } catch {
                self.canvas = nil
                throw InputError(file: "drawing '\(drawing.id)'", location: "key '\(sprite.dynamicKey)'", "\(error)")
            }
            canvas.paint(canvas.endGroup(), alpha: alpha)
            canvas.restore()
        }
    }

    /// A replaced image placed in the layout as its fit says.
    private func draw(
        _ replaced: SVGADynamicContent.Image, in box: Rect?, alpha: Double, on canvas: VectorCanvas
    ) throws {
        let image: CanvasImage
        if let ready = dynamicImages[replaced.digest] {
            image = ready
        } else {
            image = try CanvasImage(replaced.pixels)
            dynamicImages[replaced.digest] = image
        }
        let w = Double(image.width), h = Double(image.height)
        canvas.save()
        defer { canvas.restore() }
        if let box {
            switch replaced.fit {
            case .stretch:
                canvas.concat(.scale(box.width / w, box.height / h))
            case .fit, .fill:
                let s = replaced.fit == .fit ? min(box.width / w, box.height / h) : max(box.width / w, box.height / h)
                if replaced.fit == .fill {
                    canvas.setRoundedRect(x: 0, y: 0, width: box.width, height: box.height, radius: 0)
                    canvas.clip()
                }
                canvas.concat(Affine(a: s, b: 0, c: 0, d: s, tx: (box.width - w * s) / 2, ty: (box.height - h * s) / 2))
            }
        }
        canvas.draw(image, alpha: alpha)
    }

    private func drawShapes(_ shapes: [SVGAShape], alpha: Double, on canvas: VectorCanvas) {
        for shape in shapes {
            guard shape.transform.isInvertible else { continue }
            canvas.save()
            canvas.concat(shape.transform)
            switch shape.geometry {
            case .path(let p):
                if p.isEmpty { canvas.restore(); continue }
                canvas.setPath(p.elements)
            case .rect(let x, let y, let w, let h, let r):
                canvas.setRoundedRect(x: x, y: y, width: w, height: h, radius: r)
            case .ellipse(let cx, let cy, let rx, let ry):
                canvas.setEllipse(cx: cx, cy: cy, rx: rx, ry: ry)
            }
            if let style = shape.style {
                if let f = style.fill, f.a > 0 { canvas.fill(f.withAlpha(f.a * alpha)) }
                if let c = style.stroke, style.strokeWidth > 0, c.a > 0 {
                    var stroke = StrokeStyle(
                        width: style.strokeWidth, cap: style.lineCap, join: style.lineJoin,
                        miterLimit: style.miterLimit > 0 ? style.miterLimit : 4)
                    if let (dash, gap, offset) = style.dash {
                        // The native players' clamps: dashes at least 1, gaps at least 0.1.
                        stroke.dash = [max(1, dash), max(0.1, gap)]
                        stroke.dashOffset = offset
                    }
                    canvas.stroke(c.withAlpha(c.a * alpha), style: stroke)
                }
            }
            canvas.restore()
        }
    }

    private func image(_ key: String) throws -> CanvasImage? {
        if let cached = images[key] { return cached }
        guard !failedImages.contains(key), let source = movie.images[key] else { return nil }
        do {
            let decoded = try PNG.decode(source.png, maxPixels: source.width * source.height)
            let image = try CanvasImage(decoded)
            images[key] = image
            return image
        } catch {
            failedImages.insert(key)
            imageProblems.append("image '\(key)': \(error.localizedDescription); drawn as nothing")
            return nil
        }
    }
}
