import ArcMaskJSON

/// What reading a document passed over as lottie-web does, each with where: a member of the
/// wrong type read as its default, an effect or a marker it could not read left out.
final class ReadingNotes {
    /// Notes kept at most (a file wrong the same way a thousand times says so once per kind).
    static let limit = 20
    private(set) var notes: [String] = []
    private(set) var count = 0

    func add(_ path: JSONPath, _ message: String) {
        count += 1
        if notes.count < Self.limit { notes.append("\(path): \(message)") }
    }

    /// The notes as warnings, with a count of those left out.
    var warnings: [String] {
        notes + (count > notes.count ? ["and \(count - notes.count) more read as lottie-web reads them"] : [])
    }
}

/// A JSON value with the path it was found at: the decoder's one way of reading a document, so
/// that every complaint names where it applies.
struct Node {
    let value: JSONValue
    let path: JSONPath
    /// Where members read leniently are noted (shared by every node of a document).
    let notes: ReadingNotes?

    init(_ value: JSONValue, _ path: JSONPath, notes: ReadingNotes? = nil) {
        self.value = value
        self.path = path
        self.notes = notes
    }

    func fail(_ message: String) -> LottieError { LottieError(message, at: path) }

    /// A member, if present and not null.
    subscript(key: String) -> Node? {
        guard let v = value[key], v != .null else { return nil }
        return Node(v, path.appending(key), notes: notes)
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
        return a.enumerated().map { Node($0.element, path.appending($0.offset), notes: notes) }
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

    /// An optional number: its default when missing, and when it is not a number (lottie-web
    /// reads such a member as absent or unusable, and draws on), noted.
    func number(_ key: String, default d: Double) throws(LottieError) -> Double {
        guard let n = self[key] else { return d }
        guard n.number != nil else {
            n.note("expected a number, found \(n.value.kind): read as \(fmtNumber(d)), as lottie-web reads it")
            return d
        }
        return try n.asNumber()
    }

    /// An optional integer, as `number(_:default:)`; out of `range` it is refused (a limit).
    func int(
        _ key: String, default d: Int, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)
    ) throws(LottieError) -> Int {
        guard let n = self[key] else { return d }
        guard n.number != nil else {
            n.note("expected a number, found \(n.value.kind): read as \(d), as lottie-web reads it")
            return d
        }
        return try n.asInt(in: range)
    }

    /// An optional integer with no default (a layer's index, its parent): nil when missing, and
    /// when it is not a number (noted; lottie-web finds no layer by it).
    func optionalInt(_ key: String) throws(LottieError) -> Int? {
        guard let n = self[key] else { return nil }
        guard n.number != nil else {
            n.note("expected a number, found \(n.value.kind): read as absent, as lottie-web reads it")
            return nil
        }
        return try n.asInt()
    }

    func note(_ message: String) { notes?.add(path, message) }

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
