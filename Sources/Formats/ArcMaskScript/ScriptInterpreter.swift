import Foundation

/// Variables of one function call (or of the whole script).
public final class ScriptScope {
    public var variables: [String: ScriptValue]
    public let parent: ScriptScope?

    public init(_ variables: [String: ScriptValue] = [:], parent: ScriptScope?) {
        self.variables = variables
        self.parent = parent
        ScriptArena.current?.scopes.append(self)
    }

    public func lookup(_ name: String) -> ScriptValue? {
        var s: ScriptScope? = self
        while let scope = s {
            if let v = scope.variables[name] { return v }
            s = scope.parent
        }
        return nil
    }

    /// Sets the nearest declaration; an undeclared name is declared in the script's outermost
    /// scope (the exporter declares every variable it sees, so this is rare).
    public func assign(_ name: String, _ value: ScriptValue) {
        var scope = self
        while true {
            if scope.variables[name] != nil {
                scope.variables[name] = value
                return
            }
            guard let parent = scope.parent else { break }
            scope = parent
        }
        scope.variables[name] = value
    }
}

/// A function the script declared, with the scope it was declared in.
public final class ScriptClosure: ScriptCallable {
    public let body: ScriptFunctionBody
    public let scope: ScriptScope
    public init(_ body: ScriptFunctionBody, _ scope: ScriptScope) {
        self.body = body
        self.scope = scope
    }

    public override func call(
        _ interpreter: ScriptInterpreter, this: ScriptValue, _ args: [ScriptValue]
    ) throws(ScriptFailure) -> ScriptValue {
        try interpreter.invoke(self, this: this, args)
    }
}

/// Runs parsed scripts, counting every step against a budget so that no script (a loop that
/// never ends, a recursion) can hold a frame up: past the budget the script fails.
public final class ScriptInterpreter {
    /// Steps (statements, expressions) left before the script fails.
    public var budget: Int
    public var callDepth = 0
    public static let maxCallDepth = 64
    /// The names every script sees (the expression library).
    public let globals: ScriptScope

    public init(budget: Int, globals: [String: ScriptValue] = [:]) {
        self.budget = budget
        self.globals = ScriptScope(globals, parent: nil)
    }

    private enum Completion {
        case normal
        case returned(ScriptValue)
        case broke
        case continued
    }

    private func step() throws(ScriptFailure) {
        budget -= 1
        if budget < 0 { throw .budget("the expression needs more than its budget of steps") }
    }

    /// Runs a script body in `scope` (whose variables the caller set up).
    public func run(_ program: ScriptFunctionBody, in scope: ScriptScope) throws(ScriptFailure) {
        for name in program.declared where scope.variables[name] == nil { scope.variables[name] = .undefined }
        _ = try execute(program.body, scope)
    }

    public func invoke(
        _ f: ScriptClosure, this: ScriptValue, _ args: [ScriptValue]
    ) throws(ScriptFailure) -> ScriptValue {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Self.maxCallDepth else {
            throw .budget("functions call each other more than \(Self.maxCallDepth) deep")
        }
        let scope = ScriptScope([:], parent: f.scope)
        for name in f.body.declared { scope.variables[name] = .undefined }
        for (k, p) in f.body.parameters.enumerated() { scope.variables[p] = k < args.count ? args[k] : .undefined }
        scope.variables["arguments"] = .array(args)
        scope.variables["this"] = this
        if let n = f.body.name, scope.variables[n] == nil || scope.variables[n]!.isNullish {
            scope.variables[n] = .function(f)
        }
        switch try execute(f.body.body, scope) {
        case .returned(let v): return v
        default: return .undefined
        }
    }

    /// Programs `eval` has parsed, by source (an expression evaluates the same text every frame).
    private var evalPrograms: [String: ScriptFunctionBody] = [:]

