import ArcMaskFrames
import ArcMaskValues

/// Damage in an input, said by every command that reads it, as `inspect` and `frames` say it:
/// each warning on stderr and in `--json`'s `warnings`, and the verdict qualified by the frames
/// it was reached on.
enum InputDamage {
    /// What the verdict line adds when the input is damaged: " — on the 4 readable frames: …".
    static func verdictNote(_ frames: FrameSource) -> String {
        guard frames.damaged else { return "" }
        return " — on the \(counted(frames.frameCount, "readable frame")): the input is damaged (see warnings)"
    }

    /// `warnings` in order, each once.
    static func unique(_ warnings: [String]) -> [String] {
        var seen = Set<String>()
        return warnings.filter { seen.insert($0).inserted }
    }

    /// Says each of the source's warnings on stderr.
    static func warnAll(_ frames: FrameSource) {
        for w in frames.warnings { warn(w) }
    }
}

/// A command's JSON with the input's warnings (and whether it is damaged) beside its figures.
struct WithInputWarnings<Body: Encodable>: Encodable {
    let body: Body
    let frames: FrameSource

    enum Keys: String, CodingKey { case warnings, damaged }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(frames.warnings, forKey: .warnings)
        try c.encode(frames.damaged, forKey: .damaged)
    }
}
