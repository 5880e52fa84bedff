import ArcMaskValues
import Foundation

/// A shape layer's items at one moment, turned into fills and strokes the way the players
/// read the list: from the last item to the first, each style taking the paths that come
/// before it in its group and in the groups inside that, each modifier changing the paths
/// before it, inner groups' modifiers first.
struct ShapeRenderer {
    let time: Double
    let layerMatrix: Affine
    let blend: BlendMode
    /// The player's opacity state, carried through each style's save, opacity and restore.
    var alpha: CanvasAlpha
    /// Paths and styles this layer may make (repeaters multiply them); past it the walk stops.
    let budget: Int
    /// Paths and styles made.
    private(set) var used = 0

    /// A style met on the way, and the paths it draws (in the layer's space).
    private final class Style {
        let item: ShapeItem
        /// The style's group into the layer's space.
        let matrix: Affine
        /// The opacity of the groups around it.
        let alpha: Double
        /// Made for a repeater's copies: drawn after every other style of the layer, as the
        /// player appends them when it rebuilds the tree.
        let repeated: Bool
        var leaves: [Int] = []
        init(item: ShapeItem, matrix: Affine, alpha: Double, repeated: Bool) {
            self.item = item
            self.matrix = matrix
            self.alpha = alpha
            self.repeated = repeated
        }
    }

    /// A path item's outlines (several once trimmed), in its own group's space. Hidden paths
    /// draw nothing but still count in the length a trim shares out.
    private final class Leaf {
        var paths: [BezierPath]
        let matrix: Affine
        let hidden: Bool
        init(paths: [BezierPath], matrix: Affine, hidden: Bool) {
            self.paths = paths
            self.matrix = matrix
            self.hidden = hidden
        }
    }

    private final class Modifier {
        let item: ShapeItem
        var leaves: [Int] = []
        init(item: ShapeItem) { self.item = item }
    }

    private final class Walk {
        var budget = 0
        var used = 0
        var styles: [Style] = []
        var leaves: [Leaf] = []
        var modifiers: [Modifier] = []
    }

    mutating func draw(_ items: [ShapeItem]) -> [DrawCommand] {
        let walk = Walk()
        walk.budget = budget
        visit(items, matrix: .identity, alpha: 1, openStyles: [], openModifiers: [], repeated: false, walk)
        used = walk.used
        // Modifiers in the players' order: the last met first.
        for modifier in walk.modifiers.reversed() { apply(modifier, walk) }
        var out: [DrawCommand] = []
        for style in walk.styles.filter({ !$0.repeated }) + walk.styles.filter(\.repeated) {
            alpha.save()
            out += render(style, walk)
            alpha.restore()
        }
        return out
    }

