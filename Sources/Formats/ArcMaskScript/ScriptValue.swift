import Foundation

/// A value while a script runs. Arrays and objects are shared references, as in JavaScript;
/// `host` values are the player's interfaces (layers, properties, effects) that answer member
/// reads and calls themselves.
public enum ScriptValue {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array(ScriptArray)
    case object(ScriptObject)
    case function(ScriptCallable)
    case host(ScriptHost)

    public static func array(_ items: [ScriptValue]) -> ScriptValue { .array(ScriptArray(items)) }
    public static func numbers(_ items: [Double]) -> ScriptValue { .array(ScriptArray(items.map { .number($0) })) }

    /// The value a host stands for in arithmetic (a property read gives a number or an array
    /// that also answers `.valueAtTime`, `.key` …).
    public var primitive: ScriptValue {
        if case .host(let h) = self, let v = h.primitiveValue { return v }
        return self
    }

    public var isNullish: Bool {
        switch self {
        case .undefined, .null: true
        default: false
        }
    }

    /// Numbers (or a number-like host) as a Double; nil for anything else.
    public var numberValue: Double? {
        switch primitive {
        case .number(let n): n
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }

    /// The elements when this is an array (or an array-like host).
    public var arrayItems: [ScriptValue]? {
        if case .array(let a) = primitive { return a.items }
        return nil
    }

    /// Numbers of an array, or a number as one; NaN where an element is no number.
    public var vector: [Double]? {
        switch primitive {
        case .number(let n): return [n]
        case .bool(let b): return [b ? 1 : 0]
        case .array(let a): return a.items.map { $0.toNumber() }
        default: return nil
        }
    }

    public var truthy: Bool {
        switch primitive {
        case .undefined, .null: false
        case .bool(let b): b
        case .number(let n): !(n == 0 || n.isNaN)
        case .string(let s): !s.isEmpty
        default: true
        }
    }

    public var typeName: String {
        switch self {
        case .undefined: "undefined"
        case .null: "object"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .function: "function"
        case .host(let h): h.isCallable ? "function" : "object"
        case .array, .object: "object"
        }
    }

    /// JavaScript's ToNumber.
    public func toNumber() -> Double {
        switch primitive {
        case .undefined: return .nan
        case .null: return 0
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n
        case .string(let s):
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.isEmpty { return 0 }
            if t.hasPrefix("0x") || t.hasPrefix("0X") {
                return UInt64(t.dropFirst(2), radix: 16).map(Double.init) ?? .nan
            }
            if t == "Infinity" || t == "+Infinity" { return .infinity }
            if t == "-Infinity" { return -.infinity }
            if t.lowercased().contains("inf") || t.lowercased().contains("nan") { return .nan }
            return Double(t) ?? .nan
        case .array(let a):
            if a.items.isEmpty { return 0 }
            if a.items.count > 1 { return .nan }
            return ScriptValue.string(toText()).toNumber()
        default: return .nan
        }
    }

    /// JavaScript's ToString. Arrays inside arrays are written 16 deep at most and up to a
    /// million characters (a script can build arrays that hold themselves).
    public func toText() -> String {
        var budget = 1 << 20
        return toText(depth: 0, budget: &budget)
    }

    private func toText(depth: Int, budget: inout Int) -> String {
        if case .array(let a) = primitive {
            guard depth < 16, budget > 0 else { return "" }
            var parts: [String] = []
            for item in a.items {
                guard budget > 0 else { break }
                let t = item.isNullish ? "" : item.toText(depth: depth + 1, budget: &budget)
                budget -= t.utf8.count + 1
                parts.append(t)
            }
            return parts.joined(separator: ",")
        }
        return scalarText()
    }

    private func scalarText() -> String {
        switch primitive {
        case .undefined: "undefined"
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): Self.numberText(n)
        case .string(let s): s
        case .array: ""
        case .object: "[object Object]"
        case .function, .host: "function"
        }
    }

    /// A number as JavaScript prints it.
    public static func numberText(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == 0 { return "0" }
        if n == n.rounded(), abs(n) < 1e21 { return String(format: "%.0f", n) }
        var text = "\(n)"
        // Swift writes 1e-07 where JavaScript writes 1e-7.
        if let e = text.firstIndex(of: "e") {
            let mantissa = text[..<e]
            var exponent = String(text[text.index(after: e)...])
            var sign = "+"
            if exponent.hasPrefix("-") {
                sign = "-"
                exponent.removeFirst()
            } else if exponent.hasPrefix("+") {
                exponent.removeFirst()
            }
            while exponent.hasPrefix("0") && exponent.count > 1 { exponent.removeFirst() }
            text = "\(mantissa)e\(sign)\(exponent)"
        }
        return text
    }

