import Testing

@testable import ArcMaskScript

/// Runs `source` with `Array` as the only global and gives `r`'s text, or the failure's.
private func run(_ source: String, budget: Int = 100_000) -> String {
    do {
        let program = try ScriptParser.parse(source)
        let interpreter = ScriptInterpreter(budget: budget, globals: ["Array": .function(ScriptArrayConstructor())])
        let scope = ScriptScope(parent: nil)
        try interpreter.run(program, in: scope)
        return (scope.variables["r"] ?? .undefined).toText()
    } catch let error as ScriptFailure {
        return "failed: \(error.message)"
    } catch {
        return "syntax: \((error as? ScriptSyntaxError)?.message ?? "")"
    }
}

/// A script and the text of `r` after it, as a JavaScript engine gives it.
struct Case: CustomTestStringConvertible, Sendable {
    var source: String
    var expected: String
    init(_ source: String, _ expected: String) {
        self.source = source
        self.expected = expected
    }
    var testDescription: String { source }
}

@Suite("The script language")
struct ScriptLanguageTests {
    static let statements: [Case] = [
        Case("var r = 1; var a = 2, b = 3; r = a * b + 1;", "7"),
        Case("var r = 0; for (var i = 0; i < 5; i++) { if (i == 3) continue; r += i; }", "7"),
        Case("var r = 0; var i = 0; while (true) { i++; if (i > 4) break; r += i; }", "10"),
        Case("var r = 0; var i = 0; do { r += 2; i++; } while (i < 3);", "6"),
        Case("var r = ''; var o = {a: 1, b: 2}; for (var k in o) r += k;", "ab"),
        Case("var r; switch (2) { case 1: r = 'a'; break; case 2: r = 'b'; break; default: r = 'c'; }", "b"),
        Case("var r; switch (9) { case 1: r = 'a'; break; default: r = 'c'; }", "c"),
        Case("var r; try { throw 'no'; } catch (e) { r = e + '!'; }", "no!"),
        Case("var r; function f(x) { return x > 1 ? x * f(x - 1) : 1; } r = f(5);", "120"),
        Case("var r; var add = function (a) { return function (b) { return a + b; }; }; r = add(2)(3);", "5"),
        Case("var r; function f() { return arguments.length; } r = f(1, 2, 3);", "3"),
        Case("var r = [1, 2, 3].map(function (x) { return x * x; });", "1,4,9"),
        Case("var r = (function () { if (true) { var v = 4; } return v; })();", "4"),
    ]

