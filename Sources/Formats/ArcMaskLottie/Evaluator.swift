import ArcMaskValues
import Foundation

/// Turns an animation and a moment into the commands that draw it, as lottie-web's canvas
/// renderer draws it: layers bottom to top, each with its parents' transforms, its masks as one
/// clip, its matte, and its shapes styled in the players' order, with opacities as the
/// player's context state gives them (`CanvasAlpha`).
public struct LottieEvaluator: Sendable {
    public let animation: LottieAnimation

    public init(_ animation: LottieAnimation) { self.animation = animation }

    /// The commands for composition time `time` (in frames: `round(ip) + k` for frame k), in
    /// the composition's coordinates (0…w, 0…h).
    ///
    /// Throws when the frame needs more work than `maxWork` (layers drawn and paths built,
    /// counted together; by default the document's `LottieLimits.maxFrameWork`):
    /// precompositions used many times inside one another, or repeaters inside repeaters, grow
    /// without bound otherwise.
    public func commands(at time: Double, maxWork: Int? = nil) throws(LottieError) -> [DrawCommand] {
        let maxWork = maxWork ?? animation.maxFrameWork
        var walk = Walk(animation: animation, maxWork: maxWork)
        let (out, _) = ExpressionFrame.run(animation) {
            walk.composition(animation.layers, time: time, matrix: .identity, depth: 0)
        }
        if walk.work > maxWork {
            throw LottieError(
                "drawing frame time \(fmtNumber(time)) needs more than \(maxWork) layers and paths (precompositions or repeaters nested too deep)",
                at: .root)
        }
        return out
    }

    /// The expressions that fail on the first, middle and last frames, with the first reason
    /// each gives (a failing expression leaves its property's value underneath in place).
    public func expressionFailures() -> [(LottieExpression, String)] {
        guard !animation.expressions.isEmpty else { return [] }
        var out: [(LottieExpression, String)] = []
        var seen = Set<ObjectIdentifier>()
        let n = animation.frameCount
        for k in Set([0, n / 2, max(0, n - 1)]).sorted() {
            var walk = Walk(animation: animation, maxWork: animation.maxFrameWork)
            let time = animation.inPoint.rounded() + Double(k)
            let (_, failures) = ExpressionFrame.run(animation) {
                walk.composition(animation.layers, time: time, matrix: .identity, depth: 0)
            }
            for (e, reason) in failures where seen.insert(ObjectIdentifier(e)).inserted { out.append((e, reason)) }
        }
        return out.sorted { $0.0.path.description < $1.0.path.description }
    }

    private struct Walk {
        let animation: LottieAnimation
        var alpha = CanvasAlpha()
        /// The canvas's composite operation as lottie-web last set it. Modes the canvas has no
        /// operation for (add, hard mix) set an empty one, which the canvas ignores: such a layer
        /// draws with the operation before it (lottie-web's `setBlendMode`, cached by number).
        var canvasBlend = BlendMode.normal
        let maxWork: Int
        /// Layers drawn and paths built so far.
        var work = 0

        init(animation: LottieAnimation, maxWork: Int) {
            self.animation = animation
            self.maxWork = maxWork
        }

        mutating func composition(_ layers: [Layer], time: Double, matrix: Affine, depth: Int) -> [DrawCommand] {
            guard depth <= 32 else { return [] }
            var byIndex: [Int: Int] = [:]
            for (k, layer) in layers.enumerated() where layer.index != nil && byIndex[layer.index!] == nil {
                byIndex[layer.index!] = k
            }
            var out: [DrawCommand] = []
            for k in layers.indices.reversed() {
                let layer = layers[k]
                if layer.isMatte { continue }
                out += draw(layer, in: layers, byIndex: byIndex, time: time, matrix: matrix, depth: depth)
            }
            return out
        }

        private func isDrawn(_ layer: Layer, at time: Double) -> Bool {
            !layer.hidden && time >= layer.inPoint && time < layer.outPoint
        }