    private func visit(
        _ items: [ShapeItem], matrix: Affine, alpha: Double, openStyles: [Int], openModifiers: [Int], repeated: Bool,
        _ walk: Walk
    ) {
        var styles = openStyles
        var modifiers = openModifiers
        for (index, item) in items.enumerated().reversed() {
            walk.used += 1
            if walk.used > walk.budget { return }
            switch item {
            case .repeater(let copies, let offset, let above, let transform, _):
                // The items before the repeater are drawn only as its copies (the originals
                // draw nothing); each copy is a group with the repeater's transform applied
                // its number of times.
                let n = Int(min(max(scalar(copies).rounded(.up), 0), 1_000))
                guard n > 0 else { return }
                let source = Array(items[..<index])
                let so = (transform.startOpacity?.value(at: time).first ?? 100) / 100
                let eo = (transform.endOpacity?.value(at: time).first ?? 100) / 100
                let off = scalar(offset)
                // Array position i (0 is the frontmost copy) and the step count its matrix has.
                for i in stride(from: n - 1, through: 0, by: -1) {
                    let steps = off + Double(above ? i : n - 1 - i)
                    let copyMatrix = Self.repeaterMatrix(transform, time: time, steps: steps)
                    let opacity = n == 1 ? so : so + (eo - so) * Double(i) / Double(n - 1)
                    visit(
                        source, matrix: copyMatrix.concatenating(matrix), alpha: alpha * opacity, openStyles: styles,
                        openModifiers: modifiers, repeated: true, walk)
                }
                return
            case .fill(_, _, _, _, let hidden, _), .stroke(_, _, _, _, let hidden, _), .gradientFill(_, _, let hidden),
                .gradientStroke(_, _, let hidden):
                // A hidden style takes no paths.
                if hidden { continue }
                walk.styles.append(Style(item: item, matrix: matrix, alpha: alpha, repeated: repeated))
                styles.append(walk.styles.count - 1)
            case .trim, .roundCorners, .puckerBloat, .zigZag, .offsetPath:
                // The players do not skip hidden groups, transforms or modifiers.
                walk.modifiers.append(Modifier(item: item))
                modifiers.append(walk.modifiers.count - 1)
            case .group(_, let children, _):
                var groupMatrix = matrix
                var groupAlpha = alpha
                if let tr = children.lazy.compactMap({ if case .transform(let t) = $0 { t } else { nil } }).last {
                    groupMatrix = tr.matrix(at: time).concatenating(matrix)
                    groupAlpha *= tr.opacity(at: time)
                }
                visit(
                    children, matrix: groupMatrix, alpha: groupAlpha, openStyles: styles, openModifiers: modifiers,
                    repeated: repeated, walk)
            default:
                guard let (path, hidden) = outline(item) else { continue }
                walk.leaves.append(Leaf(paths: [path], matrix: matrix, hidden: hidden))
                let leaf = walk.leaves.count - 1
                if !hidden { for s in styles { walk.styles[s].leaves.append(leaf) } }
                for m in modifiers { walk.modifiers[m].leaves.append(leaf) }
            }
        }
    }

    /// A repeater copy's transform after `steps` steps (fractions and negatives included):
    /// rotated about the anchor by steps × r, scaled about it by s per step (a fraction
    /// scaling part of the way), then moved by steps × p.
    static func repeaterMatrix(_ t: Transform, time: Double, steps: Double) -> Affine {
        if steps == 0 { return .identity }
        let a = t.anchor.value(at: time), p = t.positionValue(at: time)
        let s = t.scale.value(at: time)
        let r = t.rotation.value(at: time).first ?? 0
        let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
        let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
        func scale(_ k: Double, _ f: Double) -> Double {
            // Whole steps multiply by k; the fraction goes part of the way from 1 to k.
            let whole = f.rounded(.towardZero), frac = f - whole
            var v = pow(k, whole)
            if frac != 0 { let part = k + (1 - k) * (1 - abs(frac)); v *= frac > 0 ? part : 1 / part }
            return v
        }
        let rotate = Affine.translate(-ax, -ay).concatenating(.rotate(r * steps * Double.pi / 180)).concatenating(
            .translate(ax, ay))
        let scaled = Affine.translate(-ax, -ay).concatenating(.scale(scale(sx, steps), scale(sy, steps))).concatenating(
            .translate(ax, ay))
        return rotate.concatenating(scaled).concatenating(.translate(p.x * steps, p.y * steps))
    }

    /// A path item's outline at this moment, and whether it is hidden (nil for items that are
    /// not paths).
    private func outline(_ item: ShapeItem) -> (BezierPath, Bool)? {
        switch item {
        case .path(let shape, let reversed, let hidden):
            let p = shape.value(at: time)
            return (reversed ? p.reversed() : p, hidden)
        case .rectangle(let position, let size, let roundness, let reversed, let hidden):
            return (
                ShapeBuilders.rectangle(
                    center: vec(position), size: vec(size), roundness: scalar(roundness), reversed: reversed), hidden
            )
        case .ellipse(let position, let size, let reversed, let hidden):
            return (ShapeBuilders.ellipse(center: vec(position), size: vec(size), reversed: reversed), hidden)
        case .star(let s):
            return (
                ShapeBuilders.star(
                    center: vec(s.position), points: scalar(s.points), rotation: scalar(s.rotation),
                    outerRadius: scalar(s.outerRadius), innerRadius: scalar(s.innerRadius),
                    outerRoundness: scalar(s.outerRoundness), innerRoundness: scalar(s.innerRoundness),
                    isStar: s.isStar,
                    reversed: s.reversed), s.hidden
            )
        default:
            return nil
        }
    }

