import ArcMaskJSON

/// A JSON value with the path it was found at: the decoder's one way of reading a document, so
/// that every complaint names where it applies.
struct Node {
    let value: JSONValue
    let path: JSONPath

    init(_ value: JSONValue, _ path: JSONPath) {
        self.value = value
        self.path = path
    }

    func fail(_ message: String) -> LottieError { LottieError(message, at: path) }

    /// A member, if present and not null.
    subscript(key: String) -> Node? {
        guard let v = value[key], v != .null else { return nil }
        return Node(v, path.appending(key))
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    func required(_ key: String) throws(LottieError) -> Node {
        guard let n = self[key] else { throw fail("\"\(key)\" is missing") }
        return n
    }

    var number: Double? {
        switch value {
        case .number(let n): n
        case .bool(let b): b ? 1 : 0  // exporters write `true` for 1 in a few integer fields
        default: nil
        }
    }

    func asNumber() throws(LottieError) -> Double {
        guard let n = number else { throw fail("expected a number, found \(value.kind)") }
        guard n.isFinite else { throw fail("the number is not finite") }
        return n
    }

    func asInt(in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) throws(LottieError) -> Int {
        let n = try asNumber()
        guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw fail("\(fmtNumber(n)) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(n.rounded(.towardZero))
    }

    func asString() throws(LottieError) -> String {
        guard let s = value.string else { throw fail("expected a string, found \(value.kind)") }
        return s
    }

    func asArray() throws(LottieError) -> [Node] {
        guard let a = value.array else { throw fail("expected an array, found \(value.kind)") }
        return a.enumerated().map { Node($0.element, path.appending($0.offset)) }
    }

    func asObject() throws(LottieError) -> Node {
        guard value.object != nil else { throw fail("expected an object, found \(value.kind)") }
        return self
    }

    /// Numbers as an array: a lone number is a one-element vector.
    func asVector() throws(LottieError) -> [Double] {
        if let n = number {
            guard n.isFinite else { throw fail("the number is not finite") }
            return [n]
        }
        guard case .array(let items) = value else {
            throw fail("expected a number or an array of numbers, found \(value.kind)")
        }
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let n = Node(item, path.appending(i)).number, n.isFinite else {
                throw Node(item, path.appending(i)).fail("expected a number, found \(item.kind)")
            }
            out.append(n)
        }
        return out
    }

    func number(_ key: String, default d: Double) throws(LottieError) -> Double {
        guard let n = self[key] else { return d }
        return try n.asNumber()
    }

    func int(
        _ key: String, default d: Int, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)
    ) throws(LottieError) -> Int {
        guard let n = self[key] else { return d }
        return try n.asInt(in: range)
    }

    func string(_ key: String) -> String? { self[key]?.value.string }

    func bool(_ key: String) -> Bool {
        guard let n = self[key] else { return false }
        if let b = n.value.bool { return b }
        return (n.number ?? 0) != 0
    }
}

func fmtNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    return String(x)
}