        /// The layer's transform with its parents' (found by `ind` in the same composition),
        /// into the composition's space. Properties run on the composition's clock.
        private func layerMatrix(_ layer: Layer, in layers: [Layer], byIndex: [Int: Int], time: Double) -> Affine {
            // The common case, no layer of the chain turning in 3-D: 2-D products, nothing kept.
            var m = layer.transform.matrix(at: time, autoOrient: layer.autoOrient)
            var parent = layer.parent
            var hops = 0
            var flat = !layer.transform.has3D
            while flat, let p = parent, let k = byIndex[p], hops < layers.count {
                let pl = layers[k]
                flat = !pl.transform.has3D
                m = m.concatenating(pl.transform.matrix(at: time, autoOrient: pl.autoOrient))
                parent = pl.parent
                hops += 1
            }
            if flat { return m }
            var chain = [(transform: layer.transform, autoOrient: layer.autoOrient)]
            parent = layer.parent
            hops = 0
            while let p = parent, let k = byIndex[p], hops < layers.count {
                let pl = layers[k]
                chain.append((pl.transform, pl.autoOrient))
                parent = pl.parent
                hops += 1
            }
            return Transform.chainMatrix(chain, at: time)
        }

        /// One layer in the player's order: masks (one clip in the parent's space), the layer's
        /// opacity, its content, then its matte.
        private mutating func draw(
            _ layer: Layer, in layers: [Layer], byIndex: [Int: Int], time: Double, matrix: Affine, depth: Int
        ) -> [DrawCommand] {
            guard isDrawn(layer, at: time) else { return [] }
            work += 1
            guard work <= maxWork else { return [] }
            if case .null = layer.kind { return [] }
            let blend: BlendMode
            switch layer.blendMode {
            case .add, .hardMix: blend = canvasBlend
            default:
                blend = layer.blendMode
                canvasBlend = blend
            }
            let m = layerMatrix(layer, in: layers, byIndex: byIndex, time: time).concatenating(matrix)
            let clip = maskClip(layer.masks, time: time, matrix: m)
            if clip != nil { alpha.save() }
            let isPrecomp: Bool = if case .precomp = layer.kind { true } else { false }
            alpha.save()
            alpha.opacity(layer.transform.opacity(at: time))
            var out: [DrawCommand] = []
            switch layer.kind {
            case .shape(let items):
                var renderer = ShapeRenderer(
                    time: time, layerMatrix: m, blend: blend, alpha: alpha, budget: maxWork - work)
                out = renderer.draw(items)
                alpha = renderer.alpha
                work += renderer.used
            case .solid(let color, let w, let h):
                if let c = Self.hexColor(color) {
                    out = [
                        .fill(
                            paths: [Self.rectangle(w, h)], paint: c, evenOdd: false, alpha: alpha.current,
                            blend: blend, transform: m)
                    ]
                }
            case .image(let id):
                if let asset = animation.images[id] {
                    out = [
                        .image(
                            id: id, width: asset.width, height: asset.height, alpha: alpha.current,
                            blend: blend, transform: m)
                    ]
                }
            case .precomp(let id, let w, let h, let timeRemap):
                if let children = animation.compositions[id] {
                    var inner: Double
                    if let timeRemap {
                        inner = (timeRemap.value(at: time).first ?? 0) * animation.frameRate
                        if inner == layer.outPoint { inner = layer.outPoint - 1 }
                    } else {
                        inner = (time - layer.startTime) / layer.timeStretch
                    }
                    let content = composition(children, time: inner, matrix: m, depth: depth + 1)
                    if !content.isEmpty {
                        out = [
                            .clipped(clip: [ClipPath(paths: [Self.rectangle(w, h)], transform: m)], commands: content)
                        ]
                    }
                }
            case .text(let doc):
                out = text(doc, time: time, matrix: m, blend: blend)
            case .null, .other:
                break
            }
            alpha.restore(force: isPrecomp)
            if let mode = layer.matte {
                let sourceIndex = layer.matteParent ?? layer.index.map { $0 - 1 }
                var matte: [DrawCommand] = []
                if let s = sourceIndex, let k = byIndex[s], layers[k].index != layer.index {
                    matte = draw(layers[k], in: layers, byIndex: byIndex, time: time, matrix: matrix, depth: depth)
                }
                out = [.matted(mode: mode, matte: matte, content: out, alpha: alpha.current)]
            }
            if let clip {
                alpha.restore(force: true)
                if !out.isEmpty { out = [.clipped(clip: clip, commands: out)] }
            }
            return out
        }

