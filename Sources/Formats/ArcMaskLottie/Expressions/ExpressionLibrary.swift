import ArcMaskScript
import ArcMaskValues
import Foundation

/// The functions every expression sees, as lottie-web defines them (not as After Effects
/// does where the two differ): bodymovin's `$bm_sum` … arithmetic, `clamp`, `linear`, the
/// `ease` family, vector helpers and `Math`.
enum ExpressionLibrary {
    static func arg(_ args: [ScriptValue], _ k: Int) -> ScriptValue { k < args.count ? args[k] : .undefined }

    private static func fn(_ body: @escaping ([ScriptValue]) throws(ScriptFailure) -> ScriptValue) -> ScriptValue {
        .function(NativeFunction { _, _, args throws(ScriptFailure) in try body(args) })
    }

    /// Numbers, booleans and strings (and property reads of numbers).
    static func isNumerable(_ v: ScriptValue) -> Bool {
        switch v.primitive {
        case .number, .bool, .string: true
        default: false
        }
    }

    static func isString(_ v: ScriptValue) -> Bool {
        if case .string = v.primitive { return true }
        return false
    }

    static func sum(_ a: ScriptValue, _ b: ScriptValue) throws(ScriptFailure) -> ScriptValue {
        if (isNumerable(a) && isNumerable(b)) || isString(a) || isString(b) {
            return try ScriptInterpreter.binary("+", a, b)
        }
        if let x = a.arrayItems, isNumerable(b) {
            var out = x
            if !out.isEmpty { out[0] = try ScriptInterpreter.binary("+", out[0], b) }
            return .array(out)
        }
        if isNumerable(a), let y = b.arrayItems {
            var out = y
            if !out.isEmpty { out[0] = try ScriptInterpreter.binary("+", a, out[0]) }
            return .array(out)
        }
        if let x = a.arrayItems, let y = b.arrayItems {
            return .array(
                try pairwise(x, y) { (p, q) throws(ScriptFailure) in try ScriptInterpreter.binary("+", p, q) })
        }
        return .number(0)
    }

    static func sub(_ a: ScriptValue, _ b: ScriptValue) throws(ScriptFailure) -> ScriptValue {
        if isNumerable(a) && isNumerable(b) {
            return .number(parseIntIfString(a) - parseIntIfString(b))
        }
        if let x = a.arrayItems, isNumerable(b) {
            var out = x
            if !out.isEmpty { out[0] = .number(out[0].toNumber() - b.toNumber()) }
            return .array(out)
        }
        if isNumerable(a), let y = b.arrayItems {
            var out = y
            if !out.isEmpty { out[0] = .number(a.toNumber() - out[0].toNumber()) }
            return .array(out)
        }
        if let x = a.arrayItems, let y = b.arrayItems {
            return .array(try pairwise(x, y) { (p, q) throws(ScriptFailure) in .number(p.toNumber() - q.toNumber()) })
        }
        return .number(0)
    }

