import ArcMaskValues
import Foundation

/// How to read a numbered image sequence: which numbers, how fast, how often.
public struct SequenceOptions: Sendable, Equatable {
    /// The numbers to play (inclusive); nil takes every number found.
    public var range: ClosedRange<Int>?
    /// Frames per second when `durations` is not given.
    public var fps: Double = 25
    /// Each frame's duration in milliseconds (as many as frames), instead of `fps`.
    public var durations: [Double]?
    /// How many times the animation plays; 0 = for ever.
    public var loops: Int = 0
    /// Skip missing numbers with a warning instead of refusing the sequence.
    public var allowGaps = false
    /// Prefer `name@Sx.ext` to `name.ext` for this scale (as iOS picks variants for the screen).
    public var scale: Int?
    public var reverse = false

    public init() {}
}

/// A numbered sequence as the user named it: a printf-style pattern (`anim/frame%03d.png`) or a folder.
public struct SequencePattern: Sendable, Equatable {
    public var folder: String
    /// The name before the number, the number's minimum width (0 = any), the name after it.
    public var prefix: String
    public var width: Int
    public var suffix: String
    /// `%0Nd` pads with zeros; `%Nd` pads with spaces, as printf does.
    public var zeroPadded = true

    /// Whether `path` is a printf-style pattern (holds `%d` or `%0Nd`).
    public static func isPattern(_ path: String) -> Bool { parse(path) != nil }

    /// Reads `dir/name%0Nd.ext`; nil when the path has no `%d`.
    public static func parse(_ path: String) -> SequencePattern? {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let percent = name.firstIndex(of: "%") else { return nil }
        var i = name.index(after: percent)
        var digits = ""
        while i < name.endIndex, name[i].isNumber { digits.append(name[i]); i = name.index(after: i) }
        guard i < name.endIndex, name[i] == "d" else { return nil }
        let suffix = String(name[name.index(after: i)...])
        guard !suffix.contains("%") else { return nil }
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var pattern = SequencePattern(
            folder: folder, prefix: String(name[..<percent]),
            width: min(Int(digits.drop { $0 == "0" }.prefix(4)) ?? 0, 9), suffix: suffix)
        pattern.zeroPadded = digits.isEmpty || digits.hasPrefix("0")
        return pattern
    }

    /// The file name for `number`.
    public func name(_ number: Int) -> String {
        let n = String(number)
        return prefix + String(repeating: zeroPadded ? "0" : " ", count: max(0, width - n.count)) + n + suffix
    }

    /// The number in `name` when it fits the pattern.
    public func number(in name: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        var middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        if !zeroPadded && width > 0 {
            let padded = middle.count
            middle = middle.drop { $0 == " " }
            guard padded == max(width, middle.count), !middle.isEmpty, middle == "0" || middle.first != "0" else {
                return nil
            }
            guard middle.allSatisfy({ $0.isASCII && $0.isNumber }), middle.count <= 9 else { return nil }
            return Int(middle)
        }
        guard middle.allSatisfy({ $0.isASCII && $0.isNumber }), middle.count >= width, middle.count <= 9 else {
            return nil
        }
        if width > 0 && middle.count > width && middle.first == "0" { return nil }
        return Int(middle)
    }

    public var description: String {
        (folder == "." ? "" : folder + "/") + prefix + (width > 0 ? "%\(zeroPadded ? "0" : "")\(width)d" : "%d")
            + suffix
    }
}

/// One frame of a sequence: its number and the file that is read for it.
public struct SequenceFrame: Sendable, Equatable {
    public var number: Int
    /// The path read (the `@Sx` variant when one was chosen).
    public var path: String
    /// The file's name without any variant (what the pattern names).
    public var baseName: String
}

/// Finds a sequence's files: numbers from the pattern or the folder, gaps checked, variants chosen.
enum SequenceLister {
    static let extensions: Set<String> = ["png", "jpg", "jpeg", "svg"]

