/// Ceilings a document must stay within, checked while it is read: nothing deeper, longer or
/// more numerous than these is ever built.
public struct JSONLimits: Sendable, Equatable {
    /// Bytes of JSON text.
    public var maxBytes: Int
    /// Arrays and objects inside one another.
    public var maxDepth: Int
    /// Values of every kind in the document.
    public var maxValues: Int

    public init(maxBytes: Int = 64 << 20, maxDepth: Int = 256, maxValues: Int = 8_000_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    public static let `default` = JSONLimits()
}

/// Why a document could not be read, and where: the line and column of the byte, and the
/// JSON path of the value being read.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    public var path: JSONPath

    public var description: String { "line \(line), column \(column) (\(path)): \(message)" }
}

/// A strict JSON reader (RFC 8259) written for untrusted files: iterative depth check, limits
/// on size and value count, UTF-8 validated, and every failure placed by line, column and path.
/// A UTF-8 byte-order mark at the start is skipped, as browsers do.
public struct JSONParser {
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, limits: limits)
        return try parser.document()
    }

    private let bytes: [UInt8]
    private let limits: JSONLimits
    private var offset = 0
    private var values = 0
    private var path: [JSONPath.Component] = []

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw fail("the document is \(bytes.count) bytes, over the limit of \(limits.maxBytes)")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipSpace()
        guard offset < bytes.count else { throw fail("the document is empty") }
        let value = try self.value()
        skipSpace()
        guard offset == bytes.count else { throw fail("unexpected \(describe(offset)) after the document's value") }
        return value
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        values += 1
        guard values <= limits.maxValues else {
            throw fail("the document holds more than \(limits.maxValues) values")
        }
        guard offset < bytes.count else { throw fail("the document ends where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describe(offset)) where a value should be")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        offset += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") {
            offset += 1
            leave()
            return .object(members)
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw fail("expected a key in quotes, found \(describe(offset))") }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else {
                throw fail(
                    "expected ':' after key \"\(JSONText.escaped(key, maxLength: 40))\", found \(describe(offset))")
            }
            offset += 1
            skipSpace()
            path.append(.key(key))
            members[key] = try value()
            path.removeLast()
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                leave()
                return .object(members)
            default: throw fail("expected ',' or '}' in an object, found \(describe(offset))")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        offset += 1
        var elements: [JSONValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            offset += 1
            leave()
            return .array(elements)
        }
        while true {
            skipSpace()
            path.append(.index(elements.count))
            elements.append(try value())
            path.removeLast()
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                leave()
                return .array(elements)
            default: throw fail("expected ',' or ']' in an array, found \(describe(offset))")
            }
        }
    }

    private var depth = 0

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw fail("arrays and objects nest more than \(limits.maxDepth) deep")
        }
    }

    private mutating func leave() { depth -= 1 }

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { w in
            offset + count <= bytes.count && (0..<count).allSatisfy { bytes[offset + $0] == w[$0] }
        }
        guard matches else { throw fail("unexpected \(describe(offset)) where a value should be") }
        offset += count
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw fail("a number needs a digit after '-'")
        }
        if first == UInt8(ascii: "0") {
            offset += 1
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            guard digitFollows else { throw fail("a number needs a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard digitFollows else { throw fail("a number needs a digit in its exponent") }
            skipDigits()
        }
        guard offset - start <= 400 else { throw fail("a number is written with more than 400 characters") }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        // Out-of-range exponents read as ±infinity or 0, as JavaScript reads them.
        return Double(text)
            ?? (text.contains("-") && !text.contains("e-") && !text.contains("E-") ? -.infinity : .infinity)
    }

    private var digitFollows: Bool {
        guard let c = peek else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
    }

    private mutating func skipDigits() {
        while let c = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { offset += 1 }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let c = bytes[offset]
            if c == UInt8(ascii: "\"") {
                let slice = bytes[start..<offset]
                offset += 1
                guard let text = Self.validUTF8(slice) else {
                    throw fail("a string is not valid UTF-8", at: start)
                }
                return text
            }
            if c == UInt8(ascii: "\\") || c < 0x20 { break }
            offset += 1
        }
        var scalars = Array(bytes[start..<offset])
        while true {
            guard offset < bytes.count else { throw fail("a string is not closed", at: start - 1) }
            let c = bytes[offset]
            if c == UInt8(ascii: "\"") {
                offset += 1
                guard let text = Self.validUTF8(scalars[...]) else {
                    throw fail("a string is not valid UTF-8", at: start)
                }
                return text
            }
            if c < 0x20 {
                throw fail("a control character (0x\(String(c, radix: 16))) inside a string must be escaped")
            }
            if c != UInt8(ascii: "\\") {
                scalars.append(c)
                offset += 1
                continue
            }
            offset += 1
            guard let e = peek else { throw fail("a string is not closed", at: start - 1) }
            offset += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                {
                    let save = offset
                    offset += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        offset = save
                    }
                }
                // A lone surrogate becomes U+FFFD, as a browser's string would show it.
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                scalars.append(contentsOf: String(scalar).utf8)
            default:
                throw fail("'\\\(describeByte(e))' is not an escape JSON knows", at: offset - 2)
            }
        }
    }

    /// The text of UTF-8 bytes, or nil where they are not valid UTF-8 (the standard library's
    /// validating initialiser needs macOS 15 / iOS 18).
    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var text = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): text.append(s)
            case .emptyInput: return String(text)
            case .error: return nil
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[offset]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("\\u needs four hex digits")
            }
            code = code << 4 | digit
            offset += 1
        }
        return code
    }

    private func describe(_ at: Int) -> String {
        at < bytes.count ? "'\(describeByte(bytes[at]))'" : "the end of the document"
    }

    private func describeByte(_ c: UInt8) -> String {
        (0x21...0x7E).contains(c) ? String(UnicodeScalar(c)) : "0x" + String(c, radix: 16, uppercase: true)
    }

    private func fail(_ message: String, at: Int? = nil) -> JSONSyntaxError {
        let at = min(at ?? offset, bytes.count)
        var line = 1, lineStart = 0
        var i = 0
        while i < at {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        return JSONSyntaxError(message: message, line: line, column: at - lineStart + 1, path: JSONPath(path))
    }
}
