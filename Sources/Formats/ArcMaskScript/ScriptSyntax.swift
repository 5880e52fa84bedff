/// The part of JavaScript that After Effects expressions exported by bodymovin are written in:
/// statements (`var`, `if`, `for`, `while`, `try`, `switch`, `function`, `return`, `break`,
/// `continue`, `throw`) and expressions (literals, arrays, objects, members, calls, the
/// operators, `?:`, assignments, `++`/`--`, function expressions). Parsed once when the
/// document is read; `ScriptInterpreter` runs it.
public indirect enum ScriptExpr: Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case undefined
    case identifier(String)
    case array([ScriptExpr])
    case object([(String, ScriptExpr)])
    case member(ScriptExpr, String)
    case index(ScriptExpr, ScriptExpr)
    case call(ScriptExpr, [ScriptExpr])
    case new(ScriptExpr, [ScriptExpr])
    case unary(String, ScriptExpr)
    case binary(String, ScriptExpr, ScriptExpr)
    case logical(String, ScriptExpr, ScriptExpr)
    case conditional(ScriptExpr, ScriptExpr, ScriptExpr)
    /// Target, operator (`=`, `+=`, …), value.
    case assign(ScriptExpr, String, ScriptExpr)
    /// Target, +1 or −1, prefix.
    case update(ScriptExpr, Double, Bool)
    case sequence([ScriptExpr])
    case function(ScriptFunctionBody)
}

public final class ScriptFunctionBody: Sendable {
    public let name: String?
    public let parameters: [String]
    public let body: [ScriptStmt]
    /// Names declared with `var` (or as functions) anywhere in the body, hoisted to its start.
    public let declared: [String]

    public init(name: String?, parameters: [String], body: [ScriptStmt]) {
        self.name = name
        self.parameters = parameters
        self.body = body
        var names: [String] = []
        ScriptStmt.collectDeclarations(body, into: &names)
        self.declared = names
    }
}

public indirect enum ScriptStmt: Sendable {
    case variables([(String, ScriptExpr?)])
    case expression(ScriptExpr)
    case block([ScriptStmt])
    case ifElse(ScriptExpr, ScriptStmt, ScriptStmt?)
    case forLoop(ScriptStmt?, ScriptExpr?, ScriptExpr?, ScriptStmt)
    case forIn(String, ScriptExpr, ScriptStmt)
    case whileLoop(ScriptExpr, ScriptStmt)
    case doWhile(ScriptStmt, ScriptExpr)
    case tryCatch([ScriptStmt], String?, [ScriptStmt]?, [ScriptStmt]?)
    case switchCase(ScriptExpr, [(ScriptExpr?, [ScriptStmt])])
    case function(ScriptFunctionBody)
    case returnValue(ScriptExpr?)
    case breakLoop
    case continueLoop
    case throwValue(ScriptExpr)
    case empty

    public static func collectDeclarations(_ body: [ScriptStmt], into names: inout [String]) {
        for s in body { s.collectDeclarations(into: &names) }
    }

    private func collectDeclarations(into names: inout [String]) {
        switch self {
        case .variables(let list): for (n, _) in list where !names.contains(n) { names.append(n) }
        case .block(let b): Self.collectDeclarations(b, into: &names)
        case .ifElse(_, let a, let b):
            a.collectDeclarations(into: &names)
            b?.collectDeclarations(into: &names)
        case .forLoop(let i, _, _, let body):
            i?.collectDeclarations(into: &names)
            body.collectDeclarations(into: &names)
        case .forIn(let n, _, let body):
            if !names.contains(n) { names.append(n) }
            body.collectDeclarations(into: &names)
        case .whileLoop(_, let body), .doWhile(let body, _): body.collectDeclarations(into: &names)
        case .tryCatch(let a, _, let b, let c):
            Self.collectDeclarations(a, into: &names)
            if let b { Self.collectDeclarations(b, into: &names) }
            if let c { Self.collectDeclarations(c, into: &names) }
        case .switchCase(_, let cases): for (_, b) in cases { Self.collectDeclarations(b, into: &names) }
        case .function(let f): if let n = f.name, !names.contains(n) { names.append(n) }
        default: break
        }
    }
}

