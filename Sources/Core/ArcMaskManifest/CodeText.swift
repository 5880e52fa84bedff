import Foundation

/// Names from outside (an input's file name) made safe for the text `export` writes: Swift
/// comments, Markdown and plists. A file name may hold anything but `/` and NUL: newlines would
/// end a comment line and start code, right-to-left marks would reorder what a reader sees.
public enum CodeText {
    /// `name` on one line: control characters, line and paragraph separators and
    /// bidirectional formatting marks written as `\u{…}` escapes.
    public static func line(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if isHidden(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `name` as a Markdown code span: on one line, fenced by more backticks than it holds.
    public static func markdownCode(_ name: String) -> String {
        let safe = line(name)
        var longest = 0, run = 0
        for c in safe {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = safe.hasPrefix("`") || safe.hasSuffix("`") || longest > 0 ? " " : ""
        return fence + pad + safe + pad + fence
    }

    /// The file name of `path`, made safe for a comment line.
    public static func fileName(_ path: String) -> String { line((path as NSString).lastPathComponent) }

    /// Whether `s` is one of the characters `line` escapes: invisible, or reordering what a reader sees.
    static func isHidden(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0 and C1 controls (newline, CR, tab, …)
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x200E, 0x200F, 0x061C: return true  // directional marks
        case 0x202A...0x202E, 0x2066...0x2069: return true  // embeddings, overrides, isolates
        case 0xFEFF: return true
        default: return false
        }
    }
}
