import ArcMaskScript
import ArcMaskValues
import Foundation

/// One run of one expression: the names lottie-web puts in its scope (`value`, `time`,
/// `thisLayer`, `thisComp`, `content`, `effect`, `loopOut` …), bound to the property, its
/// layer and the moment.
final class ExpressionContext {
    let frame: ExpressionFrame
    let expression: LottieExpression
    let property: PropertyHandle
    /// Composition time in frames.
    let time: Double
    let input: ScriptValue
    var frameRate: Double { frame.animation.frameRate }

    init(
        frame: ExpressionFrame, expression: LottieExpression, property: PropertyHandle, time: Double, input: ScriptValue
    ) {
        self.frame = frame
        self.expression = expression
        self.property = property
        self.time = time
        self.input = input
    }

    var layer: LayerRef? { expression.owner.map { LayerRef(composition: $0.composition, position: $0.layer) } }

    func run(_ program: ScriptFunctionBody) throws(ScriptFailure) -> ScriptValue {
        let scope = ScriptScope(variables(), parent: nil)
        // posterizeTime(fps): from here on the expression's `time` is held to steps of 1/fps
        // s and `value` is the property's there, as lottie-web's sets both.
        scope.variables["posterizeTime"] = .function(
            NativeFunction { [weak scope] _, _, args throws(ScriptFailure) in
                guard let scope else { return .undefined }
                let fps = ExpressionLibrary.arg(args, 0).toNumber()
                let now = scope.variables["time"]?.toNumber() ?? self.time / self.frameRate
                let held = fps == 0 ? 0 : (now * fps).rounded(.down) / fps
                if held.isFinite {
                    scope.variables["time"] = .number(held)
                    scope.variables["value"] = self.valueAtTime(held)
                }
                return .undefined
            })
        try frame.interpreter.run(program, in: scope)
        let result = scope.variables["$bm_rt"] ?? .undefined
        if case .undefined = result { throw .error("the expression sets no value ($bm_rt)") }
        return result
    }

    private func native(_ body: @escaping ([ScriptValue]) throws(ScriptFailure) -> ScriptValue) -> ScriptValue {
        .function(NativeFunction { _, _, args throws(ScriptFailure) in try body(args) })
    }

    private func variables() -> [String: ScriptValue] {
        let seconds = time / frameRate
        var v: [String: ScriptValue] = [
            "value": input, "time": .number(seconds), "thisProperty": .host(ThisPropertyHost(self)),
            "numKeys": .number(Double(property.keyTimes.count)),
            "comp": native { [frame] args throws(ScriptFailure) in
                let name = ExpressionLibrary.arg(args, 0).toText()
                if name == frame.animation.name { return .host(CompHost(self, composition: nil)) }
                return frame.animation.composition(named: name).map { .host(CompHost(self, composition: $0)) } ?? .null
            },
            "framesToTime": native { [frameRate] args throws(ScriptFailure) in
                .number(ExpressionLibrary.arg(args, 0).toNumber() / (args.count > 1 ? args[1].toNumber() : frameRate))
            },
            "timeToFrames": native { [frameRate] args throws(ScriptFailure) in
                let t = args.isEmpty || args[0].isNullish ? seconds : args[0].toNumber()
                return .number(t * (args.count > 1 ? args[1].toNumber() : frameRate))
            },
            "key": native { args throws(ScriptFailure) in try self.ownKey(ExpressionLibrary.arg(args, 0)) },
            "nearestKey": native { args throws(ScriptFailure) in
                self.nearestKey(ExpressionLibrary.arg(args, 0).toNumber())
            },
            "valueAtTime": native { args throws(ScriptFailure) in
                self.valueAtTime(ExpressionLibrary.arg(args, 0).toNumber())
            },
            "velocityAtTime": native { args throws(ScriptFailure) in
                self.velocityAtTime(ExpressionLibrary.arg(args, 0).toNumber())
            },
            "speedAtTime": native { args throws(ScriptFailure) in
                self.speedAtTime(ExpressionLibrary.arg(args, 0).toNumber())
            },
            "smooth": native { args throws(ScriptFailure) in self.smooth(args) },
            "active": .bool(true),
        ]
        let loopOut = native { args throws(ScriptFailure) in try self.loopOut(args, seconds: false) }
        let loopIn = native { args throws(ScriptFailure) in try self.loopIn(args, seconds: false) }
        v["loopOut"] = loopOut
        v["loop_out"] = loopOut
        v["loopIn"] = loopIn
        v["loop_in"] = loopIn
        v["loopOutDuration"] = native { args throws(ScriptFailure) in try self.loopOut(args, seconds: true) }
        v["loopInDuration"] = native { args throws(ScriptFailure) in try self.loopIn(args, seconds: true) }
        v["velocity"] = .number(.nan)
        if let layer, let host = LayerHost(self, layer) {
            let l = host.model
            v["thisLayer"] = .host(host)
            v["thisComp"] = .host(CompHost(self, composition: layer.composition))
            let transform = ScriptValue.host(TransformHost(self, layer: host))
            v["transform"] = transform
            v["$bm_transform"] = transform
            if case .shape = l.kind { v["content"] = .host(ContentHost(self, entries: l.contents, owner: host)) }
            v["effect"] = .host(EffectsHost(self, layer: host))
            v["index"] = l.index.map { .number(Double($0)) } ?? .undefined
            v["inPoint"] = .number(l.inPoint / frameRate)
            v["outPoint"] = .number(l.outPoint / frameRate)
            v["name"] = .string(l.name)
            v["hasParent"] = .bool(host.parent != nil)
            v["parent"] = host.parent.map { .host($0) } ?? .undefined
            if case .solid(_, let w, let h) = l.kind {
                v["width"] = .number(w)
                v["height"] = .number(h)
            } else {
                v["width"] = .number(0)
                v["height"] = .number(0)
            }
            for name in [
                "toComp", "toWorld", "fromComp", "fromWorld", "fromCompToSurface", "toWorldVec", "fromWorldVec",
                "toCompVec",
                "fromCompVec",
            ] {
                if let f = try? host.member(name == "fromCompToSurface" ? "fromComp" : name, frame.interpreter) {
                    v[name] = f
                }
            }
            v["mask"] = native { _ throws(ScriptFailure) in .null }
        } else {
            v["thisComp"] = .host(CompHost(self, composition: nil))
        }
        return v
    }