        /// Each letter: fill, then stroke over it, with the document's colours (rounded to
        /// 0…255 as the player writes them), under the letter's save and restore.
        private mutating func text(_ doc: TextDocument, time: Double, matrix: Affine, blend: BlendMode) -> [DrawCommand]
        {
            guard var style = TextLayout.style(doc, at: time) else { return [] }
            if let expression = doc.expression, let frame = ExpressionFrame.current {
                style.text = frame.evaluateText(expression, input: style.text, at: time)
            }
            func paint(_ c: [Double]) -> Paint {
                func ch(_ k: Int) -> Double { k < c.count ? min(max((c[k] * 255).rounded(), 0), 255) / 255 : 0 }
                return .color(r: ch(0), g: ch(1), b: ch(2), a: 1)
            }
            var out: [DrawCommand] = []
            if animation.glyphs.isEmpty {
                // No glyphs in the file: set the text with the installed font of its name.
                let font = animation.fonts[style.font] ?? animation.firstFont
                let family = font.map { "\($0.family) \($0.style)" } ?? style.font
                let lines = style.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\u{3}" }.map(
                    String.init)
                out.append(
                    .text(
                        TextRun(
                            lines: lines, font: family, size: style.size,
                            lineHeight: style.lineHeight != 0 ? style.lineHeight : style.size * 1.2,
                            justify: style.justify,
                            fill: style.fillColor.map(paint), alpha: alpha.current, blend: blend,
                            transform: Affine.translate(0, -style.baselineShift).concatenating(matrix))))
                return out
            }
            // Per letter: its matrix, its opacity under the canvas's save and restore, and the
            // colours and stroke width the animators give it.
            for letter in TextLayout(animation: animation).letters(doc, style, time: time) {
                alpha.save()
                alpha.opacity(letter.opacity)
                let m = letter.matrix.concatenating(matrix)
                if let fc = style.fillColor {
                    out.append(
                        .fill(
                            paths: letter.paths, paint: paint(letter.fill ?? fc), evenOdd: false,
                            alpha: alpha.current, blend: blend, transform: m))
                }
                // A width of 0 from the animators falls back to the document's.
                let width = letter.strokeWidth.flatMap { $0 != 0 ? $0 : nil } ?? style.strokeWidth
                if let sc = style.strokeColor, width > 0 {
                    // The width is in the layer's units, not the glyph's.
                    let k = style.size / 100
                    out.append(
                        .stroke(
                            paths: letter.paths, paint: paint(letter.stroke ?? sc),
                            stroke: StrokeParameters(
                                width: width / (k == 0 ? 1 : k), cap: 1, join: 1, miterLimit: 4, dashes: [],
                                dashOffset: 0),
                            alpha: alpha.current, blend: blend, transform: m))
                }
                alpha.restore()
            }
            return out
        }

        /// Every mask but "none" joins one clip path (its mode, opacity and expansion are not
        /// used by the canvas player); an inverted one adds the root composition's rectangle.
        private func maskClip(_ masks: [Mask], time: Double, matrix: Affine) -> [ClipPath]? {
            var clips: [ClipPath] = []
            for mask in masks where mask.mode != .none {
                if mask.inverted {
                    clips.append(
                        ClipPath(
                            paths: [Self.rectangle(Double(animation.width), Double(animation.height))],
                            transform: .identity))
                }
                var path = mask.path.value(at: time)
                path.closed = true
                clips.append(ClipPath(paths: [path], transform: matrix))
            }
            return clips.isEmpty ? nil : clips
        }

        static func rectangle(_ w: Double, _ h: Double) -> BezierPath {
            var rect = BezierPath(closed: true)
            for v in [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)] { rect.append(v) }
            return rect
        }

        /// A solid's `sc`: "#RRGGBB" (or CSS's "#RGB").
        static func hexColor(_ text: String) -> Paint? {
            var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let c = Color(hex: hex) else { return nil }
            return .color(r: c.r, g: c.g, b: c.b, a: 1)
        }
    }
}
