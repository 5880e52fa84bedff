import ArcMaskValues
import Foundation

/// A text layer's animators (`t.a`): per-letter changes of position, scale, rotation, opacity,
/// colours and tracking, each weighted by a range selector. Read and applied as lottie-web 5.13
/// applies them (`TextAnimatorProperty.getMeasures`, `TextSelectorProperty.getMult`), for text
/// drawn from embedded glyphs (lottie-web's canvas renderer draws no other text).
public struct TextAnimator: Sendable {
    /// Which letters an animator changes, and how much (`s`).
    public struct RangeSelector: Sendable {
        public var start: Animatable<[Double]>
        /// Nil when absent: 100 (percent or index).
        public var end: Animatable<[Double]>?
        public var offset: Animatable<[Double]>
        /// Ease high and low (`xe`, `ne`), percent.
        public var easeHigh: Animatable<[Double]>
        public var easeLow: Animatable<[Double]>
        /// Amount (`a`), percent.
        public var amount: Animatable<[Double]>
        /// Smoothness (`sm`), percent; used by the square shape's edge.
        public var smoothness: Animatable<[Double]>
        /// 1 characters, 2 characters excluding spaces, 3 words, 4 lines (`b`).
        public var basedOn: Int
        /// 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth (`sh`).
        public var shape: Int
        /// 1 percent, 2 index (`r`).
        public var units: Int
        /// Random order (`rn`): lottie-web shuffles anew on every load.
        public var randomized: Bool
    }

    public var selector: RangeSelector
    public var position, anchor, scale, rotation, opacity, skew, skewAxis, tracking: Animatable<[Double]>?
    public var fillColor, strokeColor, strokeWidth, fillHue, fillSaturation, fillBrightness: Animatable<[Double]>?
    /// X or Y rotation (`rx`, `ry`): drawn flat, as a 2-D canvas has no depth.
    public var rotates3D: Bool

    public var changesFill: Bool {
        fillColor != nil || fillHue != nil || fillSaturation != nil || fillBrightness != nil
    }
}

extension LottieAnimation {
    static func decodeTextAnimators(_ t: Node, _ ctx: DecodeContext) throws(LottieError) -> [TextAnimator] {
        guard let list = t["a"] else { return [] }
        guard list.value.array != nil else {
            list.note("expected an array, found \(list.value.kind): read as empty, as lottie-web reads it")
            return []
        }
        var out: [TextAnimator] = []
        for entry in try list.asArray() {
            guard entry.value.object != nil else {
                entry.note("expected an object, found \(entry.value.kind): skipped")
                continue
            }
            let s = entry["s"]
            let a = entry["a"]
            func prop(_ key: String) throws(LottieError) -> Animatable<[Double]>? {
                guard let n = a?[key] else { return nil }
                return try Property.vector(n, ctx, default: [0])
            }
            let selector = TextAnimator.RangeSelector(
                start: try Property.scalar(s?["s"], ctx, default: 0),
                end: try s?["e"].map { n throws(LottieError) in try Property.scalar(n, ctx, default: 100) },
                offset: try Property.scalar(s?["o"], ctx, default: 0),
                easeHigh: try Property.scalar(s?["xe"], ctx, default: 0),
                easeLow: try Property.scalar(s?["ne"], ctx, default: 0),
                amount: try Property.scalar(s?["a"], ctx, default: 100),
                smoothness: try Property.scalar(s?["sm"], ctx, default: 100),
                basedOn: try s?.int("b", default: 1) ?? 1,
                shape: try s?.int("sh", default: 1) ?? 1,
                units: try s?.int("r", default: 1) ?? 1,
                randomized: s?.bool("rn") ?? false)
            out.append(
                TextAnimator(
                    selector: selector, position: try prop("p"), anchor: try prop("a"), scale: try prop("s"),
                    rotation: try prop("r"), opacity: try prop("o"), skew: try prop("sk"), skewAxis: try prop("sa"),
                    tracking: try prop("t"), fillColor: try prop("fc"), strokeColor: try prop("sc"),
                    strokeWidth: try prop("sw"), fillHue: try prop("fh"), fillSaturation: try prop("fs"),
                    fillBrightness: try prop("fb"), rotates3D: a?["rx"] != nil || a?["ry"] != nil))
        }
        return out
    }
}