    @Test("statements", arguments: statements)
    func statement(_ c: Case) { #expect(run(c.source) == c.expected) }

    static let operators: [Case] = [
        Case("var r = '1' + 2;", "12"),
        Case("var r = '6' * '7';", "42"),
        Case("var r = [1, 2] + 'px';", "1,2px"),
        Case("var r = 7 % -3;", "1"),
        Case("var r = -7 % 3;", "-1"),
        Case("var r = 1 / 0;", "Infinity"),
        Case("var r = 0 / 0;", "NaN"),
        Case("var r = 1e21 + ' ' + 1e-7;", "1e+21 1e-7"),
        Case("var r = 0.1 + 0.2;", "0.30000000000000004"),
        Case(
            "var r = typeof nothing + ' ' + typeof 1 + ' ' + typeof 's' + ' ' + typeof [];",
            "undefined number string object"),
        Case(
            "var r = ('5' == 5) + ' ' + ('5' === 5) + ' ' + (null == undefined) + ' ' + (null === undefined);",
            "true false true false"),
        Case(
            "var r = (5 & 3) + ',' + (5 | 3) + ',' + (5 ^ 3) + ',' + (~5) + ',' + (1 << 4) + ',' + (-16 >> 2);",
            "1,7,6,-6,16,-4"),
        Case("var r = !0 + ',' + !!'x' + ',' + (0 || 'd') + ',' + (1 && 'e');", "true,true,d,e"),
        Case("var r = 3; r += 2; r -= 1; r *= 3; r /= 2;", "6"),
        Case("var i = 1; var r = i++ + ++i;", "4"),
        Case("var r = 2 > 1 ? 'y' : 'n';", "y"),
        Case("var r = [] instanceof Array;", "true"),
    ]

    @Test("operators follow JavaScript's conversions", arguments: operators)
    func `operator`(_ c: Case) { #expect(run(c.source) == c.expected) }

    static let failures: [(String, String)] = [
        ("var r = nothing + 1;", "failed: ReferenceError"),
        ("var r = (1 + ;", "syntax: unexpected"),
        ("var r = 1; r();", "failed: TypeError"),
        (String(repeating: "(", count: 5_000), "syntax: nested more than"),
        ("var r; function f() { return f(); } r = f();", "failed: functions call each other more than"),
        ("var s = 'xx'; for (var i = 0; i < 40; i++) s = s + s; var r = s;", "failed: RangeError"),
        ("var r = Array(-1);", "failed: RangeError"),
        ("var r = [].reduce(function (a, b) { return a + b; });", "failed: TypeError"),
    ]

    @Test("errors are failures with JavaScript's names", arguments: failures)
    func failure(_ c: (String, String)) { #expect(run(c.0).hasPrefix(c.1), "\(run(c.0))") }

    @Test("a runaway script stops at its budget of steps")
    func budget() {
        #expect(
            run("var r; while (true) {}", budget: 10_000).hasPrefix("failed: the expression needs more than its budget")
        )
        #expect(run("var r = 0; for (var i = 0; i < 100; i++) r += i;", budget: 10_000) == "4950")
    }

    @Test("an array holding itself prints as engines print it, without recursing forever")
    func cycles() {
        #expect(run("var a = [1]; a.push(a); var r = a + '|' + (+a);") == "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,|NaN")
    }
}

@Suite("Prototype members")
struct ScriptPrototypeTests {
    static let numbers: [Case] = [
        Case("var r = (0.1 + 0.2).toFixed(2);", "0.30"),
        Case("var r = (1.005).toFixed(2);", "1.00"),  // the double below 1.005 rounds down, as in engines
        Case("var r = (-0.0001).toFixed(2);", "0.00"),
        Case("var r = (12).toString() + 1;", "121"),
        Case("var r = (7).valueOf() + 1;", "8"),
    ]

    @Test("Number.prototype", arguments: numbers)
    func number(_ c: Case) { #expect(run(c.source) == c.expected) }

    static let strings: [Case] = [
        Case("var r = 'héllo'.length;", "5"),
        Case("var r = 'abc'.charAt(1);", "b"),
        Case("var r = 'A'.charCodeAt(0);", "65"),
        Case("var r = 'Hello'.substring(3, 1);", "el"),
        Case("var r = 'Hello'.substr(-3, 2);", "ll"),
        Case("var r = 'Hello'.slice(-3);", "llo"),
        Case("var r = 'banana'.indexOf('an') + ',' + 'banana'.lastIndexOf('an');", "1,3"),
        Case("var r = 'a,b,c'.split(',').length + ':' + 'abc'.split('').join('-');", "3:a-b-c"),
        Case("var r = 'MiXed'.toUpperCase() + 'MiXed'.toLowerCase();", "MIXEDmixed"),
        Case("var r = '  x '.trim() + '|';", "x|"),
        Case("var r = 'a'.concat('b', 1);", "ab1"),
        Case("var r = 'a-b-c'.replace('-', '+');", "a+b-c"),  // the first only, as with a string pattern
        Case("var r = 'abc'.toString() + 'abc'.valueOf();", "abcabc"),
        Case("var r = 'abc'.charAt(1e300) + 'abc'.substr(1, 0 / 0) + 'x';", "x"),
    ]

    @Test("String.prototype", arguments: strings)
    func string(_ c: Case) { #expect(run(c.source) == c.expected) }

    static let arrays: [Case] = [
        Case("var a = [1, 2]; var r = a.push(3) + ':' + a;", "3:1,2,3"),
        Case("var a = [1, 2]; var r = a.pop() + ':' + a;", "2:1"),
        Case("var a = [1, 2]; var r = a.shift() + ':' + a;", "1:2"),
        Case("var a = [1, 2]; var r = a.unshift(0) + ':' + a;", "3:0,1,2"),
        Case("var r = [1, 2, 3, 4].slice(1, -1);", "2,3"),
        Case("var r = [1].concat([2, 3], 4);", "1,2,3,4"),
        Case("var r = [1, 2, 3].join('');", "123"),
        Case("var r = [1, [2, 3]].toString();", "1,2,3"),
        Case("var r = [5, 6, 7].indexOf(7) + ',' + [5].indexOf(1);", "2,-1"),
        Case("var r = [1, 2, 3].reverse();", "3,2,1"),
        Case("var r = [1, 2, 3, 4].filter(function (x) { return x % 2 == 0; });", "2,4"),
        Case("var r = 0; [1, 2, 3].forEach(function (x) { r += x; });", "6"),
        Case("var r = [1, 2, 3].reduce(function (a, b) { return a + b; }, 10);", "16"),
        Case("var r = [1, 2].length + [][0] + 'x';", "NaNx"),
        Case("var r = Array(3).length + ',' + Array(1, 2);", "3,1,2"),
        Case("var r = [1, 2][1e300] + 'x';", "undefinedx"),
    ]

    @Test("Array.prototype", arguments: arrays)
    func array(_ c: Case) { #expect(run(c.source) == c.expected) }
}

@Suite("Lexer and parser")
struct ScriptSyntaxTests {
    @Test("tokens carry their kind, text and offset; numbers their value")
    func tokens() throws {
        let tokens = try ScriptLexer.tokens("x = 0x1F + 'a\\'b';")
        #expect(tokens.map(\.kind) == [.name, .punctuator, .number, .punctuator, .string, .punctuator, .end])
        #expect(tokens[2].number == 31)
        #expect(tokens[4].text == "a'b")
        #expect(tokens[4].offset == 11)
    }

    @Test("a source over the lexer's limit is refused")
    func limit() {
        #expect(throws: ScriptSyntaxError.self) {
            try ScriptLexer.tokens(String(repeating: "1+", count: 200), limit: 100)
        }
    }

    @Test("declarations are hoisted to the function that holds them")
    func hoisting() throws {
        let body = try ScriptParser.parse("if (x) { var a = 1; } for (var b in c) {} function f() { var inner; }")
        #expect(body.declared.contains("a") && body.declared.contains("b") && body.declared.contains("f"))
        #expect(!body.declared.contains("inner"))
    }
}

/// `eval` as After Effects' expression engine runs it: a direct eval in the caller's scope.
@Suite("eval")
struct EvalTests {
    static let cases: [Case] = [
        // The value of the last expression statement, through branches and blocks.
        Case("var r = eval('1 + 2');", "3"),
        Case("var r = eval('var a = 4; if (a > 3) { a * 2; } else { 0; }');", "8"),
        // Code built at run time, declaring in the caller's scope (not strict mode).
        Case("var n = 3; eval('var side = ' + n + ' * 2;'); var r = side;", "6"),
        Case("function f() { eval('var x = 5'); return x; } var r = f();", "5"),
        Case("var s = 0; eval('s = 7'); var r = s;", "7"),
        // Functions declared by the code are usable after it.
        Case("eval('function twice(v) { return v * 2; }'); var r = twice(21);", "42"),
        // Not a string: the value itself.
        Case("var r = eval(12);", "12"),
        // A syntax error is thrown where the expression can catch it.
        Case("var r; try { eval('var = ;'); } catch (e) { r = 'caught'; }", "caught"),
        // A local named eval is an ordinary function.
        Case("var eval = function (c) { return 'mine'; }; var r = eval('1');", "mine"),
    ]

    @Test(arguments: cases)
    func runs(_ c: Case) {
        #expect(run(c.source) == c.expected)
    }

    @Test("code given to eval shares the budget and the depth limit")
    func bounded() {
        #expect(run("var r = eval('while (true) {}');", budget: 10_000).hasPrefix("failed: the expression needs more"))
        // Each eval of itself nests one level deeper.
        #expect(run("var c = 'eval(c)'; var r = eval(c);").contains("deep"))
        // Long code costs steps as it is parsed.
        let long = "var r = eval('/*" + String(repeating: "x", count: 20_000) + "*/ 5');"
        #expect(run(long, budget: 1_000).hasPrefix("failed:"))
        #expect(run(long, budget: 100_000) == "5")
    }
}
