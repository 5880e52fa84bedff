import Foundation
import Testing

/// The repository: Tests/PackageTests/ is two folders below it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// One target as `Package.swift` declares it: its folder and the modules it depends on.
struct DeclaredTarget: Equatable {
    var name: String
    var path: String
    var dependencies: Set<String>
}

/// Reads the targets out of `Package.swift` as it is written: the helpers `module(LAYER, NAME, [DEPS])`,
/// `systemLibrary(NAME, …)` and `tests(LAYER, MODULE, [DEPS])`, and `.target`/`.executableTarget`/
/// `.testTarget(name:dependencies:path:)`. Products (`argumentParser`, `protobuf`, `zipFoundation`)
/// stand for their modules.
enum ManifestReader {
    static let products = [
        "argumentParser": "ArgumentParser", "protobuf": "SwiftProtobuf", "zipFoundation": "ZIPFoundation",
    ]

    static func targets(in manifest: String) -> [DeclaredTarget] {
        let body = manifest.components(separatedBy: "\n    targets: [").dropFirst().joined()
        var out: [DeclaredTarget] = []
        for call in calls(in: body) {
            let strings = quoted(call.arguments)
            let deps = dependencies(call.arguments)
            switch call.name {
            case "module":
                guard strings.count >= 2 else { continue }
                out.append(.init(name: strings[1], path: "Sources/\(strings[0])/\(strings[1])", dependencies: deps))
            case "systemLibrary":
                guard let name = strings.first else { continue }
                out.append(.init(name: name, path: "Sources/C/\(name)", dependencies: []))
            case "tests":
                guard strings.count >= 2 else { continue }
                out.append(
                    .init(
                        name: strings[1] + "Tests", path: "Tests/\(strings[0])/\(strings[1])Tests", dependencies: deps))
            case ".target", ".executableTarget", ".testTarget":
                guard let name = labelled("name", call.arguments), let path = labelled("path", call.arguments) else {
                    continue
                }
                out.append(.init(name: name, path: path, dependencies: deps))
            default: continue
            }
        }
        return out
    }

    /// Top-level calls in the targets array: a name and the text between its parentheses.
    private static func calls(in text: String) -> [(name: String, arguments: String)] {
        var out: [(String, String)] = []
        let chars = Array(text)
        var i = 0
        var depth = 0
        var nameStart: Int?
        while i < chars.count {
            let c = chars[i]
            if depth == 0, nameStart == nil, c.isLetter || c == "." { nameStart = i }
            if c == "(" {
                if depth == 0, let s = nameStart {
                    let name = String(chars[s..<i]).trimmingCharacters(in: .whitespaces)
                    var j = i + 1
                    var d = 1
                    while j < chars.count, d > 0 {
                        if chars[j] == "(" || chars[j] == "[" { d += 1 }
                        if chars[j] == ")" || chars[j] == "]" { d -= 1 }
                        j += 1
                    }
                    out.append((name, String(chars[(i + 1)..<(j - 1)])))
                    i = j
                    nameStart = nil
                    continue
                }
                depth += 1
            } else if c == ")" || c == "]" {
                depth -= 1
            } else if c == "[" {
                depth += 1
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                nameStart = nil
            } else if c == "," || c.isWhitespace {
                if depth == 0 { nameStart = nil }
            }
            i += 1
        }
        return out
    }

    private static func quoted(_ text: String) -> [String] {
        text.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    private static func labelled(_ label: String, _ text: String) -> String? {
        guard let range = text.range(of: "\(label): \"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The first `[…]` list of the call (the dependencies), its strings and product names.
    private static func dependencies(_ text: String) -> Set<String> {
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return [] }
        let list = String(text[text.index(after: open)..<close])
        var names = Set(quoted(list))
        for (variable, module) in products where list.range(of: "\\b\(variable)\\b", options: .regularExpression) != nil
        {
            names.insert(module)
        }
        return names
    }
}

/// The modules a folder's Swift files import: arcmask's own, the C shims and the packages.
func importedModules(in folder: URL, known: Set<String>) throws -> Set<String> {
    var out: Set<String> = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = files?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        let text = try String(contentsOf: url, encoding: .utf8)
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let k = words.firstIndex(of: "import"), k + 1 < words.count else { continue }
            // `import X`, `@testable import X`, `internal import X`, `@preconcurrency import X`.
            guard words[..<k].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "package"].contains($0) })
            else { continue }
            let module = words[k + 1]
            if known.contains(module) { out.insert(module) }
        }
    }
    return out
}

@Suite("Package.swift")
struct ManifestTests {
    let manifest: String
    let targets: [DeclaredTarget]