    static func list(
        _ input: String, options: SequenceOptions, files: SequenceFiles, maxFrames: Int
    ) throws -> (frames: [SequenceFrame], warnings: [String], description: String) {
        var warnings: [String] = []
        var numbered: [(Int, String)]
        let folder: String
        let description: String
        if let pattern = SequencePattern.parse(input) {
            folder = pattern.folder
            description = pattern.description
            if let range = options.range {
                guard range.count <= maxFrames else {
                    throw InputError(
                        file: input,
                        "the range \(range.lowerBound)..\(range.upperBound) is over the limit of \(maxFrames) frames")
                }
                numbered = range.map { ($0, pattern.name($0)) }
            } else {
                numbered = try files.names(in: folder).compactMap { n in pattern.number(in: n).map { ($0, n) } }
            }
        } else {
            folder = input.hasSuffix("/") && input.count > 1 ? String(input.dropLast()) : input
            description = folder + "/"
            let names = try files.names(in: folder)
            numbered = try numberedNames(names, folder: folder)
            if let range = options.range { numbered = numbered.filter { range.contains($0.0) } }
            // A folder is a sequence only when its numbered files form one: one numbered picture
            // beside other files is a photo, not an animation.
            if numbered.count == 1 {
                let others = names.filter { $0 != numbered[0].1 && !$0.hasPrefix(".") }.sorted()
                let listed = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
                throw InputError(
                    file: input,
                    "is a folder holding one numbered picture (\(numbered[0].1))"
                        + (others.isEmpty
                            ? "" : " and \(others.count) other file\(others.count == 1 ? "" : "s") (\(listed))")
                        + ": a sequence needs two numbered frames or more; to read one file, name it (\(folder)/\(others.first ?? numbered[0].1))"
                )
            }
        }
        numbered.sort { $0.0 < $1.0 }
        if let dup = zip(numbered, numbered.dropFirst()).first(where: { $0.0.0 == $0.1.0 }) {
            throw InputError(file: input, "two files have the number \(dup.0.0): \(dup.0.1) and \(dup.1.1)")
        }
        guard !numbered.isEmpty else {
            throw InputError(file: input, "no numbered PNG, JPEG or SVG files match \(description)")
        }
        guard numbered.count <= maxFrames else {
            throw InputError(
                file: input, "\(numbered.count) frames, over the limit of \(maxFrames)", mention: .raise(.maxFrames))
        }

        // Gaps: missing files inside the range, or missing numbers between the first and last.
        var kept: [(Int, String)] = []
        var missing: [String] = []
        var previous: Int? = nil
        for (n, name) in numbered {
            if options.range != nil, !files.exists(folder + "/" + name) {
                missing.append(name)
                continue
            }
            if let p = previous, n > p + 1 {
                missing.append(contentsOf: (p + 1..<min(n, p + 4)).map { "number \($0)" } + (n - p > 4 ? ["…"] : []))
            }
            kept.append((n, name))
            previous = n
        }
        if !missing.isEmpty {
            let list = missing.prefix(6).joined(separator: ", ") + (missing.count > 6 ? ", …" : "")
            guard options.allowGaps else {
                throw InputError(
                    file: input, "the numbering has gaps (missing: \(list))", mention: .give(.allowGaps))
            }
            warnings.append("skipped missing frames: \(list)")
        }
        guard !kept.isEmpty else { throw InputError(file: input, "none of the numbered files exist") }

        let frames = kept.map { n, name -> SequenceFrame in
            var path = folder + "/" + name
            if let scale = options.scale, let variant = variantName(name, scale: scale),
                files.exists(folder + "/" + variant)
            {
                path = folder + "/" + variant
            }
            return SequenceFrame(number: n, path: path, baseName: name)
        }
        return (options.reverse ? frames.reversed() : frames, warnings, description)
    }

    /// "frame01.png" → "frame01@3x.png".
    static func variantName(_ name: String, scale: Int) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return name[..<dot] + "@\(scale)x" + name[dot...]
    }

    /// Files in a folder named `<text><number><text>.<ext>` with a known extension, `@Nx`
    /// variants left out; all must share the text around the number.
    static func numberedNames(_ names: [String], folder: String) throws -> [(Int, String)] {
        var groups: [String: [(Int, String)]] = [:]
        for name in names {
            guard let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased())
            else {
                continue
            }
            let stem = name[..<dot]
            if stem.range(of: #"@\d+(\.\d+)?x$"#, options: .regularExpression) != nil { continue }
            guard let digits = stem.range(of: #"\d{1,9}(?=\D*$)"#, options: .regularExpression) else { continue }
            let key =
                String(stem[..<digits.lowerBound]) + "#" + String(stem[digits.upperBound...])
                + name[dot...].lowercased()
            groups[key, default: []].append((Int(stem[digits])!, name))
        }
        guard
            let best = groups.max(by: {
                $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key)
            })
        else {
            return []
        }
        if groups.count > 1 {
            let others = groups.keys.filter { $0 != best.key }.sorted().prefix(3).map {
                $0.replacingOccurrences(of: "#", with: "N")
            }
            throw InputError(
                file: folder,
                "holds more than one numbered sequence (\(best.key.replacingOccurrences(of: "#", with: "N")) and \(others.joined(separator: ", "))); name one with a pattern such as \(folder)/frame%03d.png"
            )
        }
        return best.value
    }
}
