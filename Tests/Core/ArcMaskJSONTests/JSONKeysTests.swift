import Testing

@testable import ArcMaskJSON

@Suite("The top-level keys of a document")
struct JSONKeysTests {
    @Test("keys are found wherever they are, values of any kind stepped over")
    func anywhere() {
        let text = #"""
            {"assets":[{"id":"a","layers":[{"ty":4,"nm":"}{\"\\"}]}],"meta":{"g":"x","nested":[[],{}]},
             "fr":30,"ip":0,"op":-1.5e2,"w":true,"h":null,"layers":[]}
            """#
        #expect(JSONKeys.topLevel(Array(text.utf8)) == ["assets", "meta", "fr", "ip", "op", "w", "h", "layers"])
        #expect(JSONKeys.topLevel([0xEF, 0xBB, 0xBF] + Array(#" { "a" : 1 } "#.utf8)) == ["a"])
        #expect(JSONKeys.topLevel(Array("{}".utf8)) == [])
        // An escaped key reads as its text.
        #expect(JSONKeys.topLevel(Array(#"{"l\u0061yers":[]}"#.utf8)) == ["layers"])
    }

    @Test("what is not an object, or is cut short, gives nil for the parser to place")
    func notAnObject() {
        for text in [
            "[1]", "\"x\"", "", "{\"a\":", "{\"a\":[1,2}", "{\"a\" 1}", "{\"a\":1,}", "{\"a\":\"b}",
            "{\"fr\":30\"ip\":0}",
        ] {
            #expect(JSONKeys.topLevel(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(JSONKeys.topLevel(Array(String(repeating: "[", count: 300).utf8)) == nil)
        let deep = "{\"a\":" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        #expect(JSONKeys.topLevel(Array(deep.utf8), limits: JSONLimits(maxDepth: 256)) == nil)
    }

    @Test("it finds the keys the parser finds")
    func agreesWithTheParser() throws {
        let text = #"{"b":{"x":[1,{"y":"]"}]},"a":"{","c":[{"d":1}],"e":-0.5}"#
        let parsed = try JSONParser.parse(Array(text.utf8))
        #expect(Set(JSONKeys.topLevel(Array(text.utf8)) ?? []) == Set(parsed.object!.keys))
    }
}
