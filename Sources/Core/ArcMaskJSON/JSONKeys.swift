/// The keys of a document's top-level object, wherever they are in the file, found by one pass
/// that skips every value without building it (strings, numbers and nested containers are
/// stepped over; depth is counted, not recursed). What a format decides from before it reads a
/// document in full: JSON objects are unordered, and tools that sort keys or write big members
/// first put the telling keys anywhere.
///
/// A document that is not an object, or whose top level is malformed, gives nil: the full
/// parser then says what is wrong and where.
public enum JSONKeys {
    public static func topLevel(_ bytes: [UInt8], limits: JSONLimits = .default) -> [String]? {
        guard bytes.count <= limits.maxBytes else { return nil }
        return bytes.withUnsafeBufferPointer { scan($0, maxDepth: limits.maxDepth) }
    }

    private static func scan(_ b: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> [String]? {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func space() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 } }
        /// Steps over a string starting at its opening quote; its bytes between the quotes.
        func string() -> Range<Int>? {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            i += 1
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    return start..<(i - 1)
                case UInt8(ascii: "\\"): i += 2
                case 0..<0x20: return nil
                default: i += 1
                }
            }
            return nil
        }
        /// Steps over one value of any kind.
        func value() -> Bool {
            space()
            guard i < b.count else { return false }
            switch b[i] {
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // Brackets counted, strings stepped over: a container's end is where its depth is 0.
                var depth = 0
                while i < b.count {
                    switch b[i] {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        guard depth <= maxDepth else { return false }
                        i += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        i += 1
                        if depth == 0 { return true }
                    case UInt8(ascii: "\""): guard string() != nil else { return false }
                    default: i += 1
                    }
                }
                return false
            default:
                // A number or a literal: signs, points, digits and letters (a quote, a colon or
                // a bracket here is malformed, for the parser to place).
                let start = i
                while i < b.count, Self.literal(b[i]) { i += 1 }
                return i > start
            }
        }
        space()
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var keys: [String] = []
        space()
        if i < b.count, b[i] == UInt8(ascii: "}") { return keys }
        while true {
            space()
            guard let key = string() else { return nil }
            keys.append(decodeKey(b, key))
            space()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            guard value() else { return nil }
            space()
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "}") { return keys }
            guard b[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    static func literal(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// A key's text: as written, or through the parser when it holds escapes.
    private static func decodeKey(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        let raw = Array(b[r])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = [UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]
        return (try? JSONParser.parse(quoted))?.string ?? String(decoding: raw, as: UTF8.self)
    }
}