/// Where and why a script could not be read.
public struct ScriptSyntaxError: Error, Sendable {
    public var message: String
    public var offset: Int
}

/// One token of the source.
public struct ScriptToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case number, string, name, punctuator, end }
    public var kind: Kind
    public var text: String
    public var number: Double = 0
    public var offset: Int
    /// A line break comes before it (for `return`'s and `++`'s rules, and missing semicolons).
    public var newlineBefore = false
}

public enum ScriptLexer {
    public static let punctuators: [String] = [
        ">>>=", "===", "!==", "<<=", ">>=", ">>>", "**=",
        "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>",
        "**",
        "{", "}", "(", ")", "[", "]", ";", ",", ".", "?", ":", "<", ">", "+", "-", "*", "/", "%", "!", "~", "&", "|",
        "^", "=",
    ]

    public static func tokens(_ source: String, limit: Int = 200_000) throws(ScriptSyntaxError) -> [ScriptToken] {
        let s = Array(source.unicodeScalars)
        var out: [ScriptToken] = []
        var i = 0
        var newline = false
        while i < s.count {
            if try skipSpaceOrComment(s, &i, newline: &newline) { continue }
            guard out.count < limit else { throw ScriptSyntaxError(message: "more than \(limit) tokens", offset: i) }
            let c = s[i]
            let start = i
            if ("0"..."9").contains(c) || (c == "." && i + 1 < s.count && ("0"..."9").contains(s[i + 1])) {
                let value = try number(s, &i)
                out.append(ScriptToken(kind: .number, text: "", number: value, offset: start, newlineBefore: newline))
            } else if c == "\"" || c == "'" {
                let text = try string(s, &i)
                out.append(ScriptToken(kind: .string, text: text, offset: start, newlineBefore: newline))
            } else if isNameStart(c) {
                while i < s.count, isNamePart(s[i]) { i += 1 }
                out.append(
                    ScriptToken(
                        kind: .name, text: String(String.UnicodeScalarView(s[start..<i])), offset: start,
                        newlineBefore: newline))
            } else {
                let p = try punctuator(s, at: i)
                i += p.unicodeScalars.count
                out.append(ScriptToken(kind: .punctuator, text: p, offset: start, newlineBefore: newline))
            }
            newline = false
        }
        out.append(ScriptToken(kind: .end, text: "", offset: s.count, newlineBefore: true))
        return out
    }

    private static func isNameStart(_ c: Unicode.Scalar) -> Bool { c == "$" || c == "_" || c.properties.isAlphabetic }
    private static func isNamePart(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || ("0"..."9").contains(c) }

    /// Steps `i` over the line break, whitespace character or comment at `s[i]`, noting in
    /// `newline` a line break it passes; false (and `i` unmoved) when a token starts there.
    private static func skipSpaceOrComment(
        _ s: [Unicode.Scalar], _ i: inout Int, newline: inout Bool
    ) throws(ScriptSyntaxError) -> Bool {
        let c = s[i]
        if c == "\n" || c == "\r" || c == "\u{2028}" || c == "\u{2029}" {
            newline = true
            i += 1
            return true
        }
        if c.properties.isWhitespace || c == "\u{FEFF}" {
            i += 1
            return true
        }
        if c == "/" && i + 1 < s.count && s[i + 1] == "/" {
            while i < s.count && s[i] != "\n" && s[i] != "\r" { i += 1 }
            return true
        }
        if c == "/" && i + 1 < s.count && s[i + 1] == "*" {
            i += 2
            while i + 1 < s.count && !(s[i] == "*" && s[i + 1] == "/") {
                if s[i] == "\n" { newline = true }
                i += 1
            }
            guard i + 1 < s.count else { throw ScriptSyntaxError(message: "unterminated comment", offset: i) }
            i += 2
            return true
        }
        return false
    }