    init() throws {
        manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        targets = ManifestReader.targets(in: manifest)
    }

    @Test("every target folder is declared, and every declared folder exists")
    func folders() throws {
        #expect(targets.count >= 60)
        for t in targets {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(t.path).path, isDirectory: &isDirectory)
            #expect(exists && isDirectory.boolValue, "\(t.name): \(t.path) is missing")
        }
        // Every module folder under Sources/<layer>/ (or a route's wing, Sources/Routes/<wing>/)
        // is a declared target.
        let declared = Set(targets.map(\.path))
        let fm = FileManager.default
        func folders(_ path: String) throws -> [String] {
            try fm.contentsOfDirectory(atPath: root.appendingPathComponent(path).path)
                .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") && $0 != "Package.swift" }.map { "\(path)/\($0)" }
        }
        for layer in try folders("Sources") {
            // Each layer folder says in one paragraph what its modules are for.
            #expect(fm.fileExists(atPath: root.appendingPathComponent("\(layer)/README.md").path), "\(layer)/README.md")
            for folder in try folders(layer) {
                let isWing = !declared.contains(folder) && declared.contains { $0.hasPrefix(folder + "/") }
                for module in isWing ? try folders(folder) : [folder] {
                    #expect(declared.contains(module), "\(module) is no target")
                }
            }
        }
    }

    @Test("each target declares exactly the modules its files import")
    func dependenciesMatchImports() throws {
        let known = Set(targets.map(\.name)).union(ManifestReader.products.values)
        var drift: [String] = []
        for t in targets where !t.path.hasPrefix("Sources/C/") {
            let imported = try importedModules(in: root.appendingPathComponent(t.path), known: known)
                .subtracting([t.name])
            let undeclared = imported.subtracting(t.dependencies).sorted()
            let unused = t.dependencies.subtracting(imported).sorted()
            if !undeclared.isEmpty { drift.append("\(t.name) imports undeclared \(undeclared)") }
            if !unused.isEmpty { drift.append("\(t.name) declares unused \(unused)") }
        }
        #expect(drift.isEmpty, "\(drift.joined(separator: "; "))")
    }

    @Test("the reader sees a drift when one is made")
    func driftIsSeen() throws {
        // ArcMaskGeometry imports ArcMaskValues: dropping that dependency must show as undeclared.
        let broken = manifest.replacingOccurrences(
            of: "module(\"Core\", \"ArcMaskGeometry\", [\"ArcMaskValues\"])",
            with: "module(\"Core\", \"ArcMaskGeometry\")")
        #expect(broken != manifest)
        let geometry = try #require(ManifestReader.targets(in: broken).first { $0.name == "ArcMaskGeometry" })
        let known = Set(targets.map(\.name))
        let imported = try importedModules(in: root.appendingPathComponent(geometry.path), known: known)
        #expect(imported.contains("ArcMaskValues") && !geometry.dependencies.contains("ArcMaskValues"))
    }

    @Test("the deciding core imports no drawing module, no C and no front end")
    func coreStaysFoundationOnly() throws {
        let core = targets.filter { $0.path.hasPrefix("Sources/Core/") }
        #expect(core.count >= 5)
        let allowed = Set(core.map(\.name))
        for t in core {
            #expect(t.dependencies.isSubset(of: allowed), "\(t.name): \(t.dependencies.subtracting(allowed).sorted())")
        }
    }

    @Test("the core decides and touches no file system: no FileManager under Sources/Core")
    func coreTouchesNoFileSystem() throws {
        let core = root.appendingPathComponent("Sources/Core")
        let files = FileManager.default.enumerator(atPath: core.path)?.compactMap { $0 as? String } ?? []
        var read = 0
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!code.contains { $0.contains("FileManager") }, "\(file)")
            read += 1
        }
        #expect(read >= 40)
    }

    @Test("no route's wing imports another wing: what two routes share sits beside the wings")
    func wingsImportNoOtherWing() throws {
        // A wing is a folder Sources/Routes/<Wing>/ holding modules; shared modules sit directly in Sources/Routes.
        func wing(_ t: DeclaredTarget) -> String? {
            let parts = t.path.split(separator: "/")
            return parts.count == 4 && parts[1] == "Routes" ? String(parts[2]) : nil
        }
        let wingOf = Dictionary(uniqueKeysWithValues: targets.compactMap { t in wing(t).map { (t.name, $0) } })
        #expect(Set(wingOf.values) == ["Rotation", "TimerFont", "TimerMask"])
        for (name, own) in wingOf {
            let t = try #require(targets.first { $0.name == name })
            let crossing = t.dependencies.filter { wingOf[$0].map { $0 != own } ?? false }.sorted()
            #expect(crossing.isEmpty, "\(name) (\(own)/) imports \(crossing)")
        }
    }

    @Test("the front ends read frames through their entry point, never a format's module")
    func frontEndsUseTheEntryPoint() throws {
        let formats = Set(targets.filter { $0.path.hasPrefix("Sources/Formats/") }.map(\.name)).subtracting([
            "ArcMaskSources"
        ])
        // ArcMaskKit's entry point is `ArcMaskPreparer` (ImageIO, or Lottie by the bytes): on a
        // phone it draws Lottie's commands itself, from the one format module that is plain Swift.
        let allowed = ["ArcMaskCLI": Set<String>(), "ArcMaskKit": ["ArcMaskLottie", "ArcMaskLottieCanvas"]]
        for (name, exceptions) in allowed {
            let t = try #require(targets.first { $0.name == name })
            let used = t.dependencies.intersection(formats).subtracting(exceptions)
            #expect(used.isEmpty, "\(name): \(used.sorted())")
        }
    }

    @Test("the entry point re-exports nothing: no typealias and no @_exported import in ArcMaskSources")
    func sourcesReExportNothing() throws {
        // A front end sets `SourceOptions`' own values (`ReadingSettings.swift`); a format's types
        // named again under the entry point would keep "front ends import no format" in letter only.
        let folder = root.appendingPathComponent("Sources/Formats/ArcMaskSources")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let reExport = try Regex(#"^\s*(public\s+)?(typealias\s|@_exported\s)"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                #expect(line.firstMatch(of: reExport) == nil, "ArcMaskSources/\(file): \(line)")
            }
        }
        #expect(files.count >= 4)
        // The rule sees a re-export when one is made.
        #expect("public typealias SVGLimits = ArcMaskSVG.SVGLimits".firstMatch(of: reExport) != nil)
    }

    @Test("sources say what they can do: no cast to a source or report type outside the conformance tools")
    func noSourceCasts() throws {
        // `as? GIFFrameSource`, `as! SourceReport`, `is SVGSequenceSource`: a consumer that needs
        // a cast asks `capabilities`, `drawn(at:size:fit:)`, `describe(into:)` or `details` instead.
        // ArcMaskConformance checks each format's own fields against its oracle, and may.
        let cast = try Regex(#"(\bas[?!]|\bis)\s+[A-Za-z.]*(Source|Report)\b"#)
        var read = 0
        for layer in ["Core", "Drawing", "Formats", "Routes", "FrontEnds"] {
            let folder = root.appendingPathComponent("Sources/\(layer)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                {
                    #expect(line.firstMatch(of: cast) == nil, "Sources/\(layer)/\(file): \(line)")
                }
                read += 1
            }
        }
        #expect(read >= 300)
        // The rule sees a cast when one is made.
        #expect("if let g = source as? GIFFrameSource {".firstMatch(of: cast) != nil)
    }

    @Test("ArcMaskKit needs no package: the three the package uses sit behind the default trait")
    func kitByURL() throws {
        // Each package product is conditioned on the trait, which is on by default.
        for product in ["ArgumentParser", "SwiftProtobuf", "ZIPFoundation"] {
            let line = try #require(manifest.range(of: "name: \"\(product)\""))
            let rest = manifest[line.upperBound...].prefix(120)
            #expect(rest.contains("condition: .when(traits: [commandLine])"), "\(product)")
        }
        #expect(manifest.contains(".default(enabledTraits: [commandLine])"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/Package.swift").path))
        // ArcMaskKit's modules reach none of them, so with the trait off nothing is left out.
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var closure: Set<String> = []
        var next = ["ArcMaskKit"]
        while let name = next.popLast() {
            guard closure.insert(name).inserted, let t = byName[name] else { continue }
            next += t.dependencies
        }
        #expect(closure.isDisjoint(with: ["ArgumentParser", "SwiftProtobuf", "ZIPFoundation"]))
    }

    @Test("a package that uses ArcMaskKit alone, with the trait off, resolves no other package")
    func kitConsumerResolvesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
        // The repository under the name its URL gives it.
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("arcmask"), withDestinationURL: root)
        try """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "Consumer",
            dependencies: [.package(path: "arcmask", traits: [])],
            targets: [.target(name: "Consumer", dependencies: [.product(name: "ArcMaskKit", package: "arcmask")])]
        )
        """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import ArcMaskKit\n".write(
            to: folder.appendingPathComponent("Sources/Consumer/Consumer.swift"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", folder.path, "show-dependencies"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let packages = output.split(separator: "\n").filter { $0.contains("──") }
        #expect(packages.count == 1 && packages[0].contains("arcmask<"), "\(output)")
    }

    @Test("no shipped product lists a test-support module")
    func supportNotShipped() throws {
        let products = manifest.components(separatedBy: "    dependencies: [").first ?? ""
        #expect(!products.contains("ArcMaskSVGAPlayer"))
        #expect(targets.contains { $0.name == "ArcMaskSVGAPlayer" && $0.path.hasPrefix("Tests/Support/") })
    }
}

