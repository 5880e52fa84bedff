import Foundation

/// A command's one overall verdict: every part that decides, judged together and printed last,
/// so that the last line a person reads is the answer (`→ PASS` or `→ FAIL (why)`). Parts that
/// do not decide (the rotation under a timer-mask export) are described above it without a
/// verdict of their own. Each cause belongs to a named part (the emulator, flattening, the timer
/// masks' proof …), which `--json` lists with its own `passed` beside the whole's.
struct Outcome: Encodable {
    /// A part of the verdict: whether it passed, and its reasons when not.
    struct Part: Encodable, Equatable {
        let part: String
        var passed: Bool
        var failures: [String]
    }

    private(set) var parts: [Part] = []
    /// What a PASS adds (the rotation's tear rate).
    var passDetail: String? = nil

    /// One short reason per cause that fails, in the order they were found.
    var failures: [String] { parts.flatMap(\.failures) }
    var passed: Bool { failures.isEmpty }

    /// `part` fails for `reason`.
    mutating func fail(_ reason: String, part: String = "verdict") {
        if let k = parts.firstIndex(where: { $0.part == part }) {
            parts[k].passed = false
            parts[k].failures.append(reason)
        } else {
            parts.append(Part(part: part, passed: false, failures: [reason]))
        }
    }

    /// `part` was judged: it fails for `reason` when `ok` is false, and is listed as passed otherwise.
    mutating func require(_ ok: Bool, _ reason: @autoclosure () -> String, part: String = "verdict") {
        if !ok {
            fail(reason(), part: part)
        } else if !parts.contains(where: { $0.part == part }) {
            parts.append(Part(part: part, passed: true, failures: []))
        }
    }

    /// The last line: `→ PASS[: detail]` or `→ FAIL (reason; reason)`.
    var line: String {
        passed ? "→ PASS" + (passDetail.map { ": " + $0 } ?? "") : "→ FAIL (" + failures.joined(separator: "; ") + ")"
    }

    enum CodingKeys: String, CodingKey { case passed, failures, parts }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(passed, forKey: .passed)
        try c.encode(failures, forKey: .failures)
        try c.encode(parts, forKey: .parts)
    }
}

/// What a command prints with `--json` when it has a verdict: its own figures (`body`), then a
/// top-level `passed` and the `verdict` with its parts.
struct Judged<Body: Encodable>: Encodable {
    let body: Body
    let outcome: Outcome

    enum Keys: String, CodingKey { case passed, verdict }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(outcome.passed, forKey: .passed)
        try c.encode(outcome, forKey: .verdict)
    }
}
