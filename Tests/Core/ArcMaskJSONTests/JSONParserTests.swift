import Testing

@testable import ArcMaskJSON

@Suite struct JSONParserTests {
    private func parse(_ text: String, limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), limits: limits)
    }

    private func failure(_ text: String, limits: JSONLimits = .default) -> JSONSyntaxError? {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch { return error }
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(
            #" {"v":"5.7.4","fr":29.97,"ip":0,"op":-1.5e2,"ok":true,"no":false,"n":null,"layers":[{"ty":4},[]]} "#)
        #expect(value["v"] == .string("5.7.4"))
        #expect(value["fr"]?.number == 29.97)
        #expect(value["op"]?.number == -150)
        #expect(value["ok"] == .bool(true))
        #expect(value["no"]?.bool == false)
        #expect(value["n"] == .null)
        #expect(value["layers"]?.array?.count == 2)
        #expect(value["layers"]?.array?[0]["ty"]?.number == 4)
        #expect(value["layers"]?.array?[1] == .array([]))
        #expect(value["missing"] == nil)
    }

    @Test func readsEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "\ud800x", "\u0041"]"#)
        let strings = value.array?.compactMap(\.string)
        #expect(strings == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "é中", "😀", "\u{FFFD}x", "A"])
    }

    @Test func lastDuplicateKeyWinsAsInJavaScript() throws {
        #expect(try parse(#"{"a":1,"a":2}"#)["a"]?.number == 2)
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    @Test func hugeExponentsReadAsJavaScriptReadsThem() throws {
        let value = try parse("[1e400,-1e400,1e-400]")
        #expect(value.array?.map(\.number) == [.infinity, -.infinity, 0])
    }

    @Test func placesEachErrorByLineColumnAndPath() {
        let e = failure("{\n  \"layers\": [\n    {\"ty\": 4,}\n  ]\n}")
        #expect(e?.line == 3)
        #expect(e?.column == 14)
        #expect(e?.path.description == "$.layers[0]")
        #expect(e?.message.contains("expected a key") == true)
    }

    @Test(arguments: [
        ("", "empty"),
        ("[1,]", "where a value should be"),
        ("{\"a\" 1}", "expected ':'"),
        ("[01]", "expected ',' or ']'"),
        ("[1.]", "digit after '.'"),
        ("[-]", "digit after '-'"),
        ("[1e]", "exponent"),
        ("[tru]", "where a value should be"),
        ("\"abc", "not closed"),
        ("\"a\u{1}\"", "control character"),
        ("\"\\x\"", "not an escape"),
        ("\"\\u12G4\"", "four hex digits"),
        ("[1] 2", "after the document's value"),
        ("{\"a\":1", "expected ',' or '}'"),
    ])
    func refusesMalformedText(text: String, says: String) {
        let e = failure(text)
        #expect(e != nil)
        #expect(e?.message.contains(says) == true, "\(e?.message ?? "no error")")
    }

    @Test func refusesInvalidUTF8() {
        do {
            _ = try JSONParser.parse([0x22, 0xC3, 0x28, 0x22])
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect(error.message == "a string is not valid UTF-8")
            #expect(error.column == 2)
        }
    }

    @Test func limitsDepthValuesAndBytesBeforeBuildingMore() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(failure(deep)?.message == "arrays and objects nest more than 256 deep")
        #expect(
            failure("[1,2,3,4]", limits: JSONLimits(maxValues: 3))?.message == "the document holds more than 3 values")
        #expect(
            failure("[1,2]", limits: JSONLimits(maxBytes: 4))?.message == "the document is 5 bytes, over the limit of 4"
        )
        // Deep but within the limit parses.
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(failure(ok) == nil)
    }

    @Test func pathsQuoteKeysThatAreNotIdentifiers() {
        let path = JSONPath.root.appending("layers").appending(3).appending("nm x").appending("2d")
        #expect(path.description == #"$.layers[3]["nm x"]["2d"]"#)
        #expect(JSONText.escaped("a\"b\u{1}\u{202E}", maxLength: 10) == #"a\"b\u0001\u202e"#)
        #expect(JSONText.escaped("abcdef", maxLength: 3) == "abc…")
    }
}
