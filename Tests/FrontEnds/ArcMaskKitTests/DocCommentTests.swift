import Foundation
import Testing

/// Every public declaration of ArcMaskKit (`public`, `open`, `@_spi(Measuring) public`) carries a
/// `///` comment: an app developer reads them in Xcode's Quick Help and in the DocC archive.
@Suite("ArcMaskKit's public API is documented")
struct DocCommentTests {
    /// The repository: Tests/FrontEnds/ArcMaskKitTests/ is three folders below it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Public declarations the sources held when this test was written (206): fewer than this
    /// means the scan has stopped finding them.
    static let fewestDeclarations = 200

    /// `line` without the attributes that open it (`@MainActor `, `@_spi(Measuring) `,
    /// `@available(iOS 15.0, macOS 12.0, *) `), each a name and its parenthesised arguments.
    static func withoutAttributes(_ line: Substring) -> Substring {
        var rest = line
        while rest.first == "@" {
            var i = rest.index(after: rest.startIndex)
            while i < rest.endIndex, rest[i].isLetter || rest[i].isNumber || rest[i] == "_" {
                i = rest.index(after: i)
            }
            if i < rest.endIndex, rest[i] == "(" {
                var depth = 0
                while i < rest.endIndex {
                    let c = rest[i]
                    i = rest.index(after: i)
                    if c == "(" { depth += 1 }
                    if c == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                }
            }
            rest = rest[i...].drop { $0 == " " || $0 == "\t" }
        }
        return rest
    }

    /// The public declarations of a source file, and those whose nearest line above, passing
    /// over attribute lines and `#if`/`#else`/`#endif`, is not a `///` comment (line numbers
    /// from 1).
    static func scan(_ text: String) -> (declarations: Int, undocumented: [(line: Int, text: String)]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            Substring($0.trimmingCharacters(in: .whitespaces))
        }
        var declarations = 0
        var undocumented: [(line: Int, text: String)] = []
        for (n, line) in lines.enumerated() {
            let declaration = withoutAttributes(line)
            guard declaration.hasPrefix("public ") || declaration.hasPrefix("open "),
                !declaration.hasPrefix("public import ")
            else { continue }
            declarations += 1
            var above = n - 1
            while above >= 0 {
                let previous = lines[above]
                let attributesOnly = previous.hasPrefix("@") && withoutAttributes(previous).isEmpty
                let directive = ["#if", "#else", "#endif"].contains { previous.hasPrefix($0) }
                guard attributesOnly || directive else { break }
                above -= 1
            }
            if above < 0 || !lines[above].hasPrefix("///") {
                undocumented.append((n + 1, String(line)))
            }
        }
        return (declarations, undocumented)
    }

    @Test("every public declaration has a /// comment above it, attributes and #if lines between")
    func documented() throws {
        let folder = Self.root.appendingPathComponent("Sources/FrontEnds/ArcMaskKit")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(!names.isEmpty, "no Swift files in \(folder.path)")
        var declarations = 0
        var failures: [String] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let found = Self.scan(text)
            declarations += found.declarations
            failures += found.undocumented.map { "\(name):\($0.line): \($0.text)" }
        }
        #expect(failures.isEmpty, "undocumented public declarations:\n\(failures.joined(separator: "\n"))")
        #expect(
            declarations >= Self.fewestDeclarations,
            "found \(declarations) public declarations, fewer than \(Self.fewestDeclarations): is the scan broken?")
    }

    @Test("the scan finds a declaration without a comment, and passes over attributes, #if and imports")
    func scanner() {
        let text = """
            public import Foundation

            /// A view.
            @available(iOS 15.0, macOS 12.0, *)
            @MainActor
            public struct Documented {
                public let missing: Int
                /// The width, pt.
                @_spi(Measuring) public let width: Double
                #if canImport(UIKit)
                /// The body.
                #endif
                @inlinable public var body: Int { 0 }

                /// Far from it.

                open func separated() {}
            }
            """
        let found = Self.scan(text)
        #expect(found.declarations == 5)
        #expect(found.undocumented.map(\.line) == [7, 17])
        #expect(found.undocumented.first?.text == "public let missing: Int")
        #expect(Self.withoutAttributes("@available(iOS 15.0, *) @MainActor public init()") == "public init()")
    }
}
