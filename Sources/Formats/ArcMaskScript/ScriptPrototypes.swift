import Foundation

/// `Array`, the function: `Array(n)`, `Array(a, b)` and the right side of `instanceof Array`.
public final class ScriptArrayConstructor: ScriptCallable {
    public override init() { super.init() }

    public override func call(
        _ interpreter: ScriptInterpreter, this: ScriptValue, _ args: [ScriptValue]
    ) throws(ScriptFailure) -> ScriptValue {
        if args.count == 1, let n = args[0].numberValue {
            guard n >= 0, n <= 100_000, n == n.rounded() else { throw .error("RangeError: invalid array length") }
            return .array(Array(repeating: .undefined, count: Int(n)))
        }
        return .array(args)
    }
}

/// The members of numbers, strings and arrays that expressions use (`toFixed`, `length`,
/// `substring`, `push`, `join` …).
public enum ScriptPrototypes {
    private static func native(
        _ body: @escaping (ScriptInterpreter, [ScriptValue]) throws(ScriptFailure) -> ScriptValue
    ) -> ScriptValue {
        .function(NativeFunction { i, _, args throws(ScriptFailure) in try body(i, args) })
    }

    private static func arg(_ args: [ScriptValue], _ k: Int) -> ScriptValue { k < args.count ? args[k] : .undefined }

    public static func numberMember(_ n: Double, _ name: String) -> ScriptValue {
        switch name {
        case "toFixed":
            return native { _, args throws(ScriptFailure) in
                let d = arg(args, 0).isNullish ? 0 : Int(max(0, min(100, arg(args, 0).toNumber().rounded(.towardZero))))
                guard n.isFinite else { return .string(ScriptValue.numberText(n)) }
                // JavaScript rounds the decimal expansion of the double, half away from zero.
                let text = String(format: "%.\(d)f", n)
                return .string(
                    text == "-0" || text.hasPrefix("-0.") && Double(text) == 0 ? String(text.dropFirst()) : text)
            }
        case "toString":
            return native { _, _ throws(ScriptFailure) in .string(ScriptValue.numberText(n)) }
        case "valueOf":
            return native { _, _ throws(ScriptFailure) in .number(n) }
        default: return .undefined
        }
    }

    public static func stringMember(_ s: String, _ name: String) -> ScriptValue {
        let chars = Array(s)
        func clampIndex(_ v: ScriptValue, _ d: Int) -> Int {
            if v.isNullish { return d }
            let x = v.toNumber()
            if x.isNaN { return 0 }
            return Int(max(0, min(Double(chars.count), x.rounded(.towardZero))))
        }
        func relIndex(_ v: ScriptValue, _ d: Int) -> Int {
            if v.isNullish { return d }
            var x = v.toNumber()
            if x.isNaN { x = 0 }
            x = x.rounded(.towardZero)
            if x < 0 { x += Double(chars.count) }
            return Int(max(0, min(Double(chars.count), x)))
        }
        switch name {
        case "length": return .number(Double(chars.count))
        case "charAt":
            return native { _, args throws(ScriptFailure) in
                let i = clampedInt(arg(args, 0).isNullish ? 0 : arg(args, 0).toNumber(), -1...Int(Int32.max))
                return .string(i >= 0 && i < chars.count ? String(chars[i]) : "")
            }
        case "charCodeAt":
            return native { _, args throws(ScriptFailure) in
                let i = clampedInt(arg(args, 0).isNullish ? 0 : arg(args, 0).toNumber(), -1...Int(Int32.max))
                guard i >= 0, i < chars.count, let u = chars[i].unicodeScalars.first else { return .number(.nan) }
                return .number(Double(u.value))
            }
        case "substring":
            return native { _, args throws(ScriptFailure) in
                var a = clampIndex(arg(args, 0), 0), b = clampIndex(arg(args, 1), chars.count)
                if a > b { swap(&a, &b) }
                return .string(String(chars[a..<b]))
            }
        case "substr":
            return native { _, args throws(ScriptFailure) in
                let a = relIndex(arg(args, 0), 0)
                let n =
                    arg(args, 1).isNullish
                    ? chars.count - a : clampedInt(arg(args, 1).toNumber(), 0...(chars.count - a))
                return .string(String(chars[a..<a + n]))
            }
        case "slice":
            return native { _, args throws(ScriptFailure) in
                let a = relIndex(arg(args, 0), 0), b = relIndex(arg(args, 1), chars.count)
                return .string(a < b ? String(chars[a..<b]) : "")
            }
        case "indexOf", "lastIndexOf":
            return native { _, args throws(ScriptFailure) in
                let needle = arg(args, 0).toText()
                let range = name == "indexOf" ? s.range(of: needle) : s.range(of: needle, options: .backwards)
                guard let range else { return .number(-1) }
                return .number(Double(s.distance(from: s.startIndex, to: range.lowerBound)))
            }
        case "split":
            return native { _, args throws(ScriptFailure) in
                let sep = arg(args, 0)
                if sep.isNullish { return .array([.string(s)]) }
                let t = sep.toText()
                if t.isEmpty { return .array(chars.map { .string(String($0)) }) }
                return .array(s.components(separatedBy: t).map { .string($0) })
            }
        case "toUpperCase": return native { _, _ throws(ScriptFailure) in .string(s.uppercased()) }
        case "toLowerCase": return native { _, _ throws(ScriptFailure) in .string(s.lowercased()) }
        case "trim":
            return native { _, _ throws(ScriptFailure) in .string(s.trimmingCharacters(in: .whitespacesAndNewlines)) }
        case "toString", "valueOf": return native { _, _ throws(ScriptFailure) in .string(s) }
        case "concat": return native { _, args throws(ScriptFailure) in .string(s + args.map { $0.toText() }.joined()) }
        case "replace":
            return native { _, args throws(ScriptFailure) in
                let pattern = arg(args, 0).toText(), with = arg(args, 1).toText()
                guard let r = s.range(of: pattern) else { return .string(s) }
                return .string(s.replacingCharacters(in: r, with: with))
            }
        default: return .undefined
        }
    }