    /// `eval(code)` as After Effects' expression engine runs it (a direct eval, not strict):
    /// the code runs in the calling scope, its `var`s and functions are declared there, and its
    /// value is that of the last expression statement it ran. It shares the interpreter's step
    /// budget and call depth (parsing counts one step per 8 bytes), so code built at run time is
    /// bounded as the expression is. A syntax error is thrown as a SyntaxError the expression
    /// can catch. (lottie-web's player runs expressions in strict mode, where an eval's `var`
    /// stays inside the eval; After Effects' engine does not.)
    private func directEval(_ argument: ScriptValue?, _ scope: ScriptScope) throws(ScriptFailure) -> ScriptValue {
        guard case .string(let code)? = argument?.primitive else { return argument ?? .undefined }
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Self.maxCallDepth else {
            throw .budget("eval and functions nest more than \(Self.maxCallDepth) deep")
        }
        budget -= code.utf8.count / 8
        try step()
        let program: ScriptFunctionBody
        if let known = evalPrograms[code] {
            program = known
        } else {
            do {
                program = try ScriptParser.parse(code)
            } catch {
                throw .error("SyntaxError: \(error.message) (in code given to eval)")
            }
            if evalPrograms.count >= 64 { evalPrograms.removeAll() }
            evalPrograms[code] = program
        }
        for name in program.declared where scope.variables[name] == nil { scope.variables[name] = .undefined }
        var value = ScriptValue.undefined
        switch try execute(program.body, scope, lastValue: &value) {
        case .returned(let v): return v
        default: return value
        }
    }

    /// As `execute(_:_:)`, keeping the value of the last expression statement run (an eval's
    /// completion value) through blocks and branches.
    private func execute(
        _ list: [ScriptStmt], _ scope: ScriptScope, lastValue: inout ScriptValue
    ) throws(ScriptFailure) -> Completion {
        for s in list {
            if case .function(let f) = s, let n = f.name { scope.assign(n, .function(ScriptClosure(f, scope))) }
        }
        for s in list {
            let c: Completion
            switch s {
            case .expression(let e):
                try step()
                lastValue = try evaluate(e, scope)
                c = .normal
            case .block(let b): c = try execute(b, scope, lastValue: &lastValue)
            case .ifElse(let test, let a, let b):
                try step()
                if try evaluate(test, scope).truthy {
                    c = try execute([a], scope, lastValue: &lastValue)
                } else if let b {
                    c = try execute([b], scope, lastValue: &lastValue)
                } else {
                    c = .normal
                }
            default: c = try execute(s, scope)
            }
            if case .normal = c { continue }
            return c
        }
        return .normal
    }

    private func execute(_ list: [ScriptStmt], _ scope: ScriptScope) throws(ScriptFailure) -> Completion {
        // Function declarations are usable before the statement that declares them.
        for s in list {
            if case .function(let f) = s, let n = f.name { scope.assign(n, .function(ScriptClosure(f, scope))) }
        }
        for s in list {
            let c = try execute(s, scope)
            if case .normal = c { continue }
            return c
        }
        return .normal
    }

    private func execute(_ s: ScriptStmt, _ scope: ScriptScope) throws(ScriptFailure) -> Completion {
        try step()
        switch s {
        case .empty, .function: return .normal
        case .variables(let list):
            for (name, value) in list where value != nil { scope.assign(name, try evaluate(value!, scope)) }
            return .normal
        case .expression(let e):
            _ = try evaluate(e, scope)
            return .normal
        case .block(let b): return try execute(b, scope)
        case .ifElse(let test, let a, let b):
            if try evaluate(test, scope).truthy { return try execute(a, scope) }
            if let b { return try execute(b, scope) }
            return .normal
        case .forLoop(let initial, let test, let update, let body):
            if let initial { _ = try execute(initial, scope) }
            while true {
                try step()
                if let test, !(try evaluate(test, scope).truthy) { break }
                let c = try execute(body, scope)
                if case .broke = c { break }
                if case .returned = c { return c }
                if let update { _ = try evaluate(update, scope) }
            }
            return .normal
        case .forIn(let name, let object, let body): return try forIn(name, object, body, scope)
        case .whileLoop(let test, let body):
            while try evaluate(test, scope).truthy {
                try step()
                let c = try execute(body, scope)
                if case .broke = c { break }
                if case .returned = c { return c }
            }
            return .normal
        case .doWhile(let body, let test):
            repeat {
                try step()
                let c = try execute(body, scope)
                if case .broke = c { break }
                if case .returned = c { return c }
            } while try evaluate(test, scope).truthy
            return .normal
        case .tryCatch(let body, let name, let handler, let finally):
            return try tryCatch(body, name, handler, finally, scope)
        case .switchCase(let subject, let cases): return try switchCase(subject, cases, scope)
        case .returnValue(let e):
            guard let e else { return .returned(.undefined) }
            return .returned(try evaluate(e, scope))
        case .breakLoop: return .broke
        case .continueLoop: return .continued
        case .throwValue(let e): throw .thrown(try evaluate(e, scope))
        }
    }