    /// `===`.
    public func strictEquals(_ other: ScriptValue) -> Bool {
        switch (self, other) {
        case (.undefined, .undefined), (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a === b
        case (.object(let a), .object(let b)): return a === b
        case (.function(let a), .function(let b)): return a === b
        case (.host(let a), .host(let b)): return a === b
        default: return false
        }
    }

    /// `==`: numbers against strings and booleans by value, objects by their primitive.
    public func looseEquals(_ other: ScriptValue) -> Bool {
        let a = primitive, b = other.primitive
        if a.isNullish || b.isNullish { return a.isNullish && b.isNullish }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.array, .array), (.object, .object), (.function, .function), (.host, .host): return a.strictEquals(b)
        case (.array, .string), (.string, .array): return a.toText() == b.toText()
        default: return a.toNumber() == b.toNumber()
        }
    }
}

/// `x` as an integer clamped to `range` (NaN gives the lower end): scripts pass any number
/// where an index or a count is meant.
public func clampedInt(_ x: Double, _ range: ClosedRange<Int>) -> Int {
    guard !x.isNaN else { return range.lowerBound }
    let r = x.rounded(.towardZero)
    if r <= Double(range.lowerBound) { return range.lowerBound }
    if r >= Double(range.upperBound) { return range.upperBound }
    return Int(r)
}

/// Where the arrays, objects and scopes a script makes are noted, so that when the frame is
/// done the cycles scripts can make between them (an array holding itself, a function held by
/// the scope it closes over) are broken and nothing leaks.
public final class ScriptArena: @unchecked Sendable {
    /// The arena of the frame being drawn on this task (a task-local written out rather than
    /// with `@TaskLocal`, which iOS 17's SDK reports as shared mutable state).
    public static let local = TaskLocal<ScriptArena?>(wrappedValue: nil)
    public static var current: ScriptArena? { local.get() }
    fileprivate(set) var arrays: [ScriptArray] = []
    fileprivate(set) var objects: [ScriptObject] = []
    public var scopes: [ScriptScope] = []

    public init() {}

    public func breakCycles() {
        for a in arrays { a.items = [] }
        for o in objects { o.members = [:] }
        for s in scopes { s.variables = [:] }
        arrays = []
        objects = []
        scopes = []
    }
}

public final class ScriptArray {
    public var items: [ScriptValue]
    public init(_ items: [ScriptValue]) {
        self.items = items
        ScriptArena.current?.arrays.append(self)
    }
}

public final class ScriptObject {
    public var members: [String: ScriptValue] = [:]
    public var order: [String] = []
    public init() { ScriptArena.current?.objects.append(self) }
    public func set(_ key: String, _ value: ScriptValue) {
        if members.updateValue(value, forKey: key) == nil { order.append(key) }
    }
}

/// A function: the script's own, or one the player provides.
open class ScriptCallable {
    public init() {}

    open func call(
        _ interpreter: ScriptInterpreter, this: ScriptValue, _ args: [ScriptValue]
    ) throws(ScriptFailure) -> ScriptValue {
        .undefined
    }
}

public final class NativeFunction: ScriptCallable {
    public let body: (ScriptInterpreter, ScriptValue, [ScriptValue]) throws(ScriptFailure) -> ScriptValue
    public init(_ body: @escaping (ScriptInterpreter, ScriptValue, [ScriptValue]) throws(ScriptFailure) -> ScriptValue)
    { self.body = body }
    public override func call(
        _ interpreter: ScriptInterpreter, this: ScriptValue, _ args: [ScriptValue]
    ) throws(ScriptFailure) -> ScriptValue {
        try body(interpreter, this, args)
    }
}

/// An object of the player's: member reads, calls, and the primitive it stands for.
open class ScriptHost {
    public init() {}

    /// A member (nil: not there, read as `undefined`).
    open func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? { nil }
    /// Called as a function: `thisComp.layer("Name")`, `effect("Slider")("Slider")` …
    open func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        throw .error("TypeError: not a function")
    }
    open var isCallable: Bool { false }
    /// The number or array this host reads as in arithmetic, when it is a value.
    open var primitiveValue: ScriptValue? { nil }
}

/// Why a script stopped: a value it threw (or a runtime error, as text), or the work budget.
/// (A script's values stay on the thread that runs it; a failure never leaves it.)
public enum ScriptFailure: Error, @unchecked Sendable {
    case thrown(ScriptValue)
    case budget(String)

    public static func error(_ message: String) -> ScriptFailure { .thrown(.string(message)) }

    public var message: String {
        switch self {
        case .thrown(let v): v.toText()
        case .budget(let m): m
        }
    }
}