    /// The number literal at `s[i]` (decimal with fraction and exponent, or `0x` hexadecimal);
    /// leaves `i` after it.
    private static func number(_ s: [Unicode.Scalar], _ i: inout Int) throws(ScriptSyntaxError) -> Double {
        let start = i
        var value: Double
        if s[i] == "0", i + 1 < s.count, s[i + 1] == "x" || s[i + 1] == "X" {
            i += 2
            var v: Double = 0
            let hexStart = i
            while i < s.count, let d = Int(String(s[i]), radix: 16) {
                v = v * 16 + Double(d)
                i += 1
            }
            guard i > hexStart else {
                throw ScriptSyntaxError(message: "a hexadecimal number has no digits", offset: start)
            }
            value = v
        } else {
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            if i < s.count, s[i] == "." {
                i += 1
                while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            }
            if i < s.count, s[i] == "e" || s[i] == "E" {
                var j = i + 1
                if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
                if j < s.count, ("0"..."9").contains(s[j]) {
                    i = j
                    while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
                }
            }
            let text = String(String.UnicodeScalarView(s[start..<i]))
            guard let v = Double(text) else {
                throw ScriptSyntaxError(message: "bad number \"\(text)\"", offset: start)
            }
            value = v
        }
        if i < s.count, isNameStart(s[i]) {
            throw ScriptSyntaxError(message: "a name runs into a number", offset: i)
        }
        return value
    }

    /// The string literal whose opening quote is `s[i]`, its escapes resolved; leaves `i` after
    /// the closing quote.
    private static func string(_ s: [Unicode.Scalar], _ i: inout Int) throws(ScriptSyntaxError) -> String {
        let start = i, quote = s[i]
        i += 1
        var text = String.UnicodeScalarView()
        while true {
            guard i < s.count, s[i] != "\n" else {
                throw ScriptSyntaxError(message: "unterminated string", offset: start)
            }
            let d = s[i]
            if d == quote {
                i += 1
                break
            }
            if d == "\\" {
                guard i + 1 < s.count else {
                    throw ScriptSyntaxError(message: "unterminated string", offset: start)
                }
                try escape(s, &i, into: &text)
                continue
            }
            text.append(d)
            i += 1
        }
        return String(text)
    }

    /// Appends what the escape sequence at `s[i]` (a backslash) stands for to `text`; leaves `i`
    /// after it.
    private static func escape(
        _ s: [Unicode.Scalar], _ i: inout Int, into text: inout String.UnicodeScalarView
    ) throws(ScriptSyntaxError) {
        let e = s[i + 1]
        i += 2
        switch e {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "b": text.append("\u{8}")
        case "f": text.append("\u{C}")
        case "v": text.append("\u{B}")
        case "0": text.append("\0")
        case "\n": break
        case "x", "u":
            let n = e == "x" ? 2 : 4
            guard i + n <= s.count,
                let v = UInt32(String(String.UnicodeScalarView(s[i..<i + n])), radix: 16),
                let scalar = Unicode.Scalar(v)
            else { throw ScriptSyntaxError(message: "bad escape in a string", offset: i) }
            text.append(scalar)
            i += n
        default: text.append(e)
        }
    }

    /// The longest punctuator at `s[i]` (the list runs longest first).
    private static func punctuator(_ s: [Unicode.Scalar], at i: Int) throws(ScriptSyntaxError) -> String {
        for p in punctuators {
            let ps = Array(p.unicodeScalars)
            if i + ps.count <= s.count, Array(s[i..<i + ps.count]) == ps {
                return p
            }
        }
        throw ScriptSyntaxError(message: "unexpected character \"\(s[i])\"", offset: i)
    }
}

/// A recursive-descent parser over `ScriptLexer`'s tokens, with a depth limit (hostile files
/// nest brackets deeply).
public struct ScriptParser {
    private var tokens: [ScriptToken]
    private var k = 0
    private var depth = 0
    public static let maxDepth = 200

    public static func parse(_ source: String) throws(ScriptSyntaxError) -> ScriptFunctionBody {
        var p = ScriptParser(tokens: try ScriptLexer.tokens(source))
        var body: [ScriptStmt] = []
        while p.peek.kind != .end { body.append(try p.statement()) }
        return ScriptFunctionBody(name: nil, parameters: [], body: body)
    }

    private init(tokens: [ScriptToken]) { self.tokens = tokens }

    private var peek: ScriptToken { tokens[k] }

    private func isPunct(_ p: String) -> Bool { peek.kind == .punctuator && peek.text == p }
    private func isName(_ n: String) -> Bool { peek.kind == .name && peek.text == n }