    // MARK: keyframes of the property itself

    /// Keyframes alone at `frames`.
    func V(_ frames: Double) -> ScriptValue { property.keyframeValue(frames) }

    func valueAtTime(_ seconds: Double) -> ScriptValue { V(seconds * frameRate) }

    func velocityAtTime(_ seconds: Double) -> ScriptValue {
        guard property.isKeyframed else {
            return property.keyframeValue(time).arrayItems.map { .numbers($0.map { _ in 0 }) } ?? .number(0)
        }
        let a = valueAtTime(seconds - 0.001), b = valueAtTime(seconds)
        if let x = a.vector, let y = b.vector, x.count > 1 || b.arrayItems != nil {
            return .numbers(zip(x, y).map { ($0 - $1) / -0.001 })
        }
        return .number((a.toNumber() - b.toNumber()) / -0.001)
    }

    func speedAtTime(_ seconds: Double) -> ScriptValue {
        guard property.isKeyframed else { return .number(0) }
        let x = valueAtTime(seconds - 0.01).vector ?? [], y = valueAtTime(seconds).vector ?? []
        return .number(100 * zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
    }

    func smooth(_ args: [ScriptValue]) -> ScriptValue {
        guard property.isKeyframed else { return input }
        let width = args.isEmpty || args[0].isNullish ? 0.4 : args[0].toNumber()
        let samples = clampedInt(
            (args.count > 1 && !args[1].isNullish ? args[1].toNumber() : 5).rounded(.down), 0...1000)
        guard samples > 1, samples < 1000 else { return input }
        let w = width / 2, t0 = time / frameRate
        var sums: [Double] = []
        for k in 0..<samples {
            let t = t0 - w + Double(k) * (2 * w) / Double(samples - 1)
            let v = valueAtTime(t).vector ?? []
            if sums.isEmpty { sums = v } else { for i in 0..<min(sums.count, v.count) { sums[i] += v[i] } }
        }
        let out = sums.map { $0 / Double(samples) }
        return out.count == 1 && input.arrayItems == nil ? .number(out[0]) : .numbers(out)
    }

    /// Bare `key(n)`: `{time, value, index}` with the value as a plain array.
    func ownKey(_ n: ScriptValue) throws(ScriptFailure) -> ScriptValue {
        guard property.isKeyframed else { throw .error("the property has no keyframes") }
        let k = clampedInt(n.toNumber(), -1...Int(Int32.max))
        guard k >= 1, k <= property.keyTimes.count else {
            throw .error("key(\(n.toText())) is outside 1…\(property.keyTimes.count)")
        }
        let o = ScriptObject()
        let value = property.keyValues[k - 1]
        let items = value.arrayItems ?? [value]
        o.set("time", .number(property.keyTimes[k - 1] / frameRate))
        o.set("value", .array(items))
        o.set("index", .number(Double(k)))
        for (i, x) in items.enumerated() { o.set(String(i), x) }
        return .object(o)
    }

    func nearestKey(_ seconds: Double) -> ScriptValue {
        let o = ScriptObject()
        let times = property.keyTimes
        guard !times.isEmpty else {
            o.set("index", .number(0))
            o.set("time", .number(0))
            return .object(o)
        }
        let f = seconds * frameRate
        var index = times.count
        if f <= times[0] {
            index = 1
        } else {
            for i in 0..<(times.count - 1) {
                if f == times[i] {
                    index = i + 1
                    break
                }
                if f > times[i], f < times[i + 1] {
                    index = f - times[i] > times[i + 1] - f ? i + 2 : i + 1
                    break
                }
            }
        }
        o.set("index", .number(Double(index)))
        o.set("time", .number(times[index - 1] / frameRate))
        return .object(o)
    }

    private func combine(_ a: ScriptValue, _ b: ScriptValue, _ f: (Double, Double) -> Double) -> ScriptValue {
        if let x = a.vector, let y = b.vector, a.arrayItems != nil {
            return .numbers((0..<x.count).map { f(x[$0], $0 < y.count ? y[$0] : .nan) })
        }
        return .number(f(a.toNumber(), b.toNumber()))
    }

    /// How many keyframes' spans a loop covers: `duration` when it is 1…n−1, else all of them.
    private static func keyCount(_ duration: ScriptValue, _ n: Int) -> Int {
        let count = duration.truthy ? clampedInt(duration.toNumber(), 0...(n - 1)) : n - 1
        return count <= 0 ? n - 1 : count
    }

    /// `loopOut(type, n)` (and `loopOutDuration`), with lottie-web's formulas.
    func loopOut(_ args: [ScriptValue], seconds: Bool) throws(ScriptFailure) -> ScriptValue {
        let times = property.keyTimes
        guard let last = times.last, times.count > 1 else { return input }
        let cur = time
        if cur <= last { return input }
        let type = ExpressionLibrary.arg(args, 0).isNullish ? "" : ExpressionLibrary.arg(args, 0).toText().lowercased()
        let d = ExpressionLibrary.arg(args, 1)
        let n = times.count
        let first: Double, c: Double
        if !seconds {
            first = times[n - 1 - Self.keyCount(d, n)]
            c = last - first
        } else {
            let layerIn = layer.flatMap { LayerHost(self, $0)?.model.inPoint } ?? 0
            c = d.truthy ? abs(last - frameRate * d.toNumber()) : max(0, last - layerIn)
            first = last - c
        }
        guard c > 0 else { return input }
        let delta = cur - first
        let within = delta.truncatingRemainder(dividingBy: c)
        switch type {
        case "offset":
            let initV = V(first), endV = V(last), now = V(first + within)
            let repeats = (delta / c).rounded(.down)
            let step = combine(endV, initV, -)
            return combine(combine(step, .number(repeats)) { $0 * $1 }, now, +)
        case "continue":
            let lastV = V(last), prevV = V(last - 0.001)
            if lastV.arrayItems != nil {
                let factor = ((cur - last) / frameRate) / 0.0005
                return combine(lastV, combine(lastV, prevV, -)) { $0 + $1 * factor }
            }
            let slope = (lastV.toNumber() - prevV.toNumber()) * ((cur - last) / 0.001)
            return .number(lastV.toNumber() + slope)
        default:  // cycle, pingpong, and what lottie-web reads as cycle
            return V(KeyframeLoop.cycled(cur, first: first, last: last, out: true, pingpong: type == "pingpong"))
        }
    }

    func loopIn(_ args: [ScriptValue], seconds: Bool) throws(ScriptFailure) -> ScriptValue {
        let times = property.keyTimes
        guard let first = times.first, times.count > 1 else {
            if property.isKeyframed { return input }
            throw .error("loopIn on a property without keyframes")
        }
        let cur = time
        if cur >= first { return input }
        let type = ExpressionLibrary.arg(args, 0).isNullish ? "" : ExpressionLibrary.arg(args, 0).toText().lowercased()
        let d = ExpressionLibrary.arg(args, 1)
        let n = times.count
        let last: Double, c: Double
        if !seconds {
            last = times[Self.keyCount(d, n)]
            c = last - first
        } else {
            let layerOut = layer.flatMap { LayerHost(self, $0)?.model.outPoint } ?? 0
            c = d.truthy ? abs(frameRate * d.toNumber()) : max(0, layerOut - first)
            last = first + c
        }
        guard c > 0 else { return input }
        let before = first - cur
        let within = before.truncatingRemainder(dividingBy: c)
        switch type {
        case "offset":
            let initV = V(first), endV = V(last), now = V(c - within + first)
            let repeats = (before / c).rounded(.down) + 1
            let step = combine(endV, initV, -)
            return combine(now, combine(step, .number(repeats)) { $0 * $1 }, -)
        case "continue":
            let firstV = V(first), nextV = V(first + 0.001)
            let k = (first - cur) / 0.001
            return combine(firstV, combine(firstV, nextV, -)) { $0 + $1 * k }
        default:  // cycle, pingpong, and what lottie-web reads as cycle
            return V(KeyframeLoop.cycled(cur, first: first, last: last, out: false, pingpong: type == "pingpong"))
        }
    }
}

/// A layer by its composition and position there.
struct LayerRef: Equatable {
    var composition: String?
    var position: Int
}
