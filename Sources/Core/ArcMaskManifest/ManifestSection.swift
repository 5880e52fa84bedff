import Foundation

/// A part of `manifest.json` that one engine owns, under a top-level key of its own (the timer
/// masks' `timerMask`). The module that owns it declares it, encodes and decodes it; the manifest
/// carries it without knowing what it holds, so a new route adds a section without touching the
/// manifest.
public protocol ManifestSection: Codable, Sendable, Equatable {
    /// The manifest's top-level key that holds the section.
    static var key: String { get }
}

/// The sections a manifest carries, by key: as their owner set them, or as read from a file
/// (kept as the file's JSON until their owner asks for them, and written back as they were read).
public struct ManifestSections: Sendable, Equatable {
    private enum Entry: Sendable {
        case section(any ManifestSection)
        case json(SectionJSON)
    }

    private var entries: [String: Entry] = [:]

    public init() {}

    /// The keys of the sections carried, sorted.
    public var keys: [String] { entries.keys.sorted() }

    public func contains(_ key: String) -> Bool { entries[key] != nil }

    /// The section of type `S`, or nil when the manifest carries none. A section read from a file
    /// is decoded here: a value it cannot take throws `DecodingError`, its coding path starting
    /// with the section's key.
    public func decode<S: ManifestSection>(_: S.Type) throws -> S? {
        switch entries[S.key] {
        case nil: return nil
        case .section(let section)?:
            if let typed = section as? S { return typed }
            return try Self.convert(section)
        case .json(let json)?:
            // Decoded under its key, so an error's coding path starts with it.
            let keyed: [String: S] = try Self.convert([S.key: json])
            return keyed[S.key]
        }
    }

    /// Sets (or, with nil, removes) the section of type `S`.
    public mutating func set<S: ManifestSection>(_ section: S?) {
        entries[S.key] = section.map { .section($0) }
    }

    /// A section's JSON, as written (nil when the manifest carries none).
    public func json(_ key: String) -> SectionJSON? {
        switch entries[key] {
        case nil: nil
        case .json(let json)?: json
        case .section(let section)?: try? Self.convert(section)
        }
    }

    public static func == (a: ManifestSections, b: ManifestSections) -> Bool {
        a.keys == b.keys && a.keys.allSatisfy { a.json($0) == b.json($0) }
    }

    /// A value re-read as another Codable type, through the JSON it encodes to.
    private static func convert<T: Decodable>(_ value: some Encodable) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    // MARK: Coding, beside the manifest's own keys

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every key of the object `decoder` reads that is not one of `common`, as a section. A
    /// section's value that cannot be a JSON value does not exist: anything decodable is kept.
    init(from decoder: Decoder, besides common: Set<String>) throws {
        let c = try decoder.container(keyedBy: Key.self)
        for key in c.allKeys where !common.contains(key.stringValue) {
            entries[key.stringValue] = .json(try c.decode(SectionJSON.self, forKey: key))
        }
    }

    /// Writes every section into the object `encoder` writes (beside the manifest's own keys).
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for key in keys {
            switch entries[key]! {
            case .section(let section): try c.encode(section, forKey: Key(key))
            case .json(let json): try c.encode(json, forKey: Key(key))
            }
        }
    }
}

/// A section's JSON as read from a file: written back as it was read. Numbers are kept as
/// Double (written back in the same shortest form), whole numbers beyond 2^53 as Int.
public enum SectionJSON: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([SectionJSON])
    case object([String: SectionJSON])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            // Whole numbers Double cannot hold exactly are read again as Int.
            if abs(d) > 9_007_199_254_740_992, let i = try? c.decode(Int.self) {
                self = .integer(i)
            } else {
                self = .number(d)
            }
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([SectionJSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: SectionJSON].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .integer(let i): try c.encode(i)
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
