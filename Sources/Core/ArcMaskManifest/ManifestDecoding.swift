import ArcMaskValues
import Foundation

/// Reading a route's `manifest.json` back: where a value that cannot be read is (shared by the
/// rotation and timer-font folder checks).
public enum ManifestDecoding {
    /// A manifest's value that cannot be read, said where it is. Foundation reports a number too
    /// large for its field (`"fps": 1e308`) as invalid JSON with no key, so the key is found here:
    /// the first number no whole-number field can hold, else the fractions (one of them sits
    /// where a whole number is meant).
    public static func decodingError(_ file: String, _ context: DecodingError.Context, data: Data) -> InputError {
        let path = keyPath(context.codingPath)
        guard path.isEmpty else { return InputError(file: file, location: path, context.debugDescription) }
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return InputError(file: file, "is not valid JSON")
        }
        var huge: [(String, Double)] = [], fractions: [(String, Double)] = []
        func walk(_ value: Any, _ at: String) {
            if let d = value as? [String: Any] {
                for k in d.keys.sorted() { walk(d[k]!, at.isEmpty ? k : "\(at).\(k)") }
            } else if let a = value as? [Any] {
                for (i, v) in a.enumerated() { walk(v, "\(at)[\(i)]") }
            } else if !(value is String), let x = (value as? Double) ?? (value as? NSNumber)?.doubleValue {
                if !x.isFinite || abs(x) >= 9.2e18 {
                    huge.append((at, x))
                } else if x != x.rounded() {
                    fractions.append((at, x))
                }
            }
        }
        walk(json, "")
        if let (at, x) = huge.first {
            return InputError(file: file, location: at, "holds \(x), too large for the number it gives")
        }
        let some = fractions.prefix(3).map { "\($0.0) = \(fmt($0.1))" }.joined(separator: ", ")
        return InputError(
            file: file,
            "holds a value its field cannot take (a fraction where a whole number is meant?\(some.isEmpty ? "" : " fractions at " + some))"
        )
    }

    public static func keyPath(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(
            in: CharacterSet(charactersIn: "."))
    }
}