    /// `for (name in object) body`: the indices of an array or the keys of an object, in order.
    @inline(__always)
    private func forIn(
        _ name: String, _ object: ScriptExpr, _ body: ScriptStmt, _ scope: ScriptScope
    ) throws(ScriptFailure) -> Completion {
        let o = try evaluate(object, scope).primitive
        var keys: [String] = []
        switch o {
        case .array(let a): keys = a.items.indices.map(String.init)
        case .object(let obj): keys = obj.order
        default: break
        }
        for key in keys {
            try step()
            scope.assign(name, .string(key))
            let c = try execute(body, scope)
            if case .broke = c { break }
            if case .returned = c { return c }
        }
        return .normal
    }

    /// `try { body } catch (name) { handler } finally { finally }`: a thrown value goes to the
    /// handler; `finally` runs whatever happened, and its own return, break or throw wins.
    @inline(__always)
    private func tryCatch(
        _ body: [ScriptStmt], _ name: String?, _ handler: [ScriptStmt]?, _ finally: [ScriptStmt]?,
        _ scope: ScriptScope
    ) throws(ScriptFailure) -> Completion {
        var result = Completion.normal
        do {
            result = try execute(body, scope)
        } catch {
            guard case .thrown(let value) = error, let handler else {
                if let finally { _ = try execute(finally, scope) }
                throw error
            }
            if let name { scope.variables[name] = value }
            result = try execute(handler, scope)
        }
        if let finally {
            let f = try execute(finally, scope)
            if case .normal = f {} else { return f }
        }
        return result
    }

    /// `switch (subject) { … }`: runs from the first case strictly equal to the subject (or,
    /// when none is, from `default`) until a `break` or the end.
    @inline(__always)
    private func switchCase(
        _ subject: ScriptExpr, _ cases: [(ScriptExpr?, [ScriptStmt])], _ scope: ScriptScope
    ) throws(ScriptFailure) -> Completion {
        let v = try evaluate(subject, scope)
        var matched = false
        for pass in 0..<2 {
            for (test, body) in cases {
                if !matched {
                    if let test {
                        if pass == 0, try evaluate(test, scope).strictEquals(v) { matched = true }
                    } else if pass == 1 {
                        matched = true
                    }
                }
                guard matched else { continue }
                let c = try execute(body, scope)
                if case .broke = c { return .normal }
                if case .normal = c { continue }
                return c
            }
            if matched { return .normal }
        }
        return .normal
    }

    public func evaluate(_ e: ScriptExpr, _ scope: ScriptScope) throws(ScriptFailure) -> ScriptValue {
        try step()
        switch e {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .undefined: return .undefined
        case .identifier(let name):
            if let v = scope.lookup(name) ?? globals.variables[name] { return v }
            throw .error("ReferenceError: \(name) is not defined")
        case .array(let items):
            var out: [ScriptValue] = []
            out.reserveCapacity(items.count)
            for i in items { out.append(try evaluate(i, scope)) }
            return .array(out)
        case .object(let members):
            let o = ScriptObject()
            for (k, v) in members { o.set(k, try evaluate(v, scope)) }
            return .object(o)
        case .member(let object, let name):
            return try member(of: try evaluate(object, scope), name)
        case .index(let object, let key):
            let o = try evaluate(object, scope)
            let k = try evaluate(key, scope)
            return try index(o, k)
        case .call(let callee, let args): return try evaluateCall(callee, args, scope)
        case .new(let callee, let args): return try construct(callee, args, scope)
        case .unary(let op, let operand): return try evaluateUnary(op, operand, scope)
        case .binary(let op, let l, let r):
            return try Self.binary(op, try evaluate(l, scope), try evaluate(r, scope))
        case .logical(let op, let l, let r):
            let a = try evaluate(l, scope)
            if op == "&&" { return a.truthy ? try evaluate(r, scope) : a }
            return a.truthy ? a : try evaluate(r, scope)
        case .conditional(let test, let a, let b):
            return try evaluate(test, scope).truthy ? try evaluate(a, scope) : try evaluate(b, scope)
        case .assign(let target, let op, let valueExpr):
            var value = try evaluate(valueExpr, scope)
            if op != "=" {
                let current = try evaluate(target, scope)
                value = try Self.binary(String(op.dropLast()), current, value)
            }
            try store(target, value, scope)
            return value
        case .update(let target, let delta, let prefix):
            let old = try evaluate(target, scope).toNumber()
            try store(target, .number(old + delta), scope)
            return .number(prefix ? old + delta : old)
        case .sequence(let list):
            var last = ScriptValue.undefined
            for x in list { last = try evaluate(x, scope) }
            return last
        case .function(let body):
            return .function(ScriptClosure(body, scope))
        }
    }