/// The animators' values at one moment, applied letter by letter.
struct TextAnimation {
    /// One letter as laid out (a line break is a letter too: it counts in indices).
    struct Letter {
        var value: String
        var isBreak: Bool
        /// Advance (`l`), in the layer's units.
        var advance: Double
        var line: Int
    }

    /// What the animators give one letter: its matrix (before the layer's), opacity, and
    /// colours and stroke width where an animator changes them.
    struct Result {
        var matrix: Affine
        var opacity: Double
        var fill: [Double]?
        var stroke: [Double]?
        var strokeWidth: Double?
    }

    private struct Selector {
        var s: Double, e: Double, amount: Double, smoothness: Double, shape: Int
        var easing: BezierEasing

        /// The selector's weight for the letter of index `ind`.
        func weight(_ ind: Double) -> Double {
            var mult = 0.0
            switch shape {
            case 2:
                mult = e == s ? (ind >= e ? 1 : 0) : max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
            case 3:
                mult = e == s ? (ind >= e ? 0 : 1) : 1 - max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
            case 4:
                if e != s {
                    mult = max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
                    mult = mult < 0.5 ? mult * 2 : 1 - 2 * (mult - 0.5)
                }
            case 5:
                if e != s {
                    let total = e - s
                    let k = min(max(0, ind + 0.5 - s), e - s)
                    let x = -total / 2 + k, a = total / 2
                    mult = (1 - (x * x) / (a * a)).squareRoot()
                }
            case 6:
                if e != s {
                    let k = min(max(0, ind + 0.5 - s), e - s)
                    mult = (1 + cos(Double.pi + Double.pi * 2 * k / (e - s))) / 2
                }
            default:
                if ind >= s.rounded(.down) {
                    mult = ind - s < 0 ? max(0, min(min(e, 1) - (s - ind), 1)) : max(0, min(e - ind, 1))
                }
            }
            if mult.isNaN { mult = 0 }
            mult = easing.value(at: mult)
            if smoothness != 100 {
                let smooth = smoothness == 0 ? 0.000_000_01 : smoothness * 0.01
                let threshold = 0.5 - smooth * 0.5
                mult = mult < threshold ? 0 : min((mult - threshold) / smooth, 1)
            }
            return mult * amount
        }
    }

    /// Each animator's properties at this moment (nil: the animator has none).
    struct Values {
        var position, anchor, scale, rotation, opacity, skew, skewAxis, tracking: [Double]?
        var fillColor, strokeColor, strokeWidth, fillHue, fillSaturation, fillBrightness: [Double]?

        init(_ a: TextAnimator, at time: Double) {
            position = a.position?.value(at: time)
            anchor = a.anchor?.value(at: time)
            scale = a.scale?.value(at: time)
            rotation = a.rotation?.value(at: time)
            opacity = a.opacity?.value(at: time)
            skew = a.skew?.value(at: time)
            skewAxis = a.skewAxis?.value(at: time)
            tracking = a.tracking?.value(at: time)
            fillColor = a.fillColor?.value(at: time)
            strokeColor = a.strokeColor?.value(at: time)
            strokeWidth = a.strokeWidth?.value(at: time)
            fillHue = a.fillHue?.value(at: time)
            fillSaturation = a.fillSaturation?.value(at: time)
            fillBrightness = a.fillBrightness?.value(at: time)
        }
    }

    /// In animator order, read once per frame.
    let values: [Values]
    private let selectors: [Selector]
    /// Each letter's index for each animator (`anIndexes`).
    private let indices: [[Double]]