@Suite("The deciding core speaks no front end's words")
struct VocabularyTests {
    /// Every module of the core, the drawing, the formats and the routes: no command-line option
    /// names and no modes passed as strings (the front ends name settings, `InputVocabulary` and
    /// `SettingNames`; modes are enums).
    static let modules: [String] = {
        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        return ManifestReader.targets(in: manifest).map(\.path).filter {
            $0.hasPrefix("Sources/Core/") || $0.hasPrefix("Sources/Drawing/") || $0.hasPrefix("Sources/Formats/")
                || $0.hasPrefix("Sources/Routes/")
        }.sorted()
    }()

    @Test("the layers below the front ends are all read")
    func layersRead() {
        #expect(Self.modules.count >= 25)
        #expect(
            Self.modules.contains("Sources/Formats/ArcMaskGIF")
                && Self.modules.contains("Sources/Drawing/ArcMaskPreview")
                && Self.modules.contains("Sources/Routes/TimerFont/ArcMaskTimerFont"))
    }

    @Test("no option name (--x) and no mode string below the front ends", arguments: modules)
    func noFlags(_ folder: String) throws {
        var offenders: [String] = []
        let files = FileManager.default.enumerator(
            at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if code.range(of: #""[^"]*--[a-z]"#, options: .regularExpression) != nil
                    || code.range(of: #"mode: ""#, options: .regularExpression) != nil
                {
                    offenders.append("\(url.lastPathComponent):\(k + 1)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}

@Suite("The documentation")
struct DocumentationTests {
    @Test("the README is a five-minute read and links every docs page")
    func readme() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 200)
        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }
        #expect(pages.count >= 10)
        for page in pages { #expect(readme.contains("(docs/\(page))"), "README.md does not link docs/\(page)") }
    }

    @Test("the architecture page and each layer's README name every module of the package, and no other")
    func modulesNamed() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = ManifestReader.targets(in: manifest).filter { $0.path.hasPrefix("Sources/") }
        #expect(modules.count >= 50)
        let page = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        for m in modules {
            #expect(
                page.contains("`\(m.name)`") || page.contains(" \(m.name) "),
                "docs/architecture.md does not name \(m.name)")
            // Sources/<Layer>/…/<Module>: the layer's README names it (the C shims as a list).
            let layer = m.path.split(separator: "/")[1]
            let readme = try String(
                contentsOf: root.appendingPathComponent("Sources/\(layer)/README.md"), encoding: .utf8)
            if layer == "C" { continue }
            #expect(readme.contains("`\(m.name)`"), "Sources/\(layer)/README.md does not name \(m.name)")
        }
        // Every `ArcMask…` module the page names in its tables is one the package declares.
        let names = Set(modules.map(\.name))
        let named = page.components(separatedBy: "| `").dropFirst().compactMap { $0.split(separator: "`").first }
            .map(String.init).filter { $0.hasPrefix("ArcMask") && !$0.contains(" ") && !$0.contains(".") }
        for n in named {
            #expect(names.contains(n), "docs/architecture.md names \(n), which Package.swift does not declare")
        }
    }

    @Test("the architecture page names exactly the modules that import C, and what each imports")
    func cImporters() throws {
        let page = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let list = try #require(page.components(separatedBy: "<!-- c-importers -->").dropFirst().first)
            .components(separatedBy: "<!-- /c-importers -->")[0]
        // "`Module` (CA, CB), …" as written on the page.
        var documented: [String: Set<String>] = [:]
        for part in list.components(separatedBy: "`").dropFirst().enumerated() {
            guard part.offset % 2 == 0 else { continue }
            let name = part.element
            let rest = list.components(separatedBy: "`\(name)` (").dropFirst().first ?? ""
            let modules = rest.prefix { $0 != ")" }.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            documented[name] = Set(modules)
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = ManifestReader.targets(in: manifest)
        let cModules = Set(targets.filter { $0.path.hasPrefix("Sources/C/") }.map(\.name))
        var actual: [String: Set<String>] = [:]
        for t in targets where t.path.hasPrefix("Sources/") && !t.path.hasPrefix("Sources/C/") {
            let c = t.dependencies.intersection(cModules)
            if !c.isEmpty { actual[t.name] = c }
        }
        #expect(documented == actual)
    }
}