    /// `callee(args)`: a method call passes its object as `this`; a bare `eval` (not shadowed by
    /// a variable) runs its code in the calling scope.
    @inline(__always)
    private func evaluateCall(
        _ callee: ScriptExpr, _ args: [ScriptExpr], _ scope: ScriptScope
    ) throws(ScriptFailure) -> ScriptValue {
        if case .identifier("eval") = callee, scope.lookup("eval") == nil, globals.variables["eval"] == nil {
            var argument: ScriptValue? = nil
            if let first = args.first { argument = try evaluate(first, scope) }
            for extra in args.dropFirst() { _ = try evaluate(extra, scope) }
            return try directEval(argument, scope)
        }
        var this = ScriptValue.undefined
        let f: ScriptValue
        switch callee {
        case .member(let object, let name):
            this = try evaluate(object, scope)
            f = try member(of: this, name)
        case .index(let object, let key):
            this = try evaluate(object, scope)
            f = try index(this, try evaluate(key, scope))
        default:
            f = try evaluate(callee, scope)
        }
        var values: [ScriptValue] = []
        values.reserveCapacity(args.count)
        for a in args { values.append(try evaluate(a, scope)) }
        return try call(f, this: this, values)
    }

    /// `new callee(args)`: only the `Array`, `Object`, `Number` and `String` constructors.
    @inline(__always)
    private func construct(
        _ callee: ScriptExpr, _ args: [ScriptExpr], _ scope: ScriptScope
    ) throws(ScriptFailure) -> ScriptValue {
        var values: [ScriptValue] = []
        for a in args { values.append(try evaluate(a, scope)) }
        if case .identifier(let name) = callee {
            switch name {
            case "Array":
                if values.count == 1, let n = values[0].numberValue {
                    guard n >= 0, n <= 100_000, n == n.rounded() else {
                        throw .error("RangeError: invalid array length")
                    }
                    return .array(Array(repeating: .undefined, count: Int(n)))
                }
                return .array(values)
            case "Object": return .object(ScriptObject())
            case "Number": return .number(values.first?.toNumber() ?? 0)
            case "String": return .string(values.first?.toText() ?? "")
            default: break
            }
        }
        throw .error("TypeError: cannot construct this")
    }

    /// A prefix operator (`-`, `+`, `!`, `~`, `typeof`, `void`, `delete`) applied to `operand`;
    /// `typeof` of an undeclared name is "undefined" rather than an error.
    @inline(__always)
    private func evaluateUnary(
        _ op: String, _ operand: ScriptExpr, _ scope: ScriptScope
    ) throws(ScriptFailure) -> ScriptValue {
        if op == "typeof", case .identifier(let name) = operand, scope.lookup(name) == nil,
            globals.variables[name] == nil
        {
            return .string("undefined")
        }
        let v = try evaluate(operand, scope)
        switch op {
        case "-": return .number(-v.toNumber())
        case "+": return .number(v.toNumber())
        case "!": return .bool(!v.truthy)
        case "~": return .number(Double(~Self.int32(v.toNumber())))
        case "typeof": return .string(v.typeName)
        case "void": return .undefined
        default: return .bool(true)  // delete
        }
    }

