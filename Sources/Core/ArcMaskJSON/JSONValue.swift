/// A JSON value as parsed: numbers as Double (as JavaScript reads them), objects by key (the
/// last of duplicate keys wins, as in `JSON.parse`).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type's name for messages ("a number", "an object").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    /// A member of an object (nil for a missing key or a value that is not an object).
    public subscript(key: String) -> JSONValue? { object?[key] }
}

/// Where a value lies in a document, as a JSON path: `$.layers[3].ks.p`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let i): text += "[\(i)]"
            case .key(let k):
                if !k.isEmpty,
                    k.utf8.allSatisfy({
                        $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                            || (0x61...0x7A).contains($0)
                    }),
                    !(0x30...0x39).contains(k.utf8.first!)
                {
                    text += ".\(k)"
                } else {
                    text += "[\"\(JSONText.escaped(k, maxLength: 40))\"]"
                }
            }
        }
        return text
    }
}

/// Writing JSON text.
public enum JSONText {
    /// `text` as the inside of a JSON string: quotes, backslashes and control characters
    /// escaped; past `maxLength` characters cut with "…".
    public static func escaped(_ text: String, maxLength: Int = .max) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maxLength { out += "…"; break }
            count += 1
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