    private mutating func next() -> ScriptToken {
        let t = tokens[k]
        if k < tokens.count - 1 { k += 1 }
        return t
    }

    private mutating func eat(_ p: String) -> Bool {
        if isPunct(p) {
            _ = next()
            return true
        }
        return false
    }

    private mutating func expect(_ p: String) throws(ScriptSyntaxError) {
        guard eat(p) else { throw fail("expected \"\(p)\"") }
    }

    private func fail(_ message: String) -> ScriptSyntaxError {
        let found =
            peek.kind == .end
            ? "the end" : peek.kind == .string ? "a string" : peek.kind == .number ? "a number" : "\"\(peek.text)\""
        return ScriptSyntaxError(message: "\(message), found \(found)", offset: peek.offset)
    }

    private mutating func name() throws(ScriptSyntaxError) -> String {
        guard peek.kind == .name else { throw fail("expected a name") }
        return next().text
    }

    /// A statement ends at `;`, before `}` or the end, or at a line break.
    private mutating func endStatement() throws(ScriptSyntaxError) {
        if eat(";") || isPunct("}") || peek.kind == .end || peek.newlineBefore { return }
        throw fail("expected \";\"")
    }

    private mutating func enter() throws(ScriptSyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw ScriptSyntaxError(message: "nested more than \(Self.maxDepth) deep", offset: peek.offset)
        }
    }

    private mutating func block() throws(ScriptSyntaxError) -> [ScriptStmt] {
        try expect("{")
        var out: [ScriptStmt] = []
        while !isPunct("}") {
            guard peek.kind != .end else { throw fail("expected \"}\"") }
            out.append(try statement())
        }
        _ = next()
        return out
    }

    public mutating func statement() throws(ScriptSyntaxError) -> ScriptStmt {
        try enter()
        defer { depth -= 1 }
        if isPunct("{") { return .block(try block()) }
        if eat(";") { return .empty }
        if peek.kind == .name {
            switch peek.text {
            case "var", "let", "const":
                _ = next()
                let v = try variables()
                try endStatement()
                return v
            case "if":
                _ = next()
                try expect("(")
                let test = try expression()
                try expect(")")
                let then = try statement()
                if isName("else") {
                    _ = next()
                    return .ifElse(test, then, try statement())
                }
                return .ifElse(test, then, nil)
            case "for": return try forStatement()
            case "while":
                _ = next()
                try expect("(")
                let test = try expression()
                try expect(")")
                return .whileLoop(test, try statement())
            case "do": return try doWhileStatement()
            case "try": return try tryStatement()
            case "switch": return try switchStatement()
            case "function":
                _ = next()
                return .function(try functionRest(named: true))
            case "return": return try returnStatement()
            case "break", "continue":
                let word = next().text
                try endStatement()
                return word == "break" ? .breakLoop : .continueLoop
            case "throw":
                _ = next()
                let value = try expression()
                try endStatement()
                return .throwValue(value)
            default: break
            }
        }
        let e = try expression()
        try endStatement()
        return .expression(e)
    }

    /// `for (init; test; update) body` or `for ([var] k in object) body`, from the `for`.
    private mutating func forStatement() throws(ScriptSyntaxError) -> ScriptStmt {
        _ = next()
        try expect("(")
        var initial: ScriptStmt? = nil
        let declares = isName("var") || isName("let") || isName("const")
        if declares { _ = next() }
        // for ([var] k in object)
        if tokens[k].kind == .name, tokens[k + 1].kind == .name, tokens[k + 1].text == "in" {
            let n = try name()
            _ = next()
            let object = try expression()
            try expect(")")
            return .forIn(n, object, try statement())
        }
        if declares {
            initial = try variables()
        } else if !isPunct(";") {
            initial = .expression(try expression())
        }
        try expect(";")
        let test = isPunct(";") ? nil : try expression()
        try expect(";")
        let update = isPunct(")") ? nil : try expression()
        try expect(")")
        return .forLoop(initial, test, update, try statement())
    }

    /// `do body while (test)`, from the `do`.
    private mutating func doWhileStatement() throws(ScriptSyntaxError) -> ScriptStmt {
        _ = next()
        let body = try statement()
        guard isName("while") else { throw fail("expected \"while\"") }
        _ = next()
        try expect("(")
        let test = try expression()
        try expect(")")
        _ = eat(";")
        return .doWhile(body, test)
    }

    /// `try { … }` with `catch [(name)] { … }`, `finally { … }` or both, from the `try`.
    private mutating func tryStatement() throws(ScriptSyntaxError) -> ScriptStmt {
        _ = next()
        let body = try block()
        var catchName: String? = nil
        var handler: [ScriptStmt]? = nil
        var finally: [ScriptStmt]? = nil
        if isName("catch") {
            _ = next()
            if eat("(") {
                catchName = try name()
                try expect(")")
            }
            handler = try block()
        }
        if isName("finally") {
            _ = next()
            finally = try block()
        }
        guard handler != nil || finally != nil else { throw fail("expected \"catch\" or \"finally\"") }
        return .tryCatch(body, catchName, handler, finally)
    }

    /// `switch (subject) { case x: … default: … }`, from the `switch`.
    private mutating func switchStatement() throws(ScriptSyntaxError) -> ScriptStmt {
        _ = next()
        try expect("(")
        let subject = try expression()
        try expect(")")
        try expect("{")
        var cases: [(ScriptExpr?, [ScriptStmt])] = []
        while !eat("}") {
            var test: ScriptExpr? = nil
            if isName("case") {
                _ = next()
                test = try expression()
            } else if isName("default") {
                _ = next()
            } else {
                throw fail("expected \"case\" or \"default\"")
            }
            try expect(":")
            var body: [ScriptStmt] = []
            while !isName("case") && !isName("default") && !isPunct("}") {
                guard peek.kind != .end else { throw fail("expected \"}\"") }
                body.append(try statement())
            }
            cases.append((test, body))
        }
        return .switchCase(subject, cases)
    }

    /// `return [value]`, from the `return`: a value only on the same line.
    private mutating func returnStatement() throws(ScriptSyntaxError) -> ScriptStmt {
        _ = next()
        if isPunct(";") || isPunct("}") || peek.kind == .end || peek.newlineBefore {
            _ = eat(";")
            return .returnValue(nil)
        }
        let value = try expression()
        try endStatement()
        return .returnValue(value)
    }

    private mutating func variables() throws(ScriptSyntaxError) -> ScriptStmt {
        var list: [(String, ScriptExpr?)] = []
        repeat {
            let n = try name()
            list.append((n, eat("=") ? try assignment() : nil))
        } while eat(",")
        return .variables(list)
    }

    private mutating func functionRest(named: Bool) throws(ScriptSyntaxError) -> ScriptFunctionBody {
        var fname: String? = nil
        if peek.kind == .name { fname = try name() } else if named { throw fail("expected the function's name") }
        try expect("(")
        var params: [String] = []
        if !eat(")") {
            repeat { params.append(try name()) } while eat(",")
            try expect(")")
        }
        return ScriptFunctionBody(name: fname, parameters: params, body: try block())
    }

    public mutating func expression() throws(ScriptSyntaxError) -> ScriptExpr {
        let first = try assignment()
        guard isPunct(",") else { return first }
        var list = [first]
        while eat(",") { list.append(try assignment()) }
        return .sequence(list)
    }

    private static let assignOps: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>=", "**=",
    ]

    private mutating func assignment() throws(ScriptSyntaxError) -> ScriptExpr {
        try enter()
        defer { depth -= 1 }
        let target = try conditional()
        if peek.kind == .punctuator, Self.assignOps.contains(peek.text) {
            let op = next().text
            switch target {
            case .identifier, .member, .index: break
            default: throw ScriptSyntaxError(message: "cannot assign to this", offset: tokens[k - 1].offset)
            }
            return .assign(target, op, try assignment())
        }
        return target
    }

    private mutating func conditional() throws(ScriptSyntaxError) -> ScriptExpr {
        let test = try binary(0)
        guard eat("?") else { return test }
        let a = try assignment()
        try expect(":")
        return .conditional(test, a, try assignment())
    }

    private static let precedence: [String: Int] = [
        "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "===": 6, "!==": 6,
        "<": 7, ">": 7, "<=": 7, ">=": 7, "instanceof": 7, "in": 7, "<<": 8, ">>": 8, ">>>": 8,
        "+": 9, "-": 9, "*": 10, "/": 10, "%": 10, "**": 11,
    ]

    private mutating func binary(_ minimum: Int) throws(ScriptSyntaxError) -> ScriptExpr {
        try enter()
        defer { depth -= 1 }
        var left = try unary()
        while true {
            let t = peek
            guard t.kind == .punctuator || (t.kind == .name && (t.text == "instanceof" || t.text == "in")),
                let p = Self.precedence[t.text], p > minimum
            else { return left }
            _ = next()
            // `**` groups to the right.
            let right = try binary(t.text == "**" ? p - 1 : p)
            if t.text == "&&" || t.text == "||" {
                left = .logical(t.text, left, right)
            } else {
                left = .binary(t.text, left, right)
            }
        }
    }

    private mutating func unary() throws(ScriptSyntaxError) -> ScriptExpr {
        try enter()
        defer { depth -= 1 }
        if peek.kind == .punctuator, ["-", "+", "!", "~"].contains(peek.text) {
            let op = next().text
            return .unary(op, try unary())
        }
        if peek.kind == .name, ["typeof", "void", "delete"].contains(peek.text) {
            let op = next().text
            return .unary(op, try unary())
        }
        if isPunct("++") || isPunct("--") {
            let op = next().text
            return .update(try unary(), op == "++" ? 1 : -1, true)
        }
        var e = try postfix()
        if (isPunct("++") || isPunct("--")) && !peek.newlineBefore {
            let op = next().text
            e = .update(e, op == "++" ? 1 : -1, false)
        }
        return e
    }

    private mutating func postfix() throws(ScriptSyntaxError) -> ScriptExpr {
        var e: ScriptExpr
        if isName("new") {
            _ = next()
            var callee = try primary()
            while true {
                if eat(".") {
                    callee = .member(callee, try name())
                } else if eat("[") {
                    callee = .index(callee, try expression())
                    try expect("]")
                } else {
                    break
                }
            }
            e = .new(callee, isPunct("(") ? try arguments() : [])
        } else {
            e = try primary()
        }
        while true {
            if eat(".") {
                e = .member(e, try name())
            } else if eat("[") {
                e = .index(e, try expression())
                try expect("]")
            } else if isPunct("(") {
                e = .call(e, try arguments())
            } else {
                return e
            }
        }
    }

    private mutating func arguments() throws(ScriptSyntaxError) -> [ScriptExpr] {
        try expect("(")
        var args: [ScriptExpr] = []
        if eat(")") { return args }
        repeat {
            if isPunct(")") { break }
            args.append(try assignment())
        } while eat(",")
        try expect(")")
        return args
    }

    private mutating func primary() throws(ScriptSyntaxError) -> ScriptExpr {
        try enter()
        defer { depth -= 1 }
        let t = peek
        switch t.kind {
        case .number:
            _ = next()
            return .number(t.number)
        case .string:
            _ = next()
            return .string(t.text)
        case .name:
            _ = next()
            switch t.text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            case "undefined": return .undefined
            case "function": return .function(try functionRest(named: false))
            case "this": return .identifier("this")
            default: return .identifier(t.text)
            }
        case .punctuator:
            if eat("(") {
                let e = try expression()
                try expect(")")
                return e
            }
            if eat("[") {
                var items: [ScriptExpr] = []
                while !eat("]") {
                    if isPunct(",") {
                        _ = next()
                        items.append(.undefined)
                        continue
                    }
                    items.append(try assignment())
                    if !isPunct("]") { try expect(",") }
                }
                return .array(items)
            }
            if eat("{") {
                var members: [(String, ScriptExpr)] = []
                while !eat("}") {
                    let key: String
                    switch peek.kind {
                    case .name, .string: key = next().text
                    case .number: key = ScriptValue.numberText(next().number)
                    default: throw fail("expected a member name")
                    }
                    try expect(":")
                    members.append((key, try assignment()))
                    if !isPunct("}") { try expect(",") }
                }
                return .object(members)
            }
            throw fail("unexpected")
        case .end:
            throw fail("unexpected")
        }
    }
}
