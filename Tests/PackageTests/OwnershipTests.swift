import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The Swift files under `folder` (relative to the package), with their lines; comment lines
/// (`//`, `///`) are blanked so that only code is searched.
private func code(under folder: String) throws -> [(path: String, lines: [String])] {
    var out: [(String, [String])] = []
    let base = root.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    while let url = files?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { line -> String in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
        }
        out.append((String(url.path.dropFirst(root.path.count + 1)), lines))
    }
    return out.sorted { $0.0 < $1.0 }
}

/// Where `pattern` (a regular expression) matches the code of `files`, as "path:line".
private func matches(_ pattern: String, in files: [(path: String, lines: [String])]) -> [String] {
    files.flatMap { file in
        file.lines.enumerated().compactMap { k, line in
            line.range(of: pattern, options: .regularExpression) != nil ? "\(file.path):\(k + 1)" : nil
        }
    }
}

/// The view ArcMaskKit plays, and its copy an export writes: code for a widget extension, which
/// reads its folder on its own.
private let generatedView = [
    "Sources/FrontEnds/ArcMaskKit/ArcMaskAnimation.swift",
    "Sources/Routes/ArcMaskLayerExport/WidgetCode/AnimationSource.swift",
]

@Suite("One owner for the folder: its file names, its routes and its sections")
struct OwnershipTests {
    @Test("the manifest's file name is written once (the generated view, which reads folders on its own, aside)")
    func manifestNamedOnce() throws {
        let sources = try code(under: "Sources").filter { !generatedView.contains($0.path) }
        // dotLottie archives have a manifest of their own, under the same name.
        let found = matches(#""manifest\.json""#, in: sources).filter { !$0.contains("DotLottieChoice.swift") }
        #expect(found.count == 1 && found[0].hasPrefix("Sources/Core/ArcMaskManifest/WidgetFolder.swift:"), "\(found)")
    }

    @Test("the core and the formats name no route outside the route enum, and nothing for timer masks")
    func routesOwnedByTheEnum() throws {
        let below = try code(under: "Sources/Core") + code(under: "Sources/Formats")
        let named = matches(#""(timer-font|timer-mask)""#, in: below).filter { !$0.contains("/WidgetRoute.swift:") }
        #expect(named.isEmpty, "\(named)")
        // "rotation" is also a Lottie transform's property name; elsewhere it is the route.
        let rotation = matches(#""rotation""#, in: below).filter { !$0.contains("/ArcMaskLottie/") }
        #expect(rotation.isEmpty, "\(rotation)")
        let timerMask = matches(#"[Tt]imerMask"#, in: try code(under: "Sources/Core")).filter {
            !$0.contains("/WidgetRoute.swift:")
        }
        #expect(timerMask.isEmpty, "\(timerMask)")
    }

    @Test("at most three types or modules are named for folders")
    func folderNames() throws {
        let declared = Set(
            try code(under: "Sources").flatMap { file in
                file.lines.compactMap { line -> String? in
                    guard
                        let r = line.range(
                            of: #"\b(struct|enum|class|protocol|actor)\s+\w*Folder\w*"#, options: .regularExpression)
                    else { return nil }
                    return String(line[r].split(separator: " ").last!)
                }
            })
        let modules = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { $0.split(separator: "/").last?.contains("Folder") == true && !$0.hasSuffix(".swift") }
        #expect(declared.count + modules.count <= 3, "\(declared.sorted()) \(modules)")
    }

    @Test("the routes name no option, in code or in the text they write: each front end gives its names")
    func routesNameNoOption() throws {
        let routes = try code(under: "Sources/Routes").filter { !generatedView.contains($0.path) }
        // Text lines that are comments of generated code ("// … written by …") count: the folder holds them.
        let written = routes.map { file in
            (
                path: file.path,
                lines: try! String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                        let code = line.trimmingCharacters(in: .whitespaces)
                        return code.hasPrefix("///") || (code.hasPrefix("//") && !code.contains("\\("))
                            ? "" : String(line)
                    }
            )
        }
        let named = matches(#"(^|[^-\w])--[a-z]{2}"#, in: written)
        #expect(named.isEmpty, "\(named)")
    }

    @Test("no function runs over 100 lines")
    func shortFunctions() throws {
        var long: [String] = []
        for file in try code(under: "Sources") where !generatedView.dropFirst().contains(file.path) {
            long += Self.longFunctions(file.lines, over: 100).map { "\(file.path):\($0.line) (\($0.length) lines)" }
        }
        #expect(long.isEmpty, "\(long)")
    }

    /// Functions, initializers and subscripts longer than `limit` lines, from their declaration to
    /// their closing brace (braces in string literals and comments aside).
    static func longFunctions(_ lines: [String], over limit: Int) -> [(line: Int, length: Int)] {
        let declaration =
            #"^\s*(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|internal|package|static|class|mutating|override|nonisolated|final|convenience|required)\s+)*(func\s|init[?!]?\s*[(<]|subscript\s*[(<])"#
        var found: [(Int, Int)] = []
        for (k, line) in lines.enumerated() where line.range(of: declaration, options: .regularExpression) != nil {
            var depth = 0, opened = false, inBlock = false, end = k
            scan: for j in k..<lines.count {
                var text = lines[j]
                if text.components(separatedBy: "\"\"\"").count % 2 == 0 {
                    inBlock.toggle()
                    end = j
                    continue
                }
                if inBlock { continue }
                text = text.replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
                if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
                for c in text {
                    if c == "{" {
                        depth += 1
                        opened = true
                    } else if c == "}" {
                        depth -= 1
                    }
                }
                end = j
                if opened && depth <= 0 { break scan }
                if !opened && j > k + 15 { break scan }
            }
            if opened && end - k + 1 > limit { found.append((k + 1, end - k + 1)) }
        }
        return found
    }
}