    public static func arrayMember(_ a: ScriptArray, _ name: String) throws(ScriptFailure) -> ScriptValue {
        switch name {
        case "length": return .number(Double(a.items.count))
        case "push":
            return native { _, args throws(ScriptFailure) in
                guard a.items.count + args.count <= 100_000 else { throw .error("RangeError: array too long") }
                a.items += args
                return .number(Double(a.items.count))
            }
        case "pop": return native { _, _ throws(ScriptFailure) in a.items.popLast() ?? .undefined }
        case "shift":
            return native { _, _ throws(ScriptFailure) in a.items.isEmpty ? .undefined : a.items.removeFirst() }
        case "unshift":
            return native { _, args throws(ScriptFailure) in
                a.items.insert(contentsOf: args, at: 0)
                return .number(Double(a.items.count))
            }
        case "slice":
            return native { _, args throws(ScriptFailure) in
                let n = a.items.count
                func rel(_ v: ScriptValue, _ d: Int) -> Int {
                    if v.isNullish { return d }
                    var x = v.toNumber().rounded(.towardZero)
                    if x.isNaN { x = 0 }
                    if x < 0 { x += Double(n) }
                    return Int(max(0, min(Double(n), x)))
                }
                let s = rel(arg(args, 0), 0), e = rel(arg(args, 1), n)
                return .array(s < e ? Array(a.items[s..<e]) : [])
            }
        case "concat":
            return native { _, args throws(ScriptFailure) in
                var out = a.items
                for x in args {
                    if let items = x.arrayItems { out += items } else { out.append(x) }
                }
                guard out.count <= 100_000 else { throw .error("RangeError: array too long") }
                return .array(out)
            }
        case "join":
            return native { _, args throws(ScriptFailure) in
                let sep = arg(args, 0).isNullish ? "," : arg(args, 0).toText()
                return .string(a.items.map { $0.isNullish ? "" : $0.toText() }.joined(separator: sep))
            }
        case "toString": return native { _, _ throws(ScriptFailure) in .string(ScriptValue.array(a).toText()) }
        case "indexOf":
            return native { _, args throws(ScriptFailure) in
                .number(Double(a.items.firstIndex { $0.strictEquals(arg(args, 0)) } ?? -1))
            }
        case "reverse":
            return native { _, _ throws(ScriptFailure) in
                a.items.reverse()
                return .array(a)
            }
        case "map", "forEach", "filter":
            return native { i, args throws(ScriptFailure) in
                let f = arg(args, 0)
                var out: [ScriptValue] = []
                for (k, x) in a.items.enumerated() {
                    let r = try i.call(f, this: .undefined, [x, .number(Double(k)), .array(a)])
                    if name == "map" { out.append(r) } else if name == "filter", r.truthy { out.append(x) }
                }
                return name == "forEach" ? .undefined : .array(out)
            }
        case "reduce":
            return native { i, args throws(ScriptFailure) in
                let f = arg(args, 0)
                var items = a.items[...]
                var acc: ScriptValue
                if args.count > 1 {
                    acc = args[1]
                } else {
                    guard let first = items.first else {
                        throw .error("TypeError: reduce of an empty array with no initial value")
                    }
                    acc = first
                    items = items.dropFirst()
                }
                for (k, x) in zip(items.indices, items) {
                    acc = try i.call(f, this: .undefined, [acc, x, .number(Double(k)), .array(a)])
                }
                return acc
            }
        default: return .undefined
        }
    }
}