    private func apply(_ modifier: Modifier, _ walk: Walk) {
        switch modifier.item {
        case .trim(let start, let end, let offset, let individually, _):
            let range = TrimPath.range(
                start: scalar(start) / 100, end: scalar(end) / 100, offsetDegrees: scalar(offset))
            if individually {
                // Declaration order is the reverse of the walk's.
                let leaves = Array(modifier.leaves.reversed())
                let trimmed = TrimPath.individually(leaves.map { walk.leaves[$0].paths }, range)
                for (leaf, paths) in zip(leaves, trimmed) { walk.leaves[leaf].paths = paths }
            } else {
                for leaf in modifier.leaves {
                    walk.leaves[leaf].paths = TrimPath.simultaneously(walk.leaves[leaf].paths, range)
                }
            }
        case .roundCorners(let radius, _):
            let r = scalar(radius)
            for leaf in modifier.leaves {
                walk.leaves[leaf].paths = walk.leaves[leaf].paths.map { PathModifiers.roundCorners($0, radius: r) }
            }
        case .zigZag(let size, let ridges, let smooth, _):
            let s = scalar(size), r = scalar(ridges)
            for leaf in modifier.leaves {
                walk.leaves[leaf].paths = walk.leaves[leaf].paths.map {
                    PathModifiers.zigZag($0, size: s, ridges: r, smooth: smooth)
                }
            }
        case .puckerBloat(let amount, _):
            let a = scalar(amount)
            for leaf in modifier.leaves {
                walk.leaves[leaf].paths = walk.leaves[leaf].paths.map { PathModifiers.puckerBloat($0, amount: a) }
            }
        case .offsetPath(let amount, let join, let miterLimit, _):
            let a = scalar(amount), limit = scalar(miterLimit)
            guard a.isFinite, limit.isFinite else { break }
            for leaf in modifier.leaves {
                walk.leaves[leaf].paths = walk.leaves[leaf].paths.map {
                    OffsetPath.apply($0, amount: a, join: join, miterLimit: limit)
                }
            }
        default:
            break
        }
    }

    private mutating func render(_ style: Style, _ walk: Walk) -> [DrawCommand] {
        guard let inverse = style.matrix.inverted else { return [] }
        var paths: [BezierPath] = []
        for leaf in style.leaves {
            let m = walk.leaves[leaf].matrix.concatenating(inverse)
            for p in walk.leaves[leaf].paths where !p.isEmpty { paths.append(m == .identity ? p : p.transformed(m)) }
        }
        guard !paths.isEmpty else { return [] }
        let transform = style.matrix.concatenating(layerMatrix)
        switch style.item {
        case .fill(let color, let opacity, let evenOdd, _, _, _):
            guard let a = styleAlpha(style, opacity) else { return [] }
            return [
                .fill(paths: paths, paint: paint(color), evenOdd: evenOdd, alpha: a, blend: blend, transform: transform)
            ]
        case .stroke(let color, let opacity, let stroke, _, _, _):
            guard let params = parameters(stroke), let a = styleAlpha(style, opacity) else { return [] }
            return [
                .stroke(paths: paths, paint: paint(color), stroke: params, alpha: a, blend: blend, transform: transform)
            ]
        case .gradientFill(let g, let evenOdd, _):
            guard let a = styleAlpha(style, g.opacity) else { return [] }
            return [
                .fill(paths: paths, paint: gradient(g), evenOdd: evenOdd, alpha: a, blend: blend, transform: transform)
            ]
        case .gradientStroke(let g, let stroke, _):
            guard let params = parameters(stroke), let a = styleAlpha(style, g.opacity) else { return [] }
            return [
                .stroke(paths: paths, paint: gradient(g), stroke: params, alpha: a, blend: blend, transform: transform)
            ]
        default:
            return []
        }
    }

