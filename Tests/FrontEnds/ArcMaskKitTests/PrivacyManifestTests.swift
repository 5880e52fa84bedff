import Foundation
import Testing

/// ArcMaskKit's privacy manifest against the code an app links with it: every module the Kit
/// depends on (read from Package.swift, transitively), each source file searched for the APIs
/// Apple lists as required-reason APIs ("Describing use of required reason API"), by category.
/// The manifest must declare exactly the categories that code references, each with a reason.
@Suite("ArcMaskKit's privacy manifest declares exactly the required-reason APIs its code references")
struct PrivacyManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Apple's required-reason APIs by category: the names its list gives (C functions,
    /// Foundation properties and keys).
    static let categories: [String: [String]] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": [
            "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
            "creationDateKey", "getattrlist", "getattrlistbulk", "fgetattrlist", "getattrlistat", "stat", "fstat",
            "fstatat", "lstat",
        ],
        "NSPrivacyAccessedAPICategorySystemBootTime": ["systemUptime", "mach_absolute_time"],
        "NSPrivacyAccessedAPICategoryDiskSpace": [
            "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
            "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize",
            "systemSize", "statfs", "statvfs", "fstatfs", "fstatvfs",
        ],
        "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
        "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults", "NSUserDefaults"],
    ]

    /// Each module's folder and dependencies, as Package.swift's `module(layer, name, [deps])` calls give them.
    static func modules() throws -> [String: (folder: String, dependencies: [String])] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let call = try Regex(#"module\(\s*"([^"]+)",\s*"([^"]+)"(?:,\s*\[([^\]]*)\])?"#)
        var found: [String: (String, [String])] = [:]
        for match in manifest.matches(of: call) {
            guard let layer = match.output[1].substring, let name = match.output[2].substring else { continue }
            let deps = (match.output[3].substring.map(String.init) ?? "").split(separator: ",").compactMap {
                let t = $0.trimmingCharacters(in: .whitespacesAndNewlines)
                return t.hasPrefix("\"") ? String(t.dropFirst().dropLast()) : nil
            }
            found[String(name)] = ("Sources/\(layer)/\(name)", deps)
        }
        return found
    }

    /// The Kit and every module it reaches.
    static func kitClosure() throws -> [String: String] {
        let all = try modules()
        var reached: [String: String] = [:]
        var queue = ["ArcMaskKit"]
        while let name = queue.popLast() {
            guard reached[name] == nil, let m = all[name] else { continue }
            reached[name] = m.folder
            queue += m.dependencies
        }
        return reached
    }

    /// The categories whose APIs the source files under `folder` name outside comments, with
    /// where each was found.
    static func referenced(in folder: String, base: URL? = nil) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        let base = base ?? root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where [".swift", ".c", ".h", ".m"].contains(where: file.hasSuffix) {
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { return "" }
                return line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            }.joined(separator: "\n")
            // The identifiers the code names (letters, digits and underscores between others).
            let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for (category, names) in categories {
                for name in names where words.contains(name) {
                    found[category, default: []].append("\(folder)/\(file): \(name)")
                }
            }
        }
        return found
    }

    /// The categories the manifest declares, each with its reasons.
    static func declared() throws -> [String: [String]] {
        let url = root.appendingPathComponent("Sources/FrontEnds/ArcMaskKit/PrivacyInfo.xcprivacy")
        let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil)
        let dict = try #require(plist as? [String: Any])
        #expect(dict["NSPrivacyTracking"] as? Bool == false)
        #expect((dict["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((dict["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        let types = try #require(dict["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var result: [String: [String]] = [:]
        for t in types {
            let category = try #require(t["NSPrivacyAccessedAPIType"] as? String)
            result[category] = try #require(t["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        return result
    }

    @Test("the categories referenced are the categories declared, each with a known reason")
    func manifestMatchesTheCode() throws {
        let closure = try Self.kitClosure()
        #expect(closure["ArcMaskKit"] != nil && closure["ArcMaskFiles"] != nil && closure.count >= 8)
        var referenced: [String: [String]] = [:]
        for folder in closure.values.sorted() {
            referenced.merge(try Self.referenced(in: folder)) { $0 + $1 }
        }
        let declared = try Self.declared()
        #expect(
            Set(referenced.keys) == Set(declared.keys),
            "referenced: \(referenced); declared: \(declared.keys.sorted())")
        // stat and fstat (ArcMaskFiles: a file's size and identity) are what it references today.
        #expect(referenced["NSPrivacyAccessedAPICategoryFileTimestamp"]?.contains { $0.hasSuffix(": fstat") } == true)
        // Reasons Apple lists for each category: files in the app's or its App Group's container
        // (C617.1) and files the user chose (3B52.1); timers between in-app events (35F9.1) …
        let known: [String: Set<String>] = [
            "NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1", "3B52.1", "DDA9.1"],
            "NSPrivacyAccessedAPICategorySystemBootTime": ["35F9.1", "8FFB.1"],
            "NSPrivacyAccessedAPICategoryDiskSpace": ["E174.1", "85F4.1"],
            "NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1", "1C8F.1"],
        ]
        for (category, reasons) in declared {
            #expect(!reasons.isEmpty && Set(reasons).isSubset(of: known[category] ?? []), "\(category): \(reasons)")
        }
    }

    @Test("the manifest is a resource of ArcMaskKit, copied as is")
    func shippedAsAResource() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let kit = try #require(manifest.range(of: "\"FrontEnds\", \"ArcMaskKit\""))
        let rest = manifest[kit.upperBound...]
        let end = try #require(rest.range(of: "]),"))
        #expect(rest[..<end.upperBound].contains("resources: [.copy(\"PrivacyInfo.xcprivacy\")"))
    }

    @Test("the search finds what it looks for and skips comments")
    func searchFindsCalls() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("privacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "let up = ProcessInfo.processInfo.systemUptime\n// UserDefaults in a comment\n".write(
            to: dir.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let found = try Self.referenced(in: "probe", base: dir)
        #expect(Set(found.keys) == ["NSPrivacyAccessedAPICategorySystemBootTime"])
    }
}