    /// Element by element where both are numbers; past the shorter array, the longer one's
    /// elements as they are.
    private static func pairwise(
        _ x: [ScriptValue], _ y: [ScriptValue], _ op: (ScriptValue, ScriptValue) throws(ScriptFailure) -> ScriptValue
    ) throws(ScriptFailure) -> [ScriptValue] {
        var out: [ScriptValue] = []
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? x[i] : .undefined, q = i < y.count ? y[i] : .undefined
            if case .number = p.primitive, case .number = q.primitive {
                out.append(try op(p, q))
            } else if case .undefined = q {
                out.append(p)
            } else {
                out.append(p.truthy ? p : q)
            }
        }
        return out
    }

    private static func parseIntIfString(_ v: ScriptValue) -> Double {
        if case .string(let s) = v.primitive { return parseInt(s) }
        return v.toNumber()
    }

    static func parseInt(_ s: String) -> Double {
        let t = s.trimmingCharacters(in: .whitespaces)
        var digits = ""
        for (k, c) in t.enumerated() {
            if c.isASCII, c.isNumber {
                digits.append(c)
            } else if k == 0, c == "-" || c == "+" {
                digits.append(c)
            } else {
                break
            }
        }
        return Double(digits).map { $0.rounded(.towardZero) } ?? .nan
    }

    static func parseFloat(_ s: String) -> Double {
        let t = s.trimmingCharacters(in: .whitespaces)
        var best = Double.nan
        var end = t.startIndex
        while end < t.endIndex {
            end = t.index(after: end)
            if let v = Double(t[t.startIndex..<end]) { best = v }
        }
        return best
    }

    static func scale(_ a: ScriptValue, _ b: ScriptValue, _ op: (Double, Double) -> Double) -> ScriptValue {
        if isNumerable(a) && isNumerable(b) { return .number(op(a.toNumber(), b.toNumber())) }
        if let x = a.arrayItems, isNumerable(b) {
            return .numbers(x.map { Double(Float(op($0.toNumber(), b.toNumber()))) })
        }
        if isNumerable(a), let y = b.arrayItems {
            return .numbers(y.map { Double(Float(op(a.toNumber(), $0.toNumber()))) })
        }
        return .number(0)
    }

    static func neg(_ a: ScriptValue) -> ScriptValue {
        if let x = a.arrayItems { return .numbers(x.map { -$0.toNumber() }) }
        return .number(-a.toNumber())
    }

    static func clamp(_ v: ScriptValue, _ lo: ScriptValue, _ hi: ScriptValue) -> ScriptValue {
        var a = lo.toNumber(), b = hi.toNumber()
        if a > b { swap(&a, &b) }
        let x = v.toNumber()
        if x.isNaN || a.isNaN || b.isNaN { return .number(.nan) }
        return .number(min(max(x, a), b))
    }

    static func linear(_ args: [ScriptValue]) -> ScriptValue {
        var t = arg(args, 0), tMin = arg(args, 1), tMax = arg(args, 2), v1 = arg(args, 3), v2 = arg(args, 4)
        if case .undefined = v1 {
            v1 = tMin
            v2 = tMax
            tMin = .number(0)
            tMax = .number(1)
        } else if case .undefined = v2 {
            v1 = tMin
            v2 = tMax
            tMin = .number(0)
            tMax = .number(1)
        }
        var lo = tMin.toNumber(), hi = tMax.toNumber()
        if hi < lo { swap(&lo, &hi) }
        let x = t.toNumber()
        if x <= lo { return v1 }
        if x >= hi { return v2 }
        let perc = hi == lo ? 0 : (x - lo) / (hi - lo)
        t = .number(perc)
        return mix(v1, v2, perc)
    }

    private static func mix(_ v1: ScriptValue, _ v2: ScriptValue, _ m: Double) -> ScriptValue {
        if let a = v1.arrayItems {
            let b = v2.arrayItems ?? []
            return .numbers(
                a.indices.map { i in
                    let p = a[i].toNumber(), q = i < b.count ? b[i].toNumber() : .nan
                    return Double(Float(p + (q - p) * m))
                })
        }
        let p = v1.toNumber(), q = v2.toNumber()
        return .number(p + (q - p) * m)
    }

    static func ease(_ args: [ScriptValue], _ curve: BezierEasing) -> ScriptValue {
        var t = arg(args, 0).toNumber()
        var v1 = arg(args, 3), v2 = arg(args, 4)
        if case .undefined = v1 {
            v1 = arg(args, 1)
            v2 = arg(args, 2)
        } else {
            let lo = arg(args, 1).toNumber(), hi = arg(args, 2).toNumber()
            t = (t - lo) / (hi - lo)
        }
        if t < 0 { t = 0 } else if t > 1 { t = 1 }
        let m = t.isNaN ? t : curve.value(at: t)
        if let a = v1.arrayItems {
            let b = v2.arrayItems ?? []
            return .numbers(
                a.indices.map { i in
                    let p = a[i].toNumber(), q = i < b.count ? b[i].toNumber() : .nan
                    return Double(Float((q - p) * m + p))
                })
        }
        let p = v1.toNumber(), q = v2.toNumber()
        return .number((q - p) * m + p)
    }

    static func length(_ a: ScriptValue, _ b: ScriptValue) -> Double {
        if case .number(let x) = a.primitive { return abs(x - (b.isNullish ? 0 : b.toNumber())) }
        let x = a.vector ?? [], y = b.isNullish ? [0, 0, 0, 0, 0, 0] : (b.vector ?? [])
        var s = 0.0
        for i in 0..<min(x.count, y.count) { s += (y[i] - x[i]) * (y[i] - x[i]) }
        return s.squareRoot()
    }

    static func rgbToHsl(_ c: [Double]) -> [Double] {
        let r = c.count > 0 ? c[0] : 0, g = c.count > 1 ? c[1] : 0, b = c.count > 2 ? c[2] : 0,
            a = c.count > 3 ? c[3] : 0
        let mx = max(r, g, b), mn = min(r, g, b)
        var h = 0.0, s = 0.0
        let l = (mx + mn) / 2
        if mx != mn {
            let d = mx - mn
            s = l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn)
            switch mx {
            case r: h = (g - b) / d + (g < b ? 6 : 0)
            case g: h = (b - r) / d + 2
            default: h = (r - g) / d + 4
            }
            h /= 6
        }
        return [h, s, l, a]
    }

    static func hslToRgb(_ c: [Double]) -> [Double] {
        let h = c.count > 0 ? c[0] : 0, s = c.count > 1 ? c[1] : 0, l = c.count > 2 ? c[2] : 0,
            a = c.count > 3 ? c[3] : 0
        if s == 0 { return [l, l, l, a] }
        func hue(_ p: Double, _ q: Double, _ t0: Double) -> Double {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 1.0 / 2 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        return [hue(p, q, h + 1.0 / 3), hue(p, q, h), hue(p, q, h - 1.0 / 3), a]
    }

    static let easeInOutCurve = BezierEasing(0.33, 0, 0.667, 1)
    static let easeInCurve = BezierEasing(0.333, 0, 0.833, 0.833)
    static let easeOutCurve = BezierEasing(0.167, 0.167, 0.667, 1)

    static func math() -> ScriptValue {
        let m = ScriptObject()
        func one(_ name: String, _ f: @escaping (Double) -> Double) {
            m.set(name, fn { args throws(ScriptFailure) in .number(f(arg(args, 0).toNumber())) })
        }
        one("acos", acos); one("acosh", acosh); one("asin", asin); one("asinh", asinh); one("atan", atan);
        one("atanh", atanh)
        one("ceil", { $0.rounded(.up) }); one("cbrt", cbrt); one("expm1", expm1); one("cos", cos); one("cosh", cosh)
        one("exp", exp); one("floor", { $0.rounded(.down) }); one("fround", { Double(Float($0)) }); one("log", log)
        one("log1p", log1p); one("log2", log2); one("log10", log10); one("sin", sin); one("sinh", sinh);
        one("sqrt", { $0.squareRoot() })
        one("tan", tan); one("tanh", tanh); one("trunc", { $0.rounded(.towardZero) })
        one("sign", { $0.isNaN ? .nan : $0 > 0 ? 1 : $0 < 0 ? -1 : $0 })
        // JavaScript rounds halves up (toward +∞).
        one("round", { ($0 + 0.5).rounded(.down) })
        one("clz32", { Double(UInt32(bitPattern: ScriptInterpreter.int32($0)).leadingZeroBitCount) })
        m.set(
            "abs",
            fn { args throws(ScriptFailure) in
                let v = arg(args, 0)
                if let items = v.arrayItems, !items.isEmpty { return .numbers(items.map { abs($0.toNumber()) }) }
                return .number(abs(v.toNumber()))
            })
        m.set(
            "atan2",
            fn { args throws(ScriptFailure) in .number(atan2(arg(args, 0).toNumber(), arg(args, 1).toNumber())) })
        m.set(
            "pow", fn { args throws(ScriptFailure) in .number(pow(arg(args, 0).toNumber(), arg(args, 1).toNumber())) })
        m.set(
            "imul",
            fn { args throws(ScriptFailure) in
                .number(
                    Double(
                        ScriptInterpreter.int32(arg(args, 0).toNumber())
                            &* ScriptInterpreter.int32(arg(args, 1).toNumber())))
            })
        m.set(
            "hypot",
            fn { args throws(ScriptFailure) in
                .number(args.reduce(0) { $0 + $1.toNumber() * $1.toNumber() }.squareRoot())
            })
        m.set(
            "max",
            fn { args throws(ScriptFailure) in
                var r = -Double.infinity
                for a in args { let x = a.toNumber(); if x.isNaN { return .number(.nan) }; r = max(r, x) }
                return .number(r)
            })
        m.set(
            "min",
            fn { args throws(ScriptFailure) in
                var r = Double.infinity
                for a in args { let x = a.toNumber(); if x.isNaN { return .number(.nan) }; r = min(r, x) }
                return .number(r)
            })
        m.set("random", fn { _ throws(ScriptFailure) in throw randomness })
        for (k, v) in [
            ("E", M_E), ("LN10", M_LN10), ("LN2", M_LN2), ("LOG10E", M_LOG10E), ("LOG2E", M_LOG2E), ("PI", Double.pi),
            ("SQRT1_2", 0.5.squareRoot()), ("SQRT2", 2.0.squareRoot()),
        ] {
            m.set(k, .number(v))
        }
        return .object(m)
    }

    /// What a random function does here: fail, so the property keeps its value underneath
    /// (lottie-web seeds its generator anew at each page load; no two players agree).
    static let randomness = ScriptFailure.error(
        "random numbers are not reproduced (lottie-web draws different ones at each load)")

    static func globals() -> [String: ScriptValue] {
        var g: [String: ScriptValue] = [:]
        let sumF = fn { args throws(ScriptFailure) in try sum(arg(args, 0), arg(args, 1)) }
        for n in ["$bm_sum", "sum", "add"] { g[n] = sumF }
        let subF = fn { args throws(ScriptFailure) in try sub(arg(args, 0), arg(args, 1)) }
        for n in ["$bm_sub", "sub"] { g[n] = subF }
        let mulF = fn { args throws(ScriptFailure) in scale(arg(args, 0), arg(args, 1), *) }
        for n in ["$bm_mul", "mul"] { g[n] = mulF }
        let divF = fn { args throws(ScriptFailure) in scale(arg(args, 0), arg(args, 1), /) }
        for n in ["$bm_div", "div"] { g[n] = divF }
        let modF = fn { args throws(ScriptFailure) in
            let a = arg(args, 0), b = arg(args, 1)
            func n(_ v: ScriptValue) -> Double { isString(v) ? parseInt(v.toText()) : v.toNumber() }
            return .number(ScriptInterpreter.jsRemainder(n(a), n(b)))
        }
        for n in ["$bm_mod", "mod"] { g[n] = modF }
        g["$bm_neg"] = fn { args throws(ScriptFailure) in neg(arg(args, 0)) }
        g["$bm_isInstanceOfArray"] = fn { args throws(ScriptFailure) in .bool(arg(args, 0).arrayItems != nil) }
        g["isInstanceOfArray"] = g["$bm_isInstanceOfArray"]
        g["clamp"] = fn { args throws(ScriptFailure) in clamp(arg(args, 0), arg(args, 1), arg(args, 2)) }
        g["linear"] = fn { args throws(ScriptFailure) in linear(args) }
        g["ease"] = fn { args throws(ScriptFailure) in ease(args, easeInOutCurve) }
        g["easeIn"] = fn { args throws(ScriptFailure) in ease(args, easeInCurve) }
        g["easeOut"] = fn { args throws(ScriptFailure) in ease(args, easeOutCurve) }
        g["length"] = fn { args throws(ScriptFailure) in .number(length(arg(args, 0), arg(args, 1))) }
        g["normalize"] = fn { args throws(ScriptFailure) in
            let v = arg(args, 0)
            return scale(v, .number(length(v, .undefined)), /)
        }
        g["dot"] = fn { args throws(ScriptFailure) in
            let a = arg(args, 0).vector ?? [], b = arg(args, 1).vector ?? []
            return .number(zip(a, b).reduce(0) { $0 + $1.0 * $1.1 })
        }
        g["cross"] = fn { args throws(ScriptFailure) in
            let a = (arg(args, 0).vector ?? []) + [0, 0, 0], b = (arg(args, 1).vector ?? []) + [0, 0, 0]
            return .numbers([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]])
        }
        let r2d = fn { args throws(ScriptFailure) in .number(arg(args, 0).toNumber() * 180 / Double.pi) }
        g["radiansToDegrees"] = r2d
        g["radians_to_degrees"] = r2d
        // lottie-web binds degrees_to_radians to radiansToDegrees; kept as it plays.
        g["degrees_to_radians"] = r2d
        g["degreesToRadians"] = fn { args throws(ScriptFailure) in .number(arg(args, 0).toNumber() * Double.pi / 180) }
        g["rgbToHsl"] = fn { args throws(ScriptFailure) in .numbers(rgbToHsl(arg(args, 0).vector ?? [])) }
        g["hslToRgb"] = fn { args throws(ScriptFailure) in .numbers(hslToRgb(arg(args, 0).vector ?? [])) }
        g["lookAt"] = fn { args throws(ScriptFailure) in
            let a = (arg(args, 0).vector ?? []) + [0, 0, 0], b = (arg(args, 1).vector ?? []) + [0, 0, 0]
            let f = [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
            let d = 180 / Double.pi
            return .numbers([-atan2(f[1], f[2]) * d, atan2(f[0], (f[1] * f[1] + f[2] * f[2]).squareRoot()) * d, 0])
        }
        for n in ["random", "gaussRandom", "noise", "wiggle", "seedRandom", "seed_random"] {
            g[n] = fn { _ throws(ScriptFailure) in throw randomness }
        }
        g["createPath"] = fn { args throws(ScriptFailure) in
            // Tangents are relative to their points; a missing one is [0, 0].
            let points = arg(args, 0).arrayItems ?? []
            guard points.count <= 100_000 else { throw .error("RangeError: a path of more than 100000 points") }
            let ins = arg(args, 1).arrayItems, outs = arg(args, 2).arrayItems
            var path = BezierPath(closed: arg(args, 3).truthy)
            func xy(_ v: ScriptValue?) -> Vec2 {
                guard let v, v.truthy, let items = v.arrayItems else { return Vec2(0, 0) }
                return Vec2(items.first?.toNumber() ?? .nan, items.count > 1 ? items[1].toNumber() : .nan)
            }
            for (k, p) in points.enumerated() {
                let v = xy(p)
                let i = xy(ins.flatMap { k < $0.count ? $0[k] : nil }),
                    o = xy(outs.flatMap { k < $0.count ? $0[k] : nil })
                path.append(v, in: v + i, out: v + o)
            }
            return .host(PathHost(path))
        }
        g["Math"] = math()
        g["Array"] = .function(ScriptArrayConstructor())
        g["parseInt"] = fn { args throws(ScriptFailure) in .number(parseInt(arg(args, 0).toText())) }
        g["parseFloat"] = fn { args throws(ScriptFailure) in .number(parseFloat(arg(args, 0).toText())) }
        g["isNaN"] = fn { args throws(ScriptFailure) in .bool(arg(args, 0).toNumber().isNaN) }
        g["isFinite"] = fn { args throws(ScriptFailure) in .bool(arg(args, 0).toNumber().isFinite) }
        g["Number"] = fn { args throws(ScriptFailure) in .number(args.isEmpty ? 0 : arg(args, 0).toNumber()) }
        g["String"] = fn { args throws(ScriptFailure) in .string(args.isEmpty ? "" : arg(args, 0).toText()) }
        g["Boolean"] = fn { args throws(ScriptFailure) in .bool(arg(args, 0).truthy) }
        g["NaN"] = .number(.nan)
        g["Infinity"] = .number(.infinity)
        for n in ["window", "document", "XMLHttpRequest", "fetch", "frames"] { g[n] = .null }
        return g
    }
}