    private func store(_ target: ScriptExpr, _ value: ScriptValue, _ scope: ScriptScope) throws(ScriptFailure) {
        switch target {
        case .identifier(let name): scope.assign(name, value)
        case .member(let object, let name): try setMember(try evaluate(object, scope), name, value)
        case .index(let object, let key):
            let o = try evaluate(object, scope)
            let k = try evaluate(key, scope)
            if case .array(let a) = o, let n = k.numberValue {
                guard n >= 0, n == n.rounded(), n < 100_000 else {
                    if n.isNaN || n < 0 || n != n.rounded() { return }
                    throw .error("RangeError: array index \(ScriptValue.numberText(n)) is too large")
                }
                let i = Int(n)
                while a.items.count <= i { a.items.append(.undefined) }
                a.items[i] = value
                return
            }
            try setMember(o, k.toText(), value)
        default: throw .error("SyntaxError: invalid assignment target")
        }
    }

    private func setMember(_ object: ScriptValue, _ name: String, _ value: ScriptValue) throws(ScriptFailure) {
        switch object {
        case .object(let o):
            guard o.members.count < 100_000 || o.members[name] != nil else {
                throw .error("RangeError: an object with more than 100000 members")
            }
            o.set(name, value)
        case .array(let a):
            if name == "length", let n = value.numberValue, n >= 0, n <= 100_000 {
                let count = Int(n)
                if count < a.items.count { a.items.removeLast(a.items.count - count) }
                while a.items.count < count { a.items.append(.undefined) }
            } else if let i = Int(name), i >= 0, i < 100_000 {
                while a.items.count <= i { a.items.append(.undefined) }
                a.items[i] = value
            }
        case .undefined, .null: throw .error("TypeError: cannot set \"\(name)\" of \(object.toText())")
        default: break  // writes to primitives and the player's objects are dropped, as in sloppy JavaScript
        }
    }

    public func call(_ f: ScriptValue, this: ScriptValue, _ args: [ScriptValue]) throws(ScriptFailure) -> ScriptValue {
        switch f {
        case .function(let callable):
            callDepth += 1
            defer { callDepth -= 1 }
            guard callDepth <= Self.maxCallDepth * 2 else {
                throw .budget("calls nest more than \(Self.maxCallDepth) deep")
            }
            return try callable.call(self, this: this, args)
        case .host(let h) where h.isCallable: return try h.call(args, self)
        default: throw .error("TypeError: \(f.typeName) is not a function")
        }
    }

    public func index(_ object: ScriptValue, _ key: ScriptValue) throws(ScriptFailure) -> ScriptValue {
        if let n = key.numberValue, case .number = key.primitive {
            switch object.primitive {
            case .array(let a):
                guard n >= 0, n == n.rounded(), n < Double(a.items.count) else { return .undefined }
                return a.items[Int(n)]
            case .string(let s):
                guard n >= 0, n == n.rounded(), n < Double(s.count) else { return .undefined }
                return .string(String(s[s.index(s.startIndex, offsetBy: Int(n))]))
            default: break
            }
        }
        return try member(of: object, key.toText())
    }

    /// `object.name`, for every kind of value.
    public func member(of object: ScriptValue, _ name: String) throws(ScriptFailure) -> ScriptValue {
        switch object {
        case .undefined, .null:
            throw .error("TypeError: cannot read \"\(name)\" of \(object.toText())")
        case .host(let h):
            if let v = try h.member(name, self) { return v }
            if let p = h.primitiveValue, name != "value" { return try member(of: p, name) }
            return .undefined
        case .object(let o):
            if let v = o.members[name] { return v }
            if name == "hasOwnProperty" {
                return .function(
                    NativeFunction { _, _, args throws(ScriptFailure) in
                        .bool(o.members[args.first?.toText() ?? ""] != nil)
                    })
            }
            return .undefined
        case .array(let a):
            if let i = Int(name) { return i >= 0 && i < a.items.count ? a.items[i] : .undefined }
            return try ScriptPrototypes.arrayMember(a, name)
        case .string(let s):
            if let i = Int(name) {
                return i >= 0 && i < s.count ? .string(String(s[s.index(s.startIndex, offsetBy: i)])) : .undefined
            }
            return ScriptPrototypes.stringMember(s, name)
        case .number(let n): return ScriptPrototypes.numberMember(n, name)
        case .bool(let b):
            if name == "toString" {
                return .function(NativeFunction { _, _, _ throws(ScriptFailure) in .string(b ? "true" : "false") })
            }
            return .undefined
        case .function:
            return .undefined
        }
    }