    /// The style's opacity (its own times its groups') given to the player's state; nil when
    /// it is 0 (the player skips the style).
    private mutating func styleAlpha(_ style: Style, _ opacity: Animatable<[Double]>) -> Double? {
        let coOp = style.alpha * scalar(opacity) / 100
        guard coOp != 0 else { return nil }
        alpha.opacity(coOp)
        return alpha.current
    }

    private func parameters(_ s: StrokeStyleItem) -> StrokeParameters? {
        let width = scalar(s.width)
        guard width > 0 else { return nil }
        var dashes: [Double] = []
        var offset = 0.0
        for d in s.dashes {
            if d.kind == "o" { offset = scalar(d.value) } else { dashes.append(max(0, scalar(d.value))) }
        }
        // No gaps (or nothing at all) draws a solid line, as a canvas does; cairo would cap
        // each dash.
        let cycle = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let gaps = stride(from: 1, to: cycle.count, by: 2).map { cycle[$0] }
        if dashes.allSatisfy({ $0 == 0 }) || gaps.allSatisfy({ $0 == 0 }) { dashes = [] }
        // The miter limit is read only for miter joins; elsewhere the canvas keeps its default, 10.
        let miter = s.join == 1 && s.miterLimit > 0 ? s.miterLimit : 10
        return StrokeParameters(
            width: width, cap: s.cap, join: s.join, miterLimit: miter, dashes: dashes, dashOffset: offset)
    }

    private func paint(_ color: Animatable<[Double]>) -> Paint {
        let c = color.value(at: time)
        // As the player writes it: floor(c × 255), clamped by the colour parser; alpha unused.
        func ch(_ k: Int) -> Double {
            k < c.count ? min(max((Double(Float(c[k] * 255))).rounded(.down), 0), 255) / 255 : 0
        }
        return .color(r: ch(0), g: ch(1), b: ch(2), a: 1)
    }

    private func gradient(_ g: Gradient) -> Paint {
        let stops = GradientEvaluation.stops(g.stops.values.value(at: time), colorCount: g.stops.colorCount)
        let s = vec(g.start), e = vec(g.end)
        if !g.radial { return .linear(start: s, end: e, stops: stops) }
        let radius = s.distance(to: e)
        var h = scalar(g.highlightLength) / 100
        h = min(max(h, -0.99), 0.99)
        let angle = atan2(e.y - s.y, e.x - s.x) + scalar(g.highlightAngle) * Double.pi / 180
        let focus = Vec2(s.x + cos(angle) * radius * h, s.y + sin(angle) * radius * h)
        return .radial(center: s, radius: radius, focus: focus, stops: stops)
    }

    private func scalar(_ p: Animatable<[Double]>) -> Double { p.value(at: time).first ?? 0 }

    private func vec(_ p: Animatable<[Double]>) -> Vec2 {
        let v = p.value(at: time)
        return Vec2(v.first ?? 0, v.count > 1 ? v[1] : 0)
    }
}

enum GradientEvaluation {
    /// Colour stops (offset, r, g, b) and the opacity stops after them (offset, a), as the
    /// player turns them into canvas stops: offsets in whole percents, channels rounded to
    /// 0…255, and each stop's alpha from the opacity stop of the same number only when there
    /// are as many opacity stops as colour stops at the same offsets (within 0.01); otherwise
    /// the opacity stops are not used.
    static func stops(_ values: [Double], colorCount: Int) -> [GradientStop] {
        let n = min(colorCount, values.count / 4)
        let m = (values.count - 4 * n) / 2
        var collapsable = m == n && n > 0
        if collapsable {
            for i in 0..<n where abs(values[i * 4] - values[4 * n + i * 2]) > 0.01 { collapsable = false }
        }
        func channel(_ v: Double) -> Double { min(max((v * 255).rounded(), 0), 255) / 255 }
        return (0..<n).map { i in
            GradientStop(
                offset: min(max((values[i * 4] * 100).rounded(), 0), 100) / 100, r: channel(values[i * 4 + 1]),
                g: channel(values[i * 4 + 2]), b: channel(values[i * 4 + 3]),
                a: collapsable ? min(max(values[4 * n + i * 2 + 1], 0), 1) : 1)
        }
    }
}
