/// A command's one overall verdict: every part that decides, judged together and printed last,
/// so that the last line a person reads is the answer (`→ PASS` or `→ FAIL (why)`). Parts that
/// do not decide (the rotation under a timer-mask export) are described above it without a
/// verdict of their own.
struct Outcome {
    /// One short reason per cause that fails.
    private(set) var failures: [String] = []
    /// What a PASS adds (the rotation's tear rate).
    var passDetail: String? = nil

    var passed: Bool { failures.isEmpty }

    mutating func fail(_ reason: String) { failures.append(reason) }

    /// Adds `reason` when `ok` is false.
    mutating func require(_ ok: Bool, _ reason: @autoclosure () -> String) { if !ok { fail(reason()) } }

    /// The last line: `→ PASS[: detail]` or `→ FAIL (reason; reason)`.
    var line: String {
        passed ? "→ PASS" + (passDetail.map { ": " + $0 } ?? "") : "→ FAIL (" + failures.joined(separator: "; ") + ")"
    }
}