    public static func int32(_ x: Double) -> Int32 {
        guard x.isFinite else { return 0 }
        let m = x.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
        return Int32(truncatingIfNeeded: Int64(m))
    }

    /// The operators as JavaScript defines them (bodymovin rewrites most arithmetic into
    /// `$bm_sum` and friends, but not all of it).
    public static func binary(_ op: String, _ l: ScriptValue, _ r: ScriptValue) throws(ScriptFailure) -> ScriptValue {
        switch op {
        case "+":
            let a = l.primitive, b = r.primitive
            func isTextual(_ v: ScriptValue) -> Bool {
                switch v {
                case .string, .array, .object, .function, .host: true
                default: false
                }
            }
            if isTextual(a) || isTextual(b) {
                let s = a.toText() + b.toText()
                guard s.utf8.count <= 1 << 20 else {
                    throw .error("RangeError: a string of more than a million characters")
                }
                return .string(s)
            }
            return .number(a.toNumber() + b.toNumber())
        case "-": return .number(l.toNumber() - r.toNumber())
        case "*": return .number(l.toNumber() * r.toNumber())
        case "/": return .number(l.toNumber() / r.toNumber())
        case "%": return .number(jsRemainder(l.toNumber(), r.toNumber()))
        case "**": return .number(pow(l.toNumber(), r.toNumber()))
        case "==": return .bool(l.looseEquals(r))
        case "!=": return .bool(!l.looseEquals(r))
        case "===": return .bool(l.strictEquals(r))
        case "!==": return .bool(!l.strictEquals(r))
        case "<", ">", "<=", ">=":
            if case .string(let a) = l.primitive, case .string(let b) = r.primitive {
                switch op {
                case "<": return .bool(a < b)
                case ">": return .bool(a > b)
                case "<=": return .bool(a <= b)
                default: return .bool(a >= b)
                }
            }
            let a = l.toNumber(), b = r.toNumber()
            switch op {
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            case "<=": return .bool(a <= b)
            default: return .bool(a >= b)
            }
        case "&": return .number(Double(int32(l.toNumber()) & int32(r.toNumber())))
        case "|": return .number(Double(int32(l.toNumber()) | int32(r.toNumber())))
        case "^": return .number(Double(int32(l.toNumber()) ^ int32(r.toNumber())))
        case "<<": return .number(Double(int32(l.toNumber()) << (UInt32(bitPattern: int32(r.toNumber())) & 31)))
        case ">>": return .number(Double(int32(l.toNumber()) >> (UInt32(bitPattern: int32(r.toNumber())) & 31)))
        case ">>>":
            return .number(
                Double(UInt32(bitPattern: int32(l.toNumber())) >> (UInt32(bitPattern: int32(r.toNumber())) & 31)))
        case "instanceof":
            if case .array = l.primitive, case .function(let f) = r, f is ScriptArrayConstructor { return .bool(true) }
            return .bool(false)
        case "in":
            switch r.primitive {
            case .object(let o): return .bool(o.members[l.toText()] != nil)
            case .array(let a):
                if let i = Int(l.toText()) { return .bool(i >= 0 && i < a.items.count) }
                return .bool(l.toText() == "length")
            default: throw .error("TypeError: cannot use \"in\" on \(r.typeName)")
            }
        default: throw .error("SyntaxError: unknown operator \(op)")
        }
    }

    /// `%` keeps the dividend's sign.
    public static func jsRemainder(_ a: Double, _ b: Double) -> Double {
        guard a.isFinite, b != 0, !b.isNaN else { return .nan }
        if b.isInfinite { return a }
        return fmod(a, b)
    }
}