    init(_ animators: [TextAnimator], letters: [Letter], time: Double) {
        values = animators.map { Values($0, at: time) }
        var selectors: [Selector] = []
        var indices = [[Double]](repeating: [], count: letters.count)
        for animator in animators {
            let sel = animator.selector
            // Letters counted as the selector's basis counts them.
            var ind = 0
            for (i, letter) in letters.enumerated() {
                indices[i].append(Double(ind))
                let last = i == letters.count - 1
                let counts: Bool
                switch sel.basedOn {
                case 2: counts = !letter.isBreak && letter.value != " "
                case 3: counts = letter.isBreak || letter.value == " " || last
                case 4: counts = letter.isBreak || last
                default: counts = !letter.isBreak
                }
                if counts { ind += 1 }
            }
            let divisor = sel.units == 2 ? 1 : 100 / Double(ind)
            let o = (sel.offset.value(at: time).first ?? 0) / divisor
            var s = (sel.start.value(at: time).first ?? 0) / divisor + o
            var e = (sel.end?.value(at: time).first ?? 100) / divisor + o
            if s > e { swap(&s, &e) }
            let ne = sel.easeLow.value(at: time).first ?? 0, xe = sel.easeHigh.value(at: time).first ?? 0
            var x1 = 0.0, y1 = 0.0, x2 = 1.0, y2 = 1.0
            if ne > 0 { x1 = ne / 100 } else { y1 = -ne / 100 }
            if xe > 0 { x2 = 1 - xe / 100 } else { y2 = 1 + xe / 100 }
            selectors.append(
                Selector(
                    s: s, e: e, amount: (sel.amount.value(at: time).first ?? 100) / 100,
                    smoothness: sel.smoothness.value(at: time).first ?? 100, shape: sel.shape,
                    easing: BezierEasing(x1, y1, x2, y2)))
        }
        self.selectors = selectors
        self.indices = indices
    }

    /// Each animator's weight for letter `i`, in animator order.
    func weights(letter i: Int) -> [Double] { selectors.indices.map { selectors[$0].weight(indices[i][$0]) } }
}

extension Affine {
    /// A skew of `degrees` along the axis at `axisDegrees`, as a layer's transform skews.
    static func skew(degrees: Double, axisDegrees: Double) -> Affine {
        let axis = axisDegrees * Double.pi / 180
        let shear = Affine(a: 1, b: 0, c: tan(-degrees * Double.pi / 180), d: 1, tx: 0, ty: 0)
        return Affine.rotate(axis).concatenating(shear).concatenating(.rotate(-axis))
    }
}

/// Colour arithmetic of lottie-web's text animators (hue, saturation and brightness offsets
/// through HSV, on 0…1 channels).
enum TextColor {
    static func hsv(_ c: [Double]) -> (h: Double, s: Double, v: Double) {
        let r = c[0] * 255, g = c[1] * 255, b = c[2] * 255
        let mx = max(r, g, b), mn = min(r, g, b), d = mx - mn
        let s = mx == 0 ? 0 : d / mx
        var h = 0.0
        if mx == mn {
            h = 0
        } else if mx == r {
            h = ((g - b) + d * (g < b ? 6 : 0)) / (6 * d)
        } else if mx == g {
            h = ((b - r) + d * 2) / (6 * d)
        } else {
            h = ((r - g) + d * 4) / (6 * d)
        }
        return (h, s, mx / 255)
    }

    static func rgb(_ h: Double, _ s: Double, _ v: Double) -> [Double] {
        let i = (h * 6).rounded(.down), f = h * 6 - i
        let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
        let k = i.isFinite && abs(i) < 1e15 ? Int(i) : 0
        switch (k % 6 + 6) % 6 {
        case 0: return [v, t, p]
        case 1: return [q, v, p]
        case 2: return [p, v, t]
        case 3: return [p, q, v]
        case 4: return [t, p, v]
        case 5: return [v, p, q]
        default: return [v, t, p]
        }
    }

    static func addHue(_ c: [Double], _ offset: Double) -> [Double] {
        var x = hsv(c)
        x.h += offset / 360
        if x.h > 1 { x.h -= 1 } else if x.h < 0 { x.h += 1 }
        return rgb(x.h, x.s, x.v)
    }

    static func addSaturation(_ c: [Double], _ offset: Double) -> [Double] {
        var x = hsv(c)
        x.s = min(max(x.s + offset, 0), 1)
        return rgb(x.h, x.s, x.v)
    }

    static func addBrightness(_ c: [Double], _ offset: Double) -> [Double] {
        var x = hsv(c)
        x.v = min(max(x.v + offset, 0), 1)
        return rgb(x.h, x.s, x.v)
    }
}
